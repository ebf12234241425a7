import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Cores, secretMatcher } from './secret-forms';
import { scrubRecord, secretMask } from './secrets';

/** The text with every form of the values masked, as every copy the console keeps is. */
const scrubSecrets = (text: string, values: readonly string[]) => secretMatcher(values).scrub(text, secretMask);

const utf8 = (text: string) => String.fromCharCode(...new TextEncoder().encode(text));
const base64 = (text: string) => btoa(utf8(text));
const base64Url = (text: string) => base64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
// The Header Inspector's own escaping of a value in its Markdown table.
const markdown = (text: string) => text.replace(/[\\`*_|<>[\]#]/g, (char) => `\\${char}`);
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
const jsonOnce = (text: string) => JSON.stringify(text).slice(1, -1);

/** Every form the tests check, by name: what a leaky tool, a model or an export could write. */
const forms: Record<string, (value: string) => string> = {
  raw: (value) => value,
  'JSON once': jsonOnce,
  'JSON twice': (value) => jsonOnce(jsonOnce(value)),
  'JSON as ASCII': (value) =>
    jsonOnce(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  markdown,
  'markdown in JSON': (value) => jsonOnce(markdown(value)),
  'markdown in JSON twice': (value) => jsonOnce(jsonOnce(markdown(value))),
  percent: encodeURIComponent,
  'percent, lower-case': (value) => encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  'percent, every byte': (value) =>
    [...new TextEncoder().encode(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
  'percent in JSON': (value) => jsonOnce(encodeURIComponent(value)),
  html,
  // Every character but letters and digits as a numeric reference, as escapers that escape more than HTML needs do.
  'html numeric': (value) =>
    [...value].map((char) => (/[A-Za-z0-9]/.test(char) ? char : `&#${char.codePointAt(0)};`)).join(''),
  'html hexadecimal': (value) =>
    [...value].map((char) => (/[A-Za-z0-9]/.test(char) ? char : `&#x${char.codePointAt(0)?.toString(16)};`)).join(''),
  base64,
  'base64 URL-safe': base64Url,
  'base64 in JSON': (value) => jsonOnce(base64(value)),
  'Basic, user a': (value) => `Basic ${base64(`a:${value}`)}`,
  'Basic, user ab': (value) => `Basic ${base64(`ab:${value}`)}`,
  'Basic, user leaky': (value) => `Basic ${base64(`leaky:${value}`)}`,
  'Basic URL-safe, user abc': (value) => `Basic ${base64Url(`abc:${value}`)}`,
  'base64 of a longer text': (value) => base64(`{"header":"${value}","n":1}`),
};

describe('secretMatcher: every form of a value is masked', () => {
  const value = 'tt_k3y"<&>/live é';
  for (const [name, form] of Object.entries(forms))
    it(`masks it written ${name}`, () => {
      const written = form(value);
      const scrubbed = scrubSecrets(`before ${written} after`, [value]);
      expect(scrubbed).toContain(secretMask);
      expect(scrubbed).not.toContain(written);
      expect(scrubbed.startsWith('before ')).toBe(true);
      expect(scrubbed.endsWith(' after')).toBe(true);
      expect(secretMatcher([value]).test(written)).toBe(true);
    });

  it('masks the Header Inspector’s Markdown-escaped value, so the rendered answer never shows it', () => {
    const tool = 'tt_live_4242';
    const answer = `| x-tool-token | ${markdown(tool)} |`;
    expect(answer).toContain('tt\\_live\\_4242');
    expect(scrubSecrets(answer, [tool])).toBe(`| x-tool-token | ${secretMask} |`);
    const chunk = JSON.stringify({ generated_chunk: answer });
    expect(JSON.parse(scrubSecrets(chunk, [tool]))).toEqual({ generated_chunk: `| x-tool-token | ${secretMask} |` });
  });

  it('masks a Basic credential whole, even when the value is too short for a base64 form of its own', () => {
    expect(scrubSecrets(`Authorization: Basic ${base64('me:pw12')}`, ['pw12'])).toBe(
      `Authorization: Basic ${secretMask}`,
    );
    expect(scrubSecrets(`Basic ${base64('me:other')}`, ['pw12'])).toBe(`Basic ${base64('me:other')}`);
  });

  it('leaves ordinary text, short values and other base64 alone', () => {
    const text = 'The tool received acme and Zm9vYmFy (foobar) with 100% certainty &amp; more.';
    expect(scrubSecrets(text, ['k-live-9911'])).toBe(text);
    expect(scrubSecrets('a b abc', ['abc', 'a'])).toBe('a b abc');
    expect(secretMatcher([]).scrub(text, secretMask)).toBe(text);
  });

  it('has base64 forms for the three places a value can start in a longer encoding', () => {
    const cores = base64Cores('secret-value');
    for (const prefix of ['', 'u:', 'us:', 'use:'])
      expect(cores.some((core) => base64(`${prefix}secret-value`).includes(core))).toBe(true);
  });

  it('holds back at least the longest form it masks', () => {
    const value = 'k"ey/é 12';
    const longest = secretMatcher([value]).longest;
    for (const form of Object.values(forms).slice(0, 15)) expect(longest).toBeGreaterThanOrEqual(form(value).length);
  });

  it('masks every form inside a stored record', () => {
    const record = { turn: { answer: `got ${base64('x:k-live-9911')}`, tool: encodeURIComponent('k-live-9911') } };
    expect(JSON.stringify(scrubRecord(record, ['k-live-9911']))).not.toMatch(/k-live|azpsaXZlLTk5MTE/);
    const clean = { turn: { answer: 'nothing here' } };
    expect(scrubRecord(clean, ['k-live-9911'])).toBe(clean);
  });
});

// Header values as people type them: Latin-1 printable characters, with the punctuation escapers act on.
const headerValue = fc
  .array(
    fc.oneof(
      fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('')),
      fc.constantFrom(...'_-.~+/=:;"\'\\<>&%#*`|[]{}() !?@$^,é'.split('')),
    ),
    { minLength: 8, maxLength: 32 },
  )
  .map((chars) => chars.join(''))
  .filter((value) => value.trim() === value);

describe('secretMatcher under generated values and texts', () => {
  it('leaves no form of a value in any text around it, and changes nothing when the value is absent', () => {
    const names = Object.keys(forms);
    fc.assert(
      fc.property(headerValue, fc.constantFrom(...names), fc.string(), fc.string(), (value, name, before, after) => {
        const written = (forms[name] as (value: string) => string)(value);
        const matcher = secretMatcher([value]);
        const scrubbed = matcher.scrub(`${before}${written}${after}`, secretMask);
        expect(scrubbed).not.toContain(written);
        expect(matcher.test(scrubbed)).toBe(false);
        const plain = `${before} ${after}`;
        if (!matcher.test(plain)) expect(matcher.scrub(plain, secretMask)).toBe(plain);
      }),
      { numRuns: 1500, seed: 43 },
    );
  }, 180_000);
});
