import { fold, searchTokens } from './search';

/**
 * What the rail shows of a search hit: the words the search matched, highlighted where they are, in the title or in a
 * short passage of the conversation. Matching follows the search index: a word of the text matches when it starts
 * with a word of the query, case and accents folded, so what is highlighted is exactly what made the hit.
 */

/** A run of text, highlighted when it is (the start of) a word the query matched. */
export interface TextPart {
  text: string;
  match: boolean;
}

interface Match {
  start: number;
  end: number;
  word: string;
}

/** The query's distinct words as the index reads them. */
export const queryWords = (query: string): string[] => [...new Set(searchTokens(query))];

/** Letters and digits, with the accents that may follow them (text stored decomposed keeps them apart). */
const wordPattern = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** How many of `word`'s own characters make up the first `foldedLength` characters of its folded form (whole code points, accents included). */
function originalLength(word: string, foldedLength: number): number {
  let folded = 0;
  let length = 0;
  for (const point of word) {
    if (folded >= foldedLength && fold(point) !== '') break;
    folded += fold(point).length;
    length += point.length;
  }
  return length;
}

/** Where the query's words match in a text, in order; a text word matched by several query words takes the longest. */
function matchesIn(text: string, words: readonly string[]): Match[] {
  if (words.length === 0) return [];
  const found: Match[] = [];
  for (const hit of text.matchAll(wordPattern)) {
    const folded = fold(hit[0]);
    const word = words.filter((candidate) => folded.startsWith(candidate)).sort((a, b) => b.length - a.length)[0];
    if (word !== undefined)
      found.push({ start: hit.index, end: hit.index + originalLength(hit[0], word.length), word });
  }
  return found;
}

/** A text cut into parts, the matches of the query highlighted. */
function partsOf(text: string, matches: readonly Match[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const { start, end } of matches) {
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** The whole text with every match of the query highlighted (a title). */
export function highlight(text: string, query: string): TextPart[] {
  return partsOf(text, matchesIn(text, queryWords(query)));
}

/** Whether every word of a non-empty query matches in the text: a title that does says why the conversation was found. */
export function matchesAll(text: string, query: string): boolean {
  const words = queryWords(query);
  if (words.length === 0) return false;
  const matched = new Set(matchesIn(text, words).map((match) => match.word));
  return words.every((word) => matched.has(word));
}

/** Markdown read as one line of prose: no heading, quote or list markers, emphasis or code ticks, link targets. */
export function plainLine(markdown: string): string {
  return markdown
    .replace(/^[ \t]*(?:#{1,6}|>|[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__|`+|~~/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const isWordCharacter = (character: string | undefined) =>
  character !== undefined && /[\p{L}\p{N}\p{M}]/u.test(character);

/**
 * About `width` characters of the first passage that matches the most words of the query: the first match about a
 * third in, cut at word boundaries where it can be, "…" where the passage goes on. Null when nothing matches.
 */
export function snippet(texts: readonly string[], query: string, width = 60): TextPart[] | null {
  const words = queryWords(query);
  let best: { line: string; matches: Match[]; words: number } | null = null;
  for (const text of texts) {
    const line = plainLine(text);
    const matches = matchesIn(line, words);
    const count = new Set(matches.map((match) => match.word)).size;
    if (count > (best?.words ?? 0)) best = { line, matches, words: count };
    if (count === words.length && count > 0) break;
  }
  const first = best?.matches[0];
  if (!best || !first) return null;
  const { line, matches } = best;

  let start = Math.max(0, first.start - Math.floor(Math.max(0, width - (first.end - first.start)) / 3));
  let end = Math.min(line.length, start + width);
  start = Math.max(0, Math.min(start, end - width));
  // Whole words at the cut ends, unless that would cut the match itself.
  while (start > 0 && start < first.start && isWordCharacter(line[start - 1])) start += 1;
  while (end < line.length && end > first.end && isWordCharacter(line[end])) end -= 1;
  const shown = matches
    .filter((match) => match.start >= start && match.start < end)
    .map((match) => ({ ...match, start: match.start - start, end: Math.min(match.end, end) - start }));
  const passage = line.slice(start, end);
  const trimmedStart = passage.length - passage.trimStart().length;
  const parts = partsOf(
    passage.trim(),
    shown.map((match) => ({ ...match, start: match.start - trimmedStart, end: match.end - trimmedStart })),
  );
  if (start > 0) parts.unshift({ text: '…', match: false });
  if (end < line.length) parts.push({ text: '…', match: false });
  return parts;
}
