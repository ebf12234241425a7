import { describe, expect, it } from 'vitest';
import { approvalComponents, approvalModel, surfaceOf } from '@/test/a2ui-surfaces';
import { buildAnswer, wordsOf } from './answer';

describe('buildAnswer', () => {
  it('names the pressed button, the surface and the whole data model; the chip lists what was given', () => {
    const surface = surfaceOf(approvalComponents, approvalModel, '7c1');
    const approve = surface.components.get('approve');
    if (approve?.kind !== 'Button') throw new Error('fixture');
    const model = { ...approvalModel, reason: 'Tests pass', agree: true, extra: { kept: true } };
    expect(buildAnswer(surface, model, approve)).toEqual({
      text: 'Approve · Reason: Tests pass · Priority: Low · I checked the tests: yes',
      a2uiAction: { version: 'v0.9.1', action: { name: 'approve', surfaceId: '7c1', sourceComponentId: 'approve' } },
      a2uiDataModel: model,
    });
  });

  it('hides obscured text in the chip, and keeps the chip short', () => {
    const surface = surfaceOf([
      { id: 'root', component: 'Column', children: ['pw', 'long', 'go'] },
      { id: 'pw', component: 'TextField', label: 'Password', variant: 'obscured', value: { path: '/pw' } },
      { id: 'long', component: 'TextField', label: 'Essay', variant: 'longText', value: { path: '/long' } },
      { id: 'go', component: 'Button', child: 'missing', action: { event: { name: 'go' } } },
    ]);
    const go = surface.components.get('go');
    if (go?.kind !== 'Button') throw new Error('fixture');
    const answer = buildAnswer(surface, { pw: 'secret', long: 'x'.repeat(500) }, go);
    expect(answer.text).toBe(`go · Password: •••• · Essay: ${'x'.repeat(59)}…`);
    expect(answer.a2uiDataModel).toEqual({ pw: 'secret', long: 'x'.repeat(500) });
  });

  it('sends the event context resolved against the data model, in the button’s template scope', () => {
    const surface = surfaceOf([
      { id: 'root', component: 'List', children: { componentId: 'row', path: '/items' } },
      {
        id: 'row',
        component: 'Button',
        child: 'label',
        action: {
          event: {
            name: 'pick',
            context: {
              id: { path: 'id' },
              all: { path: '/items' },
              title: { call: 'formatString', args: { value: 'Item ${id} of ${/owner}' } },
              fixed: 'x',
              missing: { path: '/nope' },
            },
          },
        },
      },
      { id: 'label', component: 'Text', text: { path: 'name' } },
    ]);
    const row = surface.components.get('row');
    if (row?.kind !== 'Button') throw new Error('fixture');
    const model = { owner: 'Ada', items: [{ id: 7, name: 'Seven' }] };
    const answer = buildAnswer(surface, model, row, '/items/0');
    expect(answer.text).toBe('Seven');
    expect(answer.a2uiAction.action).toEqual({
      name: 'pick',
      surfaceId: 's1',
      sourceComponentId: 'row',
      context: { id: 7, all: [{ id: 7, name: 'Seven' }], title: 'Item 7 of Ada', fixed: 'x', missing: null },
    });
    expect(answer.a2uiDataModel).toBe(model);
  });

  it('collects words with cycles cut and depth capped', () => {
    const surface = surfaceOf([
      { id: 'root', component: 'Row', children: ['a', 'root', 'icon'] },
      { id: 'a', component: 'Column', children: ['t', 'root', 'a'] },
      { id: 't', component: 'Text', text: 'Open' },
      { id: 'icon', component: 'Icon', name: 'info' },
    ]);
    expect(wordsOf(surface.components.get('root'), surface, {})).toBe('Open info');
    const chain = Array.from({ length: 100 }, (_, index) => ({
      id: index === 0 ? 'root' : `c${index}`,
      component: 'Card',
      child: index === 99 ? 'end' : `c${index + 1}`,
    }));
    const deep = surfaceOf([...chain, { id: 'end', component: 'Text', text: 'deep' }]);
    expect(wordsOf(deep.components.get('root'), deep, {})).toBe('');
  });

  it('reads obscured fields masked in the context: their values travel in the data model only', () => {
    const surface = surfaceOf([
      { id: 'root', component: 'Column', children: ['pw', 'go'] },
      { id: 'pw', component: 'TextField', label: 'Password', variant: 'obscured', value: { path: '/form/pw' } },
      {
        id: 'go',
        component: 'Button',
        child: 'go-label',
        action: { event: { name: 'go', context: { form: { path: '/form' }, pw: { path: '/form/pw' }, user: 'ada' } } },
      },
      { id: 'go-label', component: 'Text', text: 'Go' },
    ]);
    const go = surface.components.get('go');
    if (go?.kind !== 'Button') throw new Error('fixture');
    const answer = buildAnswer(surface, { form: { pw: 'hunter22', keep: 1 } }, go);
    expect(JSON.stringify(answer.a2uiAction)).not.toContain('hunter22');
    expect(answer.a2uiAction.action.context).toMatchObject({ form: { keep: 1 }, user: 'ada' });
    expect(answer.a2uiDataModel).toEqual({ form: { pw: 'hunter22', keep: 1 } });
  });
});
