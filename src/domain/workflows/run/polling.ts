export const pollTiming = { firstMs: 1000, factor: 1.5, capMs: 10_000 } as const;

/**
 * How long to wait before the next status poll: quick at first (most runs are short), then backing off so a
 * long run costs a request every 10 s at most. `attempt` counts from 0; a value that is not a finite number
 * gets the cap, the safe choice when the count is lost.
 */
export function pollDelay(attempt: number): number {
  if (!Number.isFinite(attempt)) return pollTiming.capMs;
  const step = Math.max(0, Math.floor(attempt));
  return Math.min(pollTiming.capMs, Math.round(pollTiming.firstMs * pollTiming.factor ** step));
}

/** Reads of a run's status that keep failing: backed off further each time, and given up after a bound. */
export const failedPollTiming = {
  firstMs: 5_000,
  factor: 2,
  capMs: 120_000,
  /** Consecutive failed reads after which the run is no longer checked. */
  maxFailures: 10,
  /** Or: failing for this long, once a few reads have failed (a tab that slept, a server gone for good). */
  maxFailingMs: 15 * 60_000,
  minFailuresForTime: 3,
} as const;

/** The wait before the next read after `failures` consecutive failed reads (1 or more). */
export function failedPollDelay(failures: number): number {
  const step = Number.isFinite(failures) ? Math.max(0, Math.floor(failures) - 1) : Infinity;
  return Math.min(failedPollTiming.capMs, Math.round(failedPollTiming.firstMs * failedPollTiming.factor ** step));
}

/** Whether to stop checking a run whose reads failed `failures` times in a row, the first `failingMs` ago. */
export function pollGivesUp(failures: number, failingMs: number): boolean {
  return (
    failures >= failedPollTiming.maxFailures ||
    (failures >= failedPollTiming.minFailuresForTime && failingMs >= failedPollTiming.maxFailingMs)
  );
}

/**
 * The wait before the next read of a followed run: `reads` done since it was followed (successful or not) set the
 * pace, and `failures` in a row slow it further.
 */
export function followPace(reads: number, failures: number): number {
  return failures > 0 ? Math.max(pollDelay(reads), failedPollDelay(failures)) : pollDelay(reads);
}
