import { resumeAfterReload } from '@/domain/workflows/batches/batch';
import type { ConsoleDatabase } from '@/lib/storage/db';
import { describeStorageError as describe, startStorePersistence } from '@/lib/storage/store-persistence';
import { readBatchRecord, type BatchRecord } from './batch-record';
import type { BatchesStore } from './batches-store';

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

export interface BatchesPersistenceDeps {
  store: BatchesStore;
  owner: string;
  db: ConsoleDatabase;
}

/**
 * Loads the person's batches, then writes each one when a row changes (a few writes per row). Returns the stop,
 * which resolves once the writes under way are done (nothing is written after it).
 */
export function startBatchesPersistence({ store, owner, db }: BatchesPersistenceDeps): () => Promise<void> {
  store.getState().loadStarted();
  return startStorePersistence({
    store,
    what: 'a batch',
    load: () => loadBatches(db, owner),
    loaded: (batches) => store.getState().loaded(batches),
    loadFailed: (error) => store.getState().loadFailed(`Saved batches could not be read (${describe(error)}).`),
    saveAfterFailedLoad: true,
    // Batches started while loading (or kept from before a restart) were not written yet.
    asStored: (state, batches) => ({ ...state, batches }),
    changed: (next, previous) => next.batches !== previous.batches,
    save: (next, previous) => saveChanges(db, owner, next.batches, previous.batches),
    saved: () => store.getState().saveError && store.getState().saveFailed(undefined),
    saveFailed: (error) =>
      store
        .getState()
        .saveFailed(
          `Batches could not be saved in this browser (${describe(error)}); export the results to keep them.`,
        ),
  });
}
