import { z } from 'zod';
import { ApiError, isRouteMissing } from '@/domain/errors/api-error';
import { toStreamError } from '@/domain/stream/stream-error';
import type { ApiClient, RequestOptions } from '@/api/client/http-client';
import { watchServerErrors } from './stream-pieces';
import { readPost } from './stream-request';
import type { AnswerStreamEnd, StreamHandlers } from './stream-types';

export type { AnswerStreamEnd, FoldedChunks, StreamHandlers } from './stream-types';
import { assistantAnswerSchema, answerChunks } from '@/api/schemas';
import type { AssistantCallRequest } from './assistant-call';
import { createChunkFolder } from '@/api/stream-worker/chunk-folder';

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
  /** Values in `request` that go to the server only: the log shows `shownRequest`, and they are masked in the answer. */
  secrets?: { values: readonly string[]; shownRequest: AssistantCallRequest };
}

/** Calls an assistant (stream:true unless told otherwise); a JSON answer (asked for, or a server ignoring the flag) becomes its final chunks. */
export async function streamAssistant(
  client: ApiClient,
  call: StreamCall,
  handlers: StreamHandlers,
): Promise<AnswerStreamEnd> {
  const stream = call.stream ?? true;
  return readAnswer(
    client,
    `/v1/assistants/${encodeURIComponent(call.assistantId)}/model`,
    { ...call.request, stream },
    call,
    handlers,
    call.secrets && { values: call.secrets.values, shownBody: { ...call.secrets.shownRequest, stream } },
  );
}

/** The person's decision on a tool call a current server paused (CURRENT-SERVERS.md §1.4). */
export type ToolCallDecision = 'allow' | 'deny';

export interface ResumeCall extends Omit<StreamCall, 'request' | 'stream'> {
  conversationId: string;
  action: ToolCallDecision;
}

/** Allows or denies a paused tool call; the answer goes on in the reply, on the same wire as the call's. */
export function streamToolResume(
  client: ApiClient,
  call: ResumeCall,
  handlers: StreamHandlers,
): Promise<AnswerStreamEnd> {
  const body = { conversation_id: call.conversationId, action: call.action, stream: true };
  const path = `/v1/assistants/${encodeURIComponent(call.assistantId)}/model/tool-call/resume`;
  return readAnswer(
    client,
    path,
    body,
    { ...call, request: { text: '', conversation_id: call.conversationId } },
    handlers,
  );
}

export interface ReattachCall {
  conversationId: string;
  signal: AbortSignal;
  subject?: string;
}

/**
 * Re-attaches to an answer a current server is still generating (CURRENT-SERVERS.md §2.3): every chunk since the
 * turn began, then the live ones. An empty reply means nothing runs there (any more).
 */
export function streamReattach(
  client: ApiClient,
  call: ReattachCall,
  handlers: StreamHandlers,
): Promise<AnswerStreamEnd> {
  const path = `/v1/conversations/${encodeURIComponent(call.conversationId)}/stream`;
  return readAnswer(
    client,
    path,
    undefined,
    {
      assistantId: '',
      request: { text: '', conversation_id: call.conversationId },
      signal: call.signal,
      ...(call.subject ? { subject: call.subject } : {}),
    },
    handlers,
  );
}

/** Stops an answer a current server generates in the background (Stop, also after a reload); false where there is no such endpoint. */
/** `subject`: the turn being stopped, so the abort joins its trace. */
export async function abortGeneration(client: ApiClient, conversationId: string, subject?: string): Promise<boolean> {
  try {
    await client.json(`/v1/conversations/${encodeURIComponent(conversationId)}/abort`, z.unknown(), {
      method: 'POST',
      ...(subject ? { subject } : {}),
    });
    return true;
  } catch (error) {
    if (isRouteMissing(error)) return false;
    throw error;
  }
}

async function readAnswer(
  client: ApiClient,
  path: string,
  body: Record<string, unknown> | undefined,
  call: StreamCall,
  handlers: StreamHandlers,
  secrets?: RequestOptions['secrets'],
): Promise<AnswerStreamEnd> {
  // An error sent inside the stream, with no `last` after it, fails the call with the server's message.
  const watch = watchServerErrors(handlers);
  const end = await readPost(
    client,
    {
      path,
      ...(body ? { body } : { method: 'GET' as const }),
      forward: {
        kind: 'assistant',
        ...(call.request.conversation_id ? { conversationId: call.request.conversation_id } : {}),
      },
      signal: call.signal,
      ...(call.headers ? { headers: call.headers } : {}),
      ...(call.subject ? { subject: call.subject } : {}),
      ...(call.onSent ? { onSent: call.onSent } : {}),
      ...(secrets ? { secrets } : {}),
    },
    watch.handlers,
    (body) => {
      // An error body sent with 200 (some gateways do) is the server's error, not an answer in the wrong shape.
      const serverError = toStreamError(body);
      if (serverError)
        throw new ApiError({
          kind: 'stream',
          message: serverError.message,
          ...(serverError.details !== undefined ? { details: serverError.details } : {}),
        });
      const parsed = assistantAnswerSchema.safeParse(body);
      if (!parsed.success)
        throw new ApiError({ kind: 'protocol', details: 'the JSON answer is not an assistant answer' });
      handlers.onAnswer?.(parsed.data);
      const chunks = answerChunks(parsed.data);
      const { fold } = handlers;
      if (!fold) return chunks.forEach((chunk) => handlers.onChunk(chunk));
      // A whole body is folded here by the same folder the stream worker folds a stream with.
      const folder = createChunkFolder(fold.from());
      const at = Date.now();
      for (const chunk of chunks) folder.chunk(chunk, at);
      fold.onFolded(folder.take(at));
    },
    watch.failure,
  );
  const failure = watch.failure(end);
  if (failure) throw failure;
  return end;
}
