import { fetchEventSource } from '@microsoft/fetch-event-source';
import { ApiError, isApiError } from '@/domain/api-error';
import { createJsonObjectSplitter } from '@/domain/json-object-splitter';
import { restoreDeployedBraces, type StreamChunk } from '@/domain/stream-chunk';
import { toStreamError } from '@/domain/stream-error';
import { errorFromResponse, loggedCallOf, unexpectedAnswer, type ApiClient, type HeaderContext, type RequestOptions } from './http-client';
import type { LoggedCall } from './request-log';
import { deliverPiece, deliverSseEvent, watchServerErrors } from './stream-pieces';
import { assistantAnswerSchema, answerChunks, type AssistantAnswer } from './schemas';
import type { AssistantCallRequest } from './assistant-call';

/** closed: the server ended the stream; broken: the connection failed after it opened; aborted: Stop. */
export type StreamEnd = 'closed' | 'broken' | 'aborted';

export type StreamWire = 'sse' | 'ndjson' | 'json';

export interface StreamHandlers {
  onOpen?(info: { requestId?: string; contentType: string; wire: StreamWire }): void;
  onChunk(chunk: StreamChunk): void;
  /** A piece that was not a readable chunk; the stream goes on. */
  onMalformed(raw: string): void;
  /** The answer came as one JSON body (before its chunks are handed over): what only that body tells. */
  onAnswer?(answer: AssistantAnswer): void;
}

export interface StreamCall {
  assistantId: string;
  request: AssistantCallRequest;
  /** false asks for one JSON body (the console's JSON mode); the same reader takes it. Default true. */
  stream?: boolean;
  headers?: Record<string, string>;
  signal: AbortSignal;
  /** The turn this call answers (request log subject). */
  subject?: string;
  onSent?: RequestOptions['onSent'];
}

const accept = 'text/event-stream, application/x-ndjson, application/json';

/** The seed's wire, read by fetch-event-source from the response already opened (so it never re-POSTs). */
async function readSse(response: Response, signal: AbortSignal, handlers: StreamHandlers, log: LoggedCall | undefined): Promise<StreamEnd> {
  try {
    await fetchEventSource(response.url || 'about:blank', {
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
async function readNdjson(response: Response, signal: AbortSignal, handlers: StreamHandlers, log: LoggedCall | undefined): Promise<StreamEnd> {
  const body = response.body;
  if (!body) return 'closed';
  const reader = body.getReader();
  const splitter = createJsonObjectSplitter();
  const hand = ({ objects, stray }: { objects: string[]; stray: string[] }) => {
    for (const object of objects) deliverPiece(object, handlers, log, restoreDeployedBraces);
    for (const piece of stray) {
      log?.chunk(piece, true);
      handlers.onMalformed(piece);
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

/** A POST whose answer may stream: any path, any body; the wire is picked from the response Content-Type. */
export interface StreamRequest {
  path: string;
  body: Record<string, unknown>;
  forward: HeaderContext;
  signal: AbortSignal;
  headers?: Record<string, string>;
  subject?: string;
  onSent?: RequestOptions['onSent'];
}

/**
 * Sends the request and feeds decoded chunks to the handlers, whichever wire the server chose (SSE, NDJSON,
 * or one JSON body, handed to `readJson`). Resolves when the server closes the stream, the connection breaks
 * after opening, or the signal aborts; the caller decides what a missing `last` chunk means. Rejects with
 * ApiError when the call fails before anything streamed. It never re-sends by itself, except once after a
 * 401 that arrived before any chunk, with a renewed token.
 */
export async function streamPost(client: ApiClient, request: StreamRequest, handlers: StreamHandlers, readJson: (body: unknown) => void): Promise<StreamEnd> {
  let response: Response;
  try {
    response = await client.send(
      request.path,
      {
        method: 'POST',
        body: request.body,
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
  const requestId = response.headers.get('x-request-id');
  const log = loggedCallOf(response);
  const open = (wire: StreamWire) => {
    if (wire !== 'json') log?.streamOpened(wire);
    handlers.onOpen?.({ contentType, wire, ...(requestId ? { requestId } : {}) });
  };
  const logEnd = (end: StreamEnd): StreamEnd => {
    log?.ended(end === 'closed' ? 'done' : end === 'aborted' ? 'aborted' : 'failed', end === 'broken' ? 'the connection broke while streaming' : undefined);
    return end;
  };

  if (/text\/event-stream/i.test(contentType)) {
    open('sse');
    return logEnd(await readSse(response, request.signal, handlers, log));
  }
  if (/ndjson|jsonl|json-seq/i.test(contentType)) {
    open('ndjson');
    return logEnd(await readNdjson(response, request.signal, handlers, log));
  }
  if (/json/i.test(contentType)) {
    // A server that ignores stream:true answers with one JSON body.
    open('json');
    const body: unknown = await response.json().catch(() => undefined);
    try {
      readJson(body);
    } catch (error) {
      throw isApiError(error) ? error : new ApiError({ kind: 'protocol', status: response.status, contentType, url: response.url });
    }
    return 'closed';
  }
  await response.body?.cancel().catch(() => undefined);
  throw unexpectedAnswer(response);
}

/** Calls an assistant (stream:true unless told otherwise); a JSON answer (asked for, or a server ignoring the flag) becomes its final chunks. */
export async function streamAssistant(client: ApiClient, call: StreamCall, handlers: StreamHandlers): Promise<StreamEnd> {
  // An error sent inside the stream, with no `last` after it, fails the call with the server's message.
  const watch = watchServerErrors(handlers);
  const end = await streamPost(
    client,
    {
      path: `/v1/assistants/${encodeURIComponent(call.assistantId)}/model`,
      body: { ...call.request, stream: call.stream ?? true },
      forward: { kind: 'assistant', ...(call.request.conversation_id ? { conversationId: call.request.conversation_id } : {}) },
      signal: call.signal,
      ...(call.headers ? { headers: call.headers } : {}),
      ...(call.subject ? { subject: call.subject } : {}),
      ...(call.onSent ? { onSent: call.onSent } : {}),
    },
    watch.handlers,
    (body) => {
      // An error body sent with 200 (some gateways do) is the server's error, not an answer in the wrong shape.
      const serverError = toStreamError(body);
      if (serverError) throw new ApiError({ kind: 'stream', message: serverError.message, ...(serverError.details !== undefined ? { details: serverError.details } : {}) });
      const parsed = assistantAnswerSchema.safeParse(body);
      if (!parsed.success) throw new ApiError({ kind: 'protocol', details: 'the JSON answer is not an assistant answer' });
      handlers.onAnswer?.(parsed.data);
      answerChunks(parsed.data).forEach((chunk) => handlers.onChunk(chunk));
    },
  );
  const failure = watch.failure(end);
  if (failure) throw failure;
  return end;
}
