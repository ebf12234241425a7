import { classifyKey } from './storage-registry';
import { isQuotaError, StorageLimitError, useStorageHealth } from './storage-health';

/** A Storage in memory, for a page whose browser gives it none (tokens then last as long as the page). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

function sessionArea(page: Window | undefined): Storage | null {
  try {
    return page?.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Removes the drafts (person keys) held in `storage`; returns how many went. */
function dropDrafts(storage: Storage): number {
  const drafts: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && classifyKey('session', key)?.entry.scope === 'person') drafts.push(key);
  }
  for (const key of drafts) storage.removeItem(key);
  return drafts.length;
}

/**
 * Where the sign-in keeps its tokens: this tab's sessionStorage, where tokens always have room. When it is full,
 * the drafts beside them make way (they stay on the page, the banner says so), so renewal and "Sign in again" never
 * fail for a big draft; without sessionStorage at all, the tokens live in memory for this page.
 */
export function tokenStorage(page: Window | undefined = globalThis.window): Storage {
  const storage = sessionArea(page);
  if (!storage) return new MemoryStorage();
  return {
    get length() {
      return storage.length;
    },
    clear: () => storage.clear(),
    getItem: (key) => storage.getItem(key),
    key: (index) => storage.key(index),
    removeItem: (key) => storage.removeItem(key),
    setItem(key, value) {
      try {
        storage.setItem(key, value);
      } catch (error) {
        if (!isQuotaError(error) || dropDrafts(storage) === 0) throw error;
        useStorageHealth
          .getState()
          .writeFailed(
            'the drafts of this tab',
            new StorageLimitError(
              'This tab’s storage was full: your drafts were taken out of it to keep you signed in. They stay on this page until it is reloaded.',
            ),
          );
        storage.setItem(key, value);
      }
    },
  };
}
