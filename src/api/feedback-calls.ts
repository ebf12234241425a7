import { z } from 'zod';
import type { StoredItem } from '@/domain/feedback/message-index';
import type { ApiClient } from './client/http-client';

// Like / dislike marks as the official UI sends them (DEPLOYED-API.md §6): POST /v1/feedback with camelCase
// `conversationId` and `messageIndex` (the snake_case spellings are refused), DELETE /v1/feedback to remove.

const storedHistorySchema = z.object({
  history: z.array(
    z.object({
      role: z.string(),
      historyIndex: z.number().nullable(),
      message: z
        .string()
        .nullable()
        .transform((text) => text ?? ''),
    }),
  ),
});

/** The raw stored history of a conversation (every item, versions included, in stored order). */
export async function storedHistory(client: ApiClient, conversationId: string): Promise<StoredItem[]> {
  const body = await client.json(`/v1/conversations/${encodeURIComponent(conversationId)}`, storedHistorySchema);
  return body.history;
}

export interface FeedbackMark {
  conversationId: string;
  messageIndex: number;
  assistantId: string;
  mark: 'correct' | 'wrong';
  /** The question and the answer marked. */
  request: string;
  response: string;
}

const feedbackIdSchema = z.object({ id: z.string().optional(), feedback_id: z.string().optional() });

/** Stores the mark; resolves to its feedback id (the reply's `feedback_id` or `id`, as the official UI reads it). */
export async function sendFeedback(client: ApiClient, mark: FeedbackMark): Promise<string> {
  const { conversationId, messageIndex, assistantId, mark: value, request, response } = mark;
  const body = {
    conversationId,
    messageIndex,
    author: 'user',
    mark: value,
    comments: '',
    request,
    response,
    assistant_id: assistantId,
  };
  const reply = await client.json('/v1/feedback', feedbackIdSchema, { method: 'POST', body });
  return reply.feedback_id ?? reply.id ?? '';
}

export async function removeFeedback(
  client: ApiClient,
  mark: Pick<FeedbackMark, 'conversationId' | 'messageIndex' | 'assistantId'> & { feedbackId: string },
): Promise<void> {
  const body = {
    conversationId: mark.conversationId,
    feedbackId: mark.feedbackId,
    messageIndex: mark.messageIndex,
    assistant_id: mark.assistantId,
    author: 'user',
  };
  await client.json('/v1/feedback', z.unknown(), { method: 'DELETE', body });
}
