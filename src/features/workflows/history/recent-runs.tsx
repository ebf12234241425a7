import { Link } from '@tanstack/react-router';
import { RunStatus } from '@/features/workflows/run/run-status';
import { useRunsStore } from '@/features/workflows/saved-runs/runs-store';
import './recent-runs.css';

const shown = 5;

/** The latest runs under Workflows in the rail: one click back to a run, its status at a glance. */
export function RecentRuns({ onOpen }: { onOpen?: (() => void) | undefined }) {
  const runs = useRunsStore((state) => state.runs);
  const latest = [...runs].sort((a, b) => b.startedAt - a.startedAt).slice(0, shown);
  if (latest.length === 0) return null;
  return (
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
  );
}
