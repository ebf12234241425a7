import { create } from 'zustand';
import type { Run } from './run';

export type RunsStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface RunsState {
  owner: string | null;
  status: RunsStatus;
  loadError?: string | undefined;
  saveError?: string | undefined;
  /** Saved records that could not be read back (written by another version). */
  unreadable: number;
  /** Newest first. */
  runs: Run[];
  loadStarted(owner: string): void;
  loaded(owner: string, runs: Run[], unreadable: number): void;
  loadFailed(owner: string, message: string): void;
  saveFailed(message: string | undefined): void;
  runAdded(run: Run): void;
  runChanged(id: string, change: Partial<Run>): void;
  /** A run that had ended goes on (resumed): its end and error are forgotten, the change applied. */
  runReopened(id: string, change: Partial<Run>): void;
  runsDeleted(ids: readonly string[]): Run[];
  runsRestored(runs: readonly Run[]): void;
  signedOut(): void;
}

const newestFirst = (a: Run, b: Run) => b.startedAt - a.startedAt;

/** The signed-in person's workflow runs; kept in the local database by runs-persistence. */
export const useRunsStore = create<RunsState>((set, get) => ({
  owner: null,
  status: 'idle',
  unreadable: 0,
  runs: [],
  loadStarted: (owner) => set({ owner, status: 'loading', runs: [], unreadable: 0, loadError: undefined }),
  loaded: (owner, runs, unreadable) => {
    if (get().owner !== owner) return;
    // Runs launched while loading are kept alongside the saved ones.
    const launched = get().runs.filter((run) => !runs.some((saved) => saved.id === run.id));
    set({ status: 'ready', runs: [...launched, ...runs].sort(newestFirst), unreadable });
  },
  loadFailed: (owner, loadError) => {
    if (get().owner === owner) set({ status: 'failed', loadError });
  },
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
  signedOut: () =>
    set({ owner: null, status: 'idle', runs: [], unreadable: 0, loadError: undefined, saveError: undefined }),
}));

export const findRun = (id: string) => (state: Pick<RunsState, 'runs'>) => state.runs.find((run) => run.id === id);
