import { Link } from '@tanstack/react-router';
import { fileLabel } from '@/domain/files/file-url';
import { canonicalStatus } from '@/domain/workflows/run/execution-status';
import { headersLine } from '@/domain/workflows/run/run-headers';
import type { Run } from '@/features/workflows/saved-runs/run';
import { seconds, sessionIsDefault, sessionOf, tokensText } from '@/features/workflows/saved-runs/run-facts';
import { CopyButton } from '@/ui/copy-button';
import { TraceArrow, TraceLink } from './trace-link';
import './run-meta.css';

/**
 * How long the run took, once it ended. A run paused for a person has not ended: it says since when it waits (and how
 * long it ran before), not a "took" that reads like a finished run's.
 */
function timing(run: Run): string {
  if (!run.endedAt) return '';
  const ran = seconds(run.startedAt, run.endedAt) ?? '?';
  const waiting = !run.lost && canonicalStatus(run.status) === 'Interrupted';
  return waiting
    ? ` · waiting for you since ${new Date(run.endedAt).toLocaleTimeString()} (ran ${ran} before the pause)`
    : ` · took ${ran}`;
}

/** The facts of a run: ids, session and tags (as chips that filter the runs), file, timing, headers. */
export function RunMeta({ run, traceUrlTemplate }: { run: Run; traceUrlTemplate: string | undefined }) {
  const session = sessionOf(run);
  return (
    <dl className="run-meta">
      <dt>Execution ID</dt>
      <dd className="mono">
        {run.executionId ? (
          <TraceLink
            template={traceUrlTemplate}
            values={{ execution_id: run.executionId, workflow_id: run.workflowId }}
          >
            {run.executionId}
          </TraceLink>
        ) : (
          '—'
        )}
      </dd>
      <dt>Session ID</dt>
      <dd>
        {session ? (
          <span className="chip-group">
            <Link
              to="/workflows/runs"
              search={{ sessionId: session }}
              className="chip mono"
              title={`${session}: show the runs of this session`}
            >
              {session}
            </Link>
            <TraceArrow template={traceUrlTemplate} values={{ session_id: session }} />
          </span>
        ) : (
          '—'
        )}
        {session && sessionIsDefault(run) ? (
          <span className="muted small"> (none sent: the server uses the execution id)</span>
        ) : null}
      </dd>
      <dt>Tags</dt>
      <dd>
        {run.tags.length === 0 ? '—' : null}
        {run.tags.map((tag) => (
          <span key={tag} className="chip-group run-tag">
            <Link
              to="/workflows/runs"
              search={{ tag }}
              className="chip mono"
              title={`${tag}: show the runs with this tag`}
            >
              {tag}
            </Link>
            <TraceArrow template={traceUrlTemplate} values={{ tag }} />
          </span>
        ))}
      </dd>
      <dt>File</dt>
      <dd className="mono">{run.fileName ? <span title={run.fileName}>{fileLabel(run.fileName)}</span> : '—'}</dd>
      <dt>Started</dt>
      <dd>
        {new Date(run.startedAt).toLocaleString()}
        {timing(run)}
      </dd>
      <dt>Tokens</dt>
      <dd>{run.tokens ? tokensText(run.tokens) : '—'}</dd>
      <dt>Request ID</dt>
      <dd className="mono">{run.requestId ?? '—'}</dd>
      <dt>Trace ID</dt>
      <dd className="mono">
        {run.traceId ? (
          <span className="chip-group">
            <TraceLink template={traceUrlTemplate} values={{ trace_id: run.traceId }}>
              {run.traceId}
            </TraceLink>
            <CopyButton getText={() => run.traceId ?? ''} label="Copy" ariaLabel="Copy trace ID" />
          </span>
        ) : (
          '—'
        )}
      </dd>
      <dt>Headers</dt>
      <dd>{headersLine(run.forwarded)}</dd>
    </dl>
  );
}
