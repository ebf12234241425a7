import { describe, expect, it } from 'vitest';
import { evaluate, interpolateText, type Scope } from './evaluate';
import { asText, interpolate } from './format-string';

const at = (model: unknown, scope = '/', locale = 'en-US'): Scope => ({ model, scope, locale });
const call = (name: string, args: Record<string, unknown>) => ({ call: name, args, returnType: 'string' });

describe('evaluate', () => {
  it('reads literals, paths (relative ones in their scope) and calls', () => {
    const model = { user: { name: 'Ada' }, items: [{ n: 2 }] };
    expect(evaluate('text', at(model))).toBe('text');
    expect(evaluate({ path: '/user/name' }, at(model))).toBe('Ada');
    expect(evaluate({ path: 'n' }, at(model, '/items/0'))).toBe(2);
    expect(evaluate([{ path: '/user/name' }, 1], at(model))).toEqual(['Ada', 1]);
    expect(evaluate({ call: 'somethingNew', args: {} }, at(model))).toBeUndefined();
    expect(evaluate({ call: 'openUrl', args: { url: 'https://example.com' } }, at(model))).toBeUndefined();
    expect(typeof evaluate({ call: 'now' }, at(model))).toBe('string');
  });

  it('evaluates formatString with paths, nested calls and escapes, in the given locale', () => {
    const model = { name: 'Ada', total: 1234.5, start: '2025-12-15T09:05:00', list: [1, 2], temp: 21 };
    const format = (value: string, scope = '/') => evaluate(call('formatString', { value }), at(model, scope));
    expect(format('Hello ${/name}!')).toBe('Hello Ada!');
    expect(format('${temp}° in ${/name}')).toBe('21° in Ada');
    expect(format("${formatCurrency(value: ${/total}, currency: 'USD')}/year")).toBe('$1,234.50/year');
    expect(
      format(
        "${formatDate(value: ${/start}, format: 'E, MMM d')} at ${formatDate(value: ${/start}, format: 'h:mm a')}",
      ),
    ).toBe('Mon, Dec 15 at 9:05 AM');
    expect(format('${formatNumber(value: 1500, grouping: false)} ${formatNumber(value: ${/total}, decimals: 0)}')).toBe(
      '1500 1,235',
    );
    expect(format('literal \\${/name} and ${/missing}.')).toBe('literal ${/name} and .');
    expect(format('list ${/list}, flag ${formatNumber(value: true)}')).toBe('list [1,2], flag ');
    expect(format('unclosed ${/name')).toBe('unclosed ${/name');
    expect(format('${unknownFn(a: 1)}|${pluralize(value: 1, one: "one item", other: "items")}')).toBe('|one item');
    expect(evaluate(call('formatString', { value: { path: '/name' } }), at(model))).toBe('Ada');
    expect(evaluate(call('formatString', { value: 123 }), at(model))).toBeUndefined();
  });

  it('writes numbers, money, dates and plurals as the person’s locale does', () => {
    const de = (name: string, args: Record<string, unknown>) => evaluate(call(name, args), at({}, '/', 'de-DE'));
    expect(de('formatNumber', { value: 1234.567, decimals: 2 })).toBe('1.234,57');
    expect(de('formatCurrency', { value: 99.99, currency: 'EUR' })).toBe('99,99\u00a0€');
    expect(de('formatDate', { value: '2023-01-01', format: 'EEEE, d. MMMM yyyy' })).toBe('Sonntag, 1. Januar 2023');
    const en = (name: string, args: Record<string, unknown>) => evaluate(call(name, args), at({ n: '3' }));
    expect(en('formatNumber', { value: 1234.567, decimals: 2, grouping: true })).toBe('1,234.57');
    expect(en('formatNumber', { value: { path: '/n' } })).toBe('3');
    expect(en('formatNumber', { value: 'x' })).toBeUndefined();
    expect(en('formatCurrency', { value: 5, currency: 'usd', decimals: 0 })).toBe('$5');
    expect(en('formatCurrency', { value: 5, currency: 'nope' })).toBe('5');
    expect(en('formatCurrency', { value: 5, currency: 'ZZZ' })).toMatch(/5/);
    expect(en('pluralize', { value: 0, zero: 'none', one: 'one', other: 'many' })).toBe('none');
    expect(en('pluralize', { value: 1, one: 'one', other: 'many' })).toBe('one');
    expect(en('pluralize', { value: 5, one: 'one', other: 'many' })).toBe('many');
    expect(en('pluralize', { value: 'x', other: 'many' })).toBeUndefined();
    expect(evaluate(call('pluralize', { value: 3, few: 'kilka', many: 'wiele', other: 'x' }), at({}, '/', 'pl'))).toBe(
      'kilka',
    );
  });

  it('formats TR35 date patterns, quoted text included', () => {
    const date = (format: string, value: unknown = '2026-01-16T14:30:07') =>
      evaluate(call('formatDate', { value, format }), at({}));
    expect(date('MMM dd, yyyy')).toBe('Jan 16, 2026');
    expect(date('HH:mm:ss')).toBe('14:30:07');
    expect(date('h:mm a')).toBe('2:30 PM');
    expect(date('EEEE, d MMMM')).toBe('Friday, 16 January');
    expect(date("yy-M-d 'at' hh 'o''clock' ''")).toBe("26-1-16 at 02 o'clock '");
    expect(date('D k K S G')).toMatch(/^16 14 2 0 AD$/);
    expect(date('z')).not.toBe('z');
    expect(date('MMMMM q')).toBe('J q');
    expect(date('d', new Date(2020, 1, 3).getTime())).toBe('3');
    expect(date('d', 'not a date')).toBeUndefined();
    expect(date('h:mm a', '14:05')).toBe('2:05 PM');
    expect(evaluate(call('formatDate', { value: '2026-01-16' }), at({}))).toMatch(/2026/);
  });

  it('evaluates the logic functions over evaluated values', () => {
    const model = { yes: true, no: false, name: '' };
    expect(evaluate({ call: 'and', args: { values: [{ path: '/yes' }, true] } }, at(model))).toBe(true);
    expect(evaluate({ call: 'and', args: { values: [{ path: '/yes' }, { path: '/no' }] } }, at(model))).toBe(false);
    expect(
      evaluate(
        { call: 'or', args: { values: [{ path: '/no' }, { call: 'required', args: { value: 'x' } }] } },
        at(model),
      ),
    ).toBe(true);
    expect(evaluate({ call: 'not', args: { value: { path: '/no' } } }, at(model))).toBe(true);
    expect(evaluate({ call: 'not', args: { value: 'text' } }, at(model))).toBeUndefined();
  });

  it('stops at its depth cap instead of recursing without end', () => {
    let deep: unknown = { path: '/x' };
    for (let level = 0; level < 100; level += 1) deep = { call: 'not', args: { value: deep } };
    expect(evaluate(deep, at({ x: true }))).toBeUndefined();
    let nested = '${/x}';
    for (let level = 0; level < 40; level += 1) nested = `\${formatString(value: '${nested.replace(/'/g, "\\'")}')}`;
    expect(() => interpolate(nested, { read: () => 'x', call: () => 'y' })).not.toThrow();
  });

  it('writes values as text as the protocol says, and leaves plain text alone', () => {
    expect([asText(null), asText(undefined), asText(2), asText(false), asText({ a: 1 })]).toEqual([
      '',
      '',
      '2',
      'false',
      '{"a":1}',
    ]);
    expect(asText('x'.repeat(2000)).length).toBe(2000);
    expect(asText({ long: 'x'.repeat(2000) }).length).toBe(1000);
    expect(interpolateText('https://example.com/${/id}', at({ id: 7 }))).toBe('https://example.com/7');
    expect(interpolateText('plain', at({}))).toBe('plain');
  });
});
