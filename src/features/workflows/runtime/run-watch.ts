import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/api/client/http-client';
import { watchServer, type ServerWatch, type WatchAnswer, type WatchProgress } from '@/api/server-watch';
import { readExecution, workflowKeys } from '@/api/workflows/workflow-queries';
import type { ExecutionRecord } from '@/api/workflows/workflow-schemas';
import { isApiError, isRouteMissing } from '@/domain/errors/api-error';
import { isTerminal } from '@/domain/workflows/run/execution-status';
import { followPace, pollGivesUp } from '@/domain/workflows/run/polling';
import type { Clock } from './clock';

// Every unfinished run is watched on its execution's query (api/server-watch.ts: TanStack keeps the timer, the cache
// and the hidden-tab rule), at the backoff of followPace. What a read tells is handed back to the runtime, the one
// writer of a run.

export interface WatchTarget {
  runId: string;
  workflowId: string;
  executionId: string;
}

export interface RunWatchDeps {
  queryClient: QueryClient;
  client(): ApiClient;
  clock: Clock;
  /** The person asked to hear when runs end while the tab is hidden: their runs are read then too. */
  followWhileHidden(): boolean;
  /** Every record read, changed or not; `ended` once its status is terminal (the last call for that run). */
  onRecord(target: WatchTarget, record: ExecutionRecord, ended: boolean): void;
  /** The server has no follow-up endpoints (404/405 on the route): nothing more can be learned. */
  onNoFollowUp(target: WatchTarget): void;
  /** The server answered that it has no such execution (deleted elsewhere): watching it would poll forever. */
  onGone(target: WatchTarget, error: unknown): void;
  /** Reads kept failing (see `pollGivesUp`): the run is no longer watched until `follow` is called again. */
  onGaveUp(target: WatchTarget, failures: number, error: unknown): void;
}

export interface RunWatch {
  /** Watches a run until its status is terminal (again if it was resumed); `immediately` also hurries a watched one. */
  follow(target: WatchTarget, options?: { immediately?: boolean }): void;
  /** Stops watching one run (deleted, aborted, resumed: a new watch starts from its first pace). */
  forget(runId: string): void;
  following(): string[];
  /** Stops everything (sign-out). */
  stop(): void;
}

type Verdict = 'ended' | 'no-follow-up' | 'gone' | 'gave-up';

export function createRunWatch(deps: RunWatchDeps): RunWatch {
  const watched = new Map<string, ServerWatch>();
  let stopped = false;

  /** What the last answer means for the watch, or null while it goes on. */
  function judge(answer: WatchAnswer<ExecutionRecord>, progress: WatchProgress): Verdict | null {
    // An answer the cache had before this watch read anything (a screen's read) is news, but no verdict.
    if (progress.reads === 0) return null;
    if (answer.ok) return isTerminal(answer.data.overall_status) ? 'ended' : null;
    if (isRouteMissing(answer.error)) return 'no-follow-up';
    if (isApiError(answer.error) && answer.error.status === 404) return 'gone';
    if (progress.failures > 0 && pollGivesUp(progress.failures, deps.clock.now() - (progress.failingSince ?? 0)))
      return 'gave-up';
    return null;
  }

  function start(target: WatchTarget, immediately: boolean): ServerWatch {
    const { workflowId, executionId, runId } = target;
    const client = deps.client();
    let failures = 0;
    const watch = watchServer<ExecutionRecord, Verdict>({
      queryClient: deps.queryClient,
      // executionQuery's key: a screen or an abort reading this execution shares the cache.
      queryKey: workflowKeys.execution(client.baseUrl, workflowId, executionId),
      read: (signal) => readExecution(client, workflowId, executionId, signal, runId),
      pace: (progress) => {
        failures = progress.failures;
        return followPace(progress.reads, progress.failures);
      },
      judge: (answer, progress) => {
        failures = progress.failures;
        return judge(answer, progress);
      },
      whileHidden: deps.followWhileHidden,
      // A known record is not read again at once unless asked (a launch's own answer is the first record).
      readAtOnce: immediately,
      now: deps.clock.now,
      onAnswer(answer, verdict) {
        if (verdict && watched.get(runId) === watch) watched.delete(runId);
        if (answer.ok) deps.onRecord(target, answer.data, verdict === 'ended');
        else if (verdict === 'no-follow-up') deps.onNoFollowUp(target);
        else if (verdict === 'gone') deps.onGone(target, answer.error);
        else if (verdict === 'gave-up') deps.onGaveUp(target, failures, answer.error);
      },
    });
    return watch;
  }

  return {
    follow(target, { immediately = false } = {}) {
      if (stopped) return;
      const known = watched.get(target.runId);
      // Something happened (a stream ended, a resume): the next read is due now, not at the backed-off pace.
      if (known) return immediately ? known.readNow() : undefined;
      const watch = start(target, immediately);
      if (!watch.over) watched.set(target.runId, watch);
    },
    forget(runId) {
      watched.get(runId)?.stop();
      watched.delete(runId);
    },
    following: () => [...watched.keys()],
    stop() {
      stopped = true;
      for (const watch of watched.values()) watch.stop();
      watched.clear();
    },
  };
}
