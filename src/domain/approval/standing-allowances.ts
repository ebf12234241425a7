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
