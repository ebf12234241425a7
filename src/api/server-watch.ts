import { focusManager, QueryObserver, type QueryClient, type QueryKey, type QueryState } from '@tanstack/react-query';

// The one way the console watches something on the server until it is over: a run's execution, a conversation the
// server is still writing, a new chat's name. TanStack keeps the timer (its refetchInterval is the pace), the cache
// (a screen reading the same query shares its answers) and the hidden-tab rule (no reads while hidden, a read at once
// on return). The watch counts its reads and failures, asks `judge` after each answer whether it is over, and stops
// itself at `mostReads`.

export interface WatchProgress {
  /** Reads made by this watch (answered or failed; a cancelled read does not count). */
  reads: number;
  /** Failed reads in a row. */
  failures: number;
  /** When the failures in a row began (from `now`). */
  failingSince?: number;
}

export type WatchAnswer<T> = { ok: true; data: T } | { ok: false; error: unknown };

export interface WatchSpec<T, V> {
  queryClient: QueryClient;
  /** The query the watch observes: the key of what it reads, shared with screens that read the same. */
  queryKey: QueryKey;
  read(signal: AbortSignal): Promise<T>;
  /** The wait before the next read, as a function of the reads so far and the data last read. */
  pace(progress: WatchProgress, data: T | undefined): number;
  /** After an answer: what it means for the watch (it ends on a verdict), or null while it goes on. */
  judge(answer: WatchAnswer<T>, progress: WatchProgress): V | null;
  /** Reads at most, and the verdict the watch ends on when they are spent. */
  mostReads?: { reads: number; verdict: V };
  /** Every answer (a screen's read of the same query included), with the verdict that ended the watch, if one did. */
  onAnswer(answer: WatchAnswer<T>, verdict: V | null): void;
  /** Whether to read while the tab is hidden too (the person asked to hear when something ends). */
  whileHidden?(): boolean;
  /** Read at once even when the cache already holds an answer (default: only when it holds none). */
  readAtOnce?: boolean;
  now?(): number;
}

export interface ServerWatch {
  /** Reads now, not at the pace (something happened: a stream ended, a resume), unless a read is under way. */
  readNow(): void;
  /** Ends the watch without a verdict; a read under way is cancelled. */
  stop(): void;
  readonly over: boolean;
}

export function watchServer<T, V>(spec: WatchSpec<T, V>): ServerWatch {
  const now = spec.now ?? Date.now;
  const progress: WatchProgress = { reads: 0, failures: 0 };
  let over = false;
  let lastData: T | undefined;

  const options = (readAtOnce: boolean) => {
    const inBackground = spec.whileHidden?.() ?? false;
    return {
      queryKey: spec.queryKey,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        try {
          const data = await spec.read(signal);
          progress.failures = 0;
          delete progress.failingSince;
          return data;
        } catch (error) {
          if (!signal.aborted) {
            progress.failures += 1;
            progress.failingSince ??= now();
          }
          throw error;
        } finally {
          if (!signal.aborted) progress.reads += 1;
        }
      },
      retry: false,
      staleTime: 0,
      refetchOnMount: readAtOnce,
      refetchInterval: () => (over ? false : spec.pace(progress, lastData)),
      refetchOnWindowFocus: true,
      // Hidden, the watch is off altogether (nothing is read, not even a first answer); it reads on return.
      enabled: focusManager.isFocused() || inBackground,
      refetchIntervalInBackground: inBackground,
    } as const;
  };

  const observer = new QueryObserver<T, Error, T, T, QueryKey>(spec.queryClient, options(spec.readAtOnce ?? false));
  const initial = observer.getCurrentQuery().state;
  // What the cache held before the watch began is not news.
  let seen = { data: initial.dataUpdateCount, errors: initial.errorUpdateCount };

  function answered(state: QueryState<T, Error>) {
    if (over) return;
    if (state.dataUpdateCount === seen.data && state.errorUpdateCount === seen.errors) return;
    const isError = state.errorUpdateCount !== seen.errors && state.status === 'error';
    seen = { data: state.dataUpdateCount, errors: state.errorUpdateCount };
    const answer: WatchAnswer<T> = isError ? { ok: false, error: state.error } : { ok: true, data: state.data as T };
    if (answer.ok) lastData = answer.data;
    let verdict = spec.judge(answer, progress);
    if (verdict === null && spec.mostReads && progress.reads >= spec.mostReads.reads) verdict = spec.mostReads.verdict;
    if (verdict !== null) end();
    spec.onAnswer(answer, verdict);
  }

  function end() {
    over = true;
    unsubscribeFocus();
    // The observer's read under way, if any, is cancelled with it (TanStack aborts a read nobody observes).
    unsubscribe();
  }

  const unsubscribe = observer.subscribe(() => answered(observer.getCurrentQuery().state));
  // Hiding or showing the tab turns the watch off or on (on: a read at once, the reads due meanwhile included).
  const unsubscribeFocus = focusManager.subscribe(() => {
    if (!over) observer.setOptions(options(false));
  });

  return {
    readNow() {
      if (over || observer.options.enabled === false) return;
      if (observer.getCurrentResult().fetchStatus === 'idle') void observer.refetch();
    },
    stop() {
      if (!over) end();
    },
    get over() {
      return over;
    },
  };
}
