import { resumeAfterReload } from '@/domain/workflows/batch';
import { consoleDatabase, type ConsoleDatabase } from '@/lib/db';
import { reportWrite } from '@/lib/storage-health';
import { readBatchRecord, type BatchRecord } from './batch-record';
import { useBatchesStore } from './batches-store';

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * A batch read back after the page closed: rows that were being launched wait again, rows already running on
 * the server stay running (the batch runtime follows them), and a batch that was launching rows comes back
 * paused and marked interrupted, so the person decides whether it goes on.
 */
export function reopened(record: BatchRecord): BatchRecord {
  const wasLaunching = record.batch.state === 'running';
  const { batch } = resumeAfterReload(record.batch);
  const unfinished = batch.rows.some((row) => row.status === 'queued');
  return { ...record, batch, ...(wasLaunching && unfinished ? { interrupted: true } : {}) };
}

async function loadBatches(db: ConsoleDatabase, owner: string): Promise<BatchRecord[]> {
  const stored = await db.batches.where('owner').equals(owner).toArray();
  return stored.flatMap((entry) => {
    const record = readBatchRecord(entry.batch);
    return record ? [reopened(record)] : [];
  });
}

async function saveChanges(
  db: ConsoleDatabase,
  owner: string,
  next: readonly BatchRecord[],
  previous: readonly BatchRecord[],
) {
  const before = new Map(previous.map((record) => [record.id, record]));
  const changed = next
    .filter((record) => before.get(record.id) !== record)
    .map((record) => ({ owner, id: record.id, createdAt: record.createdAt, batch: record }));
  const kept = new Set(next.map((record) => record.id));
  const removed = previous
    .filter((record) => !kept.has(record.id))
    .map((record): [string, string] => [owner, record.id]);
  await db.transaction('rw', db.batches, async () => {
    if (changed.length) await db.batches.bulkPut(changed);
    if (removed.length) await db.batches.bulkDelete(removed);
  });
}

/** Loads the person's batches, then writes each one when a row changes (a few writes per row). Returns a stop function. */
export function startBatchesPersistence(owner: string, db: ConsoleDatabase = consoleDatabase()): () => void {
  const store = useBatchesStore;
  store.getState().loadStarted(owner);
  let stopped = false;
  let loading = true;
  const unsubscribe = store.subscribe((next, previous) => {
    if (next.owner !== owner || next.batches === previous.batches || loading) return;
    reportWrite('a batch', saveChanges(db, owner, next.batches, previous.batches)).then(
      () => store.getState().saveError && store.getState().saveFailed(undefined),
      (error: unknown) =>
        store
          .getState()
          .saveFailed(
            `Batches could not be saved in this browser (${describe(error)}); export the results to keep them.`,
          ),
    );
  });
  loadBatches(db, owner).then(
    (batches) => {
      if (stopped) return;
      const launchedMeanwhile = store.getState().batches;
      store.getState().loaded(owner, batches);
      loading = false;
      // Batches started while loading were not written yet.
      if (launchedMeanwhile.length) void saveChanges(db, owner, launchedMeanwhile, []);
    },
    (error: unknown) => {
      loading = false;
      if (!stopped) store.getState().loadFailed(owner, `Saved batches could not be read (${describe(error)}).`);
    },
  );
  return () => {
    stopped = true;
    unsubscribe();
  };
}
