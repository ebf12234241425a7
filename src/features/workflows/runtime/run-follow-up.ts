import { readFinalOutput } from '@/api/workflows/workflow-follow';
import { workflowKeys } from '@/api/workflows/workflow-queries';
import { describeError } from '@/domain/errors/describe-error';
import { streamedStatus } from '@/domain/workflows/run/live-run';
import { followedChange, type Run } from '@/features/workflows/saved-runs/run';
import { canonicalStatus } from '@/domain/workflows/run/execution-status';
import { createRunWatch, type RunWatch } from './run-watch';
import { settledRun, type RunLedger } from './run-ledger';
import { toApiError } from '@/domain/errors/api-error';
import { unnamed } from './runtime-words';
import type { WorkflowRuntime, WorkflowRuntimeDeps } from './workflow-runtime-contract';

// Following runs to their end: every unfinished run with an execution is watched (while the runtime is started, see
// run-watch), a stream's end hands its run over, and an ended run's result is read once.

export interface RunFollowUp extends Pick<WorkflowRuntime, 'settled' | 'start'> {
  /** The watch of the runtime's current start (a new one after each stop and start). */
  watch(): RunWatch;
  /** The run is over: when it ended, and its result (the last finished state's output) read once. */
  finish(runId: string, workflowId: string, executionId: string): void;
  /** A streamed call is over: from here the follow-up endpoints tell the status. */
  afterStream(runId: string, end: 'closed' | 'broken' | 'aborted'): void;
  /** Stops following (the runtime's calls are stopped by whoever calls this). */
  stop(): void;
}

export function createRunFollowUp(deps: WorkflowRuntimeDeps, ledger: RunLedger): RunFollowUp {
  const { runs, find, changed, track, ended } = ledger;
  /** Runs whose end is known and whose result is being read. */
  const finishing = new Set<string>();
  let stopped = true;

  const newWatch = () =>
    createRunWatch({
      queryClient: deps.queryClient,
      client: deps.client,
      clock: deps.clock,
      followWhileHidden: deps.followWhileHidden ?? (() => false),
      onRecord(target, record, over) {
        const run = find(target.runId);
        if (!run) return;
        // A read that worked (after Check again, a resume) lifts the note that checking had stopped.
        // A run read again at the same end (still paused for the person) has nothing new to read.
        const sameEnd = run.endedAt !== undefined && settledRun(run) && run.status === record.overall_status;
        changed(target.runId, { ...followedChange(record), ...(run.pollStopped ? { pollStopped: null } : {}) });
        if (over && !sameEnd) finish(target.runId, target.workflowId, target.executionId);
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
      onGaveUp(target, failures, error) {
        if (!find(target.runId)) return;
        const described = describeError(toApiError(error), 'workflow');
        const reason = [described.title, described.serverMessage].filter(Boolean).join(': ');
        changed(target.runId, { pollStopped: { at: deps.clock.now(), failures, reason } });
      },
      onNoFollowUp(target) {
        const live = deps.live.getState().live[target.runId];
        const implied = live ? streamedStatus(live) : null;
        changed(target.runId, { noFollowUp: true, ...(implied ? { status: implied, endedAt: deps.clock.now() } : {}) });
        ended(target.runId);
      },
    });

  function finish(runId: string, workflowId: string, executionId: string) {
    const run = find(runId);
    if (!run) return;
    if (!run.endedAt) changed(runId, { endedAt: deps.clock.now() });
    finishing.add(runId);
    const client = deps.client();
    const { signal, done } = track();
    // Stopped (sign-out): the reads below are cancelled, and the run keeps what it had.
    const cancel = () =>
      void deps.queryClient.cancelQueries({
        queryKey: workflowKeys.execution(client.baseUrl, workflowId, executionId),
      });
    signal.addEventListener('abort', cancel);
    // The states are read again (a screen showing them sees the end), and the output through its query once.
    void readFinalOutput(deps.queryClient, client, workflowId, executionId)
      .then((output) => output !== undefined && changed(runId, { finalOutput: output }))
      .catch(() => undefined) // a run whose output cannot be read keeps its status
      .finally(() => {
        signal.removeEventListener('abort', cancel);
        done();
        finishing.delete(runId);
        ended(runId);
      });
  }

  /** The newest runs paused for a person read again after a start: a batch of paused rows is not read all at once. */
  const lookAgainAtMost = 5;
  /** Runs paused for a person that were read once since this start (see followWhatRuns). */
  let lookedAgain = new Set<string>();
  /** Paused for a person lately (a week): those older are left as they are until a person opens them. */
  const pausedForPerson = (run: Run) =>
    canonicalStatus(run.status) === 'Interrupted' &&
    !run.lost &&
    !run.noFollowUp &&
    deps.clock.now() - (run.endedAt ?? run.startedAt) < 7 * 24 * 60 * 60 * 1000;

  /**
   * Every run with an execution, not over, not streaming here right now, is followed; nothing else is. A run paused
   * for a person is read once more after each start: it may have been continued elsewhere (another device, an SDK).
   */
  function followWhatRuns() {
    if (stopped) return;
    const live = deps.live.getState().live;
    for (const run of runs().runs) {
      const streaming = live[run.id] !== undefined && live[run.id]?.end === undefined;
      if (!run.executionId || streaming || run.pollStopped) continue;
      const target = { runId: run.id, workflowId: run.workflowId, executionId: run.executionId };
      if (!settledRun(run)) watch.follow(target);
      else if (pausedForPerson(run) && !lookedAgain.has(run.id) && lookedAgain.size < lookAgainAtMost) {
        lookedAgain.add(run.id);
        watch.follow(target, { immediately: true });
      }
    }
  }
  let watch = newWatch();
  let unsubscribe: Array<() => void> = [];

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
    watch.follow({ runId, workflowId: run.workflowId, executionId: run.executionId }, { immediately: true });
  }

  return {
    watch: () => watch,
    finish,
    afterStream,
    settled(runId) {
      const run = find(runId);
      if (run && settledRun(run) && !finishing.has(runId) && !watch.following().includes(runId)) {
        return Promise.resolve(run);
      }
      return new Promise((resolve) => ledger.wait(runId, resolve));
    },
    start() {
      if (!stopped && unsubscribe.length > 0) return;
      stopped = false;
      watch = newWatch();
      lookedAgain = new Set();
      unsubscribe = [deps.runs.subscribe(followWhatRuns), deps.live.subscribe(followWhatRuns)];
      followWhatRuns();
    },
    stop() {
      stopped = true;
      for (const off of unsubscribe) off();
      unsubscribe = [];
      watch.stop();
    },
  };
}
