import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleDatabase } from '@/lib/storage/db';
import { createHeadersServices, type HeadersServices } from '@/features/headers/headers-services';
import { activeProfileOf, editedProfileOf } from './profiles-store';

let started: HeadersServices[] = [];
let databases = 0;
const freshDb = () => new ConsoleDatabase(`test-${(databases += 1)}`);
/** A person signing in: headers services of their own, started. */
const signIn = (sub: string, db: ConsoleDatabase) => {
  const headers = createHeadersServices({ owner: sub, user: { sub }, db });
  headers.start();
  started.push(headers);
  return headers;
};
const ready = (headers: HeadersServices) => expect.poll(() => headers.profiles.getState().status).toBe('ready');

afterEach(async () => {
  await Promise.all(started.map((headers) => headers.stop()));
  started = [];
});

describe('header profiles in the local database', () => {
  it('gives a new person one empty Default profile with forwarding on', async () => {
    const headers = signIn('alice', freshDb());
    await ready(headers);
    const state = headers.profiles.getState();
    expect(state.profiles.map((profile) => profile.name)).toEqual(['Default']);
    expect(activeProfileOf(state)?.rows).toEqual([]);
    expect(state.forwarding).toBe(true);
  });

  it('reads back only the stored profiles that have a profile’s shape, in their order', async () => {
    const db = freshDb();
    const row = { id: 'r1', name: 'X-Tenant-ID', value: 'acme', enabled: true };
    await db.headerProfiles.bulkPut([
      { owner: 'alice', id: 'p2', name: 'Second', rows: [], position: 1 },
      { owner: 'alice', id: 'p1', name: 'First', rows: [row], position: 0, updatedAt: 1 },
      { owner: 'alice', id: 'bad', name: 'Damaged', rows: 'not rows', position: 2 },
    ]);
    const headers = signIn('alice', db);
    await ready(headers);
    expect(headers.profiles.getState().profiles).toEqual([
      { id: 'p1', name: 'First', rows: [row] },
      { id: 'p2', name: 'Second', rows: [] },
    ]);
  });

  it('brings back profiles, rows, the active profile and the switch after a reload', async () => {
    const db = freshDb();
    const first = signIn('alice', db);
    await ready(first);
    const store = first.profiles.getState();
    store.profileRenamed(store.activeId ?? '', 'Tenant A');
    store.rowAdded(store.activeId ?? '', { name: 'X-Tenant-ID', value: 'acme' });
    const second = store.profileCreated('Tenant B');
    store.rowAdded(second, { name: 'X-Tenant-ID', value: 'globex', enabled: false });
    store.profileActivated(second);
    store.forwardingChanged(false);
    // Stopping waits for the writes under way: nothing to wait for by hand.
    await first.stop();

    const again = signIn('alice', db);
    await ready(again);
    const reloaded = again.profiles.getState();
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

  it('keeps the active profile, not the one last open, and opens the screen on the active one', async () => {
    const db = freshDb();
    const first = signIn('alice', db);
    await ready(first);
    const store = first.profiles.getState();
    const tenantA = store.profileCreated('Tenant A');
    store.profileActivated(tenantA);
    store.profileOpened(store.profileCreated('Tenant B'));
    await first.stop();

    const again = signIn('alice', db);
    await ready(again);
    const reloaded = again.profiles.getState();
    expect(activeProfileOf(reloaded)?.name).toBe('Tenant A');
    expect(editedProfileOf(reloaded)?.name).toBe('Tenant A');
  });

  it('reads a state saved before editing and using were apart: the one saved as active is both', async () => {
    const db = freshDb();
    await db.headerProfiles.bulkPut([
      { owner: 'alice', id: 'p1', name: 'Tenant A', rows: [], position: 0 },
      { owner: 'alice', id: 'p2', name: 'Tenant B', rows: [], position: 1 },
    ]);
    await db.preferences.put({ owner: 'alice', key: 'headers.activeProfile', value: 'p2' });
    const headers = signIn('alice', db);
    await ready(headers);
    const state = headers.profiles.getState();
    expect(state.activeId).toBe('p2');
    expect(state.editingId).toBe('p2');
  });

  it('keeps each person’s profiles apart, and forgets deleted ones', async () => {
    const db = freshDb();
    const alice = signIn('alice', db);
    await ready(alice);
    const store = alice.profiles.getState();
    const keep = store.profileCreated('Keep');
    const drop = store.profileCreated('Drop');
    store.profileDeleted(drop);
    store.profileActivated(keep);
    await alice.stop();

    const bob = signIn('bob', db);
    await ready(bob);
    expect(bob.profiles.getState().profiles.map((profile) => profile.name)).toEqual(['Default']);
    await bob.stop();

    const aliceAgain = signIn('alice', db);
    await ready(aliceAgain);
    expect(aliceAgain.profiles.getState().profiles.map((profile) => profile.name)).toEqual(['Default', 'Keep']);
  });

  it('loads again when started after a stop, and saves nothing once stopped', async () => {
    const db = freshDb();
    const headers = signIn('alice', db);
    await ready(headers);
    await headers.stop();
    headers.profiles.getState().profileCreated('After stop');
    headers.start();
    await ready(headers);
    expect(headers.profiles.getState().profiles.map((profile) => profile.name)).toEqual(['Default']);
  });
});
