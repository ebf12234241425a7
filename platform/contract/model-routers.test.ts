// Model routers (CURRENT-SERVERS.md §7): current servers list them beside the models and accept one as llmModel;
// 2.42 servers know none.
import { describe, expect, it } from 'vitest';
import { ids, platformWithAnalyst } from '../test-support';

interface ListedModel {
  base_name: string;
  default: boolean;
  enabled: boolean;
  is_router?: boolean;
  tiers?: Record<string, string>;
}

describe('model routers on a current server', () => {
  const current = platformWithAnalyst(0);

  it('lists routers after the models, each with four tiers naming models of the list', async () => {
    const listed = (await (await current.analyst('/llm_models')).json()) as ListedModel[];
    const routers = listed.filter((entry) => entry.is_router === true);
    const models = new Set(listed.filter((entry) => entry.is_router !== true).map((entry) => entry.base_name));
    expect(routers.map((router) => router.base_name)).toEqual(['auto-balanced', 'auto-economy']);
    expect(listed.slice(-routers.length)).toEqual(routers);
    for (const router of routers) {
      expect(Object.keys(router.tiers ?? {})).toEqual(['simple', 'medium', 'complex', 'reasoning']);
      for (const model of Object.values(router.tiers ?? {})) expect(models).toContain(model);
    }
  });

  it("answers a call that names a router's base_name as llmModel", async () => {
    const response = await current.analyst(`/assistants/${ids.general}/model`, {
      body: { text: 'hi', llmModel: 'auto-balanced' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { generated: string }).generated).not.toBe('');
    const unknown = await current.analyst(`/assistants/${ids.general}/model`, {
      body: { text: 'hi', llmModel: 'auto-nothing' },
    });
    expect(unknown.status).toBe(422);
  });
});

describe('a project model allow-list on a current server (the knob)', () => {
  const current = platformWithAnalyst(0);

  it('refuses a model it does not allow with 400, and a call with none whose default it does not allow with 500', async () => {
    const conversation = crypto.randomUUID();
    const knob = (models: string) =>
      fetch(`${current.platform().origin}/__test/model-allow-list?conversation=${conversation}&models=${models}`, {
        method: 'POST',
      });
    await knob('claude-sonnet-4');
    const ask = (more: Record<string, unknown>) =>
      current.analyst(`/assistants/${ids.general}/model`, {
        body: { text: 'hi', conversation_id: conversation, ...more },
      });
    const refused = await ask({ llmModel: 'gpt-4.1' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        message: "Model 'gpt-4.1' is not allowed in this project",
        details: 'This project allows: claude-sonnet-4.',
        help: 'Choose one of the allowed models, or ask a project administrator to allow this one.',
      },
    });
    const noDefault = await ask({});
    expect(noDefault.status).toBe(500);
    expect(((await noDefault.json()) as { error: { message: string } }).error.message).toBe(
      'No default model is available for this project',
    );
    expect((await ask({ llmModel: 'claude-sonnet-4' })).status).toBe(200);
    await knob('off');
    expect((await ask({ llmModel: 'gpt-4.1' })).status).toBe(200);
  });
});

describe('a 2.42 server', () => {
  const older = platformWithAnalyst(0, { server: '2.42' });

  it('lists no routers and refuses a router name as an unknown model', async () => {
    const listed = (await (await older.analyst('/llm_models')).json()) as ListedModel[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.some((entry) => 'is_router' in entry || 'tiers' in entry)).toBe(false);
    const response = await older.analyst(`/assistants/${ids.general}/model`, {
      body: { text: 'hi', llmModel: 'auto-balanced' },
    });
    expect(response.status).toBe(422);
  });
});
