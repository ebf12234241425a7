// An agent's `validationRegexp` runs in this tab, and JavaScript cannot interrupt a RegExp once it runs: one
// catastrophic pattern (`^(a+)+$`) on a long value would freeze the page. A Worker with a timeout would need a
// worker file and an async validation; instead the pattern is screened before it is ever compiled, so that what runs
// is bounded, synchronously and testably:
//  - patterns longer than PATTERN_CAP characters, or with backreferences or lookarounds, are not run;
//  - star height at most 1: a quantified group may hold neither a quantifier nor an alternation (`(a+)+`, `(a|a)*`);
//  - at most UNBOUNDED_CAP unbounded quantifiers (`*`, `+`, `{n,}`, `{n,m}` with m > 32) in the whole pattern, so
//    backtracking is at worst polynomial of a small degree;
//  - values longer than VALUE_CAP characters are not matched (the field says so).
// A pattern screened out is not enforced: the agent gets the value unchecked, which the server allows (it enforces
// `validationRegexp` only in the browser, CURRENT-SERVERS.md §3.3). A pattern the browser cannot compile likewise.

export const PATTERN_CAP = 200;
export const VALUE_CAP = 512;
const UNBOUNDED_CAP = 3;

export type PatternVerdict = { kind: 'usable'; regexp: RegExp } | { kind: 'skipped'; reason: string };

/** Each quantifier of a pattern (outside character classes), with whether its reach is unbounded. */
function scan(pattern: string): { unsafe: string | null; unbounded: number } {
  // A stack of open groups: whether each holds a quantifier or an alternation.
  const groups: { risky: boolean }[] = [];
  let unbounded = 0;
  let lastGroupRisky = false;
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    const next = pattern[index + 1];
    if (char === '\\') {
      if (!inClass && next !== undefined && /[1-9k]/.test(next)) return { unsafe: 'a backreference', unbounded };
      index += 1;
      lastGroupRisky = false;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
      lastGroupRisky = false;
    } else if (char === '(') {
      if (/^\(\?<?[=!]/.test(pattern.slice(index, index + 4))) return { unsafe: 'a lookaround', unbounded };
      groups.push({ risky: false });
    } else if (char === ')') {
      lastGroupRisky = groups.pop()?.risky ?? false;
      continue;
    } else if (char === '|') {
      const open = groups.at(-1);
      if (open) open.risky = true;
    } else if (char === '*' || char === '+' || char === '?' || char === '{') {
      let isUnbounded = char === '*' || char === '+';
      if (char === '{') {
        const brace = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
        if (brace) {
          isUnbounded = brace[2] !== undefined && (brace[3] === '' || Number(brace[3]) > 32);
          index += brace[0].length - 1;
        }
      }
      if (lastGroupRisky && (isUnbounded || char === '{')) return { unsafe: 'a nested quantifier', unbounded };
      if (isUnbounded) unbounded += 1;
      const open = groups.at(-1);
      if (open) open.risky = true;
      // A lazy or possessive mark after a quantifier is part of it.
      if (pattern[index + 1] === '?') index += 1;
    }
    lastGroupRisky = false;
  }
  return { unsafe: null, unbounded };
}

/** Whether the pattern may run, compiled to match the whole value, or why it is skipped. */
export function screenPattern(pattern: string): PatternVerdict {
  if (pattern.length > PATTERN_CAP) return { kind: 'skipped', reason: `longer than ${PATTERN_CAP} characters` };
  const { unsafe, unbounded } = scan(pattern);
  if (unsafe) return { kind: 'skipped', reason: `uses ${unsafe}` };
  if (unbounded > UNBOUNDED_CAP) return { kind: 'skipped', reason: 'has too many open-ended repeats' };
  try {
    return { kind: 'usable', regexp: new RegExp(`^(?:${pattern})$`, 'u') };
  } catch {
    try {
      return { kind: 'usable', regexp: new RegExp(`^(?:${pattern})$`) };
    } catch {
      return { kind: 'skipped', reason: 'is not a pattern this browser reads' };
    }
  }
}

export type MatchVerdict = 'match' | 'mismatch' | 'too-long' | 'skipped';

/** Whether the whole value matches the pattern, with the bounds above. */
export function matchPattern(pattern: string, value: string): MatchVerdict {
  const screened = screenPattern(pattern);
  if (screened.kind === 'skipped') return 'skipped';
  if (value.length > VALUE_CAP) return 'too-long';
  return screened.regexp.test(value) ? 'match' : 'mismatch';
}
