import { describe, expect, it } from 'vitest';
import { allComponents, allModel, approvalComponents, approvalModel, surfaceOf } from '@/test/a2ui-surfaces';
import { holds } from './checks';
import { validateSurface } from './validate';

describe('validateSurface', () => {
  const approval = surfaceOf(approvalComponents, approvalModel);

  it('reports failed checks and patterns per component, and nothing once the values fit', () => {
    expect(validateSurface(approval, approvalModel)).toEqual({ reason: 'This field is required.' });
    expect(validateSurface(approval, { ...approvalModel, reason: 'lower case' })).toEqual({
      reason: 'This does not have the expected format.',
    });
    expect(validateSurface(approval, { ...approvalModel, reason: 'Tests pass' })).toEqual({});
  });

  it('applies the per-type rules the server applies', () => {
    expect(validateSurface(approval, { ...approvalModel, reason: 'Ok', priority: ['low', 'high'] })).toEqual({
      priority: 'Choose only one.',
    });
    expect(validateSurface(approval, { ...approvalModel, reason: 'Ok', priority: ['urgent'] })).toEqual({
      priority: 'Choose among the options shown.',
    });
    const all = surfaceOf(allComponents, allModel);
    expect(validateSurface(all, allModel)).toEqual({});
    expect(validateSurface(all, { ...allModel, volume: 11, day: 'tomorrow' })).toEqual({
      volume: 'Choose a value from 0 to 10.',
      when: 'Enter a date.',
    });
    const bounded = surfaceOf([
      { id: 'root', component: 'DateTimeInput', enableDate: true, min: '2026-01-01', value: { path: '/d' } },
    ]);
    expect(validateSurface(bounded, { d: '2025-12-31' })).toEqual({ root: 'Choose 2026-01-01 or later.' });
    const number = surfaceOf([
      { id: 'root', component: 'TextField', label: 'N', variant: 'number', value: { path: '/n' } },
    ]);
    expect(validateSurface(number, { n: 'ten' })).toEqual({ root: 'Enter a number.' });
  });

  it('evaluates the catalog functions and logic expressions', () => {
    const model = { a: 'ada@example.com', n: 5, empty: '' };
    expect(holds({ call: 'email', args: { value: { path: '/a' } } }, model, '/')).toBe(true);
    expect(holds({ call: 'length', args: { value: { path: '/a' }, max: 3 } }, model, '/')).toBe(false);
    expect(holds({ call: 'numeric', args: { value: { path: '/n' }, min: 6 } }, model, '/')).toBe(false);
    expect(holds({ not: { call: 'required', args: { value: { path: '/empty' } } } }, model, '/')).toBe(true);
    expect(holds({ and: [{ true: true }, { false: false }] }, model, '/')).toBe(false);
    expect(holds({ or: [{ false: false }, { call: 'somethingNew' }] }, model, '/')).toBe(true);
    expect(holds({ call: 'regex', args: { value: { path: '/a' }, pattern: '(a+)+$' } }, model, '/')).toBe(true);
  });
});
