import { describe, expect, it } from 'vitest';
import { matchPattern, screenPattern, VALUE_CAP } from './safe-regexp';

describe('screenPattern / matchPattern', () => {
  it('runs ordinary patterns against the whole value', () => {
    expect(matchPattern('[A-Z]{3}-\\d{4}', 'ABC-1234')).toBe('match');
    expect(matchPattern('[A-Z]{3}-\\d{4}', 'xABC-1234')).toBe('mismatch');
    expect(matchPattern('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'ada@example.com')).toBe('match');
    expect(matchPattern('(foo|bar)-\\d+', 'bar-12')).toBe('match');
    expect(matchPattern('a|b', 'ab')).toBe('mismatch');
    expect(matchPattern('(?<year>\\d{4})', '2026')).toBe('match');
  });

  it('skips catastrophic, backreferencing, overlong and unreadable patterns instead of running them', () => {
    for (const pattern of ['(a+)+$', '^(a|a)*$', '(\\w+\\s?)*$', '(a*)*b', '((ab)*)+', '(.{1,99}){2,}']) {
      expect(screenPattern(pattern), pattern).toMatchObject({ kind: 'skipped' });
    }
    expect(screenPattern('(a)\\1')).toMatchObject({ kind: 'skipped', reason: 'uses a backreference' });
    expect(screenPattern('a(?=b)')).toMatchObject({ kind: 'skipped', reason: 'uses a lookaround' });
    expect(screenPattern('(?<!a)b')).toMatchObject({ kind: 'skipped', reason: 'uses a lookaround' });
    expect(screenPattern('a*b*c*d*e')).toMatchObject({ kind: 'skipped' });
    expect(screenPattern('x'.repeat(201))).toMatchObject({ kind: 'skipped' });
    expect(screenPattern('([')).toMatchObject({ kind: 'skipped' });
    expect(matchPattern('(a+)+$', 'a'.repeat(40) + '!')).toBe('skipped');
  });

  it('does not match values past the cap, and stays fast on the worst pattern it lets through', () => {
    expect(matchPattern('a*', 'a'.repeat(VALUE_CAP + 1))).toBe('too-long');
    const started = performance.now();
    expect(matchPattern('\\d*\\d*\\d*x', '1'.repeat(VALUE_CAP))).toBe('mismatch');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('keeps hostile text inert: a pattern is only ever compiled, never evaluated as code', () => {
    expect(matchPattern('"><script>alert(1)</script>', 'x')).toBe('mismatch');
    expect(matchPattern('<img src=x onerror=alert\\(1\\)>', '<img src=x onerror=alert(1)>')).toBe('match');
  });
});
