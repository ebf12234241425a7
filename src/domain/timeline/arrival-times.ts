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

/** The times with the thoughts of one batch of chunks (and the children they carry) seen at `now`. */
export function recordArrivals(times: ArrivalTimes, thoughts: readonly WireThought[], now: number): ArrivalTimes {
  if (thoughts.length === 0) return times;
  // One copy per batch, not per chunk: a frame can bring hundreds of thoughts into a tree of thousands.
  const next: Record<string, Arrival> = { ...times };
  const stack = [...thoughts];
  for (let thought = stack.pop(); thought; thought = stack.pop()) {
    const known = next[thought.id];
    const ended = thought.in_progress === false ? (known?.ended ?? now) : known?.ended;
    next[thought.id] = { first: known?.first ?? now, last: now, ...(ended === undefined ? {} : { ended }) };
    stack.push(...(thought.children ?? []));
  }
  return next;
}
