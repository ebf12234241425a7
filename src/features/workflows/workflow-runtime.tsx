import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { apiClient } from '@/api/client-registry';
import type { ForwardedHeaders } from '@/api/request-log';
import { abortExecution, startExecution, type ExecutionBody } from '@/api/workflow-calls';
import { workflowKeys } from '@/api/workflow-queries';
import { ApiError, isApiError } from '@/domain/api-error';
import { describeError, type ErrorDescription } from '@/domain/describe-error';
import { localStatus, type Run } from './run';
import { useRunsStore } from './runs-store';

export interface LaunchRequest {
  workflow: { id: string; name: string };
  body: ExecutionBody;
  batch?: { id: string; row: number };
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
  const { body, workflow, batch } = request;
  return {
    id: crypto.randomUUID(),
    workflowId: workflow.id,
    workflowName: workflow.name,
    userInput: body.user_input ?? '',
    tags: body.tags ?? [],
    ...(body.session_id ? { sessionId: body.session_id } : {}),
    ...(body.file_name ? { fileName: body.file_name } : {}),
    forwarded: null,
    status: localStatus.starting,
    startedAt: Date.now(),
    ...(batch ? { batchId: batch.id, batchRow: batch.row } : {}),
  };
}

const WorkflowRuntimeContext = createContext<WorkflowRuntime | null>(null);

/** Owns the workflow calls in flight and offers the verbs; screens read runs from the runs store. */
export function WorkflowRuntimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const inFlight = useRef(new Set<AbortController>());
  const runtime = useMemo<WorkflowRuntime>(() => {
    const runs = () => useRunsStore.getState();
    return {
      async launch(request) {
        const run = newRun(request);
        runs().runAdded(run);
        const controller = new AbortController();
        inFlight.current.add(controller);
        try {
          const record = await startExecution(apiClient(), request.workflow.id, request.body, {
            signal: controller.signal,
            subject: run.id,
            onSent: (sent: { logId: string; forwarded: ForwardedHeaders | null }) => runs().runChanged(run.id, { logId: sent.logId, forwarded: sent.forwarded }),
          });
          const change: Partial<Run> = {
            executionId: record.execution_id,
            status: record.overall_status,
            record,
            ...(record.session_id ? { serverSessionId: record.session_id } : {}),
          };
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
          await abortExecution(apiClient(), run.workflowId, run.executionId);
          await queryClient.invalidateQueries({ queryKey: workflowKeys.execution(apiClient().baseUrl, run.workflowId, run.executionId) });
          return { ok: true };
        } catch (caught) {
          return { ok: false, error: describeError(toApiError(caught), 'workflow') };
        }
      },
      cancelAll() {
        for (const controller of inFlight.current) controller.abort();
      },
    };
  }, [queryClient]);
  return <WorkflowRuntimeContext.Provider value={runtime}>{children}</WorkflowRuntimeContext.Provider>;
}

export function useWorkflowRuntime(): WorkflowRuntime {
  const runtime = useContext(WorkflowRuntimeContext);
  if (!runtime) throw new Error('useWorkflowRuntime needs a WorkflowRuntimeProvider above it');
  return runtime;
}
