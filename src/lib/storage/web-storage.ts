import { StorageLimitError, StorageUnavailableError, useStorageHealth } from './storage-health';

// The one place that touches localStorage and sessionStorage. Either may be missing (blocked site data), throw on
// access (some private modes) or refuse a write (full): the console then keeps the value in memory for this page
// and the storage banner says so, instead of an exception taking a screen down.

export type WebStorageArea = 'local' | 'session';

export interface WriteOptions {
  /** In plain words, for the banner: "the batch draft". */
  what: string;
  /** Longer values are kept in memory only, and the banner names the limit. */
  maxChars?: number;
  /** The limit in words ("1 MB"), when there is one. */
  limitWords?: string;
}

export interface GuardedStorage {
  readonly area: WebStorageArea;
  get(key: string): string | null;
  /** Writes now; false when the browser refused or the value is over its limit (then it is kept in memory). */
  set(key: string, value: string, options: WriteOptions): boolean;
  remove(key: string): void;
  /** The keys held, in the browser and in memory. */
  keys(): string[];
}

type Reach = { storage: Storage } | { storage: null; error: unknown };

function reach(area: WebStorageArea, page: Window | undefined): Reach {
  try {
    const storage = area === 'local' ? page?.localStorage : page?.sessionStorage;
    if (!storage) return { storage: null, error: new StorageUnavailableError(`No ${area}Storage in this browser`) };
    return { storage };
  } catch (error) {
    return { storage: null, error };
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const areaWords = { local: 'this browser', session: 'this tab' } as const;

/** Guarded access to one Web Storage area of `page`. */
export function guardedStorage(area: WebStorageArea, page: Window | undefined = globalThis.window): GuardedStorage {
  // Values the browser would not take: read back from here for as long as the page lives.
  const memory = new Map<string, string>();
  let reported = false;
  const unavailable = (error: unknown) => {
    if (reported) return;
    reported = true;
    const detail = error instanceof Error ? error.message : String(error);
    useStorageHealth
      .getState()
      .writeFailed(
        `${area}Storage`,
        new StorageUnavailableError(
          `The browser refused ${areaWords[area]}’s storage (a private window, or site data blocked: ${detail}). Everything works; drafts and choices last until this tab closes.`,
        ),
      );
  };
  const live = () => {
    const reached = reach(area, page);
    if (!reached.storage) unavailable(reached.error);
    return reached.storage;
  };
  const quietly = <T>(work: (storage: Storage) => T, fallback: T): T => {
    const storage = live();
    if (!storage) return fallback;
    try {
      return work(storage);
    } catch (error) {
      unavailable(error);
      return fallback;
    }
  };
  return {
    area,
    get: (key) => memory.get(key) ?? quietly((storage) => storage.getItem(key), null),
    set(key, value, { what, maxChars, limitWords }) {
      if (maxChars !== undefined && value.length > maxChars) {
        memory.set(key, value);
        // The older, smaller value must not come back on reload as if it were the latest.
        quietly((storage) => storage.removeItem(key), undefined);
        useStorageHealth
          .getState()
          .writeFailed(
            what,
            new StorageLimitError(
              `${capitalized(what)} is over ${limitWords ?? `${maxChars} characters`}: it stays on this page but is not kept for a reload.`,
            ),
          );
        return false;
      }
      const storage = live();
      if (!storage) {
        memory.set(key, value);
        return false;
      }
      try {
        storage.setItem(key, value);
        memory.delete(key);
        return true;
      } catch (error) {
        memory.set(key, value);
        quietly((held) => held.removeItem(key), undefined);
        useStorageHealth.getState().writeFailed(what, error);
        return false;
      }
    },
    remove(key) {
      memory.delete(key);
      quietly((storage) => storage.removeItem(key), undefined);
    },
    keys() {
      const held = quietly((storage) => {
        const found: string[] = [];
        for (let index = 0; index < storage.length; index += 1) {
          const key = storage.key(index);
          if (key !== null) found.push(key);
        }
        return found;
      }, []);
      return [...new Set([...held, ...memory.keys()])];
    },
  };
}

let shared: { local: GuardedStorage; session: GuardedStorage } | null = null;

/** This page's two guarded areas (one each, so what is held in memory is found by every reader). */
export function webStorage(): { local: GuardedStorage; session: GuardedStorage } {
  shared ??= { local: guardedStorage('local'), session: guardedStorage('session') };
  return shared;
}

/** The Storage methods a synchronous writer needs (the page-close stash), over a guarded area. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const asKeyValueStorage = (storage: GuardedStorage, what: string): KeyValueStorage => ({
  getItem: (key) => storage.get(key),
  setItem: (key, value) => void storage.set(key, value, { what }),
  removeItem: (key) => storage.remove(key),
});
