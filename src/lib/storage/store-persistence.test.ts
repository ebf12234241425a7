import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { useStorageHealth } from './storage-health';
import { startStorePersistence, type StorePersistence } from './store-persistence';

interface Notes {
  status: 'loading' | 'ready' | 'failed';
  notes: readonly string[];
  error?: string;
}

/** A store of notes kept in a "database" that is a list of writes, read from `stored`. */
function notesKeptIn(stored: Promise<string[]>, options: Partial<StorePersistence<Notes, string[]>> = {}) {
  const store = createStore<Notes>(() => ({ status: 'loading', notes: [] }));
  const writes: string[][] = [];
  let failNext = false;
  const stop = startStorePersistence<Notes, string[]>({
    store,
    what: 'notes',
    load: () => stored,
    loaded: (notes) => store.setState((state) => ({ status: 'ready', notes: [...state.notes, ...notes] })),
    loadFailed: (error) => store.setState({ status: 'failed', error: String(error) }),
    changed: (next, previous) => next.notes !== previous.notes,
    save: async (next) => {
      await Promise.resolve();
      if (failNext) {
        failNext = false;
        throw new DOMException('full', 'QuotaExceededError');
      }
      writes.push([...next.notes]);
    },
    saveFailed: (error) => store.setState({ error: String(error) }),
    ...options,
  });
  const add = (note: string) => store.setState((state) => ({ notes: [...state.notes, note] }));
  return { store, writes, stop, add, failNextWrite: () => (failNext = true) };
}

afterEach(() => useStorageHealth.getState().dismissed());

describe('keeping a store in the local database', () => {
  it('reads once, does not write back what it read, then writes each change', async () => {
    const kept = notesKeptIn(Promise.resolve(['first']));
    await vi.waitFor(() => expect(kept.store.getState().status).toBe('ready'));
    expect(kept.writes).toEqual([]);
    kept.add('second');
    await kept.stop();
    expect(kept.writes).toEqual([['first', 'second']]);
  });

  it('writes at once what loading itself added beyond what was stored (asStored)', async () => {
    const kept = notesKeptIn(Promise.resolve(['first']), { asStored: (state, saved) => ({ ...state, notes: saved }) });
    kept.add('made while loading');
    await vi.waitFor(() => expect(kept.store.getState().status).toBe('ready'));
    await kept.stop();
    expect(kept.writes).toEqual([['made while loading', 'first']]);
  });

  it('writes changes made while loading when asked to, and not the load itself', async () => {
    let read: (notes: string[]) => void = () => undefined;
    const kept = notesKeptIn(new Promise((resolve) => (read = resolve)), { saveWhileLoading: true });
    kept.add('launched early');
    await vi.waitFor(() => expect(kept.writes).toEqual([['launched early']]));
    read(['saved before']);
    await vi.waitFor(() => expect(kept.store.getState().status).toBe('ready'));
    await kept.stop();
    expect(kept.writes).toEqual([['launched early']]);
  });

  it('reports a failed write to the banner and to the store, and goes on writing', async () => {
    const kept = notesKeptIn(Promise.resolve([]));
    await vi.waitFor(() => expect(kept.store.getState().status).toBe('ready'));
    kept.failNextWrite();
    kept.add('lost');
    await vi.waitFor(() => expect(kept.store.getState().error).toMatch(/QuotaExceededError/));
    expect(useStorageHealth.getState().problem).toMatchObject({ kind: 'quota', what: 'notes' });
    kept.add('kept');
    await kept.stop();
    expect(kept.writes).toEqual([['lost', 'kept']]);
  });

  it('after a failed read writes nothing, unless told to go on saving', async () => {
    const refused = () => Promise.reject(new DOMException('no database in a private window', 'InvalidStateError'));
    const quiet = notesKeptIn(refused());
    await vi.waitFor(() => expect(quiet.store.getState().status).toBe('failed'));
    quiet.add('unsaved');
    await quiet.stop();
    expect(quiet.writes).toEqual([]);

    const going = notesKeptIn(refused(), { saveAfterFailedLoad: true });
    await vi.waitFor(() => expect(going.store.getState().status).toBe('failed'));
    going.add('saved anyway');
    await going.stop();
    expect(going.writes).toEqual([['saved anyway']]);
  });

  it('once stopped, reads nothing into the store and writes nothing; the stop waits for writes under way', async () => {
    let read: (notes: string[]) => void = () => undefined;
    const late = notesKeptIn(new Promise((resolve) => (read = resolve)));
    const stopping = late.stop();
    read(['too late']);
    await stopping;
    expect(late.store.getState().status).toBe('loading');

    const kept = notesKeptIn(Promise.resolve([]));
    await vi.waitFor(() => expect(kept.store.getState().status).toBe('ready'));
    kept.add('under way');
    const stopped = kept.stop();
    kept.add('after the stop');
    await stopped;
    expect(kept.writes).toEqual([['under way']]);
  });
});
