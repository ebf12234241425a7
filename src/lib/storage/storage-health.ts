import { create } from 'zustand';

// Writes to this browser's storage can fail (the quota is full, the database was deleted under us). A
// failed write must never pass silently: persistence modules report it here and the shell shows it.

/** Browsers name it QuotaExceededError; Dexie keeps that name or wraps it (`inner`), IndexedDB aborts carry it as `cause`. */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const { name, inner, cause, failures } = error as {
    name?: unknown;
    inner?: unknown;
    cause?: unknown;
    failures?: unknown;
  };
  if (name === 'QuotaExceededError') return true;
  if (isQuotaError(inner, depth + 1) || isQuotaError(cause, depth + 1)) return true;
  // Dexie's BulkError lists the failure of each record.
  const listed = Array.isArray(failures)
    ? failures
    : typeof failures === 'object' && failures !== null
      ? Object.values(failures)
      : [];
  return listed.some((failure) => isQuotaError(failure, depth + 1));
}

/**
 * A value bigger than its place in this browser allows (a draft over its limit): kept in memory, said in words.
 * Thrown by nobody; passed to `writeFailed` so the banner can say which limit was met.
 */
export class StorageLimitError extends Error {
  override name = 'StorageLimitError';
}

/** The browser gives this page no storage at all (a private window, blocked site data). */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

export interface StorageProblem {
  /** quota: the disk is full; limit: one value is over its size limit; unavailable: no storage at all. */
  kind: 'quota' | 'limit' | 'unavailable' | 'failed';
  /** What could not be saved, in plain words: "the draft", "a conversation turn". */
  what: string;
  /** The browser's own words ("QuotaExceededError: …"). */
  detail: string;
  /** The failure's message alone: for a limit or a missing storage, the console's own words to show. */
  message: string;
  at: number;
  /** Failures since the banner was last dismissed. */
  count: number;
}

interface StorageHealthState {
  problem: StorageProblem | null;
  writeFailed(what: string, error: unknown): void;
  dismissed(): void;
}

const detailOf = (error: unknown) =>
  error instanceof Error || error instanceof DOMException ? `${error.name}: ${error.message}` : String(error);

const kindOf = (error: unknown): StorageProblem['kind'] =>
  isQuotaError(error)
    ? 'quota'
    : error instanceof StorageLimitError
      ? 'limit'
      : error instanceof StorageUnavailableError
        ? 'unavailable'
        : 'failed';

export const useStorageHealth = create<StorageHealthState>((set) => ({
  problem: null,
  writeFailed: (what, error) =>
    set(({ problem }) => {
      const kind = kindOf(error);
      // A full disk outranks the rest: its banner offers the way out.
      const shownKind = problem?.kind === 'quota' ? 'quota' : kind;
      return {
        problem: {
          kind: shownKind,
          what,
          detail: detailOf(error),
          message: error instanceof Error ? error.message : String(error),
          at: Date.now(),
          count: (problem?.count ?? 0) + 1,
        },
      };
    }),
  dismissed: () => set({ problem: null }),
}));

/** Reports a failed write and passes the failure on, so the caller's own handling still runs. */
export function reportWrite<T>(what: string, work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    useStorageHealth.getState().writeFailed(what, error);
    throw error;
  });
}
