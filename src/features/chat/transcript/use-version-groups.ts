import { useMemo, useState } from 'react';
import { childrenByParent, rootKey } from '@/domain/conversations/versions';
import type { Turn } from '@/features/chat/runtime/turn';

const none: readonly Turn[] = [];

const sameTurns = (a: readonly Turn[], b: readonly Turn[]) =>
  a.length === b.length && a.every((turn, index) => turn === b[index]);

/** Groups turns by parent, handing back the previous group object whenever its turns are the same ones. */
function createGroupCache() {
  let previous: ReadonlyMap<string, readonly Turn[]> = new Map();
  return (turns: readonly Turn[]): ReadonlyMap<string, readonly Turn[]> => {
    const next = new Map<string, readonly Turn[]>();
    for (const [parent, versions] of childrenByParent(turns)) {
      const known = previous.get(parent);
      next.set(parent, known && sameTurns(known, versions) ? known : versions);
    }
    previous = next;
    return next;
  };
}

/**
 * The versions of every question, by parent: what a turn's `< 2/3 >` switcher needs. A group keeps its
 * identity while its turns do, so saving one turn (the answer that just ended) leaves the props of every
 * other row equal and their memoised views untouched.
 */
export function useVersionGroups(turns: readonly Turn[]): (turn: Turn) => readonly Turn[] {
  const [group] = useState(createGroupCache);
  const groups = useMemo(() => group(turns), [group, turns]);
  return (turn) => groups.get(turn.parentId ?? rootKey) ?? none;
}
