// An assistant call with stream:false through the real client: the console itself always streams, so the tests of
// the header seam and of secret masking use this to reach the client's JSON path with an assistant call's headers.
import type { AssistantCallRequest } from '@/api/stream/assistant-call';
import type { ApiClient, RequestOptions } from '@/api/client/http-client';
import { assistantAnswerSchema, type AssistantAnswer } from '@/api/schemas';

export function callAssistant(
  client: ApiClient,
  assistantId: string,
  request: AssistantCallRequest,
  options: Pick<RequestOptions, 'headers' | 'signal' | 'subject' | 'onSent'> = {},
): Promise<AssistantAnswer> {
  return client.json(`/v1/assistants/${encodeURIComponent(assistantId)}/model`, assistantAnswerSchema, {
    method: 'POST',
    body: { ...request, stream: false },
    forward: { kind: 'assistant', ...(request.conversation_id ? { conversationId: request.conversation_id } : {}) },
    ...options,
  });
}
