import type { ThoughtTree } from '@/domain/thoughts/thought-tree';
// The tools a person allowed for the rest of a chat ("Allow Delete Records for the rest of this chat"), by the name
// the approval card shows. A list kept sorted and without repeats, so the saved entry does not change by the order
// of clicks.

export const withAllowance = (allowed: readonly string[] | undefined, toolName: string): string[] =>
  [...new Set([...(allowed ?? []), toolName])].sort((a, b) => a.localeCompare(b));

export const withoutAllowance = (allowed: readonly string[] | undefined, toolName: string): string[] =>
  (allowed ?? []).filter((name) => name !== toolName);

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
