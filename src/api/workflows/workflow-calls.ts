import { ApiError } from '@/domain/errors/api-error';
import { streamPost } from '@/api/stream/stream-request';
import type { StreamEnd, StreamHandlers } from '@/api/stream/stream-types';
import { errorFromResponse, type ApiClient, type RequestOptions } from '@/api/client/http-client';
import { executionRecordSchema, type ExecutionRecord } from './workflow-schemas';

import type { ExecutionBody } from '@/domain/workflows/request/execution-request';
import type { ForwardedHeaders } from '@/api/client/request-log';

export type { ExecutionBody };

type CallOptions = Pick<RequestOptions, 'signal' | 'subject' | 'onSent'>;

export const executionsPath = (workflowId: string) => `/v1/workflows/${encodeURIComponent(workflowId)}/executions`;

/** Starts an execution; the server answers 200 with the execution record. */
export function startExecution(
  client: ApiClient,
  workflowId: string,
  body: ExecutionBody,
  options: CallOptions = {},
): Promise<ExecutionRecord> {
  return client.json(executionsPath(workflowId), executionRecordSchema, {
    method: 'POST',
    body,
    forward: { kind: 'workflow', ...(body.session_id ? { sessionId: body.session_id } : {}) },
    ...options,
  });
}

/**
 * Starts an execution with stream:true. Servers that stream answer with chunks carrying workflow_state and
 * thoughts (read like an assistant's); servers that do not answer with the record, handed to `onRecord`.
 */
export function streamExecution(
  client: ApiClient,
  workflowId: string,
  body: ExecutionBody,
  options: CallOptions & { signal: AbortSignal },
  handlers: StreamHandlers & { onRecord(record: ExecutionRecord): void },
): Promise<StreamEnd> {
  return streamPost(
    client,
    {
      path: executionsPath(workflowId),
      body: { ...body, stream: true },
      forward: { kind: 'workflow', ...(body.session_id ? { sessionId: body.session_id } : {}) },
      signal: options.signal,
      ...(options.subject ? { subject: options.subject } : {}),
      ...(options.onSent ? { onSent: options.onSent } : {}),
    },
    handlers,
    (json) => {
      const parsed = executionRecordSchema.safeParse(json);
      if (!parsed.success) throw new ApiError({ kind: 'protocol', details: 'the answer is not an execution record' });
      handlers.onRecord(parsed.data);
    },
  );
}

/** Asks the server to stop a running execution. */
/** `subject`: the run being stopped, so the abort joins its trace. */
export async function abortExecution(
  client: ApiClient,
  workflowId: string,
  executionId: string,
  subject?: string,
): Promise<void> {
  const { response, ids } = await client.send(
    `${executionsPath(workflowId)}/${encodeURIComponent(executionId)}/abort`,
    {
      method: 'PUT',
      kind: 'workflow',
      ...(subject ? { subject } : {}),
    },
  );
  if (!response.ok) throw await errorFromResponse(response, ids);
  await response.body?.cancel().catch(() => undefined);
}

/** The start call as it would be sent now (token hidden), for the launcher's preview and copy as curl. */
export function previewStart(
  client: ApiClient,
  workflowId: string,
  body: ExecutionBody,
  forwarded: ForwardedHeaders | null,
  stream = false,
) {
  return client.preview(
    executionsPath(workflowId),
    { method: 'POST', body: stream ? { ...body, stream: true } : body },
    forwarded,
  );
}
