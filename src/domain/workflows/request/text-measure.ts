/**
 * Length in characters as a person counts them (code points), so an emoji counts once. Python servers count
 * the same way, which keeps the console's limits and the server's in agreement.
 */
export const characterCount = (text: string): number => {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
};

/** A value quoted for a message, shortened so one long paste does not flood the sentence. */
export function quoted(text: string, max = 40): string {
  const characters = [...text];
  return `“${characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : text}”`;
}

/** 100000 → "100,000": fixed grouping so messages read the same in every locale and in tests. */
export const grouped = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const isControl = (code: number): boolean => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/** The first control character in a text, named for a message ("U+0007"), or null. */
export function firstControlCharacter(text: string): string | null {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (isControl(code)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}
