import type { ToolCallPolicy } from '@/domain/approval/tool-policy';
import { z } from 'zod';
import type { ApiClient } from '@/api/client/http-client';
import {
  serverConversationSchema,
  serverListSchema,
  serverSearchSchema,
  type ServerConversation,
  type ServerListItem,
  type ServerSearchHit,
} from './conversation-schemas';

// The person's conversations on the server (DEPLOYED-API.md §1). Filed as catalog calls in the Inspector.

const segment = encodeURIComponent;
const conversationPath = (id: string) => `/v1/conversations/${segment(id)}`;
const anyBody = z.unknown();

/** Searches asked of the server are this long (its own limits); shorter ones are answered from this browser only. */
export const serverSearchLength = { min: 3, max: 100 } as const;

export function listConversations(
  client: ApiClient,
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<ServerListItem[]> {
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  return client.json(`/v1/conversations?${params.toString()}`, serverListSchema, signal ? { signal } : {});
}

/** `subject`: the turn a read belongs to (after a stop, while watching), so it joins that turn's trace. */
export function getConversation(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
  subject?: string,
): Promise<ServerConversation> {
  return client.json(conversationPath(id), serverConversationSchema, {
    ...(signal ? { signal } : {}),
    ...(subject ? { subject } : {}),
  });
}

export async function searchConversations(
  client: ApiClient,
  query: string,
  signal?: AbortSignal,
): Promise<ServerSearchHit[]> {
  const params = new URLSearchParams({ query: query.trim().slice(0, serverSearchLength.max) });
  const found = await client.json(
    `/v1/conversations/search?${params.toString()}`,
    serverSearchSchema,
    signal ? { signal } : {},
  );
  return found.items.filter((item) => item.type !== 'folder');
}

/** Renames or pins. The server ignores an empty name (a name cannot be cleared). */
export async function updateConversation(
  client: ApiClient,
  id: string,
  change: { name: string } | { pinned: boolean } | { tool_call_policy: ToolCallPolicy | null },
): Promise<void> {
  await client.json(conversationPath(id), anyBody, { method: 'PUT', body: change });
}

const finishedSchema = z.looseObject({ conversationId: z.string().nullish(), finishedAt: z.string().nullish() });

/**
 * Finishes the conversation (current servers, its owner): it takes no more messages. Answers when the server says it
 * was finished; a server without the route answers 404 "Not Found" or 405 (see `lacksRoute`).
 */
export async function finishConversation(client: ApiClient, id: string): Promise<string | null> {
  const finished = await client.json(`${conversationPath(id)}/finish`, finishedSchema, { method: 'POST' });
  return finished.finishedAt ?? null;
}

export async function deleteConversation(client: ApiClient, id: string): Promise<void> {
  await client.json(conversationPath(id), anyBody, { method: 'DELETE' });
}

/**
 * Writes a history back under the conversation's id (created when missing): what undoing a delete does.
 * Each item replaces the last stored one with the same (historyIndex, role), else is appended.
 */
export async function restoreConversationHistory(client: ApiClient, conversation: ServerConversation): Promise<void> {
  const assistantId = conversation.initial_assistant_id ?? conversation.assistant_ids?.[0] ?? '';
  await client.json(`${conversationPath(conversation.id)}/history`, anyBody, {
    method: 'PUT',
    body: { assistant_id: assistantId, history: conversation.history },
  });
  if (conversation.conversation_name)
    await updateConversation(client, conversation.id, { name: conversation.conversation_name });
}
