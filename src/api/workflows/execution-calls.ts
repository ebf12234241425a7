import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/domain/errors/api-error';
import { streamPost } from '@/api/stream/stream-request';
import type { StreamEnd, StreamHandlers } from '@/api/stream/stream-types';
import { errorFromResponse, type ApiClient, type RequestOptions } from '@/api/client/http-client';
import { executionPath, workflowKeys } from './workflow-queries';
import { executionPageSchema, executionThoughtsSchema, messageReplySchema } from './workflow-schemas';

// The verbs of an existing execution beyond start and abort (DEPLOYED-API.md §4–5): resume, edit an interrupted
// state's output, its thoughts, the server's list, export and delete.

type CallOptions = Pick<RequestOptions, 'signal' | 'subject' | 'onSent'>;

export interface ResumeInput {
  /** The person's message, appended to the execution's history and read by the paused state. */
  userInput?: string;
  fileNames?: readonly string[];
}

/** Real clients send a body only when there is input or files. */
const resumeBody = (input: ResumeInput): Record<string, unknown> | undefined => {
  const text = input.userInput?.trim() ? input.userInput : undefined;
  const files = input.fileNames?.length ? [...input.fileNames] : undefined;
  if (!text && !files) return undefined;
  return { ...(text ? { user_input: text } : {}), ...(files ? { file_names: files } : {}) };
};

/** Resumes without streaming: the server answers 200 at once and runs on in the background. */
export async function resumeExecution(
  client: ApiClient,
  workflowId: string,
  executionId: string,
  input: ResumeInput,
  options: CallOptions = {},
): Promise<void> {
  const body = resumeBody(input);
  await client.json(`${executionPath(workflowId, executionId)}/resume`, messageReplySchema, {
    method: 'PUT',
    ...(body ? { body } : {}),
    forward: { kind: 'workflow' },
    propagateAs: 'query',
    ...options,
  });
}

/** Resumes with `?stream=true`: the same stream as a start, read by the same reader. */
export function streamResume(
  client: ApiClient,
  workflowId: string,
  executionId: string,
  input: ResumeInput,
  options: CallOptions & { signal: AbortSignal },
  handlers: StreamHandlers,
): Promise<StreamEnd> {
  const body = resumeBody(input);
  return streamPost(
    client,
    {
      path: `${executionPath(workflowId, executionId)}/resume?stream=true`,
      method: 'PUT',
      ...(body ? { body } : {}),
      propagateAs: 'query',
      forward: { kind: 'workflow' },
      signal: options.signal,
      ...(options.subject ? { subject: options.subject } : {}),
      ...(options.onSent ? { onSent: options.onSent } : {}),
    },
    handlers,
    () => undefined, // a server that does not stream the resume answers with its message: followed by polling
  );
}

/** Replaces an interrupted state's output before the run continues; the paused state reads the edited text. */
export async function editStateOutput(
  client: ApiClient,
  workflowId: string,
  executionId: string,
  stateId: string,
  output: string,
): Promise<void> {
  if (!output.trim()) throw new ApiError({ kind: 'internal', details: 'An output cannot be empty.' });
  await client.json(`${executionPath(workflowId, executionId)}/output`, messageReplySchema, {
    method: 'PUT',
    body: { output, state_id: stateId },
    kind: 'workflow',
  });
}

/** Deletes an execution on the server (refused with 400 for one that belongs to a conversation). */
export async function deleteExecution(client: ApiClient, workflowId: string, executionId: string): Promise<void> {
  await client.json(executionPath(workflowId, executionId), messageReplySchema, { method: 'DELETE', kind: 'workflow' });
}

export type ExportFormat = 'md' | 'html';

/** The server's zip of a run, fetched with the token in the header (never in a URL). */
export async function exportExecution(
  client: ApiClient,
  workflowId: string,
  executionId: string,
  format: ExportFormat,
  combined: boolean,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const params = new URLSearchParams({ output_format: format, combined: String(combined) });
  const { response, ids } = await client.send(
    `${executionPath(workflowId, executionId)}/export?${params.toString()}`,
    { kind: 'workflow' },
    'application/zip, */*',
  );
  if (!response.ok) throw await errorFromResponse(response, ids);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName: fileName ? decodeURIComponent(fileName.trim()) : undefined };
}

export const executionThoughtsKey = (baseUrl: string, workflowId: string, executionId: string, stateId: string) =>
  [...workflowKeys.execution(baseUrl, workflowId, executionId), 'thoughts', stateId] as const;

/**
 * The thought trees of one state: its root thought ids go as the body (real servers take an array of thought ids;
 * none would mean every state's roots). A finished state's thoughts do not change: fetched once.
 */
export const stateThoughtsQuery = (
  client: ApiClient,
  workflowId: string,
  executionId: string,
  stateId: string,
  rootIds: readonly string[],
) =>
  queryOptions({
    queryKey: executionThoughtsKey(client.baseUrl, workflowId, executionId, stateId),
    queryFn: async ({ signal }) => {
      const roots = await client.json(`${executionPath(workflowId, executionId)}/thoughts`, executionThoughtsSchema, {
        method: 'POST',
        body: [...rootIds],
        signal,
        kind: 'workflow',
      });
      return roots.filter((thought) => !thought.execution_state_id || thought.execution_state_id === stateId);
    },
    staleTime: Infinity,
  });

export const serverExecutionsPageSize = 20;

/**
 * A workflow's latest executions (the person's own, newest first): the first page only, for Waiting for you to find
 * runs paused on another device or before Clear local data. Fresh for 30 s: read again after that when a screen that
 * shows it mounts, or the tab comes back.
 */
export const latestExecutionsQuery = (client: ApiClient, workflowId: string) =>
  queryOptions({
    queryKey: [...workflowKeys.all(client.baseUrl), 'latest-executions', workflowId] as const,
    queryFn: ({ signal }) =>
      client.json(
        `/v1/workflows/${encodeURIComponent(workflowId)}/executions?page=0&per_page=10`,
        executionPageSchema,
        { signal, kind: 'workflow' },
      ),
    retry: false,
    staleTime: 30_000,
  });

export const serverExecutionsKey = (baseUrl: string, workflowId: string) =>
  [...workflowKeys.all(baseUrl), 'server-executions', workflowId] as const;

/** The executions the server keeps for a workflow (the person's own, newest first), 0-based pages. */
export const serverExecutionsQuery = (client: ApiClient, workflowId: string) =>
  infiniteQueryOptions({
    queryKey: serverExecutionsKey(client.baseUrl, workflowId),
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ page: String(pageParam), per_page: String(serverExecutionsPageSize) });
      return client.json(
        `/v1/workflows/${encodeURIComponent(workflowId)}/executions?${params.toString()}`,
        executionPageSchema,
        { signal, kind: 'workflow' },
      );
    },
    getNextPageParam: (last) =>
      last.pagination.page + 1 < last.pagination.pages ? last.pagination.page + 1 : undefined,
    staleTime: 15_000,
  });
