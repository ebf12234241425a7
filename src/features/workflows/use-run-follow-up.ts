import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/api/client-registry';
import { executionQuery, executionStatesQuery, stateOutputQuery } from '@/api/workflow-queries';
import type { ExecutionState } from '@/api/workflow-schemas';
import { isRouteMissing } from '@/domain/api-error';
import { isTerminal } from '@/domain/workflows/execution-status';
import { tokensChange, type Run } from './run';
import { useRunsStore } from './runs-store';

const finished = (state: ExecutionState) => isTerminal(state.status);
// Only a missing route means the server offers no follow-up; a deleted execution is an error to show.
const missing = isRouteMissing;

/**
 * Polls a run's execution to its end (with backoff), and writes what changes into the run: its status,
 * when it ended, and the output of each finished state (fetched once). Mounted by whatever shows the run.
 */
export function useRunFollowUp(run: Run, withStates: boolean) {
  const client = apiClient();
  const followable = Boolean(run.executionId) && !run.noFollowUp;
  const executionId = run.executionId ?? '';
  const execution = useQuery({ ...executionQuery(client, run.workflowId, executionId), enabled: followable && !isTerminal(run.status), retry: (count, error) => !missing(error) && count < 2 });
  const status = execution.data?.overall_status ?? run.status;
  const running = !isTerminal(status);
  const states = useQuery({ ...executionStatesQuery(client, run.workflowId, executionId, running), enabled: followable && withStates, retry: (count, error) => !missing(error) && count < 2 });
  // The states stop polling when the execution is seen to end, so their last poll may predate the end (a state
  // still "In progress", the failing or the last state missing): they are read once more when the end is seen.
  const endSeen = withStates && followable && execution.data !== undefined && isTerminal(execution.data.overall_status);
  const refetchStates = states.refetch;
  useEffect(() => {
    if (endSeen) void refetchStates();
  }, [endSeen, refetchStates]);
  const done = (states.data?.data ?? []).filter(finished);
  const outputs = useQueries({
    queries: done.map((state) => ({ ...stateOutputQuery(client, run.workflowId, executionId, state.id), enabled: followable && withStates && run.outputs?.[state.id] === undefined })),
  });

  const noFollowUp = missing(execution.error) || missing(states.error);
  useEffect(() => {
    if (noFollowUp && !run.noFollowUp) useRunsStore.getState().runChanged(run.id, { noFollowUp: true });
  }, [noFollowUp, run.id, run.noFollowUp]);

  const served = execution.data?.overall_status;
  // The record that says the run ended also says what it cost (the runs history shows it).
  const usage = execution.data?.tokens_usage;
  useEffect(() => {
    if (!served || served === run.status) return;
    useRunsStore.getState().runChanged(run.id, { status: served, ...(isTerminal(served) ? { endedAt: Date.now(), ...tokensChange({ tokens_usage: usage }) } : {}) });
  }, [served, usage, run.id, run.status]);

  // Outputs arrive one by one; each is written once, and the last finished state's is the run's result.
  const fetched = outputs.map((query, index) => [done[index]?.id, query.data?.output] as const).filter((pair): pair is readonly [string, string] => pair[0] !== undefined && pair[1] !== undefined);
  const newOutputs = fetched.filter(([id]) => run.outputs?.[id] === undefined);
  const lastDone = done[done.length - 1]?.id;
  useEffect(() => {
    if (newOutputs.length === 0) return;
    const merged = { ...run.outputs, ...Object.fromEntries(newOutputs) };
    useRunsStore.getState().runChanged(run.id, { outputs: merged, ...(lastDone && merged[lastDone] !== undefined ? { finalOutput: merged[lastDone] } : {}) });
  }, [newOutputs, run.id, run.outputs, lastDone]);

  return {
    status,
    states: states.data?.data ?? [],
    statesLoading: withStates && followable && states.isPending,
    error: (!noFollowUp && (execution.error ?? states.error)) || null,
    outputFor: (stateId: string) => run.outputs?.[stateId] ?? outputs[done.findIndex((state) => state.id === stateId)]?.data?.output,
    outputLoading: (stateId: string) => outputs[done.findIndex((state) => state.id === stateId)]?.isPending ?? false,
  };
}
