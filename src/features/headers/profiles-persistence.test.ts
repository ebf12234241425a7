import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleDatabase } from '@/lib/db';
import { startProfilesPersistence } from './profiles-persistence';
import { activeProfileOf, useProfilesStore } from './profiles-store';

let stops: Array<() => void> = [];
let databases = 0;
const freshDb = () => new ConsoleDatabase(`test-${(databases += 1)}`);
const start = (sub: string, db: ConsoleDatabase) => {
  const stop = startProfilesPersistence({ sub }, db);
  stops.push(stop);
  return stop;
};
const ready = () => expect.poll(() => useProfilesStore.getState().status).toBe('ready');
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  useProfilesStore.getState().signedOut();
});

describe('header profiles in the local database', () => {
  it('gives a new person one empty Default profile with forwarding on', async () => {
    start('alice', freshDb());
    await ready();
    const state = useProfilesStore.getState();
    expect(state.profiles.map((profile) => profile.name)).toEqual(['Default']);
    expect(activeProfileOf(state)?.rows).toEqual([]);
    expect(state.forwarding).toBe(true);
  });

  it('brings back profiles, rows, the active profile and the switch after a reload', async () => {
    const db = freshDb();
    const stop = start('alice', db);
    await ready();
    const store = useProfilesStore.getState();
    store.profileRenamed(store.activeId ?? '', 'Tenant A');
    store.rowAdded(store.activeId ?? '', { name: 'X-Tenant-ID', value: 'acme' });
    const second = store.profileCreated('Tenant B');
    useProfilesStore.getState().rowAdded(second, { name: 'X-Tenant-ID', value: 'globex', enabled: false });
    useProfilesStore.getState().forwardingChanged(false);
    await settle();
    stop();
    useProfilesStore.getState().signedOut();

    start('alice', db);
    await ready();
    const reloaded = useProfilesStore.getState();
    expect(
      reloaded.profiles.map((profile) => [
        profile.name,
        profile.rows.map((row) => `${row.name}=${row.value}:${row.enabled}`),
      ]),
    ).toEqual([
      ['Tenant A', ['X-Tenant-ID=acme:true']],
      ['Tenant B', ['X-Tenant-ID=globex:false']],
    ]);
    expect(activeProfileOf(reloaded)?.name).toBe('Tenant B');
    expect(reloaded.forwarding).toBe(false);
  });

  it('keeps each person’s profiles apart, and forgets deleted ones', async () => {
    const db = freshDb();
    let stop = start('alice', db);
    await ready();
    const keep = useProfilesStore.getState().profileCreated('Keep');
    const drop = useProfilesStore.getState().profileCreated('Drop');
    useProfilesStore.getState().profileDeleted(drop);
    useProfilesStore.getState().profileActivated(keep);
    await settle();
    stop();

    stop = start('bob', db);
    await ready();
    expect(useProfilesStore.getState().profiles.map((profile) => profile.name)).toEqual(['Default']);
    await settle();
    stop();

    start('alice', db);
    await ready();
    expect(useProfilesStore.getState().profiles.map((profile) => profile.name)).toEqual(['Default', 'Keep']);
  });
});
