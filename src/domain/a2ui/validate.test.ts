import { describe, expect, it } from 'vitest';
import { allComponents, allModel, approvalComponents, approvalModel, surfaceOf } from '@/test/a2ui-surfaces';
import { failedCheck, holds, isRequired } from './checks';
import { resolveNumber, resolveStringList } from './binding';
import { inputValue, validateSurface } from './validate';

describe('validateSurface', () => {
  const approval = surfaceOf(approvalComponents, approvalModel);

  it('reports failed checks and patterns per component, and nothing once the values fit', () => {
    expect(validateSurface(approval, approvalModel)).toEqual({ reason: 'This field is required.' });
    expect(validateSurface(approval, { ...approvalModel, reason: 'lower case' })).toEqual({
      reason: 'Use the form the assistant asked for (pattern [A-Z].*).',
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
      when: 'Enter a date as YYYY-MM-DD.',
    });
    const bounded = surfaceOf([
      { id: 'root', component: 'DateTimeInput', enableDate: true, min: '2026-01-01', value: { path: '/d' } },
    ]);
    expect(validateSurface(bounded, { d: '2025-12-31' })).toEqual({ root: 'Choose 2026-01-01 or later.' });
    const number = surfaceOf([
      { id: 'root', component: 'TextField', label: 'N', variant: 'number', value: { path: '/n' } },
    ]);
    expect(validateSurface(number, { n: 'ten' })).toEqual({ root: 'Enter a number, like 42 or 3.5.' });
  });

  it('evaluates the catalog functions and logic expressions', () => {
    const model = { a: 'ada@example.com', n: 5, empty: '' };
    expect(holds({ call: 'email', args: { value: { path: '/a' } } }, model, '/')).toBe(true);
    expect(holds({ call: 'length', args: { value: { path: '/a' }, max: 3 } }, model, '/')).toBe(false);
    expect(holds({ call: 'numeric', args: { value: { path: '/n' }, min: 6 } }, model, '/')).toBe(false);
    expect(holds({ not: { call: 'required', args: { value: { path: '/empty' } } } }, model, '/')).toBe(true);
    expect(holds({ and: [{ true: true }, { false: false }] }, model, '/')).toBe(false);
    expect(holds({ or: [{ false: false }, { call: 'somethingNew' }] }, model, '/')).toBe(true);
    // A catastrophic pattern runs, in linear time (safe-regexp.ts), instead of being waved through.
    expect(holds({ call: 'regex', args: { value: { path: '/a' }, pattern: '(a+)+$' } }, model, '/')).toBe(false);
    expect(holds({ call: 'regex', args: { value: 'aaaa', pattern: '(a+)+$' } }, model, '/')).toBe(true);
  });

  it('reads and/or/not in the current shape (calls with values), so compound Button checks block', () => {
    const condition = {
      call: 'and',
      args: {
        values: [
          { path: '/agree' },
          {
            call: 'or',
            args: {
              values: [
                { call: 'required', args: { value: { path: '/email' } } },
                { call: 'required', args: { value: { path: '/phone' } } },
              ],
            },
          },
          { call: 'not', args: { value: { call: 'required', args: { value: { path: '/banned' } } } } },
        ],
      },
    };
    expect(holds(condition, { agree: true, email: '', phone: '' }, '/')).toBe(false);
    expect(holds(condition, { agree: true, email: '', phone: '123' }, '/')).toBe(true);
    expect(holds(condition, { agree: false, email: 'a@b.co' }, '/')).toBe(false);
    expect(holds(condition, { agree: true, email: 'a@b.co', banned: 'x' }, '/')).toBe(false);
    expect(holds({ call: 'formatString', args: { value: 'x' } }, {}, '/')).toBe(true);
    expect(holds('text', {}, '/')).toBe(true);
    expect(isRequired([{ message: 'm', condition }])).toBe(false);
    const must = { call: 'and', args: { values: [{ call: 'required', args: { value: { path: '/x' } } }, true] } };
    expect(isRequired([{ message: 'm', condition: must }])).toBe(true);
    expect(isRequired([{ message: 'm', condition: { call: 'email', args: {} } }])).toBe(false);
  });

  it('says specifically what a failed check asks for, after the agent’s message', () => {
    const check = (condition: unknown, message: string) => [{ condition, message }];
    const length = { call: 'length', args: { value: { path: '/name' }, max: 20 } };
    expect(failedCheck(check(length, 'Too long'), { name: 'x'.repeat(23) }, '/')).toBe(
      'Too long. At most 20 characters (now 23).',
    );
    const email = { call: 'email', args: { value: { path: '/mail' } } };
    expect(failedCheck(check(email, ''), { mail: 'nope' }, '/')).toBe('Enter an email address like name@example.com.');
    expect(failedCheck(check(email, 'Invalid email!'), { mail: 'nope' }, '/')).toBe(
      'Invalid email! Enter an email address like name@example.com.',
    );
    expect(failedCheck(check({ path: '/ok' }, ' '), { ok: false }, '/')).toBe('This answer is not accepted.');
    expect(failedCheck(check(email, 'Bad'), { mail: 'a@b.co' }, '/')).toBeNull();
  });

  it('says exactly what a text or a time needs', () => {
    const fields = surfaceOf([
      { id: 'root', component: 'Column', children: ['text', 'code', 'time', 'moment'] },
      { id: 'text', component: 'TextField', label: 'T', value: { path: '/text' } },
      { id: 'code', component: 'TextField', label: 'C', value: { path: '/code' }, validationRegexp: '\\d+' },
      { id: 'time', component: 'DateTimeInput', enableTime: true, value: { path: '/time' } },
      { id: 'moment', component: 'DateTimeInput', value: { path: '/moment' } },
    ]);
    expect(
      validateSurface(fields, { text: 'x'.repeat(10_001), code: '1'.repeat(600), time: 'noon', moment: 'later' }),
    ).toEqual({
      text: 'At most 10,000 characters (now 10,001).',
      code: "At most 512 characters can be checked against the assistant's pattern (now 600).",
      time: 'Enter a time as HH:MM.',
      moment: 'Enter a date and time as YYYY-MM-DDTHH:MM.',
    });
  });

  it('reads numbers and lists as components show them', () => {
    expect(resolveNumber({ path: '/n' }, { n: ' 42 ' })).toBe(42);
    expect(resolveNumber({ path: '/n' }, { n: 'x' })).toBeUndefined();
    expect(resolveNumber({ path: '/n' }, { n: Infinity })).toBeUndefined();
    expect(resolveStringList({ path: '/l' }, { l: ['a', 1, 'b'] })).toEqual(['a', 'b']);
    expect(resolveStringList({ path: '/l' }, { l: 'one' })).toEqual(['one']);
    expect(resolveStringList({ path: '/l' }, { l: '' })).toEqual([]);
  });

  it('gives a date, time or date-time input the value as it reads one', () => {
    const instant = new Date('2025-07-15T19:00:00Z');
    const wall = `${instant.getFullYear()}-07-${String(instant.getDate()).padStart(2, '0')}T${String(instant.getHours()).padStart(2, '0')}:00`;
    expect(inputValue('date-time', '2025-07-15T19:00:00Z')).toBe(wall);
    expect(inputValue('date-time', '2025-07-15')).toBe('2025-07-15T00:00');
    expect(inputValue('date-time', '2025-07-15T19:00')).toBe('2025-07-15T19:00');
    expect(inputValue('date', '2025-07-15T10:00:00')).toBe('2025-07-15');
    expect(inputValue('time', '2025-07-15T10:30:00')).toBe('10:30');
    expect(inputValue('time', '10:30')).toBe('10:30');
    expect(inputValue('date', 'soon')).toBe('soon');
  });
});
