// The difference of two sequences as runs of kept, removed and added items, by jsdiff's Myers diff. Outputs of
// workflow states are mostly alike between two runs, so the number of edits stays small and the diff is fast.
import { diffArrays } from 'diff';

export type DiffOp = 'same' | 'removed' | 'added';
export interface DiffRun<T> {
  op: DiffOp;
  items: T[];
}

/** Past this many edits the two sides are reported as wholly replaced: a diff that long helps no reader. */
const maxEdits = 4000;

function wholeReplacement<T>(a: readonly T[], b: readonly T[]): DiffRun<T>[] {
  const runs: DiffRun<T>[] = [];
  if (a.length) runs.push({ op: 'removed', items: [...a] });
  if (b.length) runs.push({ op: 'added', items: [...b] });
  return runs;
}

/** The runs that turn `a` into `b`, in order; removals come before additions at the same place. */
export function diffSequences<T>(
  a: readonly T[],
  b: readonly T[],
  equal: (x: T, y: T) => boolean = Object.is,
): DiffRun<T>[] {
  const changes = diffArrays([...a], [...b], { comparator: equal, maxEditLength: maxEdits });
  if (!changes) return wholeReplacement(a, b);
  const runs: DiffRun<T>[] = [];
  for (const change of changes) {
    if (change.value.length === 0) continue;
    const op: DiffOp = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const last = runs[runs.length - 1];
    if (last && last.op === op) last.items.push(...change.value);
    else runs.push({ op, items: [...change.value] });
  }
  return runs;
}
