import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { assistantDetailQuery, assistantListQuery, modelListQuery } from '@/api/catalog-queries';
import { useChatServices } from '@/features/chat/chat-services-provider';
import { rankCatalog, type CatalogMatch } from '@/domain/catalog/catalog-match';
import { groupModels } from '@/domain/catalog/model-list';
import { isCatalogMissing } from '@/domain/errors/api-error';
import type { RuntimeConfig } from '@/lib/runtime-config-schema';
import { useDebouncedValue } from '@/ui/hooks/use-debounced-value';
import type { KnownAssistant } from './selection-store';

/** A catalog entry: what is kept once chosen, its icon and slug for the list, and why it matches what is typed. */
export type AssistantChoice = KnownAssistant & { iconUrl?: string; slug?: string; match?: CatalogMatch | null };

export interface AssistantChoices {
  /** Best match first: the one Enter takes. */
  assistants: AssistantChoice[];
  /** How many the server holds for what is typed; absent when the console left some of its answer out. */
  total?: number;
  source: 'server' | 'fallback';
  loading: boolean;
  error: unknown;
  /** Fetches the next page of the server's list; absent when there is none. */
  loadMore?: () => void;
}

/**
 * The choices ranked by the console, whatever order the server keeps: a name that starts with the text first (see
 * rankCatalog). One added by ID is among them, once.
 */
function ranked(
  listed: readonly AssistantChoice[],
  added: readonly KnownAssistant[],
  search: string,
  keepUnexplained: boolean,
): AssistantChoice[] {
  const listedIds = new Set(listed.map((assistant) => assistant.id));
  const all = [...listed, ...added.filter((assistant) => !listedIds.has(assistant.id))];
  return rankCatalog(all, search, { keepUnexplained }).map(({ item, match }) => ({ ...item, match }));
}

export function useAssistantChoices(
  search: string,
  fallback: RuntimeConfig['fallbacks']['assistants'],
  added: KnownAssistant[],
  enabled = true,
): AssistantChoices {
  const { client } = useChatServices();
  const queryClient = useQueryClient();
  // The server is asked once the typing pauses; what is known already is ranked at once.
  const asked = useDebouncedValue(search.trim());
  // A closed picker asks nothing: a search still settling when it closed is not sent after the choice.
  const query = useInfiniteQuery({
    ...assistantListQuery(client, asked),
    placeholderData: keepPreviousData,
    enabled,
  });
  const pages = query.data?.pages;
  if (pages?.length) {
    const listed = pages
      .flatMap((page) => page.data)
      .map(({ id, name, description, icon_url, slug }): AssistantChoice => ({
        id,
        name,
        ...(description ? { description } : {}),
        ...(icon_url ? { iconUrl: icon_url } : {}),
        ...(slug ? { slug } : {}),
      }));
    const total = pages[pages.length - 1]?.pagination.total ?? listed.length;
    // The server's answer for what is typed now (not its last one, standing in while it is asked) may hold items the
    // text fits nowhere the console sees (the server searched more than it sends): they stay, after the others, only
    // when the server evidently filtered (fewer than its whole list). One that ignores the search sends everything.
    const answersNow = asked !== '' && asked === search.trim() && !query.isPlaceholderData;
    const whole = queryClient.getQueryData(assistantListQuery(client, '').queryKey)?.pages[0]?.pagination.total;
    const filtered = answersNow && whole !== undefined && total < whole;
    const assistants = ranked(listed, added, search, filtered);
    const shownIds = new Set(assistants.map((assistant) => assistant.id));
    const leftOut = listed.some((assistant) => !shownIds.has(assistant.id));
    return {
      assistants,
      ...(leftOut ? {} : { total }),
      source: 'server',
      loading: query.isFetching,
      error: null,
      ...(query.hasNextPage ? { loadMore: () => void query.fetchNextPage() } : {}),
    };
  }
  const configured = fallback.map(({ id, name, description }) => ({
    id,
    name,
    ...(description ? { description } : {}),
  }));
  const assistants = ranked(configured, added, search, false);
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

/** The server's models and (current servers) its routers, apart; the configured models when there is no list. */
export function useModelChoices(fallback: RuntimeConfig['fallbacks']['models']) {
  const { client } = useChatServices();
  const query = useQuery({ ...modelListQuery(client), retry: false });
  const served = query.data ? groupModels(query.data) : undefined;
  const models =
    served?.models ??
    fallback.map((model) => ({
      value: model.base_name,
      label: model.label ?? model.base_name,
      isDefault: false,
      tiers: [],
    }));
  return {
    models,
    routers: served?.routers ?? [],
    source: served ? ('server' as const) : ('fallback' as const),
    loading: query.isPending,
  };
}
