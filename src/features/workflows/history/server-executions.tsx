import './server-executions.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useConsoleServices } from '@/lib/services-context';
import { serverExecutionsQuery } from '@/api/workflows/execution-calls';
import type { ExecutionRecord } from '@/api/workflows/workflow-schemas';
import { serverDate } from '@/domain/time/server-time';
import { canonicalStatus, executionStatuses, statusLabel } from '@/domain/workflows/run/execution-status';
import { RunStatus } from '@/features/workflows/run/run-status';
import { useRunsStore } from '@/features/workflows/model/runs-store';
import { useAllSavedRuns } from '@/features/workflows/model/use-saved-runs';
import { useWorkflowRuntime } from '@/features/workflows/runtime/workflow-runtime';
import { Button } from '@/ui/button';
import '@/ui/button.css';

interface ServerExecutionsProps {
  workflow: { id: string; name: string };
}

const firstLine = (text: string | undefined) => (text ?? '').split('\n', 1)[0] ?? '';

/**
 * The workflow's executions as the server keeps them (the person's own, newest first), including runs started
 * elsewhere: another browser, an SDK, a schedule. Runs this browser already knows are left out (the same execution
 * id is the same run). Opening one keeps it here and shows its full run page.
 */
export function ServerExecutions({ workflow }: ServerExecutionsProps) {
  const { client } = useConsoleServices();
  const runtime = useWorkflowRuntime();
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const query = useInfiniteQuery(serverExecutionsQuery(client, workflow.id));
  // Runs this browser knows are left out: all of them, older ones too, are read first.
  const readingKnown = useAllSavedRuns(true);
  const known = useRunsStore((state) => state.runs);
  const knownIds = useMemo(() => new Set(known.flatMap((run) => (run.executionId ? [run.executionId] : []))), [known]);
  const records = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.data)
      .filter(
        (record) =>
          !seen.has(record.execution_id) && seen.add(record.execution_id) && !knownIds.has(record.execution_id),
      )
      .filter((record) => !status || canonicalStatus(record.overall_status) === status);
  }, [query.data, knownIds, status]);
  const total = query.data?.pages[0]?.pagination.total;

  // Infinite scroll: the next page loads when the end of the list comes into view.
  const end = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const open = (record: ExecutionRecord) => {
    const run = runtime.adopt(record, workflow);
    void navigate({ to: '/workflows/runs/$runId', params: { runId: run.id } });
  };

  return (
    <section className="server-executions" aria-labelledby="server-executions-title">
      <div className="row server-executions-head">
        <h2 id="server-executions-title">On the server · {workflow.name}</h2>
        {total !== undefined ? (
          <span className="muted small">{total} executions in all; those not in this browser’s history are listed</span>
        ) : null}
        <label className="row small">
          Status
          <select value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Any</option>
            {executionStatuses.map((known) => (
              <option key={known} value={known}>
                {statusLabel(known)}
              </option>
            ))}
          </select>
        </label>
        <Button size="small" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching && !isFetchingNextPage ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      {query.isPending ? <p className="muted">Loading the server’s executions…</p> : null}
      {query.isError ? (
        <p role="alert" className="field-error">
          The server’s executions could not be read: {query.error.message}
        </p>
      ) : null}
      {query.isSuccess && records.length === 0 && !readingKnown ? (
        <p className="muted">
          {status
            ? 'No execution with this status among those loaded.'
            : 'Every execution on the server is already in this browser’s history.'}
        </p>
      ) : null}
      {readingKnown ? <p className="muted">Reading this browser’s older runs…</p> : null}
      {records.length > 0 && !readingKnown ? (
        <table className="server-executions-table">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Input</th>
              <th scope="col">Started</th>
              <th scope="col">Started by</th>
              <th scope="col">Execution</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.execution_id}>
                <td>
                  <RunStatus status={record.overall_status} />
                </td>
                <td className="server-executions-input" title={record.prompt ?? ''}>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => open(record)}
                    aria-label={`Open the execution ${record.execution_id}`}
                  >
                    {firstLine(record.prompt) || <span className="muted">(no input)</span>}
                  </button>
                </td>
                <td>{serverDate(record.date)?.toLocaleString() ?? '—'}</td>
                <td>{createdBy(record.created_by)}</td>
                <td className="mono small" title={record.execution_id}>
                  {record.execution_id.slice(0, 8)}…
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div ref={end} className="server-executions-end">
        {hasNextPage ? (
          <Button size="small" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading more…' : 'Load more'}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function createdBy(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '—';
  const person = value as Record<string, unknown>;
  const name = [person.name, person.username, person.user_id].find(
    (field) => typeof field === 'string' && field !== '',
  );
  return typeof name === 'string' ? name : '—';
}
