import type { ToolCallPolicy } from '@/domain/approval/tool-policy';
import type { QueryClient } from '@tanstack/react-query';
import {
  deleteConversation,
  finishConversation,
  getConversation,
  restoreConversationHistory,
  updateConversation,
} from '@/api/conversations/conversation-calls';
import {
  conversationKeys,
  serverConversationQuery,
  serverConversationSupportQuery,
  type ServerConversationSupport,
} from '@/api/conversations/conversation-queries';
import type { ServerConversation } from '@/api/conversations/conversation-schemas';
import type { ApiClient } from '@/api/client/http-client';
import { watchServer, type ServerWatch, type WatchSpec } from '@/api/server-watch';

/** The person's conversations on the server, as the chat runtime uses them (through the query cache). */
export interface ServerConversations {
  /** Whether the server keeps conversations; 'unknown' while it cannot be told (offline, a failing server). */
  support(): Promise<ServerConversationSupport | 'unknown'>;
  /** The conversation as the server has it now (a read made in the last moments is reused). */
  get(conversationId: string, subject?: string): Promise<ServerConversation>;
  /**
   * The conversation as the server has it now, read for a watch that keeps only a little of it (its name): the read
   * is not kept in the query cache, so every answer's text is not held there again while the watch goes on (the
   * request log keeps its body, as it does any call's).
   */
  read(conversationId: string, signal: AbortSignal): Promise<ServerConversation>;
  rename(conversationId: string, name: string): Promise<void>;
  pin(conversationId: string, pinned: boolean): Promise<void>;
  setToolPolicy(conversationId: string, policy: ToolCallPolicy): Promise<void>;
  remove(conversationId: string): Promise<void>;
  /** Finishes it (current servers): it takes no more messages. Answers the server's finish time. */
  finish(conversationId: string): Promise<string | null>;
  /** Writes a conversation back as it was read (undoing a delete). */
  restore(conversation: ServerConversation): Promise<void>;
  /** The server's list changed (a call from here): the rail reads it again. */
  changed(conversationId?: string): void;
  /** Watches one conversation until the spec's judge says it is over (api/server-watch.ts: pace, hidden tab, most reads). */
  watch<T, V>(conversationId: string, purpose: string, spec: ConversationWatchSpec<T, V>): ServerWatch;
}

export type ConversationWatchSpec<T, V> = Omit<WatchSpec<T, V>, 'queryClient' | 'queryKey'>;

export function serverConversations(queryClient: QueryClient, client: () => ApiClient): ServerConversations {
  return {
    support: () => queryClient.fetchQuery(serverConversationSupportQuery(client())).catch(() => 'unknown' as const),
    // Kept only as long as it is reused: a conversation read holds every answer's text once more (a 200 KB answer
    // is 400 KB of it), and the turns already hold what the console needs of it.
    get: (conversationId, subject) =>
      queryClient.fetchQuery({
        ...serverConversationQuery(client(), conversationId, subject),
        staleTime: 1000,
        gcTime: 1000,
      }),
    read: (conversationId, signal) => getConversation(client(), conversationId, signal),
    rename: (conversationId, name) => updateConversation(client(), conversationId, { name }),
    pin: (conversationId, pinned) => updateConversation(client(), conversationId, { pinned }),
    setToolPolicy: (conversationId, policy) =>
      updateConversation(client(), conversationId, { tool_call_policy: policy }),
    remove: (conversationId) => deleteConversation(client(), conversationId),
    finish: (conversationId) => finishConversation(client(), conversationId),
    restore: (conversation) => restoreConversationHistory(client(), conversation),
    watch: (conversationId, purpose, spec) =>
      watchServer({
        ...spec,
        queryClient,
        queryKey: conversationKeys.watch(client().baseUrl, conversationId, purpose),
      }),
    changed(conversationId) {
      const { baseUrl } = client();
      if (conversationId) queryClient.removeQueries({ queryKey: conversationKeys.detail(baseUrl, conversationId) });
      queryClient.invalidateQueries({ queryKey: conversationKeys.list(baseUrl) });
      queryClient.invalidateQueries({ queryKey: [...conversationKeys.all(baseUrl), 'search'] });
    },
  };
}
