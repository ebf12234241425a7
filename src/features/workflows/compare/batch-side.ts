import type { BatchSide, BatchSummary, SideRow } from '@/domain/workflows/batches/batch-comparison';
import type { BatchRecord } from '@/features/workflows/batches/batch-record';
import type { Run } from '@/features/workflows/saved-runs/run';

/**
 * The run a batch row became: the one with the row's execution, else the latest started for that row (a retried
 * row has had more than one).
 */
function runOfRow(runs: readonly Run[], index: number, executionId: string | undefined): Run | undefined {
  const candidates = runs.filter((run) => run.batchRow === index);
  return (
    candidates.find((run) => executionId !== undefined && run.executionId === executionId) ??
    [...candidates].sort((a, b) => b.startedAt - a.startedAt)[0]
  );
}

/** Nothing is left to run in a batch that is done or cancelled: it can serve as a baseline. */
export const batchFinished = (record: BatchRecord) =>
  record.batch.state === 'done' || record.batch.state === 'cancelled';

/** What the baseline choice needs to know of a kept batch. */
export const batchSummary = (record: BatchRecord): BatchSummary => ({
  id: record.id,
  workflowId: record.batch.workflowId,
  createdAt: record.createdAt,
  finished: batchFinished(record),
});

/** A kept batch with what its runs reported (duration, tokens, cost), as the comparison reads it. */
export function batchSide(record: BatchRecord, allRuns: readonly Run[]): BatchSide {
  const runs = allRuns.filter((run) => run.batchId === record.id);
  return {
    id: record.id,
    workflowId: record.batch.workflowId,
    workflowName: record.workflowName,
    ...(record.name ? { name: record.name } : {}),
    createdAt: record.createdAt,
    finished: batchFinished(record),
    rows: record.batch.rows.map((row): SideRow => {
      const run = runOfRow(runs, row.index, row.executionId);
      const output = row.output ?? run?.finalOutput;
      const durationMs = run?.endedAt !== undefined ? run.endedAt - run.startedAt : undefined;
      return {
        index: row.index,
        input: row.input,
        status: row.status,
        ...(output !== undefined ? { output } : {}),
        ...(durationMs !== undefined && durationMs >= 0 ? { durationMs } : {}),
        ...(run?.tokens ? { tokens: run.tokens.input + run.tokens.output } : {}),
        ...(run?.tokens?.cost !== undefined ? { cost: run.tokens.cost } : {}),
        ...(run ? { runId: run.id } : {}),
      };
    }),
  };
}
