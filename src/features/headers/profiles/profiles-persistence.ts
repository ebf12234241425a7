import { z } from 'zod';
import { headerProfileSchema, type HeaderProfile } from '@/domain/headers/profiles';
import type { StoreApi } from 'zustand/vanilla';
import type { ConsoleDatabase } from '@/lib/storage/db';
import { describeFailure as describe } from '@/domain/errors/describe-failure';
import { startStorePersistence } from '@/lib/storage/store-persistence';
import type { ProfilesState } from './profiles-store';

/** A header profile as stored: its rows, and its place in the list. */
const storedProfileSchema = headerProfileSchema.extend({ position: z.number() });

const preferenceKeys = { active: 'headers.activeProfile', forwarding: 'headers.forwarding' } as const;

async function loadProfiles(db: ConsoleDatabase, owner: string) {
  const [stored, preferences] = await Promise.all([
    db.headerProfiles.where('owner').equals(owner).toArray(),
    db.preferences.bulkGet([
      [owner, preferenceKeys.active],
      [owner, preferenceKeys.forwarding],
    ]),
  ]);
  const profiles: HeaderProfile[] = stored
    .flatMap((record) => {
      const parsed = storedProfileSchema.safeParse(record);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => a.position - b.position)
    .map(({ id, name, rows }) => ({ id, name, rows }));
  const [active, forwarding] = preferences;
  return {
    profiles,
    activeId: typeof active?.value === 'string' ? active.value : null,
    forwarding: typeof forwarding?.value === 'boolean' ? forwarding.value : true,
  };
}

/** Writes what changed between two states: changed profiles, deleted ones, and the two preferences. */
async function saveChanges(
  db: ConsoleDatabase,
  owner: string,
  next: ProfilesState,
  previous: ProfilesState,
): Promise<void> {
  const before = new Map(previous.profiles.map((profile) => [profile.id, profile]));
  const changed = next.profiles.flatMap((profile, position) =>
    before.get(profile.id) === profile && previous.profiles.indexOf(profile) === position
      ? []
      : [{ owner, id: profile.id, name: profile.name, rows: profile.rows, position, updatedAt: Date.now() }],
  );
  const kept = new Set(next.profiles.map((profile) => profile.id));
  const removed = previous.profiles
    .filter((profile) => !kept.has(profile.id))
    .map((profile): [string, string] => [owner, profile.id]);
  await db.transaction('rw', db.headerProfiles, db.preferences, async () => {
    if (changed.length) await db.headerProfiles.bulkPut(changed);
    if (removed.length) await db.headerProfiles.bulkDelete(removed);
    if (next.activeId !== previous.activeId)
      await db.preferences.put({ owner, key: preferenceKeys.active, value: next.activeId });
    if (next.forwarding !== previous.forwarding)
      await db.preferences.put({ owner, key: preferenceKeys.forwarding, value: next.forwarding });
  });
}

/**
 * Loads the person's profiles into their store, then writes every change as it happens (a few small records, so no
 * batching is needed; IndexedDB keeps the order of overlapping write transactions). Returns a stop function that
 * resolves once the writes already started have settled.
 */
export function startProfilesPersistence(store: StoreApi<ProfilesState>, db: ConsoleDatabase): () => Promise<void> {
  const { owner } = store.getState();
  store.getState().loadStarted();
  return startStorePersistence({
    store,
    what: 'header profiles',
    load: () => loadProfiles(db, owner),
    loaded: (saved) => store.getState().loaded(saved),
    loadFailed: (error) =>
      store
        .getState()
        .loadFailed(
          `Saved header profiles could not be read (${describe(error)}). You can still edit and send headers; they will not be saved.`,
        ),
    // What loaded() itself created (a first "Default" profile, the active one) is saved too.
    asStored: (state, saved) => ({ ...state, ...saved }),
    changed: (next, previous) =>
      next.status === 'ready' &&
      (next.profiles !== previous.profiles ||
        next.activeId !== previous.activeId ||
        next.forwarding !== previous.forwarding),
    save: (next, previous) => saveChanges(db, owner, next, previous),
    saved: () => store.getState().saveError && store.getState().saveFailed(undefined),
    saveFailed: (error) =>
      store
        .getState()
        .saveFailed(
          `Header profiles could not be saved in this browser (${describe(error)}). Changes last until this tab closes; export them to keep them.`,
        ),
  });
}
