import { judged, judgeRow, type PassVerdict } from '@/domain/workflows/verdicts/verdicts';
import { findBatch, useBatchesStore } from '@/features/workflows/batches/batches-store';
import type { Run } from '@/features/workflows/saved-runs/run';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { passOptions, VerdictButtons } from '@/ui/verdicts/verdict-buttons';
import { VerdictNote } from '@/ui/verdicts/verdict-note';
import './verdicts.css';

/**
 * A run's pass / fail with a note. A run of a batch kept here is judged as its batch row (one verdict, shown on both
 * pages, counted in the batch's pass rate); any other run keeps its own with its record.
 */
export function RunVerdict({ run }: { run: Run }) {
  const batch = useBatchesStore((state) => (run.batchId ? findBatch(run.batchId)(state) : undefined));
  const batchJudged = useBatchesStore((state) => state.batchJudged);
  const runChanged = useRunsStore((state) => state.runChanged);
  const row = batch ? run.batchRow : undefined;
  const judgement = row !== undefined ? batch?.verdicts?.rows?.[String(row)] : (run.verdict ?? undefined);
  const judge = (change: { verdict?: PassVerdict | null; note?: string }) => {
    if (batch && row !== undefined) batchJudged(batch.id, (current) => judgeRow(current, row, change));
    else runChanged(run.id, { verdict: judged(run.verdict ?? undefined, change) ?? null });
  };
  return (
    <div className="run-verdict">
      <span className="small muted">Your verdict{row !== undefined ? ` (as row ${row + 1} of its batch)` : ''}:</span>{' '}
      <VerdictButtons
        options={passOptions}
        value={judgement?.verdict}
        rowName="this run"
        onChange={(verdict) => judge({ verdict })}
      />
      <VerdictNote note={judgement?.note} rowName="this run" onSave={(note) => judge({ note })} />
    </div>
  );
}
