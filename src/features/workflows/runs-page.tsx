import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { toCsv } from '@/domain/workflows/csv';
import { statusLabel } from '@/domain/workflows/execution-status';
import { filterFromSearch, filterRuns, runsCsvRows, type RunFilter, type RunRecord } from '@/domain/workflows/run-filter';
import { download, fileStamp } from '@/lib/download';
import type { Run } from './run';
import { sessionOf } from './run-facts';
import { FilterChip, RunRow } from './run-row';
import { useRunsStore } from './runs-store';

/** Every run launched from this browser by this person, newest first, found by tag, session, workflow, status or text. */
export function RunsPage() {
  const runs = useRunsStore((state) => state.runs);
  const status = useRunsStore((state) => state.status);
  const loadError = useRunsStore((state) => state.loadError);
  const saveError = useRunsStore((state) => state.saveError);
  const unreadable = useRunsStore((state) => state.unreadable);
  const filter = filterFromSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  // A choice is a step Back can undo; typing in the search box replaces the step it started.
  const setFilter = (next: RunFilter, replace = false) => void navigate({ to: '/workflows/runs', search: clean(next), replace });
  const [deleted, setDeleted] = useState<Run[] | null>(null);
  const shown = useMemo(() => {
    const byId = new Map(runs.map((run) => [run.id, run]));
    return filterRuns(runs.map(toRunRecord), filter).flatMap((record) => byId.get(record.id) ?? []);
    // The filter is rebuilt from the address each render: compared by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runs, JSON.stringify(filter)]);
  const workflows = useMemo(() => [...new Map(runs.map((run) => [run.workflowId, run.workflowName])).entries()], [runs]);
  const statuses = useMemo(() => [...new Set(runs.map((run) => run.status))], [runs]);
  const set = (change: Partial<RunFilter>) => setFilter({ ...filter, ...change }, 'text' in change);
  const filtered = Object.keys(filter).length > 0;

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const picked = shown.filter((run) => selected.has(run.id));
  // Exports and bulk delete act on the runs ticked among those shown, or on all shown when none is ticked.
  const target = picked.length > 0 ? picked : shown;
  const targetLabel = picked.length > 0 ? `${picked.length} selected` : filtered ? `${shown.length} shown` : 'all';
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = (ids: string[]) => {
    setDeleted(useRunsStore.getState().runsDeleted(ids));
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
  };
  return (
    <section className="page" aria-labelledby="runs-title">
      <header className="page-header row">
        <h1 id="runs-title">Runs</h1>
        <Link to="/workflows" className="button button-small">
          New run
        </Link>
      </header>
      {loadError ? <p role="alert" className="field-error">{loadError}</p> : null}
      {saveError ? <p role="alert" className="field-error">{saveError}</p> : null}
      {unreadable ? <p className="field-warning">{unreadable} saved run{unreadable === 1 ? '' : 's'} could not be read and {unreadable === 1 ? 'is' : 'are'} not shown.</p> : null}
      <div className="runs-filters row" role="search" aria-label="Filter runs">
        <input type="search" aria-label="Search runs" placeholder="Search input, tags, session, execution id" value={filter.text ?? ''} onChange={(event) => set({ text: event.target.value })} />
        <select aria-label="Workflow" value={filter.workflowId ?? ''} onChange={(event) => set({ workflowId: event.target.value })}>
          <option value="">All workflows</option>
          {workflows.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <select aria-label="Status" value={filter.status ?? ''} onChange={(event) => set({ status: event.target.value })}>
          <option value="">Any status</option>
          {statuses.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
        {filter.tag ? <FilterChip label={`Tag: ${filter.tag}`} onClear={() => set({ tag: '' })} /> : null}
        {filter.sessionId ? <FilterChip label={`Session: ${filter.sessionId}`} onClear={() => set({ sessionId: '' })} /> : null}
        {filtered ? (
          <button type="button" className="button button-small" onClick={() => setFilter({})}>
            Clear filters
          </button>
        ) : null}
      </div>
      <div className="row small">
        <span className="muted">
          {shown.length} of {runs.length} run{runs.length === 1 ? '' : 's'}
          {filtered ? ' match' : ''}
        </span>
        <button type="button" className="button button-small" disabled={target.length === 0} onClick={() => download(`workflow-runs-${fileStamp()}.json`, 'application/json', JSON.stringify(target, null, 2))}>
          Export JSON ({targetLabel})
        </button>
        {/* The byte-order mark makes Excel read the CSV as UTF-8. */}
        <button type="button" className="button button-small" disabled={target.length === 0} onClick={() => download(`workflow-runs-${fileStamp()}.csv`, 'text/csv', `\uFEFF${toCsv(runsCsvRows(target.map(toRunRecord)))}`)}>
          Export CSV ({targetLabel})
        </button>
        {picked.length > 0 ? (
          <button type="button" className="button button-small" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        ) : null}
        {(filtered || picked.length > 0) && target.length > 0 ? (
          <button type="button" className="button button-small button-danger" onClick={() => remove(target.map((run) => run.id))}>
            Delete {targetLabel}
          </button>
        ) : null}
      </div>
      {deleted && deleted.length > 0 ? (
        <div className="undo row" role="status">
          Deleted {deleted.length} run{deleted.length === 1 ? '' : 's'}.
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              useRunsStore.getState().runsRestored(deleted);
              setDeleted(null);
            }}
          >
            Undo
          </button>
        </div>
      ) : null}
      {status === 'loading' ? <p className="muted">Loading runs…</p> : null}
      {status !== 'loading' && runs.length === 0 ? (
        <p className="muted">
          No runs yet. <Link to="/workflows">Start one</Link>.
        </p>
      ) : null}
      <ul className="run-list" aria-label="Runs">
        {shown.map((run) => (
          <RunRow key={run.id} run={run} selected={selected.has(run.id)} onSelect={(on) => toggle(run.id, on)} onFilter={set} onDelete={() => remove([run.id])} />
        ))}
      </ul>
    </section>
  );
}

/** The run as the domain's filters and exports read it. */
function toRunRecord(run: Run): RunRecord {
  const session = sessionOf(run);
  return {
    id: run.id,
    workflowId: run.workflowId,
    workflowName: run.workflowName,
    userInput: run.userInput,
    tags: run.tags,
    status: run.status,
    startedAt: run.startedAt,
    ...(session ? { sessionId: session } : {}),
    ...(run.fileName ? { fileName: run.fileName } : {}),
    ...(run.forwarded?.profileName ? { profileName: run.forwarded.profileName } : {}),
    ...(run.executionId ? { executionId: run.executionId } : {}),
    ...(run.endedAt ? { finishedAt: run.endedAt } : {}),
    ...(run.finalOutput !== undefined ? { outputs: [{ stateId: 'final', name: 'final', output: run.finalOutput }] } : {}),
    ...(run.batchId ? { batchId: run.batchId } : {}),
  };
}

const clean = (filter: RunFilter): RunFilter => Object.fromEntries(Object.entries(filter).filter(([, value]) => typeof value === 'string' && value !== '')) as RunFilter;
