import type { ThoughtTree } from '@/domain/thoughts/thought-tree';

// The tools a person allowed for the rest of a chat ("Allow Delete Records for the rest of this chat"), each for the
// assistant that asked (two assistants may name different tools alike), by the name the approval card shows. A list
// kept sorted and without repeats, so the saved entry does not change by the order of clicks.

export interface Allowance {
  assistantId: string;
  assistantName: string;
  toolName: string;
}

const same = (a: Allowance, b: Pick<Allowance, 'assistantId' | 'toolName'>) =>
  a.assistantId === b.assistantId && a.toolName === b.toolName;

export const isAllowed = (
  allowed: readonly Allowance[] | undefined,
  call: Pick<Allowance, 'assistantId' | 'toolName'>,
): boolean => (allowed ?? []).some((entry) => same(entry, call));

export const withAllowance = (allowed: readonly Allowance[] | undefined, entry: Allowance): Allowance[] =>
  [...(allowed ?? []).filter((known) => !same(known, entry)), entry].sort(
    (a, b) => a.toolName.localeCompare(b.toolName) || a.assistantName.localeCompare(b.assistantName),
  );

export const withoutAllowance = (
  allowed: readonly Allowance[] | undefined,
  entry: Pick<Allowance, 'assistantId' | 'toolName'>,
): Allowance[] => (allowed ?? []).filter((known) => !same(known, entry));

/** What a conversation's list entry keeps of them: the list, and how many times it changed. */
export interface KeptAllowances {
  allowedTools?: readonly Allowance[] | undefined;
  /** Counts the list's changes: of two copies (this tab's, another tab's word), the later one stands. */
  allowancesRev?: number | undefined;
}

/** The allowances an entry keeps, alone (an emptied list keeps its count, so no older copy brings it back). */
export const allowancesOf = (entry: KeptAllowances | undefined): KeptAllowances => ({
  ...(entry?.allowedTools?.length ? { allowedTools: entry.allowedTools } : {}),
  ...(entry?.allowancesRev !== undefined ? { allowancesRev: entry.allowancesRev } : {}),
});

/** The entry's list changed to `allowedTools`: the list with its count of changes. */
export const allowancesChanged = (entry: KeptAllowances, allowedTools: Allowance[]): KeptAllowances => ({
  allowedTools,
  allowancesRev: (entry.allowancesRev ?? 0) + 1,
});

/**
 * Of this tab's allowances and a copy another tab sent (with a list entry it saved), the later: a tab that had not yet
 * heard of a change sends its older copy back with whatever else it saved, and a revoked allowance must not come back.
 */
export const laterAllowances = (here: KeptAllowances | undefined, heard: KeptAllowances): KeptAllowances =>
  (here?.allowancesRev ?? 0) > (heard.allowancesRev ?? 0) ? allowancesOf(here) : allowancesOf(heard);

/** The tools of an answer that ran on the person's standing allowance (the turn says so in one quiet line). */
export function standingDecisions(tree: ThoughtTree): string[] {
  const names: string[] = [];
  const stack = [...tree.roots];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.decision?.standing) names.push(node.authorName || 'A tool');
    stack.push(...node.children);
  }
  return [...new Set(names)];
}
