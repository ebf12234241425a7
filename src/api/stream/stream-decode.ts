import { fetchEventSource } from '@microsoft/fetch-event-source';
import { createJsonObjectSplitter, type SplitResult } from '@/domain/stream/json-object-splitter';
import { restoreDeployedBraces } from '@/domain/stream/stream-chunk';
import { deliverPiece, deliverSseEvent, maxChunkChars, type ChunkLog, type ChunkSink } from './stream-pieces';
import type { AnswerStreamEnd, StreamEnd } from './stream-types';

// Reading an opened stream body into chunks: the same code on the page and in the stream worker.

/** The seed's wire, read by fetch-event-source from the response already opened (so it never re-POSTs). */
async function readSse(
  response: Response,
  signal: AbortSignal,
  sink: ChunkSink,
  log: ChunkLog | undefined,
): Promise<StreamEnd> {
  try {
    await fetchEventSource('about:blank', {
      fetch: async () => response,
      signal,
      // Without this a hidden tab closes and re-opens the stream, which would re-send the prompt.
      openWhenHidden: true,
      async onopen() {},
      onmessage(message) {
        // The event type matters: `event: error` and unknown types carry the server's error, not chunks.
        if (!signal.aborted) deliverSseEvent(message.event, message.data, sink, log);
      },
      onerror(error) {
        // Rethrowing stops fetch-event-source's automatic retry.
        throw error;
      },
    });
  } catch {
    return signal.aborted ? 'aborted' : 'broken';
  }
  return signal.aborted ? 'aborted' : 'closed';
}

/** The deployed wire: JSON objects back to back, found by the splitter as bytes arrive. */
async function readNdjson(
  response: Response,
  signal: AbortSignal,
  sink: ChunkSink,
  log: ChunkLog | undefined,
): Promise<StreamEnd> {
  const body = response.body;
  if (!body) return 'closed';
  const reader = body.getReader();
  // An object that never closes is skipped once it passes the size limit of one chunk, not held in memory.
  const splitter = createJsonObjectSplitter({ maxObjectChars: maxChunkChars });
  const hand = ({ objects, stray, tooLarge }: SplitResult) => {
    for (const object of objects) deliverPiece(object, sink, log, restoreDeployedBraces);
    for (const piece of stray) {
      log?.chunk(piece, true);
      sink.onMalformed(piece);
    }
    for (const start of tooLarge) {
      const excerpt = `${start}… (over ${maxChunkChars} characters, skipped)`;
      log?.chunk(excerpt, true);
      sink.onMalformed(excerpt);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) return 'aborted';
      if (done) break;
      hand(splitter.push(value));
    }
  } catch {
    return signal.aborted ? 'aborted' : 'broken';
  }
  hand(splitter.end());
  return 'closed';
}

/**
 * The body as it arrives, errored (which cancels the download) when no byte has come for `ms`. Bytes count,
 * not chunks: a server that drips a chunk slowly is still talking.
 */
function watchIdle(response: Response, ms: number): { response: Response; stalled(): boolean; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stalled = false;
  let control: TransformStreamDefaultController<Uint8Array> | undefined;
  const stop = () => clearTimeout(timer);
  const arm = () => {
    stop();
    timer = setTimeout(() => {
      stalled = true;
      control?.error(new Error(`no data for ${ms} ms`));
    }, ms);
  };
  if (!response.body) return { response, stalled: () => false, stop };
  const watcher = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      control = controller;
      arm();
    },
    transform(bytes, controller) {
      arm();
      controller.enqueue(bytes);
    },
    flush: stop,
  });
  const body = response.body.pipeThrough(watcher);
  // A new Response over the watched body: the readers (fetch-event-source among them) read it as usual.
  return {
    response: new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    }),
    stalled: () => stalled,
    stop,
  };
}

/** The wires read chunk by chunk (one JSON body is read whole, by the caller). */
export type ChunkWire = 'sse' | 'ndjson';

export interface BodyRead {
  wire: ChunkWire;
  signal: AbortSignal;
  /** Silence (no byte) this long gives the stream up: it ends `stalled`. */
  idleMs: number;
}

/** Reads an opened stream to its end (closed, broken, stalled or aborted), handing each piece to the sink and the log. */
export async function readStreamBody(
  response: Response,
  { wire, signal, idleMs }: BodyRead,
  sink: ChunkSink,
  log: ChunkLog | undefined,
): Promise<AnswerStreamEnd> {
  const idle = watchIdle(response, idleMs);
  let end: AnswerStreamEnd;
  try {
    end = await (wire === 'sse' ? readSse : readNdjson)(idle.response, signal, sink, log);
  } finally {
    idle.stop();
  }
  return end === 'broken' && idle.stalled() ? 'stalled' : end;
}
