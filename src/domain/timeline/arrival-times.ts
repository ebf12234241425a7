import { z } from 'zod';
import type { WireThought } from '@/domain/wire';

// When the console saw each thought: servers that send no start or end times (most do not) still get a timeline
// from these. The clock is passed in, so the fold stays pure.

/** Milliseconds since the epoch at which a thought's chunks arrived. */
const arrivalSchema = z
  .object({
    /** Its first chunk. */
    first: z.number(),
    /** Its latest chunk (a tool that has sent nothing since is silent). */
    last: z.number(),
    /** The chunk that said it was no longer in progress. */
    ended: z.number().optional(),
  })
  .readonly();
export type Arrival = z.output<typeof arrivalSchema>;

export const arrivalTimesSchema = z.record(z.string(), arrivalSchema).readonly();
export type ArrivalTimes = z.output<typeof arrivalTimesSchema>;

export const noArrivals: ArrivalTimes = {};

/** When the thought `id` arrived (an own entry only: ids come from the server). */
export const arrivalOf = (times: ArrivalTimes, id: string): Arrival | undefined =>
  Object.hasOwn(times, id) ? times[id] : undefined;

/** The entries the thoughts of one batch of chunks (and the children they carry) seen at `now` add to the times. */
export function arrivalsOf(
  times: ArrivalTimes,
  thoughts: readonly WireThought[],
  now: number,
): Record<string, Arrival> {
  // Keyed by ids the server chose: no prototype, so `__proto__` or `constructor` is an id like any other.
  const changed: Record<string, Arrival> = Object.create(null) as Record<string, Arrival>;
  const stack = [...thoughts];
  for (let thought = stack.pop(); thought; thought = stack.pop()) {
    const known = changed[thought.id] ?? arrivalOf(times, thought.id);
    const ended = thought.in_progress === false ? (known?.ended ?? now) : known?.ended;
    changed[thought.id] = { first: known?.first ?? now, last: now, ...(ended === undefined ? {} : { ended }) };
    stack.push(...(thought.children ?? []));
  }
  return changed;
}

/** The times with a batch's entries (see `arrivalsOf`); one copy per batch, not per chunk. */
export const withArrivals = (times: ArrivalTimes, arrivals: Readonly<Record<string, Arrival>>): ArrivalTimes =>
  Object.keys(arrivals).length === 0 ? times : { ...times, ...arrivals };
