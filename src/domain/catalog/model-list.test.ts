import { describe, expect, it } from 'vitest';
import { describeRoutes, groupModels, llmModelListSchema } from './model-list';

const read = (entries: unknown[]) => llmModelListSchema.parse(entries);

describe('the model list', () => {
  it('reads a 2.42 list as models only, as before', () => {
    const list = read([
      { base_name: 'gpt-4.1', label: 'GPT-4.1', default: true },
      { base_name: 'gpt-4.1-mini', label: null, enabled: null },
    ]);
    expect(groupModels(list)).toEqual({
      models: [
        { value: 'gpt-4.1', label: 'GPT-4.1', isDefault: true, tiers: [] },
        { value: 'gpt-4.1-mini', label: 'gpt-4.1-mini', isDefault: false, tiers: [] },
      ],
      routers: [],
    });
  });

  it('sets routers apart with their tiers, read from an object keyed by tier, in tier order', () => {
    const list = read([
      { base_name: 'gpt-4.1' },
      {
        base_name: 'auto',
        label: 'Auto',
        is_router: true,
        default: true,
        tiers: { reasoning: 'o3', simple: 'gpt-4.1-mini', complex: { model: 'claude' }, medium: 'gpt-4.1' },
      },
    ]);
    const { models, routers } = groupModels(list);
    expect(models.map((model) => model.value)).toEqual(['gpt-4.1']);
    expect(routers).toEqual([
      {
        value: 'auto',
        label: 'Auto',
        isDefault: true,
        tiers: [
          { tier: 'simple', model: 'gpt-4.1-mini' },
          { tier: 'medium', model: 'gpt-4.1' },
          { tier: 'complex', model: 'claude' },
          { tier: 'reasoning', model: 'o3' },
        ],
      },
    ]);
    expect(describeRoutes(routers[0]?.tiers ?? [])).toBe(
      'Routes: simple → gpt-4.1-mini, medium → gpt-4.1, complex → claude, reasoning → o3',
    );
  });

  it('reads tiers sent as a list of {tier, model}, leaving out what names no model', () => {
    const [router] = read([
      {
        base_name: 'auto',
        is_router: true,
        tiers: [
          { tier: 'medium', model: 'gpt-4.1' },
          { tier: 'simple', base_name: 'mini' },
          { tier: 'complex' },
          'reasoning',
          null,
          { name: 'vision', model: 'gemini' },
          { tier: 'medium', model: 'twice' },
        ],
      },
    ]);
    expect(router?.tiers).toEqual([
      { tier: 'simple', model: 'mini' },
      { tier: 'medium', model: 'gpt-4.1' },
      { tier: 'vision', model: 'gemini' },
    ]);
  });

  it('skips entries it cannot read, repeated names and disabled ones, and keeps the rest', () => {
    const list = read([
      null,
      'gpt-4.1',
      { label: 'No name' },
      { base_name: '' },
      { base_name: 'ok', future_field: { anything: 1 } },
      { base_name: 'ok', label: 'Again' },
      { base_name: 'off', enabled: false },
      { base_name: 'strange', is_router: 'yes' },
      { base_name: 'bare-router', is_router: true, tiers: 'simple' },
    ]);
    const { models, routers } = groupModels(list);
    expect(models.map((model) => model.label)).toEqual(['ok']);
    expect(routers).toEqual([{ value: 'bare-router', label: 'bare-router', isDefault: false, tiers: [] }]);
    expect(describeRoutes(routers[0]?.tiers ?? [])).toBeUndefined();
  });

  it('still refuses an answer that is not a list', () => {
    expect(llmModelListSchema.safeParse({ data: [] }).success).toBe(false);
  });
});
