import { fetchEventSource } from '@microsoft/fetch-event-source';
import { ApiError } from '@/domain/api-error';
import { toStreamChunk, type StreamChunk } from '@/domain/stream-chunk';
import { errorFromResponse, networkError, type ApiClient } from './http-client';
import { assistantAnswerSchema, answerToChunk } from './schemas';
import type { AssistantCallRequest } from './assistant-call';

/** closed: the server ended the stream; broken: the connection failed after it opened; aborted: Stop. */
export type StreamEnd = 'closed' | 'broken' | 'aborted';

export interface StreamHandlers {
  onOpen?(info: { requestId?: string; contentType: string }): void;
  onChunk(chunk: StreamChunk): void;
  /** A message that was not a readable chunk; the stream goes on. */
  onMalformed(raw: string): void;
}

export interface StreamCall {
  assistantId: string;
  request: AssistantCallRequest;
  headers?: Record<string, string>;
  signal: AbortSignal;
}

/** Thrown from onopen to leave fetch-event-source with a decision made; never reaches callers. */
class OpenOutcome {
  constructor(readonly kind: 'unauthorized' | 'handled') {}
}

/**
 * Calls an assistant with stream:true and feeds decoded chunks to the handlers. Resolves when the server
 * closes the stream (whether or not a `last` chunk came: the caller decides "interrupted") or when the
 * signal aborts. Rejects with ApiError when the call fails before anything streamed. It never re-sends the
 * prompt on its own, except once after a 401 that arrived before any chunk, with a renewed token.
 */
export async function streamAssistant(client: ApiClient, call: StreamCall, handlers: StreamHandlers): Promise<StreamEnd> {
  const url = client.url(`/v1/assistants/${encodeURIComponent(call.assistantId)}/model`);

  const open = async (token: string | null, mayRenew: boolean): Promise<StreamEnd> => {
    let failure: ApiError | undefined;
    let opened = false;
    try {
      await fetchEventSource(url, {
        method: 'POST',
        headers: {
          ...(call.headers ?? {}),
          'Content-Type': 'application/json',
          Accept: 'text/event-stream, application/x-ndjson, application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ ...call.request, stream: true }),
        signal: call.signal,
        // Without this a hidden tab closes and re-opens the stream, which re-POSTs the prompt.
        openWhenHidden: true,
        fetch: client.fetch,
        async onopen(response) {
          const contentType = response.headers.get('content-type') ?? '';
          if (response.status === 401 && mayRenew) {
            await response.body?.cancel().catch(() => undefined);
            throw new OpenOutcome('unauthorized');
          }
          if (!response.ok) {
            failure = await errorFromResponse(response);
            throw new OpenOutcome('handled');
          }
          const requestId = response.headers.get('x-request-id');
          opened = true;
          handlers.onOpen?.({ contentType, ...(requestId ? { requestId } : {}) });
          if (/text\/event-stream/i.test(contentType)) return;
          if (/json/i.test(contentType) && !/ndjson/i.test(contentType)) {
            // A server that ignores stream:true answers with the whole JSON body: show it as one final chunk.
            const parsed = assistantAnswerSchema.safeParse(await response.json().catch(() => undefined));
            if (parsed.success) handlers.onChunk(answerToChunk(parsed.data));
            else failure = new ApiError({ kind: 'protocol', status: response.status, contentType, url: response.url });
            throw new OpenOutcome('handled');
          }
          await response.body?.cancel().catch(() => undefined);
          failure = new ApiError({ kind: 'not-json', status: response.status, contentType, url: response.url });
          throw new OpenOutcome('handled');
        },
        onmessage(message) {
          if (message.data.trim() === '') return;
          let value: unknown;
          try {
            value = JSON.parse(message.data);
          } catch {
            handlers.onMalformed(message.data);
            return;
          }
          const chunk = toStreamChunk(value);
          if (chunk) handlers.onChunk(chunk);
          else handlers.onMalformed(message.data);
        },
        onerror(error) {
          // Rethrowing stops fetch-event-source's automatic retry, which would re-POST the prompt.
          throw error;
        },
      });
    } catch (error) {
      if (error instanceof OpenOutcome) {
        if (error.kind === 'unauthorized') {
          const renewed = await client.tokens.renewAccessToken().catch(() => null);
          return open(renewed, false);
        }
        if (failure) throw failure;
        return 'closed';
      }
      if (call.signal.aborted) return 'aborted';
      // A read that fails mid-stream is an interruption, not a failure: the caller keeps what arrived.
      if (opened) return 'broken';
      if (error instanceof ApiError) throw error;
      throw networkError(url, error);
    }
    return call.signal.aborted ? 'aborted' : 'closed';
  };

  return open(await client.tokens.getAccessToken(), true);
}
