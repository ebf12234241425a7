import type { StoreApi } from 'zustand/vanilla';
import type { StreamEnd, StreamHandlers } from '@/api/stream/stream-types';
import type { SentCall } from '@/api/client/http-client';
import type { ExecutionRecord } from '@/api/workflows/workflow-schemas';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { createFrameBatcher } from '@/lib/frame-batcher';
import type { LiveRunsState } from './live-runs-store';

/** How a streamed call (a start or a resume) went, as far as the runtime needs to know. */
export type RunStreamEnd =
  | { kind: 'streamed'; end: StreamEnd }
  /** The server answered with one JSON body instead of a stream (the record of a start). */
  | { kind: 'json'; record?: ExecutionRecord };

export interface RunStreamHooks {
  /** The stream opened (or a JSON answer came): the caller may answer its own caller now. */
  opened(wire: 'stream' | 'json'): void;
  /** A server that does not stream answered with the execution record. */
  record(record: ExecutionRecord): void;
  /** The first chunk that names the execution. */
  named(executionId: string): void;
  sent(call: SentCall): void;
}

export type OpenStream = (
  handlers: StreamHandlers & { onRecord(record: ExecutionRecord): void },
  options: { signal: AbortSignal; subject: string; onSent(sent: SentCall): void },
) => Promise<StreamEnd>;

/**
 * Reads one streamed call of a run into the live view: chunks reach it at most once per frame, the execution id
 * is reported the moment a chunk names it. Rejects when the call fails before anything streamed.
 *
 * A run's stream travels the one stream path (the stream worker's reader, one update a frame) but is not folded
 * there: its chunks fold into a run's states and outputs (applyRunChunk, domain/workflows), not into an answer, and
 * the execution id must reach the runtime as soon as a chunk names it. The chunks of one update are applied together.
 */
export async function readRunStream(
  live: StoreApi<LiveRunsState>,
  runId: string,
  open: OpenStream,
  signal: AbortSignal,
  hooks: RunStreamHooks,
): Promise<RunStreamEnd> {
  const progress = createFrameBatcher<StreamChunk | null>((items) => live.getState().streamProgressed(runId, items));
  let streaming = false;
  let named = false;
  let record: ExecutionRecord | undefined;
  // Live from the moment the call goes: the run page shows it streaming while the server's first bytes are awaited,
  // never as a run "not followed in this tab".
  live.getState().streamStarted(runId);
  try {
    const end = await open(
      {
        onOpen: ({ wire }) => {
          if (wire === 'json') return; // the record follows, through onRecord
          streaming = true;
          hooks.opened('stream');
        },
        onChunk: (chunk) => {
          if (chunk.workflowExecutionId && !named) {
            named = true;
            hooks.named(chunk.workflowExecutionId);
          }
          progress.push(chunk);
        },
        onMalformed: () => progress.push(null),
        onRecord: (answer) => {
          record = answer;
          hooks.record(answer);
          hooks.opened('json');
        },
      },
      { signal, subject: runId, onSent: hooks.sent },
    );
    progress.flush();
    if (!streaming) {
      live.getState().streamDropped(runId);
      return record ? { kind: 'json', record } : { kind: 'json' };
    }
    live.getState().streamEnded(runId, end);
    return { kind: 'streamed', end };
  } catch (error) {
    progress.flush();
    if (streaming) {
      live.getState().streamEnded(runId, 'broken');
      return { kind: 'streamed', end: 'broken' };
    }
    live.getState().streamDropped(runId);
    throw error;
  }
}
