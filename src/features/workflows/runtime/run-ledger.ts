import { isTerminal } from '@/domain/workflows/run/execution-status';
import type { Run } from '@/features/workflows/model/run';
import type { RunsState } from '@/features/workflows/model/runs-store';
import type { RunsStoreApi } from './workflow-runtime-contract';

// The workflow runtime's bookkeeping, shared by its parts: the runs it writes, the calls it has in flight (stopped
// together), and who waits for a run to settle.

export interface RunLedger {
  runs(): RunsState;
  find(id: string): Run | undefined;
  changed(id: string, change: Partial<Run>): void;
  /** A call in flight: its signal, and `done` once it is over. */
  track(): { signal: AbortSignal; done: () => void };
  /** Aborts every call in flight; resolves once each has settled (what it changed is in the runs store). */
  abortCalls(): Promise<void>;
  /** Calls back once the run is settled (see `ended`). */
  wait(runId: string, resolve: (run: Run) => void): void;
  /** Tells whoever waits on the run, if it is settled. */
  ended(runId: string): void;
}

/** Nothing more will be learned of the run: over, or not followable any more. */
export const settledRun = (run: Run) => isTerminal(run.status) || run.lost === true || run.noFollowUp === true;

export function createRunLedger(store: RunsStoreApi): RunLedger {
  const runs = () => store.getState();
  const find = (id: string) => runs().runs.find((run) => run.id === id);
  const calls = new Set<AbortController>();
  /** Called back when the last call in flight is over. */
  let idle: Array<() => void> = [];
  const waiters = new Map<string, Array<(run: Run) => void>>();
  return {
    runs,
    find,
    changed: (id, change) => runs().runChanged(id, change),
    track() {
      const controller = new AbortController();
      calls.add(controller);
      return {
        signal: controller.signal,
        done() {
          calls.delete(controller);
          if (calls.size > 0) return;
          for (const resolve of idle) resolve();
          idle = [];
        },
      };
    },
    abortCalls() {
      for (const controller of calls) controller.abort();
      return calls.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve));
    },
    wait(runId, resolve) {
      waiters.set(runId, [...(waiters.get(runId) ?? []), resolve]);
    },
    ended(runId) {
      const run = find(runId);
      if (!run || !settledRun(run)) return;
      for (const resolve of waiters.get(runId) ?? []) resolve(run);
      waiters.delete(runId);
    },
  };
}
