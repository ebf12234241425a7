import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/api/client-registry';
import { executionQuery, workflowKeys } from '@/api/workflow-queries';
import { isRouteMissing } from '@/domain/api-error';
import { isTerminal } from '@/domain/workflows/execution-status';
import { streamedStatus, type LiveRun } from '@/domain/workflows/live-run';
import { tokensChange, type Run, type RunErrorDescription } from './run';
import { useRunsStore } from './runs-store';

// Only a missing route means the server offers no follow-up; a deleted execution is an error to show.
const missing = isRouteMissing;

const unnamed: RunErrorDescription = {
  title: 'The stream ended before the server named the execution',
  explanation:
    'Without its execution id this run cannot be followed from here. The server may still be running it; start it again if you need its result.',
  action: 'retry',
};

/**
 * The stream of a run is over: the follow-up endpoints are the source of truth from here. The execution's
 * record is read once at once (it also refreshes what the run page shows), and its status written to the run;
 * a non-terminal status leaves the follow-up polling. Only a server without those endpoints (or a stream
 * that never named its execution) has its status taken from the stream, and only from a completed one.
 */
export async function settleStreamedRun(
  queryClient: QueryClient,
  live: LiveRun | undefined,
  run: Run,
  how: 'closed' | 'broken' | 'aborted',
): Promise<void> {
  if (how === 'aborted' || !live) return; // stopped here (sign-out): nothing was learned
  const changed = (change: Partial<Run>) => useRunsStore.getState().runChanged(run.id, change);
  const implied = streamedStatus(live);
  if (!run.executionId) {
    const ending = { endedAt: Date.now(), noFollowUp: true };
    changed(implied ? { ...ending, status: implied } : { ...ending, status: 'Interrupted', error: unnamed });
    return;
  }
  const client = apiClient();
  void queryClient.invalidateQueries({ queryKey: workflowKeys.states(client.baseUrl, run.workflowId, run.executionId) });
  try {
    const record = await queryClient.fetchQuery({ ...executionQuery(client, run.workflowId, run.executionId), staleTime: 0 });
    const ended = isTerminal(record.overall_status) && useRunsStore.getState().runs.find((known) => known.id === run.id)?.endedAt === undefined;
    const session = record.session_id ? { serverSessionId: record.session_id } : {};
    changed({ status: record.overall_status, ...session, ...tokensChange(record), ...(ended ? { endedAt: Date.now() } : {}) });
  } catch (error) {
    // Other failures leave the follow-up to retry; a server without follow-up has only the stream's word.
    if (missing(error)) changed({ noFollowUp: true, ...(implied ? { status: implied, endedAt: Date.now() } : {}) });
  }
}
