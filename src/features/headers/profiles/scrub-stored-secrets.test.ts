import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ConsoleDatabase } from '@/lib/storage/db';
import { createProfilesStore } from './profiles-store';
import { scrubOnSecretChanges } from './scrub-stored-secrets';

const key = 'k-live-7f3a';

async function setUp() {
  const db = new ConsoleDatabase(`scrub-test-${crypto.randomUUID()}`);
  const turn = (owner: string) => ({
    owner,
    id: 't1',
    conversationId: 'c1',
    request: { forwarded: { headers: [{ name: 'X-Api-Key', value: key, template: key }] } },
    answer: { text: `The tool received ${key}.` },
  });
  await db.turns.bulkPut([turn('ana'), turn('bob')]);
  await db.runs.put({ owner: 'ana', id: 'r1', outputs: [JSON.stringify({ received_headers: { 'x-api-key': key } })] });
  await db.runs.put({ owner: 'ana', id: 'r2', outputs: ['nothing secret'] });
  const store = createProfilesStore('ana', { sub: 'ana' });
  store.getState().loaded({
    profiles: [
      { id: 'p1', name: 'Keys', rows: [{ id: 'row1', name: 'X-Api-Key', value: key, enabled: true, secret: false }] },
    ],
    activeId: 'p1',
    forwarding: true,
  });
  const retired = vi.fn();
  const stop = scrubOnSecretChanges(store, db, retired);
  return { db, store, stop, retired };
}

const text = (record: unknown) => JSON.stringify(record);

describe('copies kept before a value was marked secret', () => {
  it('are masked in this person’s records once it is marked, and nobody else’s are touched', async () => {
    const { db, store, stop, retired } = await setUp();
    // A change that marks nothing secret begins no scrub: a scrub begins at once, in the store's change.
    const scrubs = vi.spyOn(db, 'transaction');
    store.getState().rowChanged('p1', 'row1', { value: `${key} ` });
    expect(scrubs).not.toHaveBeenCalled();
    scrubs.mockRestore();
    expect(text(await db.turns.get(['ana', 't1']))).toContain(key);
    expect(retired).not.toHaveBeenCalled();

    store.getState().rowChanged('p1', 'row1', { secret: true });
    // The request log of the tab is told too.
    expect(retired).toHaveBeenCalledWith([key]);
    await vi.waitFor(async () => expect(text(await db.turns.get(['ana', 't1']))).not.toContain(key));
    expect(text(await db.turns.get(['ana', 't1']))).toContain('The tool received ••••••.');
    await vi.waitFor(async () => expect(text(await db.runs.get(['ana', 'r1']))).not.toContain(key));
    expect(text(await db.runs.get(['ana', 'r2']))).toContain('nothing secret');
    expect(text(await db.turns.get(['bob', 't1']))).toContain(key);
    stop();
  });

  it('are masked when the profile holding the secret is deleted', async () => {
    const { db, store, stop } = await setUp();
    store.getState().rowChanged('p1', 'row1', { secret: true });
    await vi.waitFor(async () => expect(text(await db.turns.get(['ana', 't1']))).not.toContain(key));
    await db.turns.put({ owner: 'ana', id: 't2', conversationId: 'c1', answer: { text: `again ${key}` } });
    store.getState().profileDeleted('p1');
    await vi.waitFor(async () => expect(text(await db.turns.get(['ana', 't2']))).not.toContain(key));
    stop();
  });

  it('are masked once the profiles are read, for a value secret by its name alone (kept plain by an older console)', async () => {
    const db = new ConsoleDatabase(`scrub-test-${crypto.randomUUID()}`);
    await db.turns.put({ owner: 'ana', id: 't1', conversationId: 'c1', answer: { text: `The tool received ${key}.` } });
    await db.turns.put({ owner: 'ana', id: 't2', conversationId: 'c1', answer: { text: 'plain-visible-1 stays' } });
    const store = createProfilesStore('ana', { sub: 'ana' });
    const stop = scrubOnSecretChanges(store, db);
    store.getState().loaded({
      profiles: [
        {
          id: 'p1',
          name: 'Keys',
          rows: [
            { id: 'row1', name: 'X-Api-Key', value: key, enabled: true },
            { id: 'row2', name: 'X-Session-Id', value: 'plain-visible-1', enabled: true, secret: false },
          ],
        },
      ],
      activeId: 'p1',
      forwarding: true,
    });
    await vi.waitFor(async () => expect(text(await db.turns.get(['ana', 't1']))).not.toContain(key));
    expect(text(await db.turns.get(['ana', 't2']))).toContain('plain-visible-1');
    stop();
  });
});
