import { describe, expect, it } from 'vitest';
import { characterCount, firstControlCharacter, grouped, quoted } from './text-measure';

describe('text measures', () => {
  it('counts an emoji or a character outside the BMP once', () => {
    expect(characterCount('ab')).toBe(2);
    expect(characterCount('😀𝄞')).toBe(2);
    expect(characterCount('')).toBe(0);
  });

  it('quotes, shortening a long text without splitting a character', () => {
    expect(quoted('short')).toBe('“short”');
    expect(quoted('😀'.repeat(50), 5)).toBe('“😀😀😀😀…”');
  });

  it('groups thousands the same way everywhere', () => {
    expect([0, 999, 1000, 100_000, 1_234_567].map(grouped)).toEqual(['0', '999', '1,000', '100,000', '1,234,567']);
  });

  it('names the first control character, including C1 controls, and nothing else', () => {
    expect(firstControlCharacter('a\u0007b\u0001')).toBe('U+0007');
    expect(firstControlCharacter('x\u0085')).toBe('U+0085');
    expect(firstControlCharacter('tab\there')).toBe('U+0009');
    expect(firstControlCharacter('café ✓ 日本 😀')).toBeNull();
  });
});
