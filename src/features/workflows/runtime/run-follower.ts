import { isApiError, isRouteMissing } from '@/domain/errors/api-error';
import { isTerminal } from '@/domain/workflows/execution-status';
import { failedPollDelay, pollDelay, pollGivesUp } from '@/domain/workflows/polling';

// One backoff loop for every run being followed, whether or not a screen shows it. Hidden tabs do not poll (the
// browser would throttle timers anyway and the person is not looking); the runs due while hidden are polled the
// moment the tab shows again.

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Visibility {
  hidden(): boolean;
  /** Calls back on every change; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export interface FollowTarget {
  runId: string;
  workflowId: string;
  executionId: string;
}

export interface FollowerDeps<R extends { overall_status: string }> {
  clock: Clock;
  visibility: Visibility;
  /** One status read: the execution's record. */
  read(target: FollowTarget, signal: AbortSignal): Promise<R>;
  /** Every record read, changed or not; `ended` once its status is terminal (the last call for that run). */
  onRecord(target: FollowTarget, record: R, ended: boolean): void;
  /** The server has no follow-up endpoints (404/405 on the route): nothing more can be learned. */
  onNoFollowUp(target: FollowTarget): void;
  /** The server answered that it has no such execution (deleted elsewhere): following it would poll forever. */
  onGone(target: FollowTarget, error: unknown): void;
  /** A read failed; following goes on at the backed-off pace (a blip must not end a run's story). */
  onReadFailed?(target: FollowTarget, error: unknown): void;
  /**
   * Reads kept failing (see `pollGivesUp`): the run is no longer followed until `follow` is called again, so a
   * server that stays unreachable is not asked for ever.
   */
  onGaveUp?(target: FollowTarget, failures: number, error: unknown): void;
}

export interface RunFollower {
  /** Follows a run until its status is terminal (again if it was resumed); `immediately` also hurries a followed one. */
  follow(target: FollowTarget, options?: { immediately?: boolean }): void;
  /** Stops following one run (deleted, or streamed here: the stream says more). */
  forget(runId: string): void;
  following(): string[];
  /** Stops everything (sign-out). */
  stop(): void;
}

interface Followed {
  target: FollowTarget;
  attempt: number;
  /** Reads failed in a row, and when the first of them failed. */
  failures: number;
  failingSince?: number;
  timer?: unknown;
  /** Came due while the tab was hidden: polled on return. */
  due: boolean;
  controller?: AbortController;
}

export function createRunFollower<R extends { overall_status: string }>(deps: FollowerDeps<R>): RunFollower {
  const runs = new Map<string, Followed>();
  let stopped = false;

  function schedule(entry: Followed, ms: number) {
    if (entry.timer !== undefined) deps.clock.clearTimeout(entry.timer);
    entry.timer = deps.clock.setTimeout(() => {
      entry.timer = undefined;
      if (deps.visibility.hidden()) entry.due = true;
      else void poll(entry);
    }, ms);
  }

  async function poll(entry: Followed) {
    if (stopped || runs.get(entry.target.runId) !== entry || entry.controller) return;
    entry.due = false;
    const controller = new AbortController();
    entry.controller = controller;
    try {
      const record = await deps.read(entry.target, controller.signal);
      if (controller.signal.aborted || runs.get(entry.target.runId) !== entry) return;
      entry.failures = 0;
      delete entry.failingSince;
      const ended = isTerminal(record.overall_status);
      if (ended) runs.delete(entry.target.runId);
      deps.onRecord(entry.target, record, ended);
      if (!ended) schedule(entry, pollDelay(++entry.attempt));
    } catch (error) {
      if (controller.signal.aborted || runs.get(entry.target.runId) !== entry) return;
      if (isRouteMissing(error)) {
        runs.delete(entry.target.runId);
        deps.onNoFollowUp(entry.target);
        return;
      }
      if (isApiError(error) && error.status === 404) {
        runs.delete(entry.target.runId);
        deps.onGone(entry.target, error);
        return;
      }
      deps.onReadFailed?.(entry.target, error);
      entry.failures += 1;
      entry.failingSince ??= deps.clock.now();
      if (pollGivesUp(entry.failures, deps.clock.now() - entry.failingSince)) {
        runs.delete(entry.target.runId);
        deps.onGaveUp?.(entry.target, entry.failures, error);
        return;
      }
      schedule(entry, Math.max(pollDelay(++entry.attempt), failedPollDelay(entry.failures)));
    } finally {
      if (entry.controller === controller) delete entry.controller;
    }
  }

  const unsubscribe = deps.visibility.onChange(() => {
    if (deps.visibility.hidden()) return;
    for (const entry of runs.values()) if (entry.due) void poll(entry);
  });

  return {
    follow(target, options = {}) {
      if (stopped) return;
      const known = runs.get(target.runId);
      if (known) {
        // Something happened (a stream ended, a resume): the next read is due now, not at the backed-off pace.
        if (options.immediately && !known.controller) schedule(known, 0);
        return;
      }
      const entry: Followed = { target, attempt: 0, failures: 0, due: false };
      runs.set(target.runId, entry);
      schedule(entry, options.immediately ? 0 : pollDelay(0));
    },
    forget(runId) {
      const entry = runs.get(runId);
      if (!entry) return;
      runs.delete(runId);
      if (entry.timer !== undefined) deps.clock.clearTimeout(entry.timer);
      entry.controller?.abort();
    },
    following: () => [...runs.keys()],
    stop() {
      stopped = true;
      unsubscribe();
      for (const id of [...runs.keys()]) this.forget(id);
    },
  };
}

/** The browser's clock and page visibility. */
export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Whether the page is hidden, and its changes. */
export const pageVisibility = (
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>,
): Visibility => ({
  hidden: () => document.visibilityState === 'hidden',
  onChange(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
});
