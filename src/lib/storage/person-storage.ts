import { classifyKey, isUnownedLeftover, personKey, webStorageEntries, type WebStorageName } from './storage-registry';
import { webStorage, type GuardedStorage } from './web-storage';

type PersonName = Parameters<typeof personKey>[0];

export interface SlotOptions {
  /** Longer values stay in memory (for this page) and the banner says so. */
  maxChars: number;
  /** The limit in words for that message: "1 MB". */
  limitWords: string;
}

/** Text kept under one of the person's keys: read at once, written a moment after the last change. */
export interface TextSlot {
  read(): string;
  write(text: string): void;
  clear(): void;
}

/** What zustand's `persist` needs (its `createJSONStorage` wraps it). */
export interface StateStorage {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

/**
 * One signed-in person's web storage: every key carries their owner, writes are debounced (not every keystroke)
 * and limited in size, and Sign out seals it (pending writes dropped, later ones ignored) and removes their keys.
 */
export interface PersonWebStorage {
  readonly owner: string;
  key(name: PersonName, part?: string): string;
  /** A slot for text typed into one thing (a paused run's message). */
  text(name: PersonName, part: string, options: SlotOptions): TextSlot;
  /** The storage of one persisted store; its `name` must be `key(name)`. */
  stateStorage(name: PersonName, options: SlotOptions): StateStorage;
  /** Writes what waits for its debounce now (the page is going away). */
  flush(): void;
  /** No more writes from this person's page: what waits is dropped. */
  seal(): void;
  /** Seals, then removes every web-storage key of this person (both areas); returns the keys removed. */
  forget(): string[];
}

export interface PersonWebStorageDeps {
  owner: string;
  areas?: { local: GuardedStorage; session: GuardedStorage };
  /** The page whose `pagehide` flushes the writes waiting for their debounce. */
  page?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  delayMs?: number;
}

/** Every person key of `owner` in both areas: what Sign out removes. */
export function removePersonKeys(
  owner: string,
  areas: { local: GuardedStorage; session: GuardedStorage } = webStorage(),
): string[] {
  const removed: string[] = [];
  for (const storage of [areas.local, areas.session])
    for (const key of storage.keys()) {
      const found = classifyKey(storage.area, key);
      if (found?.entry.scope === 'person' && found.owner === owner) {
        storage.remove(key);
        removed.push(key);
      }
    }
  return removed;
}

export function createPersonWebStorage({
  owner,
  areas = webStorage(),
  page,
  delayMs = 400,
}: PersonWebStorageDeps): PersonWebStorage {
  const pending = new Map<string, { write: () => void; timer: ReturnType<typeof setTimeout> }>();
  let sealed = false;
  const areaOf = (name: WebStorageName) => areas[webStorageEntries[name].area];
  const schedule = (key: string, write: () => void) => {
    if (sealed) return;
    const waiting = pending.get(key);
    if (waiting) clearTimeout(waiting.timer);
    const run = () => {
      pending.delete(key);
      if (!sealed) write();
    };
    pending.set(key, { write: run, timer: setTimeout(run, delayMs) });
  };
  const writer = (name: PersonName, options: SlotOptions) => {
    const storage = areaOf(name);
    const what = webStorageEntries[name].what;
    return (key: string, value: string | null) =>
      schedule(key, () =>
        value === null || value === ''
          ? storage.remove(key)
          : storage.set(key, value, { what, maxChars: options.maxChars, limitWords: options.limitWords }),
      );
  };
  const flush = () => {
    for (const { write, timer } of [...pending.values()]) {
      clearTimeout(timer);
      write();
    }
  };
  page?.addEventListener('pagehide', flush);
  const seal = () => {
    sealed = true;
    for (const { timer } of pending.values()) clearTimeout(timer);
    pending.clear();
    page?.removeEventListener('pagehide', flush);
  };
  return {
    owner,
    key: (name, part) => personKey(name, owner, part),
    text(name, part, options) {
      const key = personKey(name, owner, part);
      const write = writer(name, options);
      // What was typed is read back from the last write, even before its debounce ran.
      let latest: string | null = null;
      return {
        read: () => latest ?? areaOf(name).get(key) ?? '',
        write(text) {
          latest = text;
          write(key, text);
        },
        clear() {
          latest = '';
          write(key, null);
        },
      };
    },
    stateStorage(name, options) {
      const write = writer(name, options);
      const own = personKey(name, owner);
      const check = (key: string) => {
        if (key !== own) throw new Error(`${key} is not ${own}: a persisted store is named by its registry key`);
      };
      return {
        getItem: (key) => (check(key), sealed ? null : areaOf(name).get(key)),
        setItem: (key, value) => (check(key), write(key, value)),
        removeItem: (key) => (check(key), write(key, null)),
      };
    },
    flush,
    seal,
    forget() {
      seal();
      return removePersonKeys(owner, areas);
    },
  };
}

/** Removes what earlier consoles kept without an owner (see `isUnownedLeftover`); returns the keys removed. */
export function dropUnownedLeftovers(
  areas: { local: GuardedStorage; session: GuardedStorage } = webStorage(),
): string[] {
  const removed: string[] = [];
  for (const storage of [areas.local, areas.session])
    for (const key of storage.keys())
      if (isUnownedLeftover(key)) {
        storage.remove(key);
        removed.push(key);
      }
  return removed;
}
