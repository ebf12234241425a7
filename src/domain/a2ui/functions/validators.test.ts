import { describe, expect, it } from 'vitest';
import { isEmailAddress, validatorHint, validators } from './validators';

describe('validators', () => {
  it('checks the Basic Catalog validation functions, an empty optional value passing', () => {
    expect(validators.required({ value: ' ' })).toBe(false);
    expect(validators.required({ value: [] })).toBe(false);
    expect(validators.required({ value: false })).toBe(true);
    expect(validators.regex({ value: '12345', pattern: '^[0-9]{5}$' })).toBe(true);
    expect(validators.regex({ value: '1234', pattern: '^[0-9]{5}$' })).toBe(false);
    expect(validators.regex({ value: '', pattern: '^[0-9]{5}$' })).toBe(true);
    expect(validators.length({ value: 'héllo', min: 2, max: 5 })).toBe(true);
    expect(validators.length({ value: 'héllo!', max: 5 })).toBe(false);
    expect(validators.numeric({ value: '7', min: 1, max: 5 })).toBe(false);
    expect(validators.numeric({ value: 3, min: 1, max: 5 })).toBe(true);
    expect(validators.numeric({ value: 'abc' })).toBe(false);
    expect(validators.numeric({ value: '' })).toBe(true);
    expect(validators.email({ value: '' })).toBe(true);
    expect(validators.email({ value: 'jane@example.com' })).toBe(true);
  });

  it('reads email addresses in one pass (a long pre-filled value used to freeze the tab; this hangs without it)', () => {
    for (const good of ['a@b.co', 'first.last+tag@sub.example.org']) expect(isEmailAddress(good), good).toBe(true);
    for (const bad of ['', 'a', '@b.co', 'a@', 'a@b', 'a@.co', 'a@b.', 'a@@b.co', 'a b@c.de', 'a@b.c d'])
      expect(isEmailAddress(bad), bad).toBe(false);
    expect(isEmailAddress(`a@${'.'.repeat(200_000)} `)).toBe(false);
    expect(isEmailAddress(`a@${'a.'.repeat(200_000)}`)).toBe(false);
  });

  it('says exactly what a failed check asks for', () => {
    expect(validatorHint('email', { value: 'x' })).toBe('Enter an email address like name@example.com.');
    expect(validatorHint('length', { value: 'x'.repeat(23), max: 20 })).toBe('At most 20 characters (now 23).');
    expect(validatorHint('length', { value: 'x', min: 3 })).toBe('At least 3 characters (now 1).');
    expect(validatorHint('length', { value: 'xxx', min: 3 })).toBeNull();
    expect(validatorHint('numeric', { value: 'x' })).toBe('Enter a number, like 42 or 3.5.');
    expect(validatorHint('numeric', { value: 9, min: 1, max: 5 })).toBe('Enter a number from 1 to 5.');
    expect(validatorHint('numeric', { value: 0, min: 1 })).toBe('Enter a number of at least 1.');
    expect(validatorHint('numeric', { value: 9, max: 5 })).toBe('Enter a number of at most 5.');
    expect(validatorHint('numeric', { value: 9 })).toBeNull();
    expect(validatorHint('regex', { value: 'x', pattern: '\\d+' })).toBe(
      'Use the form the assistant asked for (pattern \\d+).',
    );
    expect(validatorHint('regex', { value: 'x' })).toBeNull();
    expect(validatorHint('required', { value: '' })).toBeNull();
  });
});
