import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import * as steps from '@/domain/workflows/batch';
import { outcomeForStatus } from '@/domain/workflows/batch-outcome';
import { canonicalStatus, isTerminal } from '@/domain/workflows/execution-status';
import type { BatchRecord } from './batch-record';
import { useBatchesStore } from './batches-store';
import { useRunsStore } from '@/features/workflows/model/runs-store';
import { useWorkflowRuntime, type WorkflowRuntime } from '@/features/workflows/runtime/workflow-runtime';

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

const runOfRow = (batchId: string, row: number) =>
  useRunsStore.getState().runs.find((run) => run.batchId === batchId && run.batchRow === row);

/**
 * Runs batches: launches queued rows through the workflow runtime while slots are free, follows each
 * execution to its end, and launches the next. Every change is a pure step of domain/workflows/batch, so no
 * order of events runs more rows at once than the batch allows.
 */
export function createBatchRuntime(
  workflows: WorkflowRuntime,
  following: Map<string, AbortController>,
): BatchRuntime & { followRunning(): void; noticeResumedElsewhere(): void } {
  const store = () => useBatchesStore.getState();
  const find = (id: string) => store().batches.find((record) => record.id === id);
  const step = (id: string, change: (batch: steps.Batch) => steps.Batch) => store().batchStepped(id, change);

  function pump(id: string) {
    const record = find(id);
    if (!record) return;
    // Rows continued by a person go first: they started before any queued row.
    for (const index of steps.nextToContinue(record.batch)) {
      const message = record.batch.rows[index]?.continuation?.message;
      step(id, (batch) => steps.rowResumed(batch, index));
      void continueRow(id, index, message);
    }
    for (const index of steps.nextToStart(find(id)?.batch ?? record.batch)) {
      step(id, (batch) => steps.rowStarted(batch, index));
      void launchRow(id, index);
    }
  }

  async function launchRow(id: string, index: number) {
    const record = find(id);
    const body = record ? steps.rowBody(record.batch, index) : null;
    if (!record || !body) return;
    const outcome = await workflows.launch({
      workflow: { id: record.batch.workflowId, name: record.workflowName },
      body,
      batch: { id, row: index },
    });
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
    if (find(id)?.batch.state === 'cancelled') void workflows.abort(outcome.run);
    await follow(id, index);
  }

  async function continueRow(id: string, index: number, message: string | undefined) {
    const run = runOfRow(id, index);
    const outcome = run ? await workflows.resume(run, message ? { userInput: message } : {}) : null;
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
        void follow(record.id, row.index);
      }
    }
  }

  /** Waits for the row's run to settle (the workflow runtime follows it) and records how the row ended. */
  async function follow(id: string, index: number) {
    const key = `${id}:${index}`;
    if (!find(id) || following.has(key)) return;
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
    following.delete(key);
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
          void workflows.abort(run);
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
    /** After a reload: rows that were running on the server are followed again. */
    followRunning() {
      for (const record of store().batches) {
        for (const row of record.batch.rows) {
          if (row.status === 'running' && row.executionId) void follow(record.id, row.index);
        }
      }
    },
  };
}

const BatchRuntimeContext = createContext<BatchRuntime | null>(null);

export function BatchRuntimeProvider({ children }: { children: ReactNode }) {
  const workflows = useWorkflowRuntime();
  const following = useRef(new Map<string, AbortController>());
  const runtime = useMemo(() => createBatchRuntime(workflows, following.current), [workflows]);
  const ready = useBatchesStore((state) => state.status === 'ready');
  useEffect(() => {
    if (!ready) return;
    runtime.followRunning();
    runtime.noticeResumedElsewhere();
    return useRunsStore.subscribe(runtime.noticeResumedElsewhere);
  }, [ready, runtime]);
  useEffect(() => {
    const running = following.current;
    return () => {
      for (const controller of running.values())
        controller.abort(new DOMException('The batch view closed', 'AbortError'));
      running.clear();
    };
  }, []);
  return <BatchRuntimeContext.Provider value={runtime}>{children}</BatchRuntimeContext.Provider>;
}

export function useBatchRuntime(): BatchRuntime {
  const runtime = useContext(BatchRuntimeContext);
  if (!runtime) throw new Error('useBatchRuntime needs a BatchRuntimeProvider above it');
  return runtime;
}
