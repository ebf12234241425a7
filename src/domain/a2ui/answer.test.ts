import { describe, expect, it } from 'vitest';
import { approvalComponents, approvalModel, surfaceOf } from '@/test/a2ui-surfaces';
import { buildAnswer } from './answer';

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
});
