import * as steps from '@/domain/workflows/batches/batch';
import { outcomeForStatus } from '@/domain/workflows/batches/batch-outcome';
import { canonicalStatus, isTerminal } from '@/domain/workflows/run/execution-status';
import type { BatchRecord } from './batch-record';
import type { Run } from '@/features/workflows/saved-runs/run';
import type { BatchesStore } from './batches-store';
import type { RunsStoreApi, WorkflowRuntime } from '@/features/workflows/runtime/create-workflow-runtime';

export interface BatchRuntime {
  /** Records the batch and starts its first rows. */
  start(record: BatchRecord): void;
  pause(id: string): void;
  resume(id: string): void;
  /** Queued and waiting rows will not run, and rows running or waiting on the server are aborted there. */
  cancel(id: string): void;
  retryFailed(id: string): void;
  /** Continues the rows waiting for a person (all, or the given ones), each with the message if one is given. */
  continueWaiting(id: string, message?: string, rows?: readonly number[]): void;
}

export interface BatchRuntimeDeps {
  workflows: WorkflowRuntime;
  runs: RunsStoreApi;
  batches: BatchesStore;
}

/** The batch runtime as its services hold it: working from `startFollowing()` until `stopFollowing()`. */
export interface FollowingBatchRuntime extends BatchRuntime {
  /** Rows launch from now on; once the batches are loaded, the rows running on the server and the waiting rows continued elsewhere are followed. */
  startFollowing(): void;
  /** Stops launching and following rows; what a stopped call reports afterwards is left alone, as if the page had closed. */
  stopFollowing(): void;
  /** After a reload: rows that were running on the server are followed again. */
  followRunning(): void;
  noticeResumedElsewhere(): void;
}

/**
 * Runs batches: launches queued rows through the workflow runtime while slots are free, follows each
 * execution to its end, and launches the next. Every change is a pure step of domain/workflows/batches/batch, so no
 * order of events runs more rows at once than the batch allows.
 */
export function createBatchRuntime({ workflows, runs, batches }: BatchRuntimeDeps): FollowingBatchRuntime {
  const following = new Map<string, AbortController>();
  /** Started and not stopped since; a row's call that comes back after a stop changes nothing. */
  let session = 0;
  let active = false;
  let unsubscribe: Array<() => void> = [];
  const runOfRow = (batchId: string, row: number) =>
    runs.getState().runs.find((run) => run.batchId === batchId && run.batchRow === row);
  const store = () => batches.getState();
  const find = (id: string) => store().batches.find((record) => record.id === id);
  const step = (id: string, change: (batch: steps.Batch) => steps.Batch) => store().batchStepped(id, change);

  function pump(id: string) {
    const record = find(id);
    if (!record || !active) return;
    // Rows continued by a person go first: they started before any queued row.
    for (const index of steps.nextToContinue(record.batch)) {
      const message = record.batch.rows[index]?.continuation?.message;
      step(id, (batch) => steps.rowResumed(batch, index));
      void continueRow(id, index, message); // a failure is the row's, as its error (never rejects)
    }
    for (const index of steps.nextToStart(find(id)?.batch ?? record.batch)) {
      step(id, (batch) => steps.rowStarted(batch, index));
      void launchRow(id, index); // a failure is the row's, as its error (never rejects)
    }
  }

  /** Aborts a cancelled batch's run; a refusal is written on its row (`abort` gives it back, never rejects). */
  function stopOnServer(id: string, index: number, run: Run) {
    void workflows.abort(run).then((stopped) => {
      if (stopped.ok) return;
      const why = [stopped.error.title, stopped.error.serverMessage].filter(Boolean).join(': ');
      step(id, (batch) => steps.rowNotStopped(batch, index, why));
    });
  }

  async function launchRow(id: string, index: number) {
    const record = find(id);
    const body = record ? steps.rowBody(record.batch, index) : null;
    if (!record || !body) return;
    const launched = session;
    const outcome = await workflows.launch({
      workflow: { id: record.batch.workflowId, name: record.workflowName },
      body,
      batch: { id, row: index },
    });
    if (launched !== session) return;
    if (!outcome.ok) {
      const { title, serverMessage } = outcome.error;
      step(id, (batch) =>
        steps.rowFinished(batch, index, {
          status: 'failed',
          error: serverMessage ? `${title}: ${serverMessage}` : title,
        }),
      );
      pump(id);
      return;
    }
    const executionId = outcome.run.executionId;
    if (!executionId) {
      step(id, (batch) =>
        steps.rowFinished(batch, index, {
          status: 'failed',
          error: 'The server started the run but gave no execution id to follow.',
        }),
      );
      pump(id);
      return;
    }
    step(id, (batch) => steps.rowLaunched(batch, index, executionId));
    // Cancelled while this row was being launched: it is stopped like the others.
    if (find(id)?.batch.state === 'cancelled') stopOnServer(id, index, outcome.run);
    await follow(id, index);
  }

  async function continueRow(id: string, index: number, message: string | undefined) {
    const run = runOfRow(id, index);
    const continued = session;
    const outcome = run ? await workflows.resume(run, message ? { userInput: message } : {}) : null;
    if (continued !== session) return;
    if (outcome?.ok) return follow(id, index);
    const why =
      outcome && !outcome.ok
        ? [outcome.error.title, outcome.error.serverMessage].filter(Boolean).join(': ')
        : 'its run is no longer kept in this browser.';
    step(id, (batch) => steps.rowFinished(batch, index, { status: 'waiting', error: `Could not continue: ${why}` }));
    pump(id);
  }

  /** A waiting row whose run went on from elsewhere (its own page, another console) is followed again. */
  function noticeResumedElsewhere() {
    for (const record of store().batches) {
      for (const row of record.batch.rows) {
        if (row.status !== 'waiting') continue;
        const run = runOfRow(record.id, row.index);
        if (!run || run.lost || canonicalStatus(run.status) === 'Interrupted') continue;
        step(record.id, (batch) => steps.rowResumed(batch, row.index));
        void follow(record.id, row.index); // never rejects: how the run ended is the row's
      }
    }
  }

  /** Waits for the row's run to settle (the workflow runtime follows it) and records how the row ended. */
  async function follow(id: string, index: number) {
    const key = `${id}:${index}`;
    if (!find(id) || following.has(key) || !active) return;
    const run = runOfRow(id, index);
    if (!run) {
      step(id, (batch) =>
        steps.rowFinished(batch, index, {
          status: 'failed',
          error: 'This row’s run is no longer kept in this browser; its status cannot be followed.',
        }),
      );
      pump(id);
      return;
    }
    const controller = new AbortController();
    following.set(key, controller);
    const stopped = new Promise<null>((resolve) =>
      controller.signal.addEventListener('abort', () => resolve(null), { once: true }),
    );
    const settled = await Promise.race([workflows.settled(run.id), stopped]);
    if (following.get(key) === controller) following.delete(key);
    if (!settled) return;
    const outcome = settled.lost
      ? { status: 'failed' as const, error: 'The server no longer has this execution (deleted elsewhere).' }
      : (outcomeForStatus(settled.status, settled.finalOutput) ?? {
          status: 'failed' as const,
          error: `The execution ended with a status this console does not know: ${settled.status}`,
        });
    step(id, (batch) => steps.rowFinished(batch, index, outcome));
    pump(id);
  }

  return {
    start(record) {
      store().batchCreated(record);
      pump(record.id);
    },
    pause: (id) => step(id, steps.pause),
    resume(id) {
      store().interruptionSettled(id);
      step(id, steps.resume);
      pump(id);
    },
    cancel(id) {
      store().interruptionSettled(id);
      const live = (find(id)?.batch.rows ?? []).filter((row) => row.status === 'running' || row.status === 'waiting');
      step(id, steps.cancel);
      for (const row of live) {
        const run = runOfRow(id, row.index);
        // An interrupted execution is terminal for following, yet it would go on if resumed: it is aborted too.
        if (run && (!isTerminal(run.status) || canonicalStatus(run.status) === 'Interrupted'))
          stopOnServer(id, row.index, run);
      }
    },
    continueWaiting(id, message, rows) {
      step(id, (batch) => steps.continueWaiting(batch, message, rows));
      pump(id);
    },
    retryFailed(id) {
      step(id, steps.retryFailed);
      pump(id);
    },
    noticeResumedElsewhere,
    followRunning,
    startFollowing() {
      if (active) return;
      active = true;
      session += 1;
      let watching = false;
      const whenLoaded = () => {
        if (watching || store().status !== 'ready') return;
        watching = true;
        followRunning();
        noticeResumedElsewhere();
        unsubscribe.push(runs.subscribe(noticeResumedElsewhere));
      };
      unsubscribe.push(batches.subscribe(whenLoaded));
      whenLoaded();
    },
    stopFollowing() {
      active = false;
      session += 1;
      for (const off of unsubscribe) off();
      unsubscribe = [];
      for (const controller of following.values())
        controller.abort(new DOMException('The batch runtime stopped', 'AbortError'));
      following.clear();
    },
  };

  /** After a reload: rows that were running on the server are followed again. */
  function followRunning() {
    for (const record of store().batches) {
      for (const row of record.batch.rows) {
        if (row.status === 'running' && row.executionId) void follow(record.id, row.index); // never rejects
      }
    }
  }
}
