import {
  focusManager,
  QueryObserver,
  type QueryClient,
  type QueryObserverOptions,
  type QueryState,
} from '@tanstack/react-query';
import type { ApiClient } from '@/api/client/http-client';
import { pausedWhileHidden, readExecution, workflowKeys } from '@/api/workflows/workflow-queries';
import type { ExecutionRecord } from '@/api/workflows/workflow-schemas';
import { isApiError, isRouteMissing } from '@/domain/errors/api-error';
import { isTerminal } from '@/domain/workflows/run/execution-status';
import { followPace, pollGivesUp } from '@/domain/workflows/run/polling';
import type { Clock } from './clock';

// Every unfinished run is watched by a TanStack QueryObserver on its execution's query: TanStack keeps the timer
// (its refetchInterval is the backoff below), the cache (a screen or an abort reading the same execution shares it)
// and the hidden-tab rule (no reads while hidden, a read at once on return). What a read tells is handed back to
// the runtime, the one writer of a run.

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

/** Reads made by one watch (they set its pace), failures in a row and since when. */
interface Pace {
  target: WatchTarget;
  reads: number;
  failures: number;
  failingSince?: number;
}

interface Watched {
  pace: Pace;
  observer: ExecutionObserver;
  unsubscribe: () => void;
  /** The query's counts of answers already handed on (what the cache held before the watch is not news). */
  seen: { data: number; errors: number };
}

type ExecutionState = QueryState<ExecutionRecord>;
type ExecutionKey = ReturnType<typeof workflowKeys.execution>;
type ExecutionObserver = QueryObserver<ExecutionRecord, Error, ExecutionRecord, ExecutionRecord, ExecutionKey>;

export function createRunWatch(deps: RunWatchDeps): RunWatch {
  const watched = new Map<string, Watched>();
  let stopped = false;

  /** What the last answer means for the watch, or null while it goes on. */
  function verdict(entry: Pace, state: ExecutionState) {
    if (entry.reads === 0) return null;
    if (state.status === 'success') return isTerminal(state.data?.overall_status ?? '') ? 'ended' : null;
    if (state.status !== 'error') return null;
    if (isRouteMissing(state.error)) return 'no-follow-up';
    if (isApiError(state.error) && state.error.status === 404) return 'gone';
    if (entry.failures > 0 && pollGivesUp(entry.failures, deps.clock.now() - (entry.failingSince ?? 0)))
      return 'gave-up';
    return null;
  }

  function options(
    entry: Pace,
    immediately: boolean,
  ): QueryObserverOptions<ExecutionRecord, Error, ExecutionRecord, ExecutionRecord, ExecutionKey> {
    const { workflowId, executionId, runId } = entry.target;
    const client = deps.client();
    const inBackground = deps.followWhileHidden();
    return {
      // executionQuery's key: a screen or an abort reading this execution shares the cache.
      queryKey: workflowKeys.execution(client.baseUrl, workflowId, executionId),
      queryFn: async ({ signal }) => {
        try {
          const record = await readExecution(client, workflowId, executionId, signal, runId);
          entry.failures = 0;
          delete entry.failingSince;
          return record;
        } catch (error) {
          if (!signal.aborted) {
            entry.failures += 1;
            entry.failingSince ??= deps.clock.now();
          }
          throw error;
        } finally {
          if (!signal.aborted) entry.reads += 1;
        }
      },
      retry: false,
      staleTime: 0,
      // A known record is not read again at once unless asked (a launch's own answer is the first record).
      refetchOnMount: immediately,
      refetchInterval: (query) => (verdict(entry, query.state) ? false : followPace(entry.reads, entry.failures)),
      ...pausedWhileHidden,
      // Hidden, the watch is off altogether (nothing is read, not even a run's first record); it reads on return.
      enabled: focusManager.isFocused() || inBackground,
      refetchIntervalInBackground: inBackground,
    };
  }

  function answered(entry: Watched) {
    const state = entry.observer.getCurrentQuery().state;
    if (watched.get(entry.pace.target.runId) !== entry) return;
    if (state.dataUpdateCount === entry.seen.data && state.errorUpdateCount === entry.seen.errors) return;
    entry.seen = { data: state.dataUpdateCount, errors: state.errorUpdateCount };
    const { target, failures } = entry.pace;
    const outcome = verdict(entry.pace, state);
    if (outcome) drop(entry);
    if (state.status === 'success' && state.data) deps.onRecord(target, state.data, outcome === 'ended');
    else if (outcome === 'no-follow-up') deps.onNoFollowUp(target);
    else if (outcome === 'gone') deps.onGone(target, state.error);
    else if (outcome === 'gave-up') deps.onGaveUp(target, failures, state.error);
  }

  function drop(entry: Watched) {
    watched.delete(entry.pace.target.runId);
    // The observer's in-flight read, if any, is cancelled with it (TanStack aborts a read nobody observes).
    entry.unsubscribe();
  }

  // Hiding or showing the tab turns every watch off or on (on: a read at once, the runs due meanwhile included).
  const unsubscribeFocus = focusManager.subscribe(() => {
    for (const entry of watched.values()) entry.observer.setOptions(options(entry.pace, false));
  });

  return {
    follow(target, { immediately = false } = {}) {
      if (stopped) return;
      const known = watched.get(target.runId);
      if (known) {
        // Something happened (a stream ended, a resume): the next read is due now, not at the backed-off pace.
        const result = known.observer.getCurrentResult();
        if (immediately && known.observer.options.enabled !== false && result.fetchStatus === 'idle')
          void known.observer.refetch();
        return;
      }
      const pace: Pace = { target, reads: 0, failures: 0 };
      const observer = new QueryObserver(deps.queryClient, options(pace, immediately));
      const { state } = observer.getCurrentQuery();
      const entry: Watched = {
        pace,
        observer,
        unsubscribe: () => undefined,
        seen: { data: state.dataUpdateCount, errors: state.errorUpdateCount },
      };
      watched.set(target.runId, entry);
      entry.unsubscribe = observer.subscribe(() => answered(entry));
    },
    forget(runId) {
      const entry = watched.get(runId);
      if (entry) drop(entry);
    },
    following: () => [...watched.keys()],
    stop() {
      stopped = true;
      unsubscribeFocus();
      for (const entry of [...watched.values()]) drop(entry);
    },
  };
}
