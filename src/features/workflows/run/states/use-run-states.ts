import { useQueries, useQuery } from '@tanstack/react-query';
import { useWorkflowsServices } from '@/features/workflows/workflows-services-provider';
import { executionStatesQuery, stateOutputQuery } from '@/api/workflows/workflow-queries';
import type { ExecutionState } from '@/api/workflows/workflow-schemas';
import { isRouteMissing } from '@/domain/errors/api-error';
import { isTerminal } from '@/domain/workflows/run/execution-status';
import type { Run } from '@/features/workflows/saved-runs/run';

const finished = (state: ExecutionState) => isTerminal(state.status);

/**
 * A run's states and their outputs as the server has them, read-only, for whatever shows the run. The run's status
 * is the workflow runtime's to follow and write (it watches every unfinished run, shown or not, and reads the states
 * again when it sees the end); this only reads, from the same cache.
 */
export function useRunStates(run: Run) {
  const { client } = useWorkflowsServices();
  const followable = Boolean(run.executionId) && !run.noFollowUp;
  const executionId = run.executionId ?? '';
  const running = !isTerminal(run.status);
  const states = useQuery({
    // Once checking stopped after failed reads, the states are not polled either (until Check again).
    ...executionStatesQuery(client, run.workflowId, executionId, running && !run.pollStopped),
    enabled: followable,
    retry: (count, error) => !isRouteMissing(error) && count < 2,
  });
  const done = (states.data?.data ?? []).filter(finished);
  const outputs = useQueries({
    queries: done.map((state) => ({
      ...stateOutputQuery(client, run.workflowId, executionId, state.id),
      enabled: followable,
    })),
  });
  const statesMissing = isRouteMissing(states.error);

  return {
    status: run.status,
    states: states.data?.data ?? [],
    statesLoading: followable && states.isPending,
    error: (!statesMissing && states.error) || null,
    // The outputs are the server's, read through the cache; the run's record never keeps a copy.
    outputFor: (stateId: string) => outputs[done.findIndex((state) => state.id === stateId)]?.data?.output,
    outputLoading: (stateId: string) => outputs[done.findIndex((state) => state.id === stateId)]?.isPending ?? false,
  };
}
