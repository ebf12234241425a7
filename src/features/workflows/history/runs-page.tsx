import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { filterFromSearch, filterRuns, type RunFilter } from '@/domain/workflows/history/run-filter';
import { Button } from '@/ui/button';
import type { Run } from '@/features/workflows/saved-runs/run';
import { BatchCompareLink } from './batch-compare-link';
import { toRunRecord } from './run-record';
import { RunsFilters } from './runs-filters';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { useAllSavedRuns, useOlderRuns } from '@/features/workflows/saved-runs/use-saved-runs';
import { RunsTable } from './runs-table';
import { RunsToolbar } from './runs-toolbar';
import { BatchImport } from '@/features/workflows/batches/batch-import';
import './runs-table.css';
import { ServerExecutionsSection } from './server-executions-section';

/** Every run launched from this browser by this person, newest first, found by tag, session, workflow, status or text. */
export function RunsPage() {
  const runs = useRunsStore((state) => state.runs);
  const status = useRunsStore((state) => state.status);
  const loadError = useRunsStore((state) => state.loadError);
  const saveError = useRunsStore((state) => state.saveError);
  const unreadable = useRunsStore((state) => state.unreadable);
  const runsDeleted = useRunsStore((state) => state.runsDeleted);
  const runsRestored = useRunsStore((state) => state.runsRestored);
  const filter = filterFromSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  // A choice is a step Back can undo; typing in the search box replaces the step it started.
  const setFilter = (next: RunFilter, replace = false) =>
    navigate({ to: '/workflows/runs', search: clean(next), replace });
  const [deleted, setDeleted] = useState<Run[] | null>(null);
  const [notice, setNotice] = useState('');
  const shown = useMemo(() => {
    const byId = new Map(runs.map((run) => [run.id, run]));
    return filterRuns(runs.map(toRunRecord), filter).flatMap((record) => byId.get(record.id) ?? []);
    // The filter is rebuilt from the address each render: compared by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runs, JSON.stringify(filter)]);
  const workflows = useMemo(
    () => [...new Map(runs.map((run) => [run.workflowId, run.workflowName])).entries()],
    [runs],
  );
  const statuses = useMemo(() => [...new Set(runs.map((run) => run.status))], [runs]);
  const set = (change: Partial<RunFilter>) => setFilter({ ...filter, ...change }, 'text' in change);
  const filtered = Object.keys(filter).length > 0;
  // The newest runs are in memory; a filter looks through all of them, so the older ones are read first.
  const { older, reader } = useOlderRuns();
  const searchingOlder = useAllSavedRuns(filtered);
  const [readingPage, setReadingPage] = useState(false);
  const readOlderPage = () => {
    setReadingPage(true);
    void reader
      .readOlder()
      .catch(() => undefined)
      .finally(() => setReadingPage(false));
  };

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const picked = shown.filter((run) => selected.has(run.id));
  // Exports and bulk delete act on the runs ticked among those shown, or on all shown when none is ticked.
  const target = picked.length > 0 ? picked : shown;
  const targetLabel =
    picked.length > 0 ? `${picked.length} selected` : filtered || older ? `${shown.length} shown` : 'all';
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const remove = (ids: string[]) => {
    setDeleted(runsDeleted(ids));
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
  };
  return (
    <section className="page runs-page" aria-labelledby="runs-title">
      <header className="page-header row">
        <h1 id="runs-title">Runs</h1>
        <Link to="/workflows" className="button button-small">
          New run
        </Link>
      </header>
      {loadError ? (
        <p role="alert" className="field-error">
          {loadError}
        </p>
      ) : null}
      {saveError ? (
        <p role="alert" className="field-error">
          {saveError}
        </p>
      ) : null}
      {unreadable ? (
        <p className="field-warning">
          {unreadable} saved run{unreadable === 1 ? '' : 's'} could not be read and {unreadable === 1 ? 'is' : 'are'}{' '}
          not shown.
        </p>
      ) : null}
      <RunsFilters
        filter={filter}
        workflows={workflows}
        statuses={statuses}
        onChange={set}
        onClear={() => setFilter({})}
      />
      <div className="runs-bar">
        <span className="muted small">
          {shown.length} of {runs.length} run{runs.length === 1 ? '' : 's'}
          {filtered ? ' match' : ''}
          {searchingOlder ? ' so far; searching older runs…' : older && !filtered ? ', the newest' : ''}
        </span>
        {picked.length === 2 ? <CompareLink runs={picked} /> : null}
        <BatchCompareLink shown={shown} isSelected={(id) => selected.has(id)} />
        <RunsToolbar
          target={target}
          targetLabel={targetLabel}
          deletable={filtered || picked.length > 0}
          picked={picked.length}
          onClearSelection={() => setSelected(new Set())}
          onDelete={remove}
        />
        <BatchImport />
      </div>
      <div role="status" className="runs-notice">
        {deleted && deleted.length > 0 ? (
          <div className="undo row">
            Deleted {deleted.length} run{deleted.length === 1 ? '' : 's'}.
            <Button
              size="small"
              onClick={() => {
                runsRestored(deleted);
                setDeleted(null);
              }}
            >
              Undo
            </Button>
          </div>
        ) : null}
        {notice ? <p className="small muted">{notice}</p> : null}
      </div>
      {status === 'loading' ? <p className="muted">Loading runs…</p> : null}
      {status !== 'loading' && runs.length === 0 ? (
        <p className="muted">
          No runs yet. <Link to="/workflows">Start one</Link>: give it tags or a session id, and find it here later by
          clicking one.
        </p>
      ) : null}
      {shown.length > 0 ? (
        <RunsTable
          runs={shown}
          isSelected={(id) => selected.has(id)}
          onSelect={select}
          onFilter={set}
          onDelete={remove}
          onNotice={setNotice}
        />
      ) : null}
      {runs.length > 0 && shown.length === 0 && !searchingOlder ? (
        <p className="muted">No run matches these filters.</p>
      ) : null}
      {older && !filtered ? (
        <p className="row">
          <Button size="small" onClick={readOlderPage} disabled={readingPage}>
            {readingPage ? 'Loading older runs…' : 'Load older runs'}
          </Button>
          <span className="muted small">Older runs stay in this browser and are read when asked for.</span>
        </p>
      ) : null}
      <ServerExecutionsSection
        filtered={
          filter.workflowId
            ? {
                id: filter.workflowId,
                name: workflows.find(([id]) => id === filter.workflowId)?.[1] ?? filter.workflowId,
              }
            : undefined
        }
      />
    </section>
  );
}

const clean = (filter: RunFilter): RunFilter =>
  Object.fromEntries(
    Object.entries(filter).filter(([, value]) => typeof value === 'string' && value !== ''),
  ) as RunFilter;

/** Two ticked runs open side by side, the earlier one as A. */
function CompareLink({ runs }: { runs: readonly Run[] }) {
  const [a, b] = [...runs].sort((x, y) => x.startedAt - y.startedAt);
  if (!a || !b) return null;
  return (
    <Link to="/workflows/compare" search={{ a: a.id, b: b.id }} className="button button-small">
      Compare the 2 selected
    </Link>
  );
}
