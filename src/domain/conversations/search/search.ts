/**
 * Search across conversations without reading them: each conversation keeps the distinct words of its title,
 * questions and answers; an index maps every word to the conversations that hold it, and a query matches a
 * conversation when each of its words is the start of one of that conversation's words.
 */

/** Lower case, accents folded, so "Café" is found by "cafe". */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text as the index keeps them. */
export function searchTokens(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** At most this many distinct words are kept per conversation: enough for chats, bounded for huge ones. */
export const wordsPerConversation = 4000;

/** The distinct words of some texts (in order of first appearance), capped. */
export function distinctWords(texts: readonly string[], limit = wordsPerConversation): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    for (const word of searchTokens(text)) {
      if (seen.size >= limit) return [...seen];
      seen.add(word);
    }
  }
  return [...seen];
}

export interface SearchIndex {
  /** Every word, sorted, so words starting with a prefix are one contiguous range. */
  vocabulary: string[];
  holders: Map<string, string[]>;
}

export function buildSearchIndex(entries: readonly { id: string; words: readonly string[] }[]): SearchIndex {
  const holders = new Map<string, string[]>();
  for (const { id, words } of entries) {
    for (const word of words) {
      const list = holders.get(word);
      if (list) list.push(id);
      else holders.set(word, [id]);
    }
  }
  return { vocabulary: [...holders.keys()].sort(), holders };
}

function firstAtOrAfter(sorted: readonly string[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? '') < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

function holdersOfPrefix(index: SearchIndex, prefix: string): Set<string> {
  const found = new Set<string>();
  for (let at = firstAtOrAfter(index.vocabulary, prefix); at < index.vocabulary.length; at += 1) {
    const word = index.vocabulary[at] ?? '';
    if (!word.startsWith(prefix)) break;
    for (const id of index.holders.get(word) ?? []) found.add(id);
  }
  return found;
}

/** The conversations matching every word of the query; null for an empty query (everything matches). */
export function searchIndex(index: SearchIndex, query: string): Set<string> | null {
  const tokens = [...new Set(searchTokens(query))];
  if (tokens.length === 0) return null;
  const [first, ...rest] = tokens.map((token) => holdersOfPrefix(index, token));
  let result = first ?? new Set<string>();
  for (const holders of rest) {
    if (result.size === 0) break;
    result = new Set([...result].filter((id) => holders.has(id)));
  }
  return result;
}
