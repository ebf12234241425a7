import { useEffect, useRef } from 'react';
import { consoleDatabase, type ConsoleDatabase } from '@/lib/db';
import { reportWrite } from '@/lib/storage-health';
import { usePreferencesStore, type Preferences } from './preferences-store';

const keys: { [K in keyof Preferences]: string } = {
  streamByDefault: 'chat.streamByDefault',
  hideToolOutputsByDefault: 'thoughts.hideToolOutputsByDefault',
  sendRequestIds: 'requests.sendRequestIds',
};
const names = Object.keys(keys) as (keyof Preferences)[];

async function loadPreferences(db: ConsoleDatabase, owner: string): Promise<Partial<Preferences>> {
  const stored = await db.preferences.bulkGet(names.map((name): [string, string] => [owner, keys[name]]));
  const saved: Partial<Preferences> = {};
  names.forEach((name, index) => {
    const value = stored[index]?.value;
    if (typeof value === 'boolean') saved[name] = value;
  });
  return saved;
}

/** Loads one person's preferences, then writes each change. Returns a stop function. */
export function startPreferencesPersistence(owner: string, db: ConsoleDatabase = consoleDatabase()): () => void {
  const store = usePreferencesStore;
  store.getState().loadStarted(owner);
  let stopped = false;
  const unsubscribe = store.subscribe((next, previous) => {
    if (next.owner !== owner || next.status !== 'ready' || previous.status !== 'ready') return;
    const changed = names.filter((name) => next[name] !== previous[name]);
    if (changed.length === 0) return;
    // A failure shows in the storage banner; the choice still holds for this page.
    void reportWrite(
      'your preferences',
      db.preferences.bulkPut(changed.map((name) => ({ owner, key: keys[name], value: next[name] }))),
    ).catch(() => undefined);
  });
  loadPreferences(db, owner).then(
    (saved) => !stopped && store.getState().loaded(owner, saved),
    () => !stopped && store.getState().loaded(owner, {}),
  );
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/**
 * Keeps the signed-in person's preferences loaded and saved, and hands them to `apply` once loaded, then each
 * change (the app passes them on to the chat and the thought view, which this feature does not import). The stream
 * default goes only when the person set one: an unchosen default never flips the Stream switch under their hand.
 */
export function usePreferencesSync(owner: string | null, apply: (preferences: Partial<Preferences>) => void): void {
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    if (!owner) {
      usePreferencesStore.getState().signedOut();
      return;
    }
    const stop = startPreferencesPersistence(owner);
    const unsubscribe = usePreferencesStore.subscribe((next, previous) => {
      if (next.status !== 'ready') return;
      if (previous.status !== 'ready')
        return applyRef.current({ hideToolOutputsByDefault: next.hideToolOutputsByDefault, ...next.saved });
      const changed = names.filter((name) => next[name] !== previous[name]);
      if (changed.length) applyRef.current(Object.fromEntries(changed.map((name) => [name, next[name]])));
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, [owner]);
}
