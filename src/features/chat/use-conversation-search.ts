import { useMemo } from 'react';
import type { ConversationSummary } from '@/domain/conversations/conversation';
import { buildSearchIndex, searchIndex } from '@/domain/conversations/search';

/**
 * The conversations matching a query. The index is built once per change of the list (a turn ending, a rename),
 * and only while someone searches; every key then costs a few lookups in it, however many conversations there are.
 */
export function useConversationSearch(conversations: Readonly<Record<string, ConversationSummary>>, query: string): ConversationSummary[] {
  const searching = query.trim() !== '';
  const all = useMemo(() => Object.values(conversations), [conversations]);
  const index = useMemo(() => (searching ? buildSearchIndex(all) : null), [all, searching]);
  return useMemo(() => {
    const found = index ? searchIndex(index, query) : null;
    return found ? all.filter((summary) => found.has(summary.id)) : all;
  }, [all, index, query]);
}
