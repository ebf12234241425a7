import type { SentCall } from '@/api/client/http-client';
import { startExecution, streamExecution } from '@/api/workflows/workflow-calls';
import { executionQuery } from '@/api/workflows/workflow-queries';
import type { ApiError } from '@/domain/errors/api-error';
import { describeError, type ErrorDescription } from '@/domain/errors/describe-error';
import { fileRefusalOf, runFilesProblem, type FileRefusal } from '@/domain/workflows/request/run-files';
import { isTerminal } from '@/domain/workflows/run/execution-status';
import { localStatus, recordChange, runFromExecution, type Run } from '@/features/workflows/saved-runs/run';
import type { RunFollowUp } from './run-follow-up';
import type { RunLedger } from './run-ledger';
import { toApiError } from '@/domain/errors/api-error';
import { sentChange } from './runtime-words';
import type { StreamedCall } from './streamed-call';
import type { LaunchOutcome, LaunchRequest, WorkflowRuntime, WorkflowRuntimeDeps } from './workflow-runtime-contract';

// How a run comes to be: launched from here (a plain or a streamed start), or adopted from the server's executions.

export type RunLaunch = Pick<WorkflowRuntime, 'launch' | 'adopt'>;

interface LaunchDeps {
  deps: Pick<WorkflowRuntimeDeps, 'client' | 'clock' | 'newId' | 'queryClient'>;
  ledger: RunLedger;
  finish: RunFollowUp['finish'];
  stream: StreamedCall;
}

export function createRunLaunch({ deps, ledger, finish, stream }: LaunchDeps): RunLaunch {
  const { runs, find, changed, track, ended } = ledger;

  function newRun(request: LaunchRequest): Run {
    const { body, workflow, batch } = request;
    return {
      id: deps.newId(),
      workflowId: workflow.id,
      workflowName: workflow.name,
      userInput: body.user_input ?? '',
      tags: body.tags ?? [],
      ...(body.session_id ? { sessionId: body.session_id } : {}),
      ...(body.file_names?.[0] ? { fileName: body.file_names[0] } : {}),
      forwarded: null,
      status: localStatus.starting,
      startedAt: deps.clock.now(),
      ...(batch ? { batchId: batch.id, batchRow: batch.row } : {}),
      ...(request.stream ? { streamed: true } : {}),
      ...(request.parentRunId ? { parentRunId: request.parentRunId } : {}),
    };
  }

  const failed = (run: Run, described: ErrorDescription, fileRefused: FileRefusal | null = null): LaunchOutcome => {
    changed(run.id, { status: localStatus.startFailed, error: described, endedAt: deps.clock.now() });
    ended(run.id);
    return { ok: false, run: find(run.id) ?? run, error: described, ...(fileRefused ? { fileRefused } : {}) };
  };
  const startFailed = (run: Run, error: ApiError, request: LaunchRequest): LaunchOutcome =>
    failed(run, describeError(error, 'workflow'), fileRefusalOf(error, request.body.file_names ?? []));

  return {
    async launch(request) {
      const run = newRun(request);
      runs().runAdded(run);
      // More files than servers take: said here, nothing sent.
      const tooMany = runFilesProblem(request.body.file_names ?? []);
      if (tooMany) return failed(run, { title: 'Too many files', explanation: tooMany, action: 'edit' });
      const onSent = (sent: SentCall) => changed(run.id, sentChange(sent));
      if (request.stream) {
        const outcome = await stream(
          run.id,
          (handlers, options) => streamExecution(deps.client(), request.workflow.id, request.body, options, handlers),
          onSent,
        );
        return outcome.ok ? { ok: true, run: find(run.id) ?? run } : startFailed(run, outcome.error, request);
      }
      const { signal, done } = track();
      try {
        const record = await startExecution(deps.client(), request.workflow.id, request.body, {
          signal,
          subject: run.id,
          onSent,
        });
        changed(run.id, recordChange(record));
        // The start's answer is the execution's first record: the watch reads the next one at its first pace.
        const { queryKey } = executionQuery(deps.client(), request.workflow.id, record.execution_id);
        deps.queryClient.setQueryData(queryKey, record);
        if (isTerminal(record.overall_status)) finish(run.id, run.workflowId, record.execution_id);
        return { ok: true, run: find(run.id) ?? run };
      } catch (caught) {
        return startFailed(run, toApiError(caught), request);
      } finally {
        done();
      }
    },

    adopt(record, workflow) {
      const known = runs().runs.find((run) => run.executionId === record.execution_id);
      if (known) return known;
      const run = runFromExecution(record, workflow, deps.newId(), deps.clock.now());
      runs().runAdded(run);
      if (isTerminal(run.status)) finish(run.id, run.workflowId, record.execution_id);
      return run;
    },
  };
}
