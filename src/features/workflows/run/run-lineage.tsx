import './run.css';
import { Link } from '@tanstack/react-router';
import type { Run } from '@/features/workflows/saved-runs/run';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import { useSavedRuns } from '@/features/workflows/saved-runs/use-saved-runs';

const when = (run: Run) => new Date(run.startedAt).toLocaleString();

/**
 * Where a run stands among its relatives: the run it was forked from (with "compare with parent"), the runs forked
 * from it, and the previous run of the same workflow to compare with.
 */
export function RunLineage({ run }: { run: Run }) {
  const runs = useRunsStore((state) => state.runs);
  // The run it was forked from may be older than the runs in memory.
  useSavedRuns({ ids: run.parentRunId ? [run.parentRunId] : [] });
  const parent = run.parentRunId ? runs.find((other) => other.id === run.parentRunId) : undefined;
  const forks = runs.filter((other) => other.parentRunId === run.id);
  // Newest first: the first older run of this workflow is the previous one.
  const previous = runs.find(
    (other) =>
      other.workflowId === run.workflowId &&
      other.id !== run.id &&
      other.startedAt < run.startedAt &&
      other.executionId,
  );
  if (!parent && !run.parentRunId && forks.length === 0 && !previous) return null;
  return (
    <nav className="run-lineage small" aria-label="Related runs">
      {run.parentRunId ? (
        parent ? (
          <span>
            Forked from{' '}
            <Link to="/workflows/runs/$runId" params={{ runId: parent.id }}>
              the run of {when(parent)}
            </Link>{' '}
            ·{' '}
            <Link to="/workflows/compare" search={{ a: parent.id, b: run.id }}>
              Compare with parent
            </Link>
          </span>
        ) : (
          <span className="muted">Forked from a run no longer in this browser’s history.</span>
        )
      ) : null}
      {forks.length > 0 ? (
        <span>
          Forked into{' '}
          {forks.map((fork, index) => (
            <span key={fork.id}>
              {index > 0 ? ', ' : ''}
              <Link to="/workflows/runs/$runId" params={{ runId: fork.id }}>
                the run of {when(fork)}
              </Link>
            </span>
          ))}
        </span>
      ) : null}
      {previous && previous.id !== parent?.id ? (
        <Link to="/workflows/compare" search={{ a: previous.id, b: run.id }}>
          Compare with previous run
        </Link>
      ) : null}
    </nav>
  );
}
