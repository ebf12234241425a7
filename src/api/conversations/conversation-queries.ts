import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { isRouteMissing } from '@/domain/api-error';
import type { ApiClient } from '@/api/http-client';
import { getConversation, listConversations, searchConversations, serverSearchLength } from './conversation-calls';

/** Query keys, from broad to narrow. */
export const conversationKeys = {
  all: (baseUrl: string) => ['server-conversations', baseUrl] as const,
  list: (baseUrl: string) => [...conversationKeys.all(baseUrl), 'list'] as const,
  search: (baseUrl: string, query: string) => [...conversationKeys.all(baseUrl), 'search', query] as const,
  detail: (baseUrl: string, id: string) => [...conversationKeys.all(baseUrl), 'detail', id] as const,
};

export const conversationPageSize = 50;

/** A route the server does not have is an answer (it keeps no conversations), not a failure to retry. */
const retryUnlessMissing = (failures: number, error: unknown) => !isRouteMissing(error) && failures < 2;

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

export const serverConversationSearchQuery = (client: ApiClient, query: string) =>
  queryOptions({
    queryKey: conversationKeys.search(client.baseUrl, query.trim()),
    queryFn: ({ signal }) => searchConversations(client, query, signal),
    enabled: query.trim().length >= serverSearchLength.min,
    retry: retryUnlessMissing,
    staleTime: 30_000,
  });

export const serverConversationQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(client.baseUrl, id),
    queryFn: ({ signal }) => getConversation(client, id, signal),
    retry: retryUnlessMissing,
  });
