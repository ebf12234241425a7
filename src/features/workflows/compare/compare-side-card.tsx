import { Link } from '@tanstack/react-router';
import { formatDuration } from '@/domain/workflows/history/run-history';
import type { CompareSide, Kinship } from '@/domain/workflows/run/run-compare';
import type { Run } from '@/features/workflows/saved-runs/run';
import { RunStatus } from '@/features/workflows/run/run-status';

/** One of the two compared runs: its letter, what it is to the other (parent, fork), its workflow, status and cost. */
export function CompareSideCard({
  label,
  run,
  side,
  kinship,
}: {
  label: 'A' | 'B';
  run: Run;
  side: CompareSide;
  kinship: Kinship;
}) {
  const other = label === 'A' ? 'B' : 'A';
  const role = kinship?.parent === label ? 'Parent' : kinship?.fork === label ? `Fork of ${other}` : null;
  return (
    <div className="compare-side" aria-label={`Run ${label}${role ? ` (${role})` : ''}`} role="group">
      <p className="row">
        <strong>{label}</strong>
        {role ? <span className="compare-role">{role}</span> : null}
        <Link to="/workflows/runs/$runId" params={{ runId: run.id }}>
          {run.workflowName}
        </Link>
        <RunStatus status={run.status} lost={run.lost} />
      </p>
      <p className="small muted">
        {new Date(run.startedAt).toLocaleString()} ·{' '}
        {side.durationMs === undefined ? '—' : formatDuration(side.durationMs)}
        {side.tokens !== undefined ? ` · ${side.tokens.toLocaleString()} tokens` : ''}
      </p>
    </div>
  );
}

/** Under the title: which run is the parent, and, when the fork is on the left, the way to read it the usual way round. */
export function KinshipNote({ kinship, left, right }: { kinship: Kinship; left: Run; right: Run }) {
  if (!kinship) return null;
  return (
    <p className="small">
      {kinship.fork} was forked from {kinship.parent} (Run again with changes): what differs is what the fork changed.
      {kinship.fork === 'A' ? (
        <>
          {' '}
          <Link to="/workflows/compare" search={{ a: right.id, b: left.id }}>
            Put the parent first
          </Link>
        </>
      ) : null}
    </p>
  );
}
