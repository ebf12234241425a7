import { ApiError, isApiError } from '@/domain/errors/api-error';
import {
  errorFromResponse,
  unexpectedAnswer,
  type ApiClient,
  type CalledResponse,
  type HeaderContext,
  type RequestOptions,
} from '@/api/client/http-client';
import type { ChunkWire } from './stream-decode';
import type { AnswerStreamEnd, StreamEnd, StreamHandlers, StreamWire } from './stream-types';

const accept = 'text/event-stream, application/x-ndjson, application/json';

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
  secrets?: RequestOptions['secrets'];
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
  let called: CalledResponse;
  try {
    called = await client.send(
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
        ...(request.secrets ? { secrets: request.secrets } : {}),
        streamed: true,
      },
      accept,
    );
  } catch (error) {
    if (request.signal.aborted) return 'aborted';
    throw error;
  }
  const { response, log, ids } = called;
  if (!response.ok) throw await errorFromResponse(response, ids);
  const contentType = response.headers.get('content-type') ?? '';
  const { requestId, traceId } = ids;
  const open = (wire: StreamWire) => {
    if (wire !== 'json') log?.streamOpened(wire);
    handlers.onOpen?.({ contentType, wire, ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) });
  };
  const idleSeconds = Math.round(client.streamIdleTimeoutMs / 1000);
  const readStream = async (wire: ChunkWire): Promise<AnswerStreamEnd> => {
    const read = { wire, signal: request.signal, idleMs: client.streamIdleTimeoutMs };
    const end = await client.streams.read(called, read, handlers);
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
    return readStream('sse');
  }
  if (/ndjson|jsonl|json-seq/i.test(contentType)) {
    open('ndjson');
    return readStream('ndjson');
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
