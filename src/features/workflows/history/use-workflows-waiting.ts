import { useMemo } from 'react';
import { canonicalStatus } from '@/domain/workflows/run/execution-status';
import type { WaitingItem } from '@/domain/waiting/waiting-item';
import { useBatchesStore } from '@/features/workflows/batches/batches-store';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';

/** The runs (and batch rows) that wait for this person: interrupted for approval, to be continued or aborted. */
export function useWorkflowsWaiting(): WaitingItem[] {
  const runs = useRunsStore((state) => state.runs);
  const batches = useBatchesStore((state) => state.batches);
  return useMemo(() => {
    const waitingRuns = runs.filter((run) => !run.lost && canonicalStatus(run.status) === 'Interrupted');
    const known = new Set(waitingRuns.map((run) => run.executionId ?? run.id));
    const items: WaitingItem[] = waitingRuns.map((run) => ({
      key: `run:${run.id}`,
      kind: 'run',
      title: run.workflowName,
      what: run.userInput ? `The run waits for approval: ${run.userInput.slice(0, 80)}` : 'The run waits for approval',
      since: run.endedAt ?? run.startedAt,
      place: { screen: 'run', runId: run.id },
    }));
    for (const record of batches)
      for (const row of record.batch.rows)
        if (row.status === 'waiting' && !(row.executionId && known.has(row.executionId)))
          items.push({
            key: `batch:${record.id}:${row.index}`,
            kind: 'batch-row',
            title: `${record.workflowName} (batch${record.name ? ` “${record.name}”` : ''})`,
            what: `Row ${row.index + 1} waits for approval`,
            since: record.createdAt,
            place: { screen: 'batch', batchId: record.id },
          });
    return items;
  }, [runs, batches]);
}
