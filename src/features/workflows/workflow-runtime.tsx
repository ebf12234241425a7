import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiClient } from '@/api/client-registry';
import type { SentCall } from '@/api/http-client';
import { abortExecution, startExecution, type ExecutionBody } from '@/api/workflow-calls';
import { executionQuery, workflowKeys } from '@/api/workflow-queries';
import { ApiError, isApiError } from '@/domain/api-error';
import { describeError, type ErrorDescription } from '@/domain/describe-error';
import { isTerminal } from '@/domain/workflows/execution-status';
import { createLiveRunsStore, LiveRunsContext } from './live-runs-store';
import { localStatus, recordChange, type Run } from './run';
import { useRunsStore } from './runs-store';
import { launchStreamed } from './stream-launch';

export interface LaunchRequest {
  workflow: { id: string; name: string };
  body: ExecutionBody;
  batch?: { id: string; row: number };
  /** Start with stream:true and show the run live; the outcome comes with the first answer, the stream goes on. */
  stream?: boolean;
}

export type LaunchOutcome = { ok: true; run: Run } | { ok: false; run: Run; error: ErrorDescription };

export interface WorkflowRuntime {
  /** Starts one execution and records it as a run, whatever the outcome. */
  launch(request: LaunchRequest): Promise<LaunchOutcome>;
  /** Asks the server to stop a running execution. */
  abort(run: Run): Promise<{ ok: true } | { ok: false; error: ErrorDescription }>;
  /** Stops start calls still in flight (sign-out). */
  cancelAll(): void;
}

const toApiError = (error: unknown): ApiError =>
  isApiError(error) ? error : new ApiError({ kind: 'internal', details: error instanceof Error ? error.message : String(error) });

function newRun(request: LaunchRequest): Run {
  const { body, workflow, batch, stream } = request;
  return {
    id: crypto.randomUUID(),
    workflowId: workflow.id,
    workflowName: workflow.name,
    userInput: body.user_input ?? '',
    tags: body.tags ?? [],
    ...(body.session_id ? { sessionId: body.session_id } : {}),
    ...(body.file_names?.[0] ? { fileName: body.file_names[0] } : {}),
    forwarded: null,
    status: localStatus.starting,
    startedAt: Date.now(),
    ...(batch ? { batchId: batch.id, batchRow: batch.row } : {}),
    ...(stream ? { streamed: true } : {}),
  };
}

const WorkflowRuntimeContext = createContext<WorkflowRuntime | null>(null);

/** Owns the workflow calls in flight and offers the verbs; screens read runs from the runs store. */
export function WorkflowRuntimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const inFlight = useRef(new Set<AbortController>());
  const streams = useRef(new Set<AbortController>());
  const [live] = useState(createLiveRunsStore);
  const runtime = useMemo<WorkflowRuntime>(() => {
    const runs = () => useRunsStore.getState();
    const track = (controller: AbortController) => {
      inFlight.current.add(controller);
      streams.current.add(controller);
      return () => {
        inFlight.current.delete(controller);
        streams.current.delete(controller);
      };
    };
    return {
      async launch(request) {
        const run = newRun(request);
        runs().runAdded(run);
        if (request.stream) return launchStreamed({ live, queryClient, track, toApiError }, run, request);
        const controller = new AbortController();
        inFlight.current.add(controller);
        try {
          const record = await startExecution(apiClient(), request.workflow.id, request.body, {
            signal: controller.signal,
            subject: run.id,
            onSent: (sent: SentCall) =>
              runs().runChanged(run.id, { logId: sent.logId, forwarded: sent.forwarded, ...(sent.requestId ? { requestId: sent.requestId } : {}) }),
          });
          const change = recordChange(record);
          runs().runChanged(run.id, change);
          return { ok: true, run: { ...run, ...change } };
        } catch (caught) {
          const error = describeError(toApiError(caught), 'workflow');
          runs().runChanged(run.id, { status: localStatus.startFailed, error, endedAt: Date.now() });
          return { ok: false, run, error };
        } finally {
          inFlight.current.delete(controller);
        }
      },
      async abort(run) {
        if (!run.executionId) return { ok: true };
        try {
          // Real servers abort unconditionally and overwrite a finished run's status: look before aborting.
          const record = await queryClient.fetchQuery({ ...executionQuery(apiClient(), run.workflowId, run.executionId), staleTime: 0 });
          if (isTerminal(record.overall_status)) {
            runs().runChanged(run.id, { status: record.overall_status, ...(run.endedAt ? {} : { endedAt: Date.now() }) });
            return { ok: false, error: alreadyOver(record.overall_status) };
          }
          await abortExecution(apiClient(), run.workflowId, run.executionId);
          await queryClient.invalidateQueries({ queryKey: workflowKeys.execution(apiClient().baseUrl, run.workflowId, run.executionId) });
          return { ok: true };
        } catch (caught) {
          return { ok: false, error: describeError(toApiError(caught), 'workflow') };
        }
      },
      cancelAll() {
        for (const controller of inFlight.current) controller.abort();
        live.getState().cleared();
      },
    };
  }, [queryClient, live]);
  // Sign-out unmounts the runtime: live streams (they may last minutes) stop with it; the runs go on on the server.
  useEffect(() => {
    const open = streams.current;
    return () => {
      for (const controller of open) controller.abort();
      live.getState().cleared();
    };
  }, [live]);
  return (
    <WorkflowRuntimeContext.Provider value={runtime}>
      <LiveRunsContext.Provider value={live}>{children}</LiveRunsContext.Provider>
    </WorkflowRuntimeContext.Provider>
  );
}

const alreadyOver = (status: string): ErrorDescription => ({
  title: `The run had already ended (${status})`,
  explanation: 'Nothing was aborted: the run ended before the abort was sent, and its status and outputs stay as they are.',
  action: 'none',
});

export function useWorkflowRuntime(): WorkflowRuntime {
  const runtime = useContext(WorkflowRuntimeContext);
  if (!runtime) throw new Error('useWorkflowRuntime needs a WorkflowRuntimeProvider above it');
  return runtime;
}
