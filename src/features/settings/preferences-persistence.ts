import type { StoreApi } from 'zustand/vanilla';
import type { ConsoleDatabase } from '@/lib/db';
import { reportWrite } from '@/lib/storage-health';
import type { Preferences, PreferencesState } from './preferences-store';

const keys: { [K in keyof Preferences]: string } = {
  streamByDefault: 'chat.streamByDefault',
  hideToolOutputsByDefault: 'thoughts.hideToolOutputsByDefault',
  sendRequestIds: 'requests.sendRequestIds',
  notifyWhenHidden: 'notices.notifyWhenHidden',
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

export interface PreferencesPersistence {
  store: StoreApi<PreferencesState>;
  owner: string;
  db: ConsoleDatabase;
  /**
   * Given the preferences once loaded, then each change (the app passes them on to the chat and the thought view,
   * which this feature does not import). The stream default goes only when the person set one: an unchosen default
   * never flips the Stream switch under their hand.
   */
  apply(preferences: Partial<Preferences>): void;
}

/** Loads one person's preferences, then writes each change and hands it on. Returns a stop function. */
export function startPreferencesPersistence({ store, owner, db, apply }: PreferencesPersistence): () => void {
  store.getState().loadStarted();
  let stopped = false;
  const unsubscribe = store.subscribe((next, previous) => {
    if (next.status !== 'ready') return;
    if (previous.status !== 'ready')
      return apply({ hideToolOutputsByDefault: next.hideToolOutputsByDefault, ...next.saved });
    const changed = names.filter((name) => next[name] !== previous[name]);
    if (changed.length === 0) return;
    apply(Object.fromEntries(changed.map((name) => [name, next[name]])));
    // A failure shows in the storage banner; the choice still holds for this page.
    void reportWrite(
      'your preferences',
      db.preferences.bulkPut(changed.map((name) => ({ owner, key: keys[name], value: next[name] }))),
    ).catch(() => undefined);
  });
  loadPreferences(db, owner).then(
    (saved) => !stopped && store.getState().loaded(saved),
    () => !stopped && store.getState().loaded({}),
  );
  return () => {
    stopped = true;
    unsubscribe();
  };
}
