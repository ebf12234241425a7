import { Link } from '@tanstack/react-router';
import type { Batch, BatchRowStatus } from '@/domain/workflows/batches/batch';
import { plainPreview } from '@/domain/answer/plain-preview';
import { Button } from '@/ui/button';
import { useBatchRuntime } from './batch-runtime';
import { useRunsStore } from '@/features/workflows/model/runs-store';
import { useSavedRuns } from '@/features/workflows/model/use-saved-runs';
import '@/features/workflows/run/run-status.css';
import './batches.css';

const tone: Record<BatchRowStatus, string> = {
  queued: 'neutral',
  running: 'running',
  waiting: 'waiting',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'neutral',
};
const label: Record<BatchRowStatus, string> = {
  queued: 'queued',
  running: 'running',
  waiting: 'waiting for you',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};
const short = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The rows of a batch as a table: input, status, the run it became, and why it failed or what it produced. */
export function BatchRows({ batch }: { batch: Batch }) {
  const runs = useRunsStore((state) => state.runs);
  // An older batch's runs are read from this browser's history when they are not among the newest.
  useSavedRuns({ batchId: batch.id });
  const runtime = useBatchRuntime();
  const runOf = new Map(runs.filter((run) => run.batchId === batch.id).map((run) => [run.batchRow, run.id]));
  return (
    <table className="batch-rows">
      <caption className="visually-hidden">Rows of the batch</caption>
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Input</th>
          <th scope="col">Status</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {batch.rows.map((row) => {
          const runId = runOf.get(row.index);
          return (
            <tr key={row.index} aria-label={`Row ${row.index + 1}`}>
              <td>{row.index + 1}</td>
              <td className="batch-input">{short(row.input)}</td>
              <td>
                <span className={`run-status run-status-${tone[row.status]}`}>
                  {row.continuation && row.status === 'waiting' ? 'continuing soon' : label[row.status]}
                </span>
              </td>
              <td className="batch-result">
                {runId ? (
                  <Link
                    to="/workflows/runs/$runId"
                    params={{ runId }}
                    className="small mono"
                    title={row.executionId ? `Execution ${row.executionId}` : 'Starting…'}
                  >
                    {row.executionId ? `Run ${row.executionId.slice(0, 8)}` : 'Run (starting)'}
                  </Link>
                ) : null}{' '}
                {row.error ? (
                  <span className="field-error small">{row.error}</span>
                ) : row.output ? (
                  <span className="muted small" title={row.output}>
                    {plainPreview(row.output)}
                  </span>
                ) : null}
                {row.status === 'waiting' && !row.continuation && batch.state !== 'cancelled' ? (
                  <Button
                    size="small"
                    onClick={() => runtime.continueWaiting(batch.id, undefined, [row.index])}
                    aria-label={`Continue row ${row.index + 1}`}
                  >
                    Continue
                  </Button>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
