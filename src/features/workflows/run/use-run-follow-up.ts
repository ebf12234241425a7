import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useConsoleServices } from '@/lib/console-services';
import { executionStatesQuery, stateOutputQuery } from '@/api/workflow-queries';
import type { ExecutionState } from '@/api/workflow-schemas';
import { isRouteMissing } from '@/domain/errors/api-error';
import { isTerminal } from '@/domain/workflows/execution-status';
import type { Run } from '@/features/workflows/model/run';

const finished = (state: ExecutionState) => isTerminal(state.status);

/**
 * A read-only view of a run's states and their outputs, for whatever shows the run. The run's status is the
 * workflow runtime's to follow and write (it follows every unfinished run, shown or not); this only reads.
 */
export function useRunFollowUp(run: Run, withStates: boolean) {
  const { client } = useConsoleServices();
  const followable = Boolean(run.executionId) && !run.noFollowUp;
  const executionId = run.executionId ?? '';
  const running = !isTerminal(run.status);
  const states = useQuery({
    // Once checking stopped after failed reads, the states are not polled either (until Check again).
    ...executionStatesQuery(client, run.workflowId, executionId, running && !run.pollStopped),
    enabled: followable && withStates,
    retry: (count, error) => !isRouteMissing(error) && count < 2,
  });
  // The states stop polling when the run is seen to end, so their last poll may predate the end (a state still
  // "In progress", the failing or the last state missing): they are read once more when the end is seen.
  const endSeen = withStates && followable && !running;
  const refetchStates = states.refetch;
  useEffect(() => {
    if (endSeen) void refetchStates();
  }, [endSeen, refetchStates]);
  const done = (states.data?.data ?? []).filter(finished);
  const outputs = useQueries({
    queries: done.map((state) => ({
      ...stateOutputQuery(client, run.workflowId, executionId, state.id),
      enabled: followable && withStates && run.outputs?.[state.id] === undefined,
    })),
  });
  const statesMissing = isRouteMissing(states.error);

  return {
    status: run.status,
    states: states.data?.data ?? [],
    statesLoading: withStates && followable && states.isPending,
    error: (!statesMissing && states.error) || null,
    // Runs saved by earlier versions kept their outputs; newer ones read them from the server (cached).
    outputFor: (stateId: string) =>
      outputs[done.findIndex((state) => state.id === stateId)]?.data?.output ?? run.outputs?.[stateId],
    outputLoading: (stateId: string) => outputs[done.findIndex((state) => state.id === stateId)]?.isPending ?? false,
  };
}
