import { characterCount, firstControlCharacter, quoted } from './text-measure';

export const tagLimits = { length: 64, count: 20 } as const;

export interface TagAddition {
  /** The tags after the addition: the old ones first, in their order, then the new ones as typed. */
  tags: string[];
  /** One sentence per reason something typed was refused (duplicates are not refusals: see `duplicates`). */
  problems: string[];
  /** The refused pieces, so the field can keep them for the user to fix. */
  rejected: string[];
  /** Pieces dropped because the tag is already there (see duplicatesNote). */
  duplicates: string[];
}

// Tabs split too: a row copied from a spreadsheet arrives tab-separated.
const separators = /[,\n\r\t]+/;

/** Why one tag cannot be used, or null. Used for the draft in the field and for tags read back from storage. */
export function tagProblem(tag: string): string | null {
  const length = characterCount(tag);
  if (length > tagLimits.length)
    return `Tag ${quoted(tag, 24)} is ${length} characters; tags are at most ${tagLimits.length}.`;
  const control = firstControlCharacter(tag);
  if (control) return `Tag ${quoted(tag, 24)} has a control character (${control}); type it without.`;
  return null;
}

/**
 * The first problem of a whole tag list, or null. The chip field never builds a bad list; this checks lists
 * that come from elsewhere (a stored run, a CSV column) before they are sent.
 */
export function tagListProblem(tags: readonly string[]): string | null {
  if (tags.length > tagLimits.count) return `${tags.length} tags; at most ${tagLimits.count}.`;
  if (tags.some((tag) => tag.trim() === '')) return 'A tag is empty.';
  for (const tag of tags) {
    const problem = tagProblem(tag);
    if (problem) return problem;
  }
  return null;
}

/**
 * Adds what was typed or pasted into the tag field. Duplicates are recognised without regard to case: the
 * trace view keeps "Prod" and "prod" apart, so two spellings on one run would split its filters for no
 * reason, and the runs filter matches tags without case too. The spelling already there wins.
 */
export function addTags(existing: readonly string[], input: string): TagAddition {
  const tags = [...existing];
  const seen = new Set(existing.map((tag) => tag.toLowerCase()));
  const problems: string[] = [];
  const rejected: string[] = [];
  const duplicates: string[] = [];
  const overflow: string[] = [];
  for (const piece of input.split(separators)) {
    const tag = piece.trim();
    if (tag === '') continue;
    if (seen.has(tag.toLowerCase())) {
      duplicates.push(tag);
      continue;
    }
    const problem = tagProblem(tag);
    if (problem) {
      problems.push(problem);
      rejected.push(tag);
      continue;
    }
    if (tags.length >= tagLimits.count) {
      overflow.push(tag);
      continue;
    }
    tags.push(tag);
    seen.add(tag.toLowerCase());
  }
  if (overflow.length > 0) {
    const [first = ''] = overflow;
    const rest = overflow.length - 1;
    problems.push(
      `At most ${tagLimits.count} tags; ${quoted(first, 24)}${rest > 0 ? ` and ${rest} more were` : ' was'} not added.`,
    );
    rejected.push(...overflow);
  }
  return { tags, problems, rejected, duplicates };
}

/** A quiet note for the field when typed tags were already there, so nothing seems to vanish; or null. */
export function duplicatesNote(duplicates: readonly string[]): string | null {
  if (duplicates.length === 0) return null;
  return `Already a tag: ${[...new Set(duplicates)].map((tag) => quoted(tag, 24)).join(', ')}.`;
}

/** The tags without the one at `index`; an index outside the list changes nothing. */
export const removeTag = (tags: readonly string[], index: number): string[] =>
  tags.filter((_tag, position) => position !== index);

/** Several tag lists as one, first spelling kept, duplicates dropped without regard to case (as in addTags). */
export function mergeTags(...lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const tag of lists.flat()) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(tag);
  }
  return merged;
}
