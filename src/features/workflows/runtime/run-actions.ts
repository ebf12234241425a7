import { deleteExecution, editStateOutput, resumeExecution, streamResume } from '@/api/workflows/execution-calls';
import type { SentCall } from '@/api/client/http-client';
import { abortExecution } from '@/api/workflows/workflow-calls';
import { executionQuery, stateOutputQuery } from '@/api/workflows/workflow-queries';
import { isRouteMissing } from '@/domain/errors/api-error';
import { describeError } from '@/domain/errors/describe-error';
import { isTerminal } from '@/domain/workflows/run/execution-status';
import type { Run } from '@/features/workflows/saved-runs/run';
import type { RunFollowUp } from './run-follow-up';
import type { RunLedger } from './run-ledger';
import { toApiError } from '@/domain/errors/api-error';
import { alreadyOver } from './runtime-words';
import type { StreamedCall } from './streamed-call';
import type { WorkflowRuntime, WorkflowRuntimeDeps } from './workflow-runtime-contract';

// What a person does to a run that exists: abort it, continue it where it waits, delete it.

export type RunActions = Pick<WorkflowRuntime, 'abort' | 'resume' | 'remove' | 'checkAgain'>;

interface ActionDeps {
  deps: Pick<WorkflowRuntimeDeps, 'client' | 'clock' | 'queryClient'>;
  ledger: RunLedger;
  watch: RunFollowUp['watch'];
  stream: StreamedCall;
}

export function createRunActions({ deps, ledger, watch, stream }: ActionDeps): RunActions {
  const { runs, find, changed, track } = ledger;
  return {
    checkAgain(run) {
      if (!run.executionId) return;
      if (run.pollStopped) changed(run.id, { pollStopped: null });
      watch().follow(
        { runId: run.id, workflowId: run.workflowId, executionId: run.executionId },
        { immediately: true },
      );
    },

    async abort(run) {
      if (!run.executionId) return { ok: true };
      try {
        // Real servers abort unconditionally and overwrite a finished run's status: look before aborting.
        const record = await deps.queryClient.fetchQuery({
          ...executionQuery(deps.client(), run.workflowId, run.executionId, run.id),
          staleTime: 0,
        });
        if (isTerminal(record.overall_status) && record.overall_status !== 'Interrupted') {
          changed(run.id, { status: record.overall_status, ...(run.endedAt ? {} : { endedAt: deps.clock.now() }) });
          return { ok: false, error: alreadyOver(record.overall_status) };
        }
        await abortExecution(deps.client(), run.workflowId, run.executionId, run.id);
        watch().forget(run.id);
        watch().follow(
          { runId: run.id, workflowId: run.workflowId, executionId: run.executionId },
          { immediately: true },
        );
        return { ok: true };
      } catch (caught) {
        return { ok: false, error: describeError(toApiError(caught), 'workflow') };
      }
    },

    async resume(run, request = {}) {
      const { executionId } = run;
      if (!executionId)
        return {
          ok: false,
          error: {
            title: 'This run has no execution to continue',
            explanation: 'The server never named its execution.',
            action: 'none',
          },
        };
      const edit = request.editedOutput;
      try {
        if (edit) {
          await editStateOutput(deps.client(), run.workflowId, executionId, edit.stateId, edit.output);
          // What the next state reads is what is shown from now on (the output read before is stale).
          const client = deps.client();
          deps.queryClient.setQueryData(
            stateOutputQuery(client, run.workflowId, executionId, edit.stateId).queryKey,
            (known) => (known ? { ...known, output: edit.output } : { output: edit.output }),
          );
        }
      } catch (caught) {
        return { ok: false, error: describeError(toApiError(caught), 'workflow') };
      }
      const entry: NonNullable<Run['resumes']>[number] = {
        at: deps.clock.now(),
        ...(request.userInput?.trim() ? { message: request.userInput } : {}),
        ...(edit ? { editedOutput: true, editedStateId: edit.stateId } : {}),
      };
      const resumes = [...(find(run.id)?.resumes ?? []), entry];
      const onSent = (sent: SentCall) => {
        const last = resumes.length - 1;
        resumes[last] = {
          ...entry,
          logId: sent.logId,
          forwarded: sent.forwarded,
          ...(sent.requestId ? { requestId: sent.requestId } : {}),
        };
        changed(run.id, { resumes: [...resumes] });
      };
      const previous = { status: run.status, ...(run.endedAt ? { endedAt: run.endedAt } : {}) };
      runs().runReopened(run.id, { status: 'In Progress', resumes });
      if (run.streamed) {
        const outcome = await stream(
          run.id,
          (handlers, options) => streamResume(deps.client(), run.workflowId, executionId, request, options, handlers),
          onSent,
        );
        if (outcome.ok) return { ok: true };
        changed(run.id, previous);
        return { ok: false, error: describeError(outcome.error, 'workflow') };
      }
      const { signal, done } = track();
      try {
        await resumeExecution(deps.client(), run.workflowId, executionId, request, { signal, subject: run.id, onSent });
        watch().forget(run.id);
        watch().follow({ runId: run.id, workflowId: run.workflowId, executionId }, { immediately: true });
        return { ok: true };
      } catch (caught) {
        changed(run.id, previous);
        return { ok: false, error: describeError(toApiError(caught), 'workflow') };
      } finally {
        done();
      }
    },

    async remove(run) {
      if (run.executionId) {
        try {
          await deleteExecution(deps.client(), run.workflowId, run.executionId);
        } catch (caught) {
          const error = toApiError(caught);
          // Already gone on the server: the run goes here too (a 404 from a server without the route is not that).
          if (!(error.status === 404 && !isRouteMissing(error)))
            return { ok: false, error: describeError(error, 'workflow') };
        }
      }
      watch().forget(run.id);
      runs().runsDeleted([run.id]);
      return { ok: true };
    },
  };
}
