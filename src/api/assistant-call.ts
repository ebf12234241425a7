import type { ApiClient, RequestOptions } from './http-client';
import { assistantAnswerSchema, type AssistantAnswer } from './schemas';

export interface HistoryEntry {
  role: 'User' | 'Assistant';
  message: string;
}

/** The body of an assistant call: the seed's fields plus the ones real servers also accept. */
export interface AssistantCallRequest {
  text: string;
  llmModel?: string;
  propagate_headers?: boolean;
  conversation_id?: string;
  history?: HistoryEntry[];
}

/** Calls an assistant with stream:false and returns the whole answer. */
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
