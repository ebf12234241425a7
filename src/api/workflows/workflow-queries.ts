import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { pollDelay } from '@/domain/workflows/run/polling';
import type { ApiClient } from '@/api/client/http-client';
import { fetchAllStates } from './execution-states';
import {
  executionRecordSchema,
  stateOutputSchema,
  workflowPageSchema,
  workflowSummarySchema,
} from './workflow-schemas';

const segment = encodeURIComponent;
export const executionPath = (workflowId: string, executionId: string) =>
  `/v1/workflows/${segment(workflowId)}/executions/${segment(executionId)}`;

/** Query keys, from broad to narrow. */
export const workflowKeys = {
  all: (baseUrl: string) => ['workflows', baseUrl] as const,
  list: (baseUrl: string, search: string) => [...workflowKeys.all(baseUrl), 'list', { search }] as const,
  detail: (baseUrl: string, id: string) => [...workflowKeys.all(baseUrl), 'detail', id] as const,
  execution: (baseUrl: string, workflowId: string, executionId: string) =>
    [...workflowKeys.all(baseUrl), 'execution', workflowId, executionId] as const,
  states: (baseUrl: string, workflowId: string, executionId: string) =>
    [...workflowKeys.execution(baseUrl, workflowId, executionId), 'states'] as const,
  output: (baseUrl: string, workflowId: string, executionId: string, stateId: string) =>
    [...workflowKeys.execution(baseUrl, workflowId, executionId), 'output', stateId] as const,
};

export const workflowPageSize = 20;

export const workflowListQuery = (client: ApiClient, search: string) =>
  infiniteQueryOptions({
    queryKey: workflowKeys.list(client.baseUrl, search),
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ page: String(pageParam), per_page: String(workflowPageSize) });
      if (search.trim()) params.set('filters', JSON.stringify({ search: search.trim() }));
      return client.json(`/v1/workflows?${params.toString()}`, workflowPageSchema, { signal });
    },
    getNextPageParam: (last) =>
      last.pagination.page + 1 < last.pagination.pages ? last.pagination.page + 1 : undefined,
    staleTime: 60_000,
  });

export const workflowDetailQuery = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: workflowKeys.detail(client.baseUrl, id),
    queryFn: ({ signal }) => client.json(`/v1/workflows/id/${segment(id)}`, workflowSummarySchema, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * The one rule for every query that follows a run: no polling while the tab is hidden (the browser throttles timers
 * anyway and nobody is looking), and a read at once when it shows again (TanStack's focusManager tells both).
 */
export const pausedWhileHidden = { refetchIntervalInBackground: false, refetchOnWindowFocus: true } as const;

/**
 * One read of an execution's record. `subject`: the run these reads follow, so they join its trace. Its pace is
 * the workflow runtime's (run-watch observes it while the run is unfinished, with the failures it counts).
 */
export const executionQuery = (client: ApiClient, workflowId: string, executionId: string, subject?: string) =>
  queryOptions({
    queryKey: workflowKeys.execution(client.baseUrl, workflowId, executionId),
    queryFn: ({ signal }) => readExecution(client, workflowId, executionId, signal, subject),
  });

/** The read `executionQuery` makes (the workflow runtime's observer counts the reads it makes itself). */
export const readExecution = (
  client: ApiClient,
  workflowId: string,
  executionId: string,
  signal: AbortSignal,
  subject?: string,
) =>
  client.json(executionPath(workflowId, executionId), executionRecordSchema, {
    signal,
    kind: 'workflow',
    ...(subject ? { subject } : {}),
  });

/** The states of an execution; polled while the execution runs (the caller passes whether it does). */
export const executionStatesQuery = (client: ApiClient, workflowId: string, executionId: string, running: boolean) =>
  queryOptions({
    queryKey: workflowKeys.states(client.baseUrl, workflowId, executionId),
    queryFn: async ({ signal }) => ({
      data: await fetchAllStates(client, executionPath(workflowId, executionId), signal),
    }),
    refetchInterval: (query) => (running ? pollDelay(query.state.dataUpdateCount) : false),
    ...pausedWhileHidden,
    refetchOnWindowFocus: running,
  });

/** A finished state's output never changes: fetched once. */
export const stateOutputQuery = (client: ApiClient, workflowId: string, executionId: string, stateId: string) =>
  queryOptions({
    queryKey: workflowKeys.output(client.baseUrl, workflowId, executionId, stateId),
    queryFn: ({ signal }) =>
      client.json(`${executionPath(workflowId, executionId)}/states/${segment(stateId)}/output`, stateOutputSchema, {
        signal,
        kind: 'workflow',
      }),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
