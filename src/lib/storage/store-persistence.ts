import type { StoreApi } from 'zustand/vanilla';
import { reportWrite } from './storage-health';

/**
 * How one store is kept in the local database: read once, then each change written as it happens. The one way the
 * console persists a store (runs, batches, header profiles, preferences); each says only what it reads and writes.
 */
export interface StorePersistence<S, Saved> {
  store: StoreApi<S>;
  /** In plain words, for the storage banner: "workflow runs". */
  what: string;
  /** Reads the person's records. */
  load(): Promise<Saved>;
  /** Puts what was read into the store. */
  loaded(saved: Saved): void;
  /** The records could not be read (the database refused: a private window, a deleted database). */
  loadFailed(error: unknown): void;
  /** After a failed read, changes are still written (new records may still be kept); otherwise nothing is. */
  saveAfterFailedLoad?: boolean;
  /**
   * Changes made while the read is under way are written as they happen (a launch must be kept even when the
   * person leaves before the read ends); what `loaded` itself changes is not written back.
   */
  saveWhileLoading?: boolean;
  /**
   * The state the database holds once `loaded` ran, when it differs from the store's (things created while loading,
   * a first default record): what differs is written at once.
   */
  asStored?(state: S, saved: Saved): S;
  /** Whether `next` holds anything to write beyond `previous`. */
  changed(next: S, previous: S): boolean;
  /** Writes what changed from `previous` to `next` (called at once on each change, so side effects run in order). */
  save(next: S, previous: S): Promise<void>;
  /** A write went through (a save error shown before can go). */
  saved?(): void;
  saveFailed?(error: unknown): void;
}

/**
 * Starts keeping `store` in the database. Returns the stop: nothing is read into the store or written after it, and
 * it resolves once the read and the writes under way have settled.
 */
export function startStorePersistence<S, Saved>(persistence: StorePersistence<S, Saved>): () => Promise<void> {
  const { store, what, changed } = persistence;
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  let applyingLoad = false;
  const writing = new Set<Promise<unknown>>();
  const write = (next: S, previous: S) => {
    const done = reportWrite(what, persistence.save(next, previous)).then(
      () => persistence.saved?.(),
      (error: unknown) => persistence.saveFailed?.(error),
    );
    writing.add(done);
    void done.finally(() => writing.delete(done));
  };
  const follow = () => {
    if (stopped || unsubscribe) return;
    unsubscribe = store.subscribe((next, previous) => {
      if (!applyingLoad && changed(next, previous)) write(next, previous);
    });
  };
  if (persistence.saveWhileLoading) follow();
  const loading = persistence.load().then(
    (saved) => {
      if (stopped) return;
      applyingLoad = true;
      try {
        persistence.loaded(saved);
      } finally {
        applyingLoad = false;
      }
      const state = store.getState();
      const stored = persistence.asStored?.(state, saved);
      if (stored !== undefined && changed(state, stored)) write(state, stored);
      follow();
    },
    (error: unknown) => {
      if (stopped) return;
      persistence.loadFailed(error);
      if (persistence.saveAfterFailedLoad) follow();
    },
  );
  return async () => {
    stopped = true;
    unsubscribe?.();
    await loading;
    await Promise.allSettled([...writing]);
  };
}

/** An error in words for a message: "QuotaExceededError: …". */
export const describeStorageError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
