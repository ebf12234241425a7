import { Link } from '@tanstack/react-router';
import type { Batch, BatchRowStatus } from '@/domain/workflows/batches/batch';
import { plainPreview } from '@/domain/answer/plain-preview';
import { Button } from '@/ui/button';
import { useBatchRuntime } from './use-batch-runtime';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { useSavedRuns } from '@/features/workflows/saved-runs/use-saved-runs';
import { judgeRow, passRate, passRateText } from '@/domain/workflows/verdicts/verdicts';
import { passOptions, VerdictButtons, verdictOfKey } from '@/ui/verdicts/verdict-buttons';
import { VerdictKeysHint } from '@/ui/verdicts/verdict-keys-hint';
import { VerdictNote } from '@/ui/verdicts/verdict-note';
import { useVerdictKeys } from '@/ui/verdicts/use-verdict-keys';
import { findBatch, useBatchesStore } from './batches-store';
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

/**
 * The rows of a batch as a table: input, status, the run it became, why it failed or what it produced, and the
 * person's pass / fail with a note (keys 1 / 2 on a focused row, J / K to move), with the pass rate above.
 */
export function BatchRows({ batch }: { batch: Batch }) {
  const runs = useRunsStore((state) => state.runs);
  // An older batch's runs are read from this browser's history when they are not among the newest.
  useSavedRuns({ batchId: batch.id });
  const runtime = useBatchRuntime();
  const runOf = new Map(runs.filter((run) => run.batchId === batch.id).map((run) => [run.batchRow, run.id]));
  const verdicts = useBatchesStore((state) => findBatch(batch.id)(state)?.verdicts);
  const batchJudged = useBatchesStore((state) => state.batchJudged);
  const judge = (index: number, change: Parameters<typeof judgeRow>[2]) =>
    batchJudged(batch.id, (current) => judgeRow(current, index, change));
  const rowKeys = useVerdictKeys(
    batch.rows.map((row) => String(row.index)),
    (key, digit) => {
      const verdict = verdictOfKey(passOptions, digit);
      if (verdict !== undefined) judge(Number(key), { verdict });
    },
  );
  return (
    <>
      <p className="batch-pass-rate" aria-live="polite">
        {passRateText(
          passRate(
            verdicts,
            batch.rows.map((row) => row.index),
          ),
        )}
      </p>
      <VerdictKeysHint options={passOptions} />
      <table className="batch-rows">
        <caption className="visually-hidden">Rows of the batch</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Input</th>
            <th scope="col">Status</th>
            <th scope="col">Result</th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {batch.rows.map((row) => {
            const runId = runOf.get(row.index);
            const name = `Row ${row.index + 1}`;
            const judgement = verdicts?.rows?.[String(row.index)];
            return (
              <tr key={row.index} aria-label={name} className="verdict-row" {...rowKeys(String(row.index))}>
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
                <td>
                  <VerdictButtons
                    options={passOptions}
                    value={judgement?.verdict}
                    rowName={name}
                    onChange={(verdict) => judge(row.index, { verdict })}
                  />
                  <VerdictNote note={judgement?.note} rowName={name} onSave={(note) => judge(row.index, { note })} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
