import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GrowingText } from './growing-text';

describe('GrowingText', () => {
  it('gives back any part of the text it grew into, from any offset', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 12 }), fc.nat(), (start, pieces, rawOffset) => {
        const text = pieces.reduce((grown, piece) => grown.append(piece), GrowingText.of(start));
        const whole = start + pieces.join('');
        const offset = rawOffset % (whole.length + 2);
        expect(text.length).toBe(whole.length);
        expect(text.toString()).toBe(whole);
        expect(text.from(offset)).toBe(whole.slice(offset));
      }),
    );
  });

  it('knows a later snapshot continues an earlier one, without comparing texts', () => {
    const earlier = GrowingText.of('Hello');
    const later = earlier.append(', ').append('world');
    expect(later.continues(earlier)).toBe(true);
    expect(later.continues(later)).toBe(true);
    expect(earlier.continues(later)).toBe(false);
    // The same words grown apart are not one text growing.
    expect(GrowingText.of('Hello, world').continues(earlier)).toBe(false);
  });

  it('leaves an older snapshot as it was when it is appended to again, and branches from it', () => {
    const base = GrowingText.of('a');
    const one = base.append('b');
    const other = base.append('c');
    expect([base.toString(), one.toString(), other.toString()]).toEqual(['a', 'ab', 'ac']);
    expect(other.continues(base)).toBe(false);
    expect(one.continues(base)).toBe(true);
    expect(one.append('d').toString()).toBe('abd');
  });
});
