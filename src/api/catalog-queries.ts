import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client/http-client';
import { llmModelListSchema } from '@/domain/catalog/model-list';
import { assistantDetailSchema, assistantPageSchema } from './schemas';

/** Query keys, from broad to narrow, so a whole family can be invalidated at once. */
export const catalogKeys = {
  all: (baseUrl: string) => ['catalog', baseUrl] as const,
  assistants: (baseUrl: string) => [...catalogKeys.all(baseUrl), 'assistants'] as const,
  assistantList: (baseUrl: string, search: string) => [...catalogKeys.assistants(baseUrl), 'list', { search }] as const,
  assistantDetail: (baseUrl: string, id: string) => [...catalogKeys.assistants(baseUrl), 'detail', id] as const,
  models: (baseUrl: string) => [...catalogKeys.all(baseUrl), 'models'] as const,
};

export const assistantPageSize = 20;

/** Assistants page by page (pages are 0-based), filtered by a search text. */
export const assistantListQuery = (client: ApiClient, search: string) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.assistantList(client.baseUrl, search),
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({
        page: String(pageParam),
        per_page: String(assistantPageSize),
        minimal_response: 'true',
      });
      if (search.trim()) params.set('filters', JSON.stringify({ search: search.trim() }));
      return client.json(`/v1/assistants?${params.toString()}`, assistantPageSchema, { signal });
    },
    getNextPageParam: (last) =>
      last.pagination.page + 1 < last.pagination.pages ? last.pagination.page + 1 : undefined,
    staleTime: 60_000,
  });

export const assistantDetailQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: catalogKeys.assistantDetail(client.baseUrl, id),
    queryFn: ({ signal }) =>
      client.json(`/v1/assistants/id/${encodeURIComponent(id)}`, assistantDetailSchema, { signal }),
    staleTime: 5 * 60_000,
  });

export const modelListQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: catalogKeys.models(client.baseUrl),
    queryFn: ({ signal }) => client.json('/v1/llm_models', llmModelListSchema, { signal }),
    staleTime: 10 * 60_000,
  });
