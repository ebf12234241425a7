import type { QueryClient } from '@tanstack/react-query';
import { isTerminal } from '@/domain/workflows/run/execution-status';
import type { ApiClient } from '@/api/client/http-client';
import { executionStatesQuery, stateOutputQuery } from './workflow-queries';

/**
 * The last finished state's output: what the run produced. Undefined when no state finished. Read through the
 * states' and the output's queries, so a screen showing the run reads the same cache (one output call per run).
 */
export async function readFinalOutput(
  queryClient: QueryClient,
  client: ApiClient,
  workflowId: string,
  executionId: string,
): Promise<string | undefined> {
  // The run just ended: states read while it ran may predate its end (a state still running, the last one missing).
  const states = await queryClient.fetchQuery({
    ...executionStatesQuery(client, workflowId, executionId, false),
    staleTime: 0,
  });
  const last =
    states.data.filter((state) => isTerminal(state.status) && state.completed_at).at(-1) ??
    states.data.filter((state) => isTerminal(state.status)).at(-1);
  if (!last) return undefined;
  const { output } = await queryClient.fetchQuery(stateOutputQuery(client, workflowId, executionId, last.id));
  return output;
}
