import { fetchEventSource } from '@microsoft/fetch-event-source';
import { ApiError } from '@/domain/api-error';
import { createJsonObjectSplitter } from '@/domain/json-object-splitter';
import { restoreDeployedBraces, toStreamChunk, type StreamChunk } from '@/domain/stream-chunk';
import { errorFromResponse, type ApiClient } from './http-client';
import { assistantAnswerSchema, answerChunks } from './schemas';
import type { AssistantCallRequest } from './assistant-call';

/** closed: the server ended the stream; broken: the connection failed after it opened; aborted: Stop. */
export type StreamEnd = 'closed' | 'broken' | 'aborted';

export type StreamWire = 'sse' | 'ndjson' | 'json';

export interface StreamHandlers {
  onOpen?(info: { requestId?: string; contentType: string; wire: StreamWire }): void;
  onChunk(chunk: StreamChunk): void;
  /** A piece that was not a readable chunk; the stream goes on. */
  onMalformed(raw: string): void;
}

export interface StreamCall {
  assistantId: string;
  request: AssistantCallRequest;
  headers?: Record<string, string>;
  signal: AbortSignal;
}

const accept = 'text/event-stream, application/x-ndjson, application/json';

function deliver(text: string, handlers: StreamHandlers, reviver?: typeof restoreDeployedBraces): void {
  let value: unknown;
  try {
    value = JSON.parse(text, reviver);
  } catch {
    handlers.onMalformed(text);
    return;
  }
  const chunk = toStreamChunk(value);
  if (!chunk) return handlers.onMalformed(text);
  // A chunk with some unreadable fields still delivers the rest, and still counts as a warning.
  if (chunk.invalidFields) handlers.onMalformed(text);
  handlers.onChunk(chunk);
}

/** The seed's wire, read by fetch-event-source from the response already opened (so it never re-POSTs). */
async function readSse(response: Response, signal: AbortSignal, handlers: StreamHandlers): Promise<StreamEnd> {
  try {
    await fetchEventSource(response.url || 'about:blank', {
      fetch: async () => response,
      signal,
      // Without this a hidden tab closes and re-opens the stream, which would re-send the prompt.
      openWhenHidden: true,
      async onopen() {},
      onmessage(message) {
        if (!signal.aborted && message.data.trim() !== '') deliver(message.data, handlers);
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
async function readNdjson(response: Response, signal: AbortSignal, handlers: StreamHandlers): Promise<StreamEnd> {
  const body = response.body;
  if (!body) return 'closed';
  const reader = body.getReader();
  const splitter = createJsonObjectSplitter();
  const hand = ({ objects, stray }: { objects: string[]; stray: string[] }) => {
    for (const object of objects) deliver(object, handlers, restoreDeployedBraces);
    for (const piece of stray) handlers.onMalformed(piece);
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
 * Calls an assistant with stream:true and feeds decoded chunks to the handlers, whichever wire the server
 * chose (picked from the response Content-Type, never from configuration). Resolves when the server closes
 * the stream, the connection breaks after opening, or the signal aborts; the caller decides what a missing
 * `last` chunk means. Rejects with ApiError when the call fails before anything streamed. It never re-sends
 * the prompt by itself, except once after a 401 that arrived before any chunk, with a renewed token.
 */
export async function streamAssistant(client: ApiClient, call: StreamCall, handlers: StreamHandlers): Promise<StreamEnd> {
  let response: Response;
  try {
    response = await client.send(
      `/v1/assistants/${encodeURIComponent(call.assistantId)}/model`,
      { method: 'POST', body: { ...call.request, stream: true }, signal: call.signal, ...(call.headers ? { headers: call.headers } : {}) },
      accept,
    );
  } catch (error) {
    if (call.signal.aborted) return 'aborted';
    throw error;
  }
  if (!response.ok) throw await errorFromResponse(response);
  const contentType = response.headers.get('content-type') ?? '';
  const requestId = response.headers.get('x-request-id');
  const open = (wire: StreamWire) => handlers.onOpen?.({ contentType, wire, ...(requestId ? { requestId } : {}) });

  if (/text\/event-stream/i.test(contentType)) {
    open('sse');
    return readSse(response, call.signal, handlers);
  }
  if (/ndjson|jsonl|json-seq/i.test(contentType)) {
    open('ndjson');
    return readNdjson(response, call.signal, handlers);
  }
  if (/json/i.test(contentType)) {
    // A server that ignores stream:true answers with the whole JSON body: take it as the final chunks.
    open('json');
    const parsed = assistantAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new ApiError({ kind: 'protocol', status: response.status, contentType, url: response.url });
    answerChunks(parsed.data).forEach((chunk) => handlers.onChunk(chunk));
    return 'closed';
  }
  await response.body?.cancel().catch(() => undefined);
  throw new ApiError({ kind: 'not-json', status: response.status, contentType, url: response.url });
}
