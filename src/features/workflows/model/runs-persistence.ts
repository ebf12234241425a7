import type { ConsoleDatabase } from '@/lib/db';
import { reportWrite } from '@/lib/storage-health';
import type { Run } from './run';
import { readFirstRuns } from './runs-archive';
import type { RunsStore } from './runs-store';

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

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
  let stopped = false;
  const writing = new Set<Promise<unknown>>();
  const unsubscribe = store.subscribe((next, previous) => {
    if (next.runs === previous.runs) return;
    // Loading only brings back what is saved; launches made while loading are written like any change.
    if (previous.status === 'loading' && next.status === 'ready') return;
    if (next.readBack !== previous.readBack) return;
    const write = reportWrite('workflow runs', saveChanges(db, owner, next.runs, previous.runs)).then(
      () => store.getState().saveError && store.getState().saveFailed(undefined),
      (error: unknown) =>
        store
          .getState()
          .saveFailed(
            `Runs could not be saved in this browser (${describe(error)}). They last until this tab closes; export them to keep them.`,
          ),
    );
    writing.add(write);
    void write.finally(() => writing.delete(write));
  });
  // The newest page and every unfinished run; older ones are read when asked for (runs-archive).
  readFirstRuns(db, owner).then(
    ({ runs, unreadable, older }) => !stopped && store.getState().loaded(runs, unreadable, older),
    (error: unknown) =>
      !stopped &&
      store
        .getState()
        .loadFailed(`Saved runs could not be read (${describe(error)}). New runs still work but may not be saved.`),
  );
  return async () => {
    stopped = true;
    unsubscribe();
    await Promise.all(writing);
  };
}
