import { createStore } from 'zustand/vanilla';
import { storeContext } from '@/lib/services-context';
import type { Run } from './run';

export type RunsStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface RunsState {
  status: RunsStatus;
  loadError?: string | undefined;
  saveError?: string | undefined;
  /** Saved records that could not be read back (written by another version). */
  unreadable: number;
  /** Newest first. */
  runs: Run[];
  /** Saved runs started at or before this time may not be in memory yet (see runs-archive); null: all are. */
  older: number | null;
  /** Counts the reads of saved runs into memory (a page, runs by id): the writer does not write them back. */
  readBack: number;
  /** Loading (again, after a stop and start) keeps the runs in memory: they are as new as the saved ones or newer. */
  loadStarted(): void;
  loaded(runs: Run[], unreadable: number, older?: number | null): void;
  /** Saved runs read into memory after the first load: those already in memory are kept as they are. */
  readMore(runs: readonly Run[], unreadable: number, older?: number | null): void;
  loadFailed(message: string): void;
  saveFailed(message: string | undefined): void;
  runAdded(run: Run): void;
  runChanged(id: string, change: Partial<Run>): void;
  /** A run that had ended goes on (resumed): its end and error are forgotten, the change applied. */
  runReopened(id: string, change: Partial<Run>): void;
  runsDeleted(ids: readonly string[]): Run[];
  runsRestored(runs: readonly Run[]): void;
}

const newestFirst = (a: Run, b: Run) => b.startedAt - a.startedAt;

/** One person's workflow runs (made with their services); kept in the local database by runs-persistence. */
export const createRunsStore = () =>
  createStore<RunsState>()((set, get) => ({
    status: 'idle',
    unreadable: 0,
    runs: [],
    older: null,
    readBack: 0,
    loadStarted: () => set({ status: 'loading', loadError: undefined }),
    loaded: (runs, unreadable, older = null) => {
      // Runs launched while loading (or kept from before a restart) are kept alongside the saved ones.
      const held = get().runs;
      const saved = runs.filter((run) => !held.some((kept) => kept.id === run.id));
      set({ status: 'ready', runs: [...held, ...saved].sort(newestFirst), unreadable, older });
    },
    readMore: (runs, unreadable, older) =>
      set((state) => {
        const held = new Set(state.runs.map((run) => run.id));
        const saved = runs.filter((run) => !held.has(run.id));
        return {
          runs: saved.length > 0 ? [...state.runs, ...saved].sort(newestFirst) : state.runs,
          unreadable: state.unreadable + unreadable,
          older: older === undefined ? state.older : older,
          readBack: state.readBack + 1,
        };
      }),
    loadFailed: (loadError) => set({ status: 'failed', loadError }),
    saveFailed: (saveError) => set({ saveError }),
    runAdded: (run) =>
      set((state) => ({ runs: [run, ...state.runs.filter((other) => other.id !== run.id)].sort(newestFirst) })),
    runChanged: (id, change) =>
      set((state) => ({ runs: state.runs.map((run) => (run.id === id ? { ...run, ...change } : run)) })),
    runReopened: (id, change) =>
      set((state) => ({
        runs: state.runs.map((run) => {
          if (run.id !== id) return run;
          const { endedAt: _ended, error: _error, ...rest } = run;
          return { ...rest, ...change };
        }),
      })),
    runsDeleted: (ids) => {
      const doomed = new Set(ids);
      const removed = get().runs.filter((run) => doomed.has(run.id));
      set((state) => ({ runs: state.runs.filter((run) => !doomed.has(run.id)) }));
      return removed;
    },
    runsRestored: (runs) =>
      set((state) => ({
        runs: [...runs.filter((run) => !state.runs.some((other) => other.id === run.id)), ...state.runs].sort(
          newestFirst,
        ),
      })),
  }));

export type RunsStore = ReturnType<typeof createRunsStore>;

const runsStore = storeContext<RunsState>('the runs');
export const RunsProvider = runsStore.Provider;
export const useRunsStore = runsStore.useState;

export const findRun = (id: string) => (state: Pick<RunsState, 'runs'>) => state.runs.find((run) => run.id === id);
