import type { QueryClient } from '@tanstack/react-query';
import type { StoreApi } from 'zustand/vanilla';
import { streamExecution } from '@/api/workflow-calls';
import { apiClient } from '@/api/client-registry';
import type { SentCall } from '@/api/http-client';
import { ApiError } from '@/domain/api-error';
import { describeError } from '@/domain/describe-error';
import type { StreamChunk } from '@/domain/stream-chunk';
import { createFrameBatcher } from '@/lib/frame-batcher';
import type { LiveRunsState } from './live-runs-store';
import { localStatus, recordChange, type Run } from './run';
import { findRun, useRunsStore } from './runs-store';
import { settleStreamedRun } from './settle-streamed-run';
import type { LaunchOutcome, LaunchRequest } from './workflow-runtime';

export interface StreamLaunchDeps {
  live: StoreApi<LiveRunsState>;
  queryClient: QueryClient;
  /** Registers the call's abort handle with the runtime; the returned function forgets it. */
  track(controller: AbortController): () => void;
  toApiError(error: unknown): ApiError;
}

/**
 * Starts a run with stream:true. Resolves at the first answer (the stream opened, the record came as JSON, or
 * the start failed) so the launcher can show the run at once; the stream then goes on here: chunks reach the
 * live view at most once per frame, the run record learns its execution id from the first chunk naming it,
 * and when the stream ends the follow-up endpoints settle the run's status.
 */
export function launchStreamed(deps: StreamLaunchDeps, run: Run, request: LaunchRequest): Promise<LaunchOutcome> {
  return new Promise((resolve) => void streamRun(deps, run, request, resolve));
}

async function streamRun(deps: StreamLaunchDeps, run: Run, request: LaunchRequest, resolve: (outcome: LaunchOutcome) => void) {
  const runs = () => useRunsStore.getState();
  const live = () => deps.live.getState();
  const current = () => findRun(run.id)(runs()) ?? run;
  let answered = false;
  const answer = (outcome: LaunchOutcome) => {
    if (!answered) resolve(outcome);
    answered = true;
  };
  const controller = new AbortController();
  const untrack = deps.track(controller);
  const progress = createFrameBatcher<StreamChunk | null>((items) => live().streamProgressed(run.id, items));
  let streaming = false;
  let named = false;
  try {
    const end = await streamExecution(
      apiClient(),
      request.workflow.id,
      request.body,
      {
        signal: controller.signal,
        subject: run.id,
        onSent: ({ logId, forwarded, requestId }: SentCall) => runs().runChanged(run.id, { logId, forwarded, ...(requestId ? { requestId } : {}) }),
      },
      {
        onOpen: ({ wire }) => {
          if (wire === 'json') return; // the record follows, through onRecord
          streaming = true;
          live().streamStarted(run.id);
          runs().runChanged(run.id, { status: 'In Progress' });
          answer({ ok: true, run: current() });
        },
        onChunk: (chunk) => {
          // Written at once (not per frame): polling and Abort need the id, and it is one write per run.
          if (chunk.workflowExecutionId && !named) {
            named = true;
            runs().runChanged(run.id, { executionId: chunk.workflowExecutionId });
          }
          progress.push(chunk);
        },
        onMalformed: () => progress.push(null),
        // A server that does not stream answers with the record: the run goes on exactly as a JSON launch.
        onRecord: (record) => {
          runs().runChanged(run.id, recordChange(record));
          answer({ ok: true, run: current() });
        },
      },
    );
    progress.flush();
    if (!streaming && !answered) throw new ApiError({ kind: 'network', details: 'The start call was stopped before the server answered.' });
    if (streaming) {
      live().streamEnded(run.id, end);
      await settleStreamedRun(deps.queryClient, live().live[run.id], current(), end);
    }
  } catch (caught) {
    progress.flush();
    if (answered) live().streamEnded(run.id, 'broken');
    else {
      const error = describeError(deps.toApiError(caught), 'workflow');
      runs().runChanged(run.id, { status: localStatus.startFailed, error, endedAt: Date.now() });
      answer({ ok: false, run: current(), error });
    }
  } finally {
    untrack();
  }
}
