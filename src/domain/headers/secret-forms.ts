/**
 * Every form a secret value takes in text a server sends back or a copy holds: as written; JSON-escaped once and
 * twice (`\"`, `\\u00e4`); Markdown-escaped (`tt\_x`); percent-encoded (`%2F`, either case); HTML-escaped (`&amp;`,
 * `&#x2F;`); any mix of these character by character; and base64, standard and URL-safe, alone or inside a longer
 * encoding (`Basic base64(user:value)`). Pure: a matcher is built once per set of values and used on many texts.
 */

// Shorter values would mask ordinary words and digits in every answer.
export const minScrubbed = 4;
// A base64 fragment shorter than this could be an ordinary word.
const minBase64Core = 6;

const utf8 = new TextEncoder();
const regexSpecial = /[.*+?^${}()|[\]\\/-]/g;
const escapeRegExp = (text: string) => text.replace(regexSpecial, '\\$&');
const asciiPunctuation = /^[!-/:-@[-`{-~]$/;
// Hexadecimal digits in either case: `%2f` and `%2F` are the same byte.
const anyCase = (hex: string) => hex.replace(/[a-f]/gi, (digit) => `[${digit.toLowerCase()}${digit.toUpperCase()}]`);
const hexOf = (code: number, width: number) => code.toString(16).padStart(width, '0');

const htmlNamed: Readonly<Record<string, readonly string[]>> = {
  '&': ['&amp;'],
  '<': ['&lt;'],
  '>': ['&gt;'],
  '"': ['&quot;'],
  "'": ['&apos;'],
};

/** The ways one character may be written, as a regular expression, and the longest of them in characters. */
function charForms(char: string): { pattern: string; longest: number } {
  const code = char.codePointAt(0) ?? 0;
  const units = [...char].length === 1 && code > 0xffff ? [char.charCodeAt(0), char.charCodeAt(1)] : [code];
  const bytes = [...utf8.encode(char)];
  // Letters and digits are left as they are by every escaper but percent-encoding of every byte.
  const plain = /^[A-Za-z0-9]$/.test(char);
  const forms = [
    char === '\\' ? '\\\\{1,8}' : asciiPunctuation.test(char) ? `\\\\{0,7}${escapeRegExp(char)}` : escapeRegExp(char),
    bytes.map((byte) => `%${anyCase(hexOf(byte, 2))}`).join(''),
    ...(char === ' ' ? ['\\+'] : []),
    ...(htmlNamed[char] ?? []),
    ...(plain
      ? []
      : [
          `&#0{0,4}${code};`,
          `&#[xX]0{0,4}${anyCase(hexOf(code, 1))};`,
          units.map((unit) => `\\\\{1,3}u${anyCase(hexOf(unit, 4))}`).join(''),
        ]),
  ];
  const longest = Math.max(8, 3 * bytes.length, 7 + String(code).length, 8 + hexOf(code, 1).length, 8 * units.length);
  return { pattern: `(?:${forms.join('|')})`, longest };
}

/** A value as a pattern that matches every escaped form of it, and the longest text such a form can take. */
function writtenPattern(value: string): { pattern: string; longest: number } {
  const chars = [...value].map(charForms);
  return { pattern: chars.map((char) => char.pattern).join(''), longest: chars.reduce((sum, c) => sum + c.longest, 0) };
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const urlSafe = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_');

/**
 * The base64 characters that depend on the value alone, for each of the three places it can start in a longer
 * encoding (after 0, 1 or 2 bytes of a group of three): whatever comes before or after it (`user:` in Basic auth), one
 * of these appears wherever the value was encoded.
 */
export function base64Cores(value: string): string[] {
  const bytes = utf8.encode(value);
  const cores = new Set<string>();
  for (const shift of [0, 1, 2]) {
    const padded = new Uint8Array(shift + bytes.length);
    padded.set(bytes, shift);
    const core = toBase64(padded).slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6));
    if (core.length >= minBase64Core) {
      cores.add(core);
      cores.add(urlSafe(core));
    }
  }
  return [...cores];
}

const isBase64Char = (char: string | undefined) => char !== undefined && /[A-Za-z0-9+/_-]/.test(char);

export interface SecretMatcher {
  /** The text with every form of every value replaced by the mask; the same string when there was none. */
  scrub(text: string, mask: string): string;
  /** Whether the text holds any form of any value. */
  test(text: string): boolean;
  /** The longest text a form of a value can take: what a stream holds back in case a value is cut across pieces. */
  readonly longest: number;
}

const byLength = (a: { longest: number }, b: { longest: number }) => b.longest - a.longest;

/** A matcher for these values (values shorter than 4 characters are left alone: they cannot be told from text). */
export function secretMatcher(values: readonly string[]): SecretMatcher {
  const kept = [...new Set(values.filter((value) => value.length >= minScrubbed))];
  // Longest first: where one value holds another, the whole is masked.
  const written = kept.map(writtenPattern).sort(byLength);
  const encoded = kept.flatMap(base64Cores).map(writtenPattern).sort(byLength);
  const longest = Math.max(0, ...written.map((form) => form.longest), ...encoded.map((form) => form.longest));
  if (kept.length === 0) return { scrub: (text) => text, test: () => false, longest };
  const source = [
    `(?<written>${written.map((form) => form.pattern).join('|')})`,
    ...(encoded.length > 0 ? [`(?<encoded>${encoded.map((form) => form.pattern).join('|')})`] : []),
  ].join('|');
  const pattern = new RegExp(source, 'g');
  const basic = /\bBasic\s+([A-Za-z0-9+/_-]{4,}={0,2})/g;
  const decodedHolds = (token: string) => {
    try {
      const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''));
      const text = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
      return kept.some((value) => text.includes(value));
    } catch {
      return false;
    }
  };
  const scrub = (text: string, mask: string): string => {
    // A Basic credential is masked whole when it decodes to a value (a short one has no base64 form of its own).
    const unbasic = text.replace(basic, (whole, token: string) => (decodedHolds(token) ? `Basic ${mask}` : whole));
    let out = '';
    let last = 0;
    for (const match of unbasic.matchAll(pattern)) {
      let start = match.index;
      if (start < last) continue;
      let end = start + match[0].length;
      // A base64 form is masked with the rest of its encoding: the characters around it carry bits of the value.
      if (match.groups?.['encoded'] !== undefined) {
        while (start > last && isBase64Char(unbasic[start - 1])) start -= 1;
        while (isBase64Char(unbasic[end])) end += 1;
        while (unbasic[end] === '=') end += 1;
      }
      out += unbasic.slice(last, start) + mask;
      last = end;
    }
    return last === 0 && out === '' ? unbasic : out + unbasic.slice(last);
  };
  return {
    scrub,
    test: (text) => {
      pattern.lastIndex = 0;
      const found = pattern.test(text);
      pattern.lastIndex = 0;
      return found || [...text.matchAll(basic)].some((match) => decodedHolds(match[1] ?? ''));
    },
    longest,
  };
}
