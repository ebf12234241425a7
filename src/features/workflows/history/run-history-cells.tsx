import type { RunFilter } from '@/domain/workflows/history/run-filter';
import { durationOf, formatDuration, startedLabel, type RunTokens } from '@/domain/workflows/history/run-history';
import { useNow } from './use-now';

/** How long a run took, or has been going: counts up each second while it runs. */
export function Duration({
  startedAt,
  endedAt,
  running,
}: {
  startedAt: number;
  endedAt?: number | undefined;
  running: boolean;
}) {
  const now = useNow(running && endedAt === undefined, 1000);
  const ms = durationOf({ startedAt, endedAt }, running, now);
  return <span className="runs-duration">{ms === null ? '—' : formatDuration(ms)}</span>;
}

/** When a run started: relative today, the full local date and time on hover. */
export function Started({ at, now }: { at: number; now: number }) {
  const full = new Date(at).toLocaleString();
  return (
    <time dateTime={new Date(at).toISOString()} title={full}>
      {startedLabel(at, now)}
    </time>
  );
}

const number = new Intl.NumberFormat();

/** Tokens the server reported for a run (input + output), "—" when it reported none. */
export function Tokens({ tokens }: { tokens: RunTokens | null | undefined }) {
  if (!tokens) return <span title="The server has not reported tokens for this run">—</span>;
  return (
    <span title={`${number.format(tokens.input)} input · ${number.format(tokens.output)} output`}>
      {number.format(tokens.input + tokens.output)}
    </span>
  );
}

/** Tag chips: each one filters the runs by itself. */
export function TagChips({ tags, onFilter }: { tags: readonly string[]; onFilter(change: Partial<RunFilter>): void }) {
  return (
    <span className="runs-chips" title={tags.join(', ')}>
      {tags.map((tag) => (
        <button
          key={tag}
          type="button"
          className="chip mono"
          title={`Show runs tagged ${tag}`}
          onClick={() => onFilter({ tag })}
        >
          {tag}
        </button>
      ))}
    </span>
  );
}

/** A session chip: filters the runs by that session. */
export function SessionChip({
  session,
  onFilter,
}: {
  session: string | undefined;
  onFilter(change: Partial<RunFilter>): void;
}) {
  if (!session) return <span className="muted">—</span>;
  return (
    <button
      type="button"
      className="chip mono"
      title={`Show runs of session ${session}`}
      aria-label={`Session ${session}`}
      onClick={() => onFilter({ sessionId: session })}
    >
      {session}
    </button>
  );
}
