import type { StoreApi } from 'zustand/vanilla';
import type { ConsoleDatabase } from '@/lib/storage/db';
import { startStorePersistence } from '@/lib/storage/store-persistence';
import { preferencesSchema, type Preferences, type PreferencesState } from './preferences-store';

const keys: { [K in keyof Preferences]: string } = {
  streamByDefault: 'chat.streamByDefault',
  hideToolOutputsByDefault: 'thoughts.hideToolOutputsByDefault',
  sendRequestIds: 'requests.sendRequestIds',
  sendTraceContext: 'requests.sendTraceContext',
  notifyWhenHidden: 'notices.notifyWhenHidden',
};
const names = Object.keys(keys) as (keyof Preferences)[];

async function loadPreferences(db: ConsoleDatabase, owner: string): Promise<Partial<Preferences>> {
  const stored = await db.preferences.bulkGet(names.map((name): [string, string] => [owner, keys[name]]));
  // Each preference on its own: one unreadable value falls back to its default, the others still hold.
  const saved: Partial<Preferences> = {};
  names.forEach((name, index) => {
    const parsed = preferencesSchema.shape[name].safeParse(stored[index]?.value);
    if (parsed.success) saved[name] = parsed.data;
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

/** Loads one person's preferences, then writes each change and hands it on. Returns the stop. */
export function startPreferencesPersistence({ store, owner, db, apply }: PreferencesPersistence): () => Promise<void> {
  store.getState().loadStarted();
  const ready = (saved: Partial<Preferences>) => {
    store.getState().loaded(saved);
    const state = store.getState();
    apply({ hideToolOutputsByDefault: state.hideToolOutputsByDefault, ...state.saved });
  };
  const changedNames = (next: PreferencesState, previous: PreferencesState) =>
    next.status === 'ready' && previous.status === 'ready' ? names.filter((name) => next[name] !== previous[name]) : [];
  return startStorePersistence({
    store,
    what: 'your preferences',
    load: () => loadPreferences(db, owner),
    loaded: ready,
    // Unreadable preferences: the defaults hold, and a choice made now is still written.
    loadFailed: () => ready({}),
    saveAfterFailedLoad: true,
    changed: (next, previous) => changedNames(next, previous).length > 0,
    save(next, previous) {
      const changed = changedNames(next, previous);
      apply(Object.fromEntries(changed.map((name) => [name, next[name]])));
      // A failure shows in the storage banner; the choice still holds for this page.
      return db.preferences
        .bulkPut(changed.map((name) => ({ owner, key: keys[name], value: next[name] })))
        .then(() => undefined);
    },
  });
}
