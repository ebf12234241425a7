import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { assistantDetailQuery, assistantListQuery, modelListQuery } from '@/api/catalog-queries';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { isCatalogMissing } from '@/domain/errors/api-error';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { useDebouncedValue } from '@/ui/hooks/use-debounced-value';
import type { KnownAssistant } from './selection-store';

const matches = (search: string) => (assistant: { id: string; name: string; description?: string | undefined }) => {
  const needle = search.trim().toLowerCase();
  return (
    needle === '' || `${assistant.name} ${assistant.description ?? ''} ${assistant.id}`.toLowerCase().includes(needle)
  );
};

/** A catalog entry: what is kept once chosen, and its icon for the list. */
export type AssistantChoice = KnownAssistant & { iconUrl?: string };

export interface AssistantChoices {
  assistants: AssistantChoice[];
  total: number;
  source: 'server' | 'fallback';
  loading: boolean;
  error: unknown;
  /** Fetches the next page of the server's list; absent when there is none. */
  loadMore?: () => void;
}

export function useAssistantChoices(
  search: string,
  fallback: RuntimeConfig['fallbacks']['assistants'],
  added: KnownAssistant[],
  enabled = true,
): AssistantChoices {
  const { client } = useChatServices();
  // The server is asked once the typing pauses; what is known already is filtered at once.
  const asked = useDebouncedValue(search.trim());
  // A closed picker asks nothing: a search still settling when it closed is not sent after the choice.
  const query = useInfiniteQuery({
    ...assistantListQuery(client, asked),
    placeholderData: keepPreviousData,
    enabled,
  });
  const extra = added.filter(matches(search));
  const pages = query.data?.pages;
  if (pages?.length) {
    const listed = pages
      .flatMap((page) => page.data)
      .map(({ id, name, description, icon_url }): AssistantChoice => ({
        id,
        name,
        ...(description ? { description } : {}),
        ...(icon_url ? { iconUrl: icon_url } : {}),
      }));
    // Until the server answers for what is typed now (while it is asked, its last answer stands in), that answer
    // is narrowed here.
    const served = asked === search.trim() && !query.isPlaceholderData ? listed : listed.filter(matches(search));
    const servedIds = new Set(served.map((assistant) => assistant.id));
    return {
      assistants: [...served, ...extra.filter((assistant) => !servedIds.has(assistant.id))],
      total: pages[pages.length - 1]?.pagination.total ?? served.length,
      source: 'server',
      loading: query.isFetching,
      error: null,
      ...(query.hasNextPage ? { loadMore: () => void query.fetchNextPage() } : {}),
    };
  }
  const fallbackItems = fallback
    .filter(matches(search))
    .map(({ id, name, description }) => ({ id, name, ...(description ? { description } : {}) }));
  const fallbackIds = new Set(fallbackItems.map((assistant) => assistant.id));
  const assistants = [...fallbackItems, ...extra.filter((assistant) => !fallbackIds.has(assistant.id))];
  return {
    assistants,
    total: assistants.length,
    source: 'fallback',
    loading: query.isPending,
    error: query.error && !isCatalogMissing(query.error) ? query.error : null,
  };
}

export function useAssistantDetail(id: string | undefined) {
  const { client } = useChatServices();
  return useQuery({ ...assistantDetailQuery(client, id ?? ''), enabled: Boolean(id), retry: false });
}

export function useModelChoices(fallback: RuntimeConfig['fallbacks']['models']) {
  const { client } = useChatServices();
  const query = useQuery({ ...modelListQuery(client), retry: false });
  const served = query.data
    ?.filter((model) => model.enabled)
    .map((model) => ({ value: model.base_name, label: model.label ?? model.base_name, isDefault: model.default }));
  const models =
    served ??
    fallback.map((model) => ({ value: model.base_name, label: model.label ?? model.base_name, isDefault: false }));
  return { models, source: served ? ('server' as const) : ('fallback' as const), loading: query.isPending };
}
