import { useMemo } from 'react';
import { batchTrend, verdictsFirst, type TrendPoint } from '@/domain/workflows/trends/batch-trend';
import { useBatchesStore } from '@/features/workflows/batches/batches-store';
import type { BatchRecord } from '@/features/workflows/batches/batch-record';
import { batchSide } from '@/features/workflows/compare/batch-side';
import { useBatchRuns } from '@/features/workflows/compare/use-batch-runs';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import type { Run } from '@/features/workflows/saved-runs/run';

export interface WorkflowTrend {
  /** The workflow's batches kept in this browser, newest first. */
  records: BatchRecord[];
  /** Their figures, oldest first. */
  points: TrendPoint[];
  loading: boolean;
  /** Older runs of these batches are being read from this browser's database: durations and tokens may fill in. */
  reading: boolean;
}

/**
 * A workflow's batches and their trend, from what this browser keeps: the batches and the runs their rows became
 * (with the durations and tokens the server last reported). Nothing is asked of the server: fifty batches would
 * otherwise be thousands of calls. Runs not in memory are read from the local database, one indexed read a batch.
 */
export function useWorkflowTrend(workflowId: string): WorkflowTrend {
  const all = useBatchesStore((state) => state.batches);
  const loading = useBatchesStore((state) => state.status === 'loading' || state.status === 'idle');
  const runs = useRunsStore((state) => state.runs);
  const records = useMemo(() => all.filter((record) => record.batch.workflowId === workflowId), [all, workflowId]);
  const reading = useBatchRuns(useMemo(() => records.map((record) => record.id), [records]));
  const points = useMemo(() => {
    const byBatch = new Map<string, Run[]>();
    for (const run of runs) {
      if (run.batchId === undefined) continue;
      const held = byBatch.get(run.batchId);
      if (held) held.push(run);
      else byBatch.set(run.batchId, [run]);
    }
    const verdicts = new Map(records.map((record) => [record.id, record.verdicts?.rows]));
    return batchTrend(
      records.map((record) => batchSide(record, byBatch.get(record.id) ?? [])),
      verdictsFirst((batchId, index) => verdicts.get(batchId)?.[String(index)]?.verdict),
    );
  }, [records, runs]);
  return { records, points, loading, reading };
}
