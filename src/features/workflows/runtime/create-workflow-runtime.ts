import { deleteExecution, editStateOutput, resumeExecution, streamResume } from '@/api/execution-calls';
import type { SentCall } from '@/api/http-client';
import { abortExecution, startExecution, streamExecution } from '@/api/workflow-calls';
import { readFinalOutput } from '@/api/workflow-follow';
import { executionQuery, workflowKeys } from '@/api/workflow-queries';
import { ApiError, isRouteMissing } from '@/domain/errors/api-error';
import { describeError } from '@/domain/errors/describe-error';
import { isTerminal } from '@/domain/workflows/execution-status';
import { streamedStatus } from '@/domain/workflows/live-run';
import { followedChange, localStatus, recordChange, runFromExecution, type Run } from '@/features/workflows/model/run';
import { createRunFollower } from './run-follower';
import { alreadyOver, sentChange, toApiError, unnamed } from './runtime-words';
import { readRunStream, type OpenStream } from './run-stream';
import type { LaunchOutcome, LaunchRequest, WorkflowRuntime, WorkflowRuntimeDeps } from './workflow-runtime-contract';

export type {
  ContinueRequest,
  LaunchOutcome,
  LaunchRequest,
  RunsStoreApi,
  VerbOutcome,
  WorkflowRuntime,
  WorkflowRuntimeDeps,
} from './workflow-runtime-contract';

export function createWorkflowRuntime(deps: WorkflowRuntimeDeps): WorkflowRuntime {
  const runs = () => deps.runs.getState();
  const find = (id: string) => runs().runs.find((run) => run.id === id);
  const changed = (id: string, change: Partial<Run>) => runs().runChanged(id, change);
  const calls = new Set<AbortController>();
  const waiters = new Map<string, Array<(run: Run) => void>>();
  /** Runs whose end is known and whose result is being read. */
  const finishing = new Set<string>();
  let stopped = true;

  const track = () => {
    const controller = new AbortController();
    calls.add(controller);
    return { signal: controller.signal, done: () => calls.delete(controller) };
  };

  /** Nothing more will be learned of the run: over, or not followable any more. */
  const settledRun = (run: Run) => isTerminal(run.status) || run.lost === true || run.noFollowUp === true;

  function ended(runId: string) {
    const run = find(runId);
    if (!run || !settledRun(run)) return;
    for (const resolve of waiters.get(runId) ?? []) resolve(run);
    waiters.delete(runId);
  }

  const newFollower = () =>
    createRunFollower({
      clock: deps.clock,
      visibility: deps.visibility,
      read: (target) =>
        deps.queryClient.fetchQuery({
          ...executionQuery(deps.client(), target.workflowId, target.executionId),
          staleTime: 0,
        }),
      onRecord(target, record, over) {
        if (!find(target.runId)) return;
        changed(target.runId, followedChange(record));
        if (over) finish(target.runId, target.workflowId, target.executionId);
      },
      onGone(target, error) {
        const described = describeError(toApiError(error), 'workflow');
        changed(target.runId, {
          lost: true,
          error: {
            ...described,
            title: 'The server no longer has this execution',
            explanation:
              'It was deleted on the server (or by another client), so its status cannot be followed any more.',
            action: 'none',
          },
          ...(find(target.runId)?.endedAt ? {} : { endedAt: deps.clock.now() }),
        });
        ended(target.runId);
      },
      onNoFollowUp(target) {
        const live = deps.live.getState().live[target.runId];
        const implied = live ? streamedStatus(live) : null;
        changed(target.runId, { noFollowUp: true, ...(implied ? { status: implied, endedAt: deps.clock.now() } : {}) });
        ended(target.runId);
      },
    });

  /** The run is over: when it ended, and its result (the last finished state's output) read once. */
  function finish(runId: string, workflowId: string, executionId: string) {
    const run = find(runId);
    if (!run) return;
    if (!run.endedAt) changed(runId, { endedAt: deps.clock.now() });
    void deps.queryClient.invalidateQueries({
      queryKey: workflowKeys.states(deps.client().baseUrl, workflowId, executionId),
    });
    finishing.add(runId);
    const { signal, done } = track();
    // A run whose output cannot be read keeps its status.
    void readFinalOutput(deps.client(), workflowId, executionId, signal)
      .then((output) => output !== undefined && changed(runId, { finalOutput: output }))
      .catch(() => undefined)
      .finally(() => {
        done();
        finishing.delete(runId);
        ended(runId);
      });
  }

  /** Every run with an execution, not over, not streaming here right now, is followed; nothing else is. */
  function followWhatRuns() {
    if (stopped) return;
    const live = deps.live.getState().live;
    for (const run of runs().runs) {
      const streaming = live[run.id] !== undefined && live[run.id]?.end === undefined;
      if (run.executionId && !settledRun(run) && !streaming) {
        follower.follow({ runId: run.id, workflowId: run.workflowId, executionId: run.executionId });
      }
    }
  }
  let follower = newFollower();
  let unsubscribe: Array<() => void> = [];

  /** A streamed call is over: from here the follow-up endpoints tell the status. */
  function afterStream(runId: string, end: 'closed' | 'broken' | 'aborted') {
    if (end === 'aborted') return; // stopped here (sign-out): nothing was learned
    const run = find(runId);
    if (!run) return;
    if (!run.executionId) {
      const live = deps.live.getState().live[runId];
      const implied = live ? streamedStatus(live) : null;
      const ending = { endedAt: deps.clock.now(), noFollowUp: true };
      changed(runId, implied ? { ...ending, status: implied } : { ...ending, status: 'Interrupted', error: unnamed });
      return ended(runId);
    }
    if (run.noFollowUp) return;
    follower.follow({ runId, workflowId: run.workflowId, executionId: run.executionId }, { immediately: true });
  }

  /** Streams a start or a resume; resolves at the first answer, the stream then goes on. */
  function stream(
    runId: string,
    open: OpenStream,
    onSent: (sent: SentCall) => void,
  ): Promise<{ ok: true } | { ok: false; error: ApiError }> {
    return new Promise((resolve) => {
      const { signal, done } = track();
      let answered = false;
      const answer = (outcome: { ok: true } | { ok: false; error: ApiError }) => {
        if (!answered) resolve(outcome);
        answered = true;
      };
      readRunStream(deps.live, runId, open, signal, {
        opened: (wire) => {
          if (wire === 'stream') changed(runId, { status: 'In Progress' });
          answer({ ok: true });
        },
        record: (record) => changed(runId, recordChange(record)),
        named: (executionId) => changed(runId, { executionId }),
        sent: onSent,
      })
        .then((result) => {
          if (result.kind === 'json') answer({ ok: true });
          afterStream(runId, result.kind === 'json' ? 'closed' : result.end);
          if (!answered)
            answer({
              ok: false,
              error: new ApiError({ kind: 'network', details: 'The call was stopped before the server answered.' }),
            });
        })
        .catch((error: unknown) => answer({ ok: false, error: toApiError(error) }))
        .finally(done);
    });
  }

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

  const startFailed = (run: Run, error: ApiError): LaunchOutcome => {
    const described = describeError(error, 'workflow');
    changed(run.id, { status: localStatus.startFailed, error: described, endedAt: deps.clock.now() });
    ended(run.id);
    return { ok: false, run: find(run.id) ?? run, error: described };
  };

  return {
    async launch(request) {
      const run = newRun(request);
      runs().runAdded(run);
      const onSent = (sent: SentCall) => changed(run.id, sentChange(sent));
      if (request.stream) {
        const outcome = await stream(
          run.id,
          (handlers, options) => streamExecution(deps.client(), request.workflow.id, request.body, options, handlers),
          onSent,
        );
        return outcome.ok ? { ok: true, run: find(run.id) ?? run } : startFailed(run, outcome.error);
      }
      const { signal, done } = track();
      try {
        const record = await startExecution(deps.client(), request.workflow.id, request.body, {
          signal,
          subject: run.id,
          onSent,
        });
        changed(run.id, recordChange(record));
        if (isTerminal(record.overall_status)) finish(run.id, run.workflowId, record.execution_id);
        return { ok: true, run: find(run.id) ?? run };
      } catch (caught) {
        return startFailed(run, toApiError(caught));
      } finally {
        done();
      }
    },

    async abort(run) {
      if (!run.executionId) return { ok: true };
      try {
        // Real servers abort unconditionally and overwrite a finished run's status: look before aborting.
        const record = await deps.queryClient.fetchQuery({
          ...executionQuery(deps.client(), run.workflowId, run.executionId),
          staleTime: 0,
        });
        if (isTerminal(record.overall_status) && record.overall_status !== 'Interrupted') {
          changed(run.id, { status: record.overall_status, ...(run.endedAt ? {} : { endedAt: deps.clock.now() }) });
          return { ok: false, error: alreadyOver(record.overall_status) };
        }
        await abortExecution(deps.client(), run.workflowId, run.executionId);
        follower.forget(run.id);
        follower.follow(
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
      try {
        if (request.editedOutput)
          await editStateOutput(
            deps.client(),
            run.workflowId,
            executionId,
            request.editedOutput.stateId,
            request.editedOutput.output,
          );
      } catch (caught) {
        return { ok: false, error: describeError(toApiError(caught), 'workflow') };
      }
      const entry: NonNullable<Run['resumes']>[number] = {
        at: deps.clock.now(),
        ...(request.userInput?.trim() ? { message: request.userInput } : {}),
        ...(request.editedOutput ? { editedOutput: true } : {}),
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
        follower.forget(run.id);
        follower.follow({ runId: run.id, workflowId: run.workflowId, executionId }, { immediately: true });
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
      follower.forget(run.id);
      runs().runsDeleted([run.id]);
      return { ok: true };
    },

    adopt(record, workflow) {
      const known = runs().runs.find((run) => run.executionId === record.execution_id);
      if (known) return known;
      const run = runFromExecution(record, workflow, deps.newId(), deps.clock.now());
      runs().runAdded(run);
      if (isTerminal(run.status)) finish(run.id, run.workflowId, record.execution_id);
      return run;
    },

    settled(runId) {
      const run = find(runId);
      if (run && settledRun(run) && !finishing.has(runId) && !follower.following().includes(runId)) {
        return Promise.resolve(run);
      }
      return new Promise((resolve) => waiters.set(runId, [...(waiters.get(runId) ?? []), resolve]));
    },

    start() {
      if (!stopped && unsubscribe.length > 0) return;
      stopped = false;
      follower = newFollower();
      unsubscribe = [deps.runs.subscribe(followWhatRuns), deps.live.subscribe(followWhatRuns)];
      followWhatRuns();
    },

    stop() {
      stopped = true;
      for (const off of unsubscribe) off();
      unsubscribe = [];
      follower.stop();
      for (const controller of calls) controller.abort();
      calls.clear();
      deps.live.getState().cleared();
    },
  };
}
