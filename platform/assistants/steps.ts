// What a scripted run is made of: chunks to send and waits between them, played on either wire.
import { createHash } from 'node:crypto';
import { emptyWireChunk, type WireChunk } from '../wire';
import type { StreamWire } from '../stream-writer';
import { tokenize } from './script';

export type Step =
  /** Pause for `units` times the platform's stream delay. */
  | { kind: 'wait'; units: number }
  /** One wire chunk; a `last` chunk with `generated` gets its `time_elapsed` filled in when sent. */
  | { kind: 'chunk'; chunk: WireChunk }
  /** One malformed event (invalid JSON) in the wire's framing. */
  | { kind: 'malformed' }
  /** Raw data that is not a chunk (an error body): SSE writes it as an event of this type (null: default); NDJSON writes the data alone. */
  | { kind: 'event'; event: string | null; data: string }
  /** Drop the connection at once, with no `last` chunk. */
  | { kind: 'drop' }
  /** Chunks made while playing (paced by the clock, carrying their send time); `answer` is what a JSON answer gives. */
  | { kind: 'live'; play: (send: (chunk: WireChunk) => void, signal: AbortSignal) => Promise<void>; answer: WireChunk }
  /** Silence until `next` settles (work such as a tool call), then its steps are played. */
  | { kind: 'then'; next: (signal: AbortSignal) => Promise<Step[]> }
  /** Silence for `ms` of wall-clock time, whatever the stream pace (a stalled server). */
  | { kind: 'pause'; ms: number }
  /** One event's data framed for the wire, written `bytes` at a time, `everyMs` apart (a slow drip). */
  | { kind: 'drip'; data: string; bytes: number; everyMs: number };

export interface ScriptedRun {
  steps: Step[];
  /** The wire this run must use, whatever the assistant's own (a fault asked for on one wire). */
  wire?: StreamWire;
}

/** Collects the steps of a run. */
export class StepList {
  readonly steps: Step[] = [];

  wait(units: number): this {
    this.steps.push({ kind: 'wait', units });
    return this;
  }

  chunk(fields: Partial<WireChunk>): this {
    this.steps.push({ kind: 'chunk', chunk: { ...emptyWireChunk, ...fields } });
    return this;
  }

  /** The answer as `generated_chunk` word tokens, `units` apart. */
  tokens(text: string, units = 1): this {
    for (const token of tokenize(text)) this.wait(units).chunk({ generated_chunk: token });
    return this;
  }

  last(generated: string, fields: Partial<WireChunk> = {}): this {
    return this.chunk({ generated, last: true, ...fields });
  }

  run(): ScriptedRun {
    return { steps: this.steps };
  }
}

/** A plain streamed answer: word tokens, then the `last` chunk with the whole text. */
export function textRun(text: string, units: number): ScriptedRun {
  return new StepList().tokens(text, units).last(text).run();
}

/** A deterministic uuid (v5 layout) from a seed and a name, so reruns give the same ids. */
export function stableUuid(seed: string, name: string): string {
  const hex = createHash('sha1').update(`${seed}\u0000${name}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The steps with every `then` replaced by the steps it settles to (the work is done meanwhile). */
export async function settledSteps(steps: readonly Step[], signal: AbortSignal): Promise<Step[]> {
  const settled: Step[] = [];
  for (const step of steps) {
    if (step.kind === 'then') settled.push(...(await settledSteps(await step.next(signal), signal)));
    else settled.push(step);
  }
  return settled;
}

/** The answer of a run: `generated` of its first `last` chunk. */
export function finalAnswer(run: ScriptedRun): WireChunk | undefined {
  for (const step of run.steps) {
    if (step.kind === 'chunk' && step.chunk.last === true) return step.chunk;
    if (step.kind === 'live') return step.answer;
  }
  return undefined;
}

export const totalUnits = (run: ScriptedRun): number =>
  run.steps.reduce((sum, step) => sum + (step.kind === 'wait' ? step.units : 0), 0);
