import type { ConsoleDatabase } from '@/lib/storage/db';
import { describeStorageError as describe, startStorePersistence } from '@/lib/storage/store-persistence';
import type { Run } from './run';
import { readFirstRuns } from './runs-archive';
import type { RunsStore } from './runs-store';

/** Writes the runs that changed (by reference) and deletes the removed ones: a run changes a few times in its life. */
async function saveChanges(
  db: ConsoleDatabase,
  owner: string,
  next: readonly Run[],
  previous: readonly Run[],
): Promise<void> {
  const before = new Map(previous.map((run) => [run.id, run]));
  const changed = next.filter((run) => before.get(run.id) !== run).map((run) => ({ ...run, owner }));
  const kept = new Set(next.map((run) => run.id));
  const removed = previous.filter((run) => !kept.has(run.id)).map((run): [string, string] => [owner, run.id]);
  await db.transaction('rw', db.runs, async () => {
    if (changed.length) await db.runs.bulkPut(changed);
    if (removed.length) await db.runs.bulkDelete(removed);
  });
}

export interface RunsPersistenceDeps {
  store: RunsStore;
  owner: string;
  db: ConsoleDatabase;
}

/**
 * Loads the person's runs, then writes every change as it happens. Returns the stop, which resolves once the
 * writes under way are done (nothing is written after it).
 */
export function startRunsPersistence({ store, owner, db }: RunsPersistenceDeps): () => Promise<void> {
  store.getState().loadStarted();
  return startStorePersistence({
    store,
    what: 'workflow runs',
    // The newest page and every unfinished run; older ones are read when asked for (runs-archive).
    load: () => readFirstRuns(db, owner),
    loaded: ({ runs, unreadable, older }) => store.getState().loaded(runs, unreadable, older),
    loadFailed: (error) =>
      store
        .getState()
        .loadFailed(`Saved runs could not be read (${describe(error)}). New runs still work but may not be saved.`),
    saveAfterFailedLoad: true,
    // Launches made while loading are written like any change; loading only brings back what is saved.
    saveWhileLoading: true,
    // Older runs read back from the database are not written back.
    changed: (next, previous) => next.runs !== previous.runs && next.readBack === previous.readBack,
    save: (next, previous) => saveChanges(db, owner, next.runs, previous.runs),
    saved: () => store.getState().saveError && store.getState().saveFailed(undefined),
    saveFailed: (error) =>
      store
        .getState()
        .saveFailed(
          `Runs could not be saved in this browser (${describe(error)}). They last until this tab closes; export them to keep them.`,
        ),
  });
}
