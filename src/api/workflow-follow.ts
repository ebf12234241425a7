import { isTerminal } from '@/domain/workflows/execution-status';
import { pollDelay } from '@/domain/workflows/polling';
import type { ApiClient } from './http-client';
import { executionPath } from './workflow-queries';
import { fetchAllStates } from './execution-states';
import { executionRecordSchema, stateOutputSchema } from './workflow-schemas';

export interface ExecutionEnd {
  status: string;
  /** The output of the last state that finished, when the server has one. */
  output?: string;
  /** The last execution record's tokens_usage, as the server sent it. */
  tokensUsage?: unknown;
}

/** Waits `ms`, or rejects at once with the signal's reason when it is aborted. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    function stop() {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }
    signal.addEventListener('abort', stop, { once: true });
  });

/** The last finished state's output: what the run produced. Undefined when no state finished. */
export async function readFinalOutput(
  client: ApiClient,
  workflowId: string,
  executionId: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  const path = executionPath(workflowId, executionId);
  const states = { data: await fetchAllStates(client, path, signal) };
  const last =
    states.data.filter((state) => isTerminal(state.status) && state.completed_at).at(-1) ??
    states.data.filter((state) => isTerminal(state.status)).at(-1);
  if (!last) return undefined;
  const { output } = await client.json(`${path}/states/${encodeURIComponent(last.id)}/output`, stateOutputSchema, {
    signal,
    kind: 'workflow',
  });
  return output;
}

/**
 * Follows an execution outside any screen (a batch row) until its status is terminal, polling with the same
 * backoff as the run page, then reads its final output. A failed poll throws (the caller decides); an output
 * that cannot be read leaves `output` unset rather than hiding the status.
 */
export async function waitForExecution(
  client: ApiClient,
  workflowId: string,
  executionId: string,
  options: { signal: AbortSignal; initialStatus?: string; wait?: Sleep },
): Promise<ExecutionEnd> {
  const { signal, wait = sleep } = options;
  let status = options.initialStatus ?? 'In Progress';
  let tokensUsage: unknown;
  for (let attempt = 0; !isTerminal(status); attempt += 1) {
    await wait(pollDelay(attempt), signal);
    const record = await client.json(executionPath(workflowId, executionId), executionRecordSchema, {
      signal,
      kind: 'workflow',
    });
    status = record.overall_status;
    tokensUsage = record.tokens_usage;
  }
  const end = tokensUsage === undefined || tokensUsage === null ? { status } : { status, tokensUsage };
  try {
    const output = await readFinalOutput(client, workflowId, executionId, signal);
    return output === undefined ? end : { ...end, output };
  } catch (error) {
    if (signal.aborted) throw error;
    return end;
  }
}
