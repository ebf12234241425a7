import { Link } from '@tanstack/react-router';
import { RunStatus } from '@/features/workflows/run/run-status';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import './recent-runs.css';

/**
 * Three: a run's row may take two lines (a name kept whole, its status under it), so three rows and *All runs* take
 * about what five one-line rows would, and the conversations above keep the rail (issue 40: five runs left the chat
 * list three rows at 1440 px and 42 px in the 375 px drawer). Runs that wait for the person are in *Waiting for you*.
 */
export const recentRunsShown = 3;

/** The latest runs under Workflows in the rail: one click back to a run, its status at a glance; the rest in All runs. */
export function RecentRuns({ onOpen }: { onOpen?: (() => void) | undefined }) {
  const runs = useRunsStore((state) => state.runs);
  const latest = [...runs].sort((a, b) => b.startedAt - a.startedAt).slice(0, recentRunsShown);
  if (latest.length === 0) return null;
  return (
    <>
      <ul className="recent-runs" aria-label="Recent runs">
        {latest.map((run) => (
          <li key={run.id}>
            <Link
              to="/workflows/runs/$runId"
              params={{ runId: run.id }}
              onClick={onOpen}
              title={run.userInput ? `${run.workflowName}: ${run.userInput}` : run.workflowName}
            >
              <span className="recent-run-name">{run.workflowName}</span>
              <RunStatus status={run.status} lost={run.lost} />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/workflows/runs"
        className="recent-runs-all"
        onClick={onOpen}
        activeOptions={{ exact: true, includeSearch: false }}
        activeProps={{ 'aria-current': 'page' }}
      >
        All runs
      </Link>
    </>
  );
}
