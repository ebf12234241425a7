import { describe, expect, it } from 'vitest';
import { activeProfileOf, createProfilesStore, editedProfileOf } from './profiles-store';

/** A person's profiles as loaded: Tenant A (in use, open), Tenant B and Tenant C. */
function loadedStore() {
  const store = createProfilesStore('alice', { sub: 'alice' });
  store.getState().loaded({
    profiles: ['Tenant A', 'Tenant B', 'Tenant C'].map((name, at) => ({ id: `p${at + 1}`, name, rows: [] })),
    activeId: 'p1',
    forwarding: true,
  });
  return store;
}

const names = (store: ReturnType<typeof loadedStore>) => {
  const state = store.getState();
  return { active: activeProfileOf(state)?.name, open: editedProfileOf(state)?.name };
};

describe('the profile in use and the profile open in the editor', () => {
  it('opens the screen on the profile in use', () => {
    expect(names(loadedStore())).toEqual({ active: 'Tenant A', open: 'Tenant A' });
  });

  it('opening a profile to edit it, and editing it, leaves the one in use alone', () => {
    const store = loadedStore();
    store.getState().profileOpened('p2');
    store.getState().profileRenamed('p2', 'Tenant B2');
    store.getState().rowAdded('p2', { name: 'X-Tenant-ID', value: 'globex' });
    expect(names(store)).toEqual({ active: 'Tenant A', open: 'Tenant B2' });
  });

  it('a new, duplicated or imported profile opens in the editor without being used', () => {
    const store = loadedStore();
    store.getState().profileCreated('Tenant D');
    expect(names(store)).toEqual({ active: 'Tenant A', open: 'Tenant D' });
    store.getState().profileDuplicated('p2');
    expect(names(store)).toEqual({ active: 'Tenant A', open: 'Tenant B (copy)' });
    store.getState().profilesImported([{ id: 'i1', name: 'Imported', rows: [] }]);
    expect(names(store)).toEqual({ active: 'Tenant A', open: 'Imported' });
  });

  it('switches the profile in use only when asked, and leaves the editor where it is', () => {
    const store = loadedStore();
    store.getState().profileOpened('p3');
    store.getState().profileActivated('p2');
    expect(names(store)).toEqual({ active: 'Tenant B', open: 'Tenant C' });
  });

  it('deleting the open profile opens its successor; the one in use stays in use', () => {
    const store = loadedStore();
    store.getState().profileOpened('p2');
    store.getState().profileDeleted('p2');
    expect(names(store)).toEqual({ active: 'Tenant A', open: 'Tenant C' });
  });

  it('deleting the profile in use hands calls to its successor, the one before it when it was the last', () => {
    const store = loadedStore();
    store.getState().profileActivated('p3');
    store.getState().profileOpened('p3');
    store.getState().profileDeleted('p3');
    expect(names(store)).toEqual({ active: 'Tenant B', open: 'Tenant B' });
  });

  it('deleting the last profile leaves an empty Default, in use and open', () => {
    const store = createProfilesStore('alice', { sub: 'alice' });
    store.getState().loaded({ profiles: [{ id: 'only', name: 'Only', rows: [] }], activeId: 'only', forwarding: true });
    store.getState().profileDeleted('only');
    expect(names(store)).toEqual({ active: 'Default', open: 'Default' });
  });
});
