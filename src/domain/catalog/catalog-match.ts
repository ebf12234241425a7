import { fold } from '@/domain/conversations/search/search';

/**
 * Which of a catalog's items (assistants, workflows) fit what a person typed, best first, and why each one fits.
 * The best is the one Enter takes, so the order is the console's, not the server's: a name that starts with the text,
 * then a name with a word that starts with it, then a name with it inside, then the description, the slug, the id.
 * Items that fit equally keep the order they came in (the server's). Matching folds case and accents.
 */

/** What a person can search a catalog item by. */
export interface CatalogSearchable {
  id: string;
  name: string;
  description?: string | undefined;
  slug?: string | undefined;
}

/** Where the text was found: in one of the item's fields, or by the server alone (in what the console never sees). */
export type CatalogMatchField = 'name' | 'description' | 'slug' | 'id' | 'server';

export interface CatalogMatch {
  field: CatalogMatchField;
  /** The matched characters of that field's text, [start, end) in the text as given; absent for 'server'. */
  range?: readonly [number, number];
}

export interface RankedItem<T> {
  item: T;
  /** Why the item is offered; null when nothing is searched. */
  match: CatalogMatch | null;
}

export interface RankOptions {
  /**
   * Keep the items the text matches nowhere the console can see, after the others, as the server's matches. Only for
   * a server known to have filtered by the text: one that does not filter sends every item, and those fit nothing.
   */
  keepUnexplained?: boolean;
}

/** An id is matched from its start, and only by a whole first block or more: short text is hex in every id. */
const shortestIdSearch = 8;

interface Folded {
  text: string;
  /** For each character of `text`, the [start, end) of the code point of the original it comes from. */
  origin: Array<readonly [number, number]>;
}

/** The text folded for matching, remembering where each folded character came from (folding changes lengths). */
function foldWithOrigin(original: string): Folded {
  let text = '';
  const origin: Array<readonly [number, number]> = [];
  let at = 0;
  for (const point of original) {
    const folded = fold(point);
    for (let index = 0; index < folded.length; index += 1) origin.push([at, at + point.length]);
    text += folded;
    at += point.length;
  }
  return { text, origin };
}

const wordChar = /[\p{L}\p{N}]/u;

/** The range in the original text of `length` folded characters from `start`, with any accents that follow. */
function originalRange(original: string, folded: Folded, start: number, length: number): readonly [number, number] {
  const from = folded.origin[start]?.[0] ?? 0;
  let to = folded.origin[start + length - 1]?.[1] ?? original.length;
  // Accents stored apart (decomposed text) fold to nothing: they belong to the letter before them.
  for (const point of original.slice(to)) {
    if (fold(point) !== '') break;
    to += point.length;
  }
  return [from, to];
}

/** How well the name fits: 0 the whole name, 1 its start, 2 a word's start, 3 inside it; null: not at all. */
function nameFit(name: Folded, needle: string): { tier: number; at: number } | null {
  if (name.text === needle) return { tier: 0, at: 0 };
  if (name.text.startsWith(needle)) return { tier: 1, at: 0 };
  let first: number | null = null;
  for (let at = name.text.indexOf(needle); at !== -1; at = name.text.indexOf(needle, at + 1)) {
    if (!wordChar.test(name.text[at - 1] ?? '')) return { tier: 2, at };
    first ??= at;
  }
  return first === null ? null : { tier: 3, at: first };
}

/** Where the text fits an item and how well (lower is better); null when it fits nothing the console can see. */
function fit(item: CatalogSearchable, needle: string): { tier: number; match: CatalogMatch } | null {
  const name = foldWithOrigin(item.name);
  const byName = nameFit(name, needle);
  if (byName)
    return {
      tier: byName.tier,
      match: { field: 'name', range: originalRange(item.name, name, byName.at, needle.length) },
    };
  const fields: Array<['description' | 'slug', string | undefined]> = [
    ['description', item.description],
    ['slug', item.slug],
  ];
  for (const [index, [field, value]] of fields.entries()) {
    if (!value) continue;
    const folded = foldWithOrigin(value);
    const at = folded.text.indexOf(needle);
    if (at !== -1) return { tier: 4 + index, match: { field, range: originalRange(value, folded, at, needle.length) } };
  }
  if (needle.length >= shortestIdSearch && fold(item.id).startsWith(needle))
    return { tier: 6, match: { field: 'id', range: [0, needle.length] } };
  return null;
}

/** The items that fit `search`, best first (ties in the order given), each with why; all when nothing is typed. */
export function rankCatalog<T extends CatalogSearchable>(
  items: readonly T[],
  search: string,
  { keepUnexplained = false }: RankOptions = {},
): Array<RankedItem<T>> {
  const needle = fold(search).trim().replace(/\s+/g, ' ');
  if (needle === '') return items.map((item) => ({ item, match: null }));
  const fitting: Array<RankedItem<T> & { tier: number }> = [];
  for (const item of items) {
    const found = fit(item, needle);
    if (found) fitting.push({ item, match: found.match, tier: found.tier });
    else if (keepUnexplained) fitting.push({ item, match: { field: 'server' }, tier: 7 });
  }
  // Array.prototype.sort is stable: items that fit equally keep their order.
  return fitting.sort((a, b) => a.tier - b.tier).map(({ item, match }) => ({ item, match }));
}
