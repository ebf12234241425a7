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
