// The string literals every copied command and snippet writes (curl, fetch, Python, Node.js). Values come from people
// and servers: a CR, LF, U+2028 or U+2029 written as it is ends a line of the snippet (a JavaScript string literal
// cannot hold a CR; an editor or terminal breaks the line at U+2028), and other control characters hide in it. So
// each is written as an escape, and what the literal means is exactly the value.

/** Control characters (C0, DEL, C1), the line and paragraph separators, and unpaired surrogates. */
const unsafe =
  // eslint-disable-next-line no-control-regex -- control characters are what this finds
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const named: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const unicodeEscape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

const escapeUnsafe = (text: string): string =>
  text.replace(unsafe, (char) => (Object.hasOwn(named, char) ? (named[char] as string) : unicodeEscape(char)));

/** A JavaScript string literal in single quotes. */
export const jsString = (text: string): string => `'${escapeUnsafe(text.replace(/[\\']/g, (char) => `\\${char}`))}'`;

/**
 * JSON text of `value` safe as JavaScript or Python source too: JSON.stringify leaves DEL, C1 controls and U+2028/U+2029
 * as they are, which can only stand inside its strings, where `\uXXXX` means the same.
 */
export const jsonSource = (value: unknown, indent?: number): string =>
  (JSON.stringify(value, null, indent) ?? 'null').replace(/[\u007f-\u009f\u2028\u2029]/g, unicodeEscape);

/** A Python string literal (JSON's escapes mean the same in a Python string). */
export const pyString = (text: string): string => jsonSource(text);

/** Single quotes for bash: everything literal, a single quote written as '\'' . */
const singleQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A shell word that bash reads as exactly `text`: single-quoted, or, when it holds a character that would break or
 * hide in the line, ANSI-C quoted (`$'…\r\n…'`, bash and zsh).
 */
export function shellString(text: string): string {
  unsafe.lastIndex = 0;
  if (!unsafe.test(text)) return singleQuoted(text);
  unsafe.lastIndex = 0;
  const escaped = text
    .replace(/[\\']/g, (char) => `\\${char}`)
    .replace(unsafe, (char) => {
      if (Object.hasOwn(named, char)) return named[char] as string;
      const code = char.charCodeAt(0);
      return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : unicodeEscape(char);
    });
  return `$'${escaped}'`;
}
