import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { isRouteMissing } from '@/domain/errors/api-error';
import type { ApiClient } from '@/api/client/http-client';
import { getConversation, listConversations, searchConversations, serverSearchLength } from './conversation-calls';

/** Query keys, from broad to narrow. */
export const conversationKeys = {
  all: (baseUrl: string) => ['server-conversations', baseUrl] as const,
  support: (baseUrl: string) => [...conversationKeys.all(baseUrl), 'support'] as const,
  list: (baseUrl: string) => [...conversationKeys.all(baseUrl), 'list'] as const,
  search: (baseUrl: string, query: string) => [...conversationKeys.all(baseUrl), 'search', query] as const,
  detail: (baseUrl: string, id: string) => [...conversationKeys.all(baseUrl), 'detail', id] as const,
  /** A watch of one conversation (its reads go on while it is watched): apart from `detail`, which changes drop. */
  watch: (baseUrl: string, id: string, purpose: string) =>
    [...conversationKeys.all(baseUrl), 'watch', id, purpose] as const,
};

export const conversationPageSize = 50;

/** A route the server does not have is an answer (it keeps no conversations), not a failure to retry. */
const retryUnlessMissing = (failures: number, error: unknown) => !isRouteMissing(error) && failures < 2;

export type ServerConversationSupport = 'available' | 'unavailable';

/**
 * Whether the server keeps the person's conversations: a 404 or 405 on GET /v1/conversations means it has no such
 * endpoints (this browser is then the only store). Other failures are thrown (asked again later).
 */
export const serverConversationSupportQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: conversationKeys.support(client.baseUrl),
    queryFn: async ({ signal }): Promise<ServerConversationSupport> => {
      try {
        await listConversations(client, 0, 1, signal);
        return 'available';
      } catch (error) {
        if (isRouteMissing(error)) return 'unavailable';
        throw error;
      }
    },
    retry: 1,
    staleTime: Infinity,
  });

/** The person's conversations on the server, newest change first, 50 a page (the server says no total). */
export const serverConversationListQuery = (client: ApiClient) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.list(client.baseUrl),
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) => listConversations(client, pageParam, conversationPageSize, signal),
    getNextPageParam: (last, pages) => (last.length < conversationPageSize ? undefined : pages.length),
    retry: retryUnlessMissing,
    staleTime: 30_000,
  });

/** The ids of the conversations the server listed (the pages read so far), from the query cache: asks nothing. */
export function listedConversationIds(queryClient: QueryClient, baseUrl: string): ReadonlySet<string> {
  const data = queryClient.getQueryData<InfiniteData<ReadonlyArray<{ id: string }>>>(conversationKeys.list(baseUrl));
  return new Set(data?.pages.flatMap((page) => page.map((item) => item.id)) ?? []);
}

export const serverConversationSearchQuery = (client: ApiClient, query: string) =>
  queryOptions({
    queryKey: conversationKeys.search(client.baseUrl, query.trim()),
    queryFn: ({ signal }) => searchConversations(client, query, signal),
    enabled: query.trim().length >= serverSearchLength.min,
    retry: retryUnlessMissing,
    staleTime: 30_000,
  });

export const serverConversationQuery = (client: ApiClient, id: string, subject?: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(client.baseUrl, id),
    queryFn: ({ signal }) => getConversation(client, id, signal, subject),
    // Unknown ids are a 500 on real servers: asking again would only delay "not found".
    retry: false,
  });

/** A conversation's paused tool call as the server keeps it (null: nothing waits there), for Waiting for you. */
export interface ServerPendingCall {
  toolName: string;
  assistantName: string | null;
}

/**
 * Whether a conversation waits on the server for the person's decision on a tool call (current servers keep
 * `pending_tool_call`): read where this browser does not know (cleared, or another device), kept small in the cache.
 */
export const serverPendingCallQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: [...conversationKeys.all(client.baseUrl), 'pending', id] as const,
    queryFn: async ({ signal }): Promise<ServerPendingCall | null> => {
      const conversation = await getConversation(client, id, signal);
      const pending = conversation.pending_tool_call;
      if (!pending) return null;
      const assistant = conversation.assistant_data?.find((data) => data.assistant_name)?.assistant_name ?? null;
      return { toolName: pending.display_name || pending.tool_name || 'a tool', assistantName: assistant };
    },
    retry: false,
    staleTime: 30_000,
  });
