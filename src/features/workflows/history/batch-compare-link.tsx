import { Link } from '@tanstack/react-router';
import { useBatchesStore } from '@/features/workflows/batches/batches-store';
import type { Run } from '@/features/workflows/saved-runs/run';

/**
 * The batches whose runs shown are all ticked (a batch's own checkbox ticks them all) open against a baseline: the
 * earliest of them is the baseline when two or more are ticked; with one, the comparison page asks for one.
 */
export function BatchCompareLink({ shown, isSelected }: { shown: readonly Run[]; isSelected(id: string): boolean }) {
  const records = useBatchesStore((state) => state.batches);
  // A batch is ticked when none of its runs shown is left unticked.
  const shownBatches = new Set<string>();
  const partly = new Set<string>();
  for (const run of shown) {
    if (!run.batchId) continue;
    shownBatches.add(run.batchId);
    if (!isSelected(run.id)) partly.add(run.batchId);
  }
  const picked = records
    .filter((record) => shownBatches.has(record.id) && !partly.has(record.id))
    .sort((a, b) => a.createdAt - b.createdAt);
  const [first, ...rest] = picked;
  if (!first) return null;
  const search =
    rest.length > 0
      ? { baseline: first.id, batches: rest.map((record) => record.id).join(',') }
      : { batches: first.id };
  return (
    <Link to="/workflows/compare/batches" search={search} className="button button-small">
      Compare with baseline
    </Link>
  );
}
