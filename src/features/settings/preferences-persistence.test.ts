import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ConsoleDatabase } from '@/lib/storage/db';
import { startPreferencesPersistence } from './preferences-persistence';
import { createPreferencesStore, type Preferences } from './preferences-store';

const db = new ConsoleDatabase('preferences-test');

/** One visit of `owner`: a store of their own, loaded from the database. */
async function visit(owner: string, apply: (preferences: Partial<Preferences>) => void) {
  const store = createPreferencesStore();
  const stop = startPreferencesPersistence({ store, owner, db, apply });
  await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
  return { store, stop };
}

describe('preferences kept per person in the local database', () => {
  it('applies only the stream default a person set, saves each change, and reads it back on the next visit', async () => {
    const applied: Partial<Preferences>[] = [];
    const first = await visit('alice', (preferences) => applied.push(preferences));
    // Nothing chosen yet: the Stream switch is left as it is; tool outputs start shown.
    expect(applied).toEqual([{ hideToolOutputsByDefault: false }]);

    first.store.getState().changed('streamByDefault', false);
    expect(applied.at(-1)).toEqual({ streamByDefault: false });
    await vi.waitFor(async () =>
      expect((await db.preferences.get(['alice', 'chat.streamByDefault']))?.value).toBe(false),
    );
    await first.stop();

    const again = vi.fn();
    const second = await visit('alice', again);
    expect(again).toHaveBeenCalledWith({ hideToolOutputsByDefault: false, streamByDefault: false });
    expect(second.store.getState().streamByDefault).toBe(false);
    await second.stop();

    // Someone else on this browser starts from the defaults.
    const other = vi.fn();
    const third = await visit('bob', other);
    expect(other).toHaveBeenCalledWith({ hideToolOutputsByDefault: false });
    expect(third.store.getState().streamByDefault).toBe(true);
    await third.stop();
  });

  it('writes nothing and applies nothing once stopped', async () => {
    const apply = vi.fn();
    const { store, stop } = await visit('carol', apply);
    await stop();
    store.getState().changed('sendRequestIds', false);
    expect(apply).toHaveBeenCalledTimes(1);
    // A write begun by the change would be queued before this read (IndexedDB runs them in order).
    expect(await db.preferences.get(['carol', 'requests.sendRequestIds'])).toBeUndefined();
  });

  it('reads each preference on its own: an unreadable one keeps its default, the others hold', async () => {
    await db.preferences.bulkPut([
      { owner: 'dan', key: 'chat.streamByDefault', value: 'no' },
      { owner: 'dan', key: 'requests.sendRequestIds', value: false },
    ]);
    const apply = vi.fn();
    const { store, stop } = await visit('dan', apply);
    expect(apply).toHaveBeenCalledWith({ hideToolOutputsByDefault: false, sendRequestIds: false });
    expect(store.getState().streamByDefault).toBe(true);
    await stop();
  });
});
