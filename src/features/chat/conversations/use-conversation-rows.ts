import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { serverSearchLength } from '@/api/conversations/conversation-calls';
import {
  serverConversationListQuery,
  serverConversationSearchQuery,
  serverConversationSupportQuery,
} from '@/api/conversations/conversation-queries';
import { useConsoleServices } from '@/lib/services-context';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { mergeConversationLists, serverSummary } from '@/domain/conversations/server/server-list';
import { useChat } from '@/features/chat/runtime/use-chat';
import { useConversationSearch } from './use-conversation-search';

export type ServerListState = 'local-only' | 'checking' | 'loading' | 'ready' | 'failed';

export interface ConversationRows {
  /** The conversations matching the query (all without one), this browser's and the server's, one per id. */
  found: ConversationSummary[];
  server: ServerListState;
  /** The server has older conversations not read yet. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/**
 * The rail's conversations: where the server keeps them, its list (paged as the rail scrolls) merged with this
 * browser's by id; a search also asks the server (3 characters or more) and adds what it finds by name.
 */
export function useConversationRows(query: string): ConversationRows {
  const { client } = useConsoleServices();
  const local = useChat((state) => state.conversations);
  const support = useQuery(serverConversationSupportQuery(client));
  const available = support.data === 'available';
  const list = useInfiniteQuery({ ...serverConversationListQuery(client), enabled: available });
  const asked = useDeferredValue(query.trim());
  const searched = useQuery({
    ...serverConversationSearchQuery(client, asked),
    enabled: available && asked.length >= serverSearchLength.min,
  });

  const merged = useMemo(() => {
    const rows = mergeConversationLists(Object.values(local), list.data?.pages.flat() ?? []);
    return Object.fromEntries(rows.map((row) => [row.id, row]));
  }, [local, list.data]);
  const matching = useConversationSearch(merged, query);
  const found = useMemo(() => {
    const hits = query.trim().length >= serverSearchLength.min ? (searched.data ?? []) : [];
    const ids = new Set(matching.map((row) => row.id));
    const more = hits.filter((hit) => !ids.has(hit.id)).map((hit) => merged[hit.id] ?? serverSummary(hit));
    return [...matching, ...more];
  }, [matching, merged, searched.data, query]);

  const server: ServerListState =
    support.data === 'unavailable'
      ? 'local-only'
      : !support.data
        ? support.isError
          ? 'failed'
          : 'checking'
        : list.isError
          ? 'failed'
          : list.isPending
            ? 'loading'
            : 'ready';
  return {
    found,
    server,
    hasMore: available && list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void (list.hasNextPage && !list.isFetchingNextPage ? list.fetchNextPage() : undefined),
  };
}
