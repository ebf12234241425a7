import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { counts } from '@/domain/workflows/batches/batch';
import { batchResultsCsv } from '@/domain/workflows/batches/batch-results';
import { BatchRows } from './batch-rows';
import { BatchTitle } from './batch-title';
import { batchTime } from '@/domain/workflows/batches/batch-name';
import { CompareAgainstBaseline } from './compare-against-baseline';
import { BatchWaiting } from './batch-waiting';
import { useBatchRuntime } from './use-batch-runtime';
import { findBatch, useBatchesStore } from './batches-store';
import { download, fileStamp } from '@/lib/download';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { batchFileText, exportable } from './batch-file';
import '@/ui/confirm-inline.css';
import '@/features/workflows/run/run-status.css';
import '@/features/workflows/run/run-page.css';
import './batches.css';

/** One batch: a progress bar with counts, pause / resume / cancel, retry of failed rows, its rows and a CSV of the results. */
export function BatchPage({ batchId }: { batchId: string }) {
  const record = useBatchesStore(findBatch(batchId));
  const loading = useBatchesStore((state) => state.status === 'loading' || state.status === 'idle');
  const saveError = useBatchesStore((state) => state.saveError);
  const runtime = useBatchRuntime();
  const runs = useRunsStore((state) => state.runs);
  const [confirmCancel, setConfirmCancel] = useState(false);
  if (!record) {
    return (
      <section className="page">
        <h1>Batch</h1>
        {loading ? <p className="muted">Loading…</p> : <p role="alert">This batch is not in this browser’s history.</p>}
        <Link to="/workflows">Workflows</Link>
      </section>
    );
  }
  const { batch } = record;
  const tally = counts(batch);
  const finished = tally.succeeded + tally.failed + tally.cancelled;
  const open = batch.state === 'running' || batch.state === 'paused';
  return (
    <section className="page" aria-labelledby="batch-title">
      <header className="page-header">
        <p className="small">
          <Link to="/workflows">Workflows</Link> /{' '}
          <Link to="/workflows/trends/$workflowId" params={{ workflowId: batch.workflowId }}>
            batches of {record.workflowName}
          </Link>{' '}
          / batch
        </p>
        <BatchTitle record={record} />
        <p className="muted small">
          {record.name ? `Batch of ${record.workflowName} · ` : ''}Started {batchTime(record)} · {batch.concurrency} at
          a time
          {batch.sessionId ? (
            <>
              {' '}
              · session <span className="mono">{batch.sessionId}</span>
            </>
          ) : null}
          {batch.commonTags.length ? ` · tags ${batch.commonTags.join(', ')}` : ''}
        </p>
      </header>
      {saveError ? (
        <p role="alert" className="field-error">
          {saveError}
        </p>
      ) : null}
      {record.interrupted ? (
        <div className="alert row" role="alert">
          <span>
            The page was closed while this batch ran: {tally.queued} row{tally.queued === 1 ? '' : 's'} never started.
            Go on with them?
          </span>
          <button type="button" className="button button-primary button-small" onClick={() => runtime.resume(batch.id)}>
            Resume the batch
          </button>
          <button type="button" className="button button-small" onClick={() => runtime.cancel(batch.id)}>
            Cancel the rest
          </button>
        </div>
      ) : null}
      <div className="batch-progress">
        <progress
          max={tally.total}
          value={finished}
          aria-label={`Batch progress: ${finished} of ${tally.total} finished`}
        />
        <p className="batch-counts" aria-live="polite">
          <span>{tally.queued} queued</span> · <span className="status-running">{tally.running} running</span> ·{' '}
          {tally.waiting ? (
            <>
              <span className="run-status-warning">{tally.waiting} waiting for you</span> ·{' '}
            </>
          ) : null}
          <span className="status-success">{tally.succeeded} succeeded</span> ·{' '}
          <span className="status-error">{tally.failed} failed</span>
          {tally.cancelled ? (
            <>
              {' '}
              · <span className="muted">{tally.cancelled} cancelled</span>
            </>
          ) : null}{' '}
          · {tally.total} in all
        </p>
      </div>
      <div className="row run-actions">
        {batch.state === 'running' ? (
          <button type="button" className="button" onClick={() => runtime.pause(batch.id)}>
            Pause
          </button>
        ) : null}
        {batch.state === 'paused' && !record.interrupted ? (
          <button type="button" className="button button-primary" onClick={() => runtime.resume(batch.id)}>
            Resume
          </button>
        ) : null}
        {open && !confirmCancel ? (
          <button type="button" className="button button-stop" onClick={() => setConfirmCancel(true)}>
            Cancel…
          </button>
        ) : null}
        {open && confirmCancel ? (
          <span className="confirm row" role="group" aria-label="Confirm cancel">
            Cancel the batch? Queued rows will not run; running and waiting ones are aborted on the server.
            <button
              type="button"
              className="button button-danger button-small"
              onClick={() => (runtime.cancel(batch.id), setConfirmCancel(false))}
            >
              Cancel batch
            </button>
            <button type="button" className="button button-small" onClick={() => setConfirmCancel(false)}>
              Keep going
            </button>
          </span>
        ) : null}
        {tally.failed > 0 ? (
          <button type="button" className="button" onClick={() => runtime.retryFailed(batch.id)}>
            Retry {tally.failed} failed
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          onClick={() =>
            download(`batch-${fileStamp()}.csv`, 'text/csv', `\uFEFF${batchResultsCsv(batch, record.verdicts)}`)
          }
        >
          Export results CSV
        </button>
        {exportable(record) ? (
          <button
            type="button"
            className="button"
            title="The batch, its runs and your verdicts, to import in another browser"
            onClick={() => download(`batch-${fileStamp()}.json`, 'application/json', batchFileText(record, runs))}
          >
            Export batch (JSON)
          </button>
        ) : null}
        <CompareAgainstBaseline record={record} />
      </div>
      <BatchWaiting batch={batch} />
      <BatchRows batch={batch} />
    </section>
  );
}
