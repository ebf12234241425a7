import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo } from 'react';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { buildSearchIndex, searchIndex } from '@/domain/conversations/search/search';
import { matchesAll, snippet, type TextPart } from '@/domain/conversations/search/snippet';
import { useChatRuntime } from '@/features/chat/runtime/use-chat';

/**
 * The conversations matching a query. The index is built once per change of the list (a turn ending, a rename),
 * and only while someone searches; every key then costs a few lookups in it, however many conversations there are.
 */
export function useConversationSearch(
  conversations: Readonly<Record<string, ConversationSummary>>,
  query: string,
): ConversationSummary[] {
  const searching = query.trim() !== '';
  const all = useMemo(() => Object.values(conversations), [conversations]);
  const index = useMemo(() => (searching ? buildSearchIndex(all) : null), [all, searching]);
  return useMemo(() => {
    const found = index ? searchIndex(index, query) : null;
    return found ? all.filter((summary) => found.has(summary.id)) : all;
  }, [all, index, query]);
}

/**
 * For the hits shown whose title does not explain them, the passage of the conversation that does. A conversation's
 * texts are read once per version of it (kept a minute after the search ends) and only while someone searches;
 * the snippets follow the query a beat behind the keys, so typing stays instant.
 */
export function useSearchSnippets(
  shown: readonly ConversationSummary[],
  query: string,
): ReadonlyMap<string, TextPart[]> {
  const runtime = useChatRuntime();
  // Both deferred together: a key press renders with the previous list and query, so nothing below is computed again.
  const settled = useDeferredValue(query);
  const settledShown = useDeferredValue(shown);
  const unexplained = useMemo(
    () => (settled.trim() === '' ? [] : settledShown.filter((summary) => !matchesAll(summary.title, settled))),
    [settledShown, settled],
  );
  // Stable between keys and renders: the snippets are computed again only when a query or a text changes.
  const combine = useCallback(
    (results: UseQueryResult<string[]>[]) => {
      const snippets = new Map<string, TextPart[]>();
      results.forEach((result, at) => {
        const id = unexplained[at]?.id;
        const found = result.data ? snippet(result.data, settled) : null;
        if (id !== undefined && found) snippets.set(id, found);
      });
      return snippets;
    },
    [unexplained, settled],
  );
  return useQueries({
    queries: unexplained.map((summary) => ({
      queryKey: ['local-conversations', 'search-texts', summary.id, summary.updatedAt],
      queryFn: () => runtime.searchTexts(summary.id),
      staleTime: Infinity,
      gcTime: 60_000,
    })),
    combine,
  });
}
