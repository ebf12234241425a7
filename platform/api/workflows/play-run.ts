// Plays a scripted run: streamed on a chunk writer (SSE or NDJSON), or folded into one JSON answer.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { WireAssistantAnswer, WireChunk, WireThought } from '../../wire';
import { estimateTokens } from '../../assistants/script';
import { finalAnswer, settledSteps, totalUnits, type ScriptedRun, type Step } from '../../assistants/steps';
import { sendJson } from '../../http-util';
import { pause } from '../../sse';
import type { ChunkWriter } from '../../stream-writer';
import { buildThoughtTree } from '../../thought-tree';

export const seconds = (since: number): number => Math.round((performance.now() - since) * 1000) / 1_000_000;

export interface Playback {
  run: ScriptedRun;
  /** Milliseconds per wait unit. */
  unitMs: number;
  started: number;
  signal: AbortSignal;
}

/** Streams the steps; resolves true when the stream was played to its end, false when it was cut (client gone, dropped). */
export async function streamRun(playback: Playback, writer: ChunkWriter, res: ServerResponse): Promise<boolean> {
  try {
    if (!(await play(playback.run.steps, playback, writer, res))) return false;
  } catch {
    return false; // the client went away: stop generating
  }
  writer.end();
  return true;
}

/** Plays steps in order; false when the connection was dropped on purpose. */
async function play(
  steps: readonly Step[],
  { unitMs, started, signal }: Playback,
  writer: ChunkWriter,
  res: ServerResponse,
): Promise<boolean> {
  for (const step of steps) {
    if (step.kind === 'wait') await pause(step.units * unitMs, signal);
    else if (step.kind === 'pause') await pause(step.ms, signal);
    else if (step.kind === 'then') {
      const next = await step.next(signal);
      if (signal.aborted) throw new Error('aborted');
      if (!(await play(next, { unitMs, started, signal, run: { steps: next } }, writer, res))) return false;
    } else if (step.kind === 'drip') {
      const text = writer.frame(null, step.data);
      for (let at = 0; at < text.length; at += step.bytes) {
        await pause(step.everyMs, signal);
        res.write(text.slice(at, at + step.bytes));
      }
    } else if (step.kind === 'malformed') writer.writeMalformed();
    else if (step.kind === 'event') writer.writeEvent(step.event, step.data);
    else if (step.kind === 'live') await step.play((chunk) => writer.write(withElapsed(chunk, started)), signal);
    else if (step.kind === 'drop') {
      res.destroy();
      return false;
    } else writer.write(withElapsed(step.chunk, started));
  }
  return true;
}

const withElapsed = (chunk: WireChunk, started: number): WireChunk =>
  chunk.last === true && chunk.generated !== null && chunk.time_elapsed === null
    ? { ...chunk, time_elapsed: seconds(started) }
    : chunk;

/** The non-stream answer: the finished thought tree and the whole answer, after a short think. */
export async function answerJson(
  { run: scripted, unitMs, started, signal }: Playback,
  res: ServerResponse,
  question: string,
): Promise<void> {
  let run: ScriptedRun;
  try {
    run = { steps: await settledSteps(scripted.steps, signal) };
    await pause(Math.min(totalUnits(run), 40) * unitMs, signal);
  } catch {
    return;
  }
  if (run.steps.some((step) => step.kind === 'drop')) {
    res.destroy();
    return;
  }
  const updates: WireThought[] = [];
  const lasts: WireChunk[] = [];
  for (const step of run.steps) {
    if (step.kind !== 'chunk') continue;
    if (step.chunk.thought) updates.push(step.chunk.thought);
    if (step.chunk.last === true) lasts.push(step.chunk);
  }
  const generated = finalAnswer(run)?.generated ?? '';
  const outcome = lasts.find((chunk) => chunk.success !== null);
  const body: WireAssistantAnswer & Record<string, unknown> = {
    generated,
    timeElapsed: seconds(started),
    tokensUsed: estimateTokens(question, generated),
    taskId: randomUUID(),
    thoughts: buildThoughtTree(updates),
    ...(outcome ? { success: outcome.success, agentError: outcome.agent_error, toolErrors: outcome.tool_errors } : {}),
  };
  sendJson(res, 200, body);
}
