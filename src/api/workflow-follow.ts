import { isTerminal } from '@/domain/workflows/execution-status';
import type { ApiClient } from './http-client';
import { executionPath } from './workflow-queries';
import { fetchAllStates } from './execution-states';
import { stateOutputSchema } from './workflow-schemas';

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
