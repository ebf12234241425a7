// Myers' O((N+M)·D) difference of two sequences: the shortest edit script, as runs of kept, removed and added items.
// Outputs of workflow states are mostly alike between two runs, so D stays small and the diff is fast.

export type DiffOp = 'same' | 'removed' | 'added';
export interface DiffRun<T> {
  op: DiffOp;
  items: T[];
}

/** Past this many edits the two sides are reported as wholly replaced: a diff that long helps no reader. */
const maxEdits = 4000;

function trace<T>(a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean): Int32Array[] | null {
  const n = a.length;
  const m = b.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  const history: Int32Array[] = [];
  for (let d = 0; d <= Math.min(n + m, maxEdits); d++) {
    history.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && equal(a[x] as T, b[y] as T)) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return history;
    }
  }
  return null;
}

function push<T>(runs: DiffRun<T>[], op: DiffOp, item: T): void {
  const last = runs[runs.length - 1];
  if (last && last.op === op) last.items.push(item);
  else runs.push({ op, items: [item] });
}

/** The runs that turn `a` into `b`, in order; removals come before additions at the same place. */
export function diffSequences<T>(
  a: readonly T[],
  b: readonly T[],
  equal: (x: T, y: T) => boolean = Object.is,
): DiffRun<T>[] {
  const history = trace(a, b, equal);
  if (!history) {
    const runs: DiffRun<T>[] = [];
    if (a.length) runs.push({ op: 'removed', items: [...a] });
    if (b.length) runs.push({ op: 'added', items: [...b] });
    return runs;
  }
  const offset = a.length + b.length + 1;
  const reversed: { op: DiffOp; item: T }[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = history.length - 1; d >= 0; d--) {
    const v = history[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK] ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      reversed.push({ op: 'same', item: a[x] as T });
    }
    if (d === 0) break;
    if (down) {
      y--;
      reversed.push({ op: 'added', item: b[y] as T });
    } else {
      x--;
      reversed.push({ op: 'removed', item: a[x] as T });
    }
  }
  const runs: DiffRun<T>[] = [];
  for (let i = reversed.length - 1; i >= 0; i--) {
    const step = reversed[i] as { op: DiffOp; item: T };
    push(runs, step.op, step.item);
  }
  return runs;
}
