import { fetchEventSource } from '@microsoft/fetch-event-source';
import { ApiError, isApiError } from '@/domain/errors/api-error';
import { createJsonObjectSplitter, type SplitResult } from '@/domain/stream/json-object-splitter';
import { restoreDeployedBraces } from '@/domain/stream/stream-chunk';
import {
  errorFromResponse,
  loggedCallOf,
  requestIdOfResponse,
  traceIdOfResponse,
  unexpectedAnswer,
  type ApiClient,
  type HeaderContext,
  type RequestOptions,
} from './http-client';
import type { LoggedCall } from './request-log';
import { deliverPiece, deliverSseEvent, maxChunkChars } from './stream-pieces';
import type { AnswerStreamEnd, StreamEnd, StreamHandlers, StreamWire } from './stream-types';

const accept = 'text/event-stream, application/x-ndjson, application/json';

/** The seed's wire, read by fetch-event-source from the response already opened (so it never re-POSTs). */
async function readSse(
  response: Response,
  signal: AbortSignal,
  handlers: StreamHandlers,
  log: LoggedCall | undefined,
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
        if (!signal.aborted) deliverSseEvent(message.event, message.data, handlers, log);
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
  handlers: StreamHandlers,
  log: LoggedCall | undefined,
): Promise<StreamEnd> {
  const body = response.body;
  if (!body) return 'closed';
  const reader = body.getReader();
  // An object that never closes is skipped once it passes the size limit of one chunk, not held in memory.
  const splitter = createJsonObjectSplitter({ maxObjectChars: maxChunkChars });
  const hand = ({ objects, stray, tooLarge }: SplitResult) => {
    for (const object of objects) deliverPiece(object, handlers, log, restoreDeployedBraces);
    for (const piece of stray) {
      log?.chunk(piece, true);
      handlers.onMalformed(piece);
    }
    for (const start of tooLarge) {
      const excerpt = `${start}… (over ${maxChunkChars} characters, skipped)`;
      log?.chunk(excerpt, true);
      handlers.onMalformed(excerpt);
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

/** A call whose answer may stream: any path, POST, PUT or GET, any body; the wire is picked from the response Content-Type. */
export interface StreamRequest {
  path: string;
  /** POST unless told (a workflow resume streams from a PUT, a re-attach from a GET). */
  method?: 'POST' | 'PUT' | 'GET';
  /** No body: a resume without input sends none, as real clients do. */
  body?: Record<string, unknown>;
  propagateAs?: RequestOptions['propagateAs'];
  forward: HeaderContext;
  signal: AbortSignal;
  headers?: Record<string, string>;
  subject?: string;
  onSent?: RequestOptions['onSent'];
}

/**
 * Sends the request and feeds decoded chunks to the handlers, whichever wire the server chose (SSE, NDJSON,
 * or one JSON body, handed to `readJson`). Resolves when the server closes the stream, the connection breaks
 * after opening, the stream stays silent for the client's idle timeout, or the signal aborts; the caller
 * decides what a missing `last` chunk means. Rejects with ApiError when the call fails before anything
 * streamed. It never re-sends by itself, except once after a 401 that arrived before any chunk, with a
 * renewed token. `failure` turns an end into the call's error (an error sent inside the stream), so the
 * request log shows the call as failed, not done.
 */
export async function readPost(
  client: ApiClient,
  request: StreamRequest,
  handlers: StreamHandlers,
  readJson: (body: unknown) => void,
  failure: (end: AnswerStreamEnd) => ApiError | null = () => null,
): Promise<AnswerStreamEnd> {
  let response: Response;
  try {
    response = await client.send(
      request.path,
      {
        method: request.method ?? 'POST',
        ...(request.body !== undefined ? { body: request.body } : {}),
        ...(request.propagateAs ? { propagateAs: request.propagateAs } : {}),
        signal: request.signal,
        forward: request.forward,
        ...(request.headers ? { headers: request.headers } : {}),
        ...(request.subject ? { subject: request.subject } : {}),
        ...(request.onSent ? { onSent: request.onSent } : {}),
      },
      accept,
    );
  } catch (error) {
    if (request.signal.aborted) return 'aborted';
    throw error;
  }
  if (!response.ok) throw await errorFromResponse(response);
  const contentType = response.headers.get('content-type') ?? '';
  const requestId = requestIdOfResponse(response);
  const traceId = traceIdOfResponse(response);
  const log = loggedCallOf(response);
  const open = (wire: StreamWire) => {
    if (wire !== 'json') log?.streamOpened(wire);
    handlers.onOpen?.({ contentType, wire, ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) });
  };
  const idleSeconds = Math.round(client.streamIdleTimeoutMs / 1000);
  const readStream = async (read: typeof readSse): Promise<AnswerStreamEnd> => {
    const idle = watchIdle(response, client.streamIdleTimeoutMs);
    let end: AnswerStreamEnd;
    try {
      end = await read(idle.response, request.signal, handlers, log);
    } finally {
      idle.stop();
    }
    if (end === 'broken' && idle.stalled()) end = 'stalled';
    const error = failure(end);
    if (error) log?.ended('failed', error.serverMessage ?? error.message);
    else if (end === 'stalled')
      log?.ended('failed', `no data from the server for ${idleSeconds} s: the console stopped reading`);
    else
      log?.ended(
        end === 'closed' ? 'done' : end === 'aborted' ? 'aborted' : 'failed',
        end === 'broken' ? 'the connection broke while streaming' : undefined,
      );
    return end;
  };

  if (/text\/event-stream/i.test(contentType)) {
    open('sse');
    return readStream(readSse);
  }
  if (/ndjson|jsonl|json-seq/i.test(contentType)) {
    open('ndjson');
    return readStream(readNdjson);
  }
  if (/json/i.test(contentType)) {
    // A server that ignores stream:true answers with one JSON body.
    open('json');
    const body: unknown = await response.json().catch(() => undefined);
    try {
      readJson(body);
    } catch (error) {
      throw isApiError(error)
        ? error
        : new ApiError({ kind: 'protocol', status: response.status, contentType, url: response.url });
    }
    return 'closed';
  }
  await response.body?.cancel().catch(() => undefined);
  throw unexpectedAnswer(response);
}

/** A streamed POST (workflow runs): a stream given up for silence ends like a broken one. */
export async function streamPost(
  client: ApiClient,
  request: StreamRequest,
  handlers: StreamHandlers,
  readJson: (body: unknown) => void,
): Promise<StreamEnd> {
  const end = await readPost(client, request, handlers, readJson);
  return end === 'stalled' ? 'broken' : end;
}
