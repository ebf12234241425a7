import { describe, expect, it } from 'vitest';
import { matchPattern, PATTERN_CAP, screenPattern, VALUE_CAP } from './safe-regexp';

describe('screenPattern / matchPattern', () => {
  it('runs ordinary patterns against the whole value, as the browser would', () => {
    const cases: [string, string, boolean][] = [
      ['[A-Z]{3}-\\d{4}', 'ABC-1234', true],
      ['[A-Z]{3}-\\d{4}', 'xABC-1234', false],
      ['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'ada@example.com', true],
      ['(foo|bar)-\\d+', 'bar-12', true],
      ['a|b', 'ab', false],
      ['a|b', 'b', true],
      ['(?<year>\\d{4})', '2026', true],
      ['(?:ab)*c?', 'ababc', true],
      ['^\\+?[0-9]{10,15}$', '+4912345678901', true],
      ['^\\+?[0-9]{10,15}$', '12345', false],
      ['\\bword\\b.*', 'word up', true],
      ['\\Bx', 'x', false],
      ['.{2,}', 'é!', true],
      ['a{2}', 'aaa', false],
      ['\\p{Lu}\\p{Ll}+', 'Émile', true],
      ['[\\w.-]+', 'a.b-c', true],
      ['\\u0041\\x42\\u{43}', 'ABC', true],
      ['x??y+?', 'xyy', true],
    ];
    // An identity escape the Unicode mode refuses (`\-`, `\@`) still reads as in the browser's older mode.
    expect(matchPattern('^\\d{3}\\-\\d{4}$', '555-1234')).toBe('match');
    expect(matchPattern('[\\w\\-]+\\@x', 'a-b@x')).toBe('match');
    for (const [pattern, value, expected] of cases) {
      expect(matchPattern(pattern, value), `${pattern} on ${value}`).toBe(expected ? 'match' : 'mismatch');
      expect(new RegExp(`^(?:${pattern})$`, 'u').test(value), `the browser agrees on ${pattern}`).toBe(expected);
    }
  });

  it('runs catastrophic patterns in linear time instead of freezing the tab (this test hangs without it)', () => {
    const long = 'a'.repeat(VALUE_CAP - 1);
    for (const pattern of ['(a+)+$', '^(a|a)*$', '(\\w+\\s?)*$', '(a*)*b', '((ab)*)+', '(.{1,99}){2,}']) {
      expect(screenPattern(pattern), pattern).toMatchObject({ kind: 'usable' });
    }
    expect(matchPattern('(a+)+$', `${long}!`)).toBe('mismatch');
    expect(matchPattern('^(a|a)*$', `${long}!`)).toBe('mismatch');
    expect(matchPattern('(a*)*b', long)).toBe('mismatch');
    // Bounded repeats slipped past the old screen: each nested or chained, they are as catastrophic.
    expect(matchPattern('(a{1,30}){1,30}', `${'a'.repeat(400)}!`)).toBe('mismatch');
    expect(matchPattern('a{0,32}a{0,32}a{0,32}a{0,32}a{0,32}a{0,32}b', `${'a'.repeat(150)}`)).toBe('mismatch');
    expect(matchPattern('\\d*\\d*\\d*\\d*\\d*x', '1'.repeat(VALUE_CAP))).toBe('mismatch');
  });

  it('skips what a linear engine cannot run, overlong patterns, programs too large, and unreadable ones', () => {
    expect(screenPattern('(a)\\1')).toMatchObject({ kind: 'skipped', reason: 'uses a backreference' });
    expect(screenPattern('(?<n>a)\\k<n>')).toMatchObject({ kind: 'skipped', reason: 'uses a backreference' });
    expect(screenPattern('a(?=b)')).toMatchObject({ kind: 'skipped', reason: 'uses a lookaround' });
    expect(screenPattern('(?<!a)b')).toMatchObject({ kind: 'skipped', reason: 'uses a lookaround' });
    expect(screenPattern('x'.repeat(PATTERN_CAP + 1))).toMatchObject({ kind: 'skipped' });
    expect(screenPattern('((a{1,100}){1,100}){1,100}')).toMatchObject({
      kind: 'skipped',
      reason: 'is too complex to check',
    });
    for (const pattern of ['([', '(a', 'a)', '*a', 'a**', 'a{2,1}', '[z-a]', '\\', '^*', '(?x)'])
      expect(screenPattern(pattern), pattern).toMatchObject({ kind: 'skipped' });
    expect(matchPattern('(a)\\1', 'aa')).toBe('skipped');
  });

  it('does not match values past the cap', () => {
    expect(matchPattern('a*', 'a'.repeat(VALUE_CAP + 1))).toBe('too-long');
  });

  it('keeps hostile text inert: a pattern is only ever read, never evaluated as code', () => {
    expect(matchPattern('"><script>alert(1)</script>', 'x')).toBe('mismatch');
    expect(matchPattern('<img src=x onerror=alert\\(1\\)>', '<img src=x onerror=alert(1)>')).toBe('match');
  });
});
