import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createBatch, rowLaunched, rowStarted } from '@/domain/workflows/batches/batch';
import { judgePair, judgeRow } from '@/domain/workflows/verdicts/verdicts';
import { ConsoleDatabase } from '@/lib/storage/db';
import { clearLocalData } from '@/lib/storage/storage-local-data';
import { startBatchesPersistence } from './batches-persistence';
import { createBatchesStore, type BatchesStore } from './batches-store';

let databases = 0;
const freshDb = () => new ConsoleDatabase(`batches-test-${(databases += 1)}`);
const ready = (store: BatchesStore) => expect.poll(() => store.getState().status).toBe('ready');

/** A page with the person's batches: a store of its own, loaded from the database and saved to it. */
async function opened(owner: string, db: ConsoleDatabase) {
  const store = createBatchesStore();
  const stop = startBatchesPersistence({ store, owner, db });
  await ready(store);
  return { store, stop };
}

describe('batches in the local database', () => {
  it('come back after a reload paused and marked interrupted, keeping rows that run on the server', async () => {
    const db = freshDb();
    const { store: page, stop } = await opened('alice', db);
    const batch = createBatch({
      id: 'b1',
      workflowId: 'w1',
      inputs: ['a', 'b', 'c'].map((input) => ({ input })),
      concurrency: 2,
      sessionId: 's',
    });
    page.getState().batchCreated({ id: 'b1', workflowName: 'Summarize', createdAt: 5, batch });
    page.getState().batchStepped('b1', (current) => rowLaunched(rowStarted(current, 0), 0, 'e0'));
    page.getState().batchStepped('b1', (current) => rowStarted(current, 1));
    // Stopping waits for the writes under way: the next page reads them.
    await stop();

    const { store: reloaded } = await opened('alice', db);
    const [record] = reloaded.getState().batches;
    expect(record?.interrupted).toBe(true);
    expect(record?.batch.state).toBe('paused');
    // Row 1 was being launched when the page closed: it waits again rather than being lost.
    expect(record?.batch.rows.map((row) => [row.status, row.executionId ?? null])).toEqual([
      ['running', 'e0'],
      ['queued', null],
      ['queued', null],
    ]);
    expect(record?.batch.sessionId).toBe('s');
  });

  it('keeps each person’s batches apart and skips records it cannot read', async () => {
    const db = freshDb();
    await db.batches.put({ owner: 'alice', id: 'broken', createdAt: 1, batch: { nonsense: true } });
    const alice = await opened('alice', db);
    alice.store.getState().batchCreated({
      id: 'b2',
      workflowName: 'Tag echo',
      createdAt: 2,
      batch: createBatch({ id: 'b2', workflowId: 'w', inputs: [{ input: 'x' }], concurrency: 1 }),
    });
    await alice.stop();

    const bob = await opened('bob', db);
    expect(bob.store.getState().batches).toEqual([]);
    await bob.stop();
    const again = await opened('alice', db);
    expect(again.store.getState().batches.map((record) => record.id)).toEqual(['b2']);
  });

  it('keeps a person’s verdicts with their batch, never shows them to the next person, and clears them with the rest', async () => {
    const db = freshDb();
    const alice = await opened('alice', db);
    alice.store.getState().batchCreated({
      id: 'b3',
      workflowName: 'Summarize',
      createdAt: 3,
      batch: createBatch({ id: 'b3', workflowId: 'w', inputs: [{ input: 'x' }, { input: 'y' }], concurrency: 1 }),
    });
    alice.store.getState().batchJudged('b3', (verdicts) => judgeRow(verdicts, 1, { verdict: 'fail', note: 'no date' }));
    alice.store.getState().batchJudged('b3', (verdicts) => judgePair(verdicts, 'b0', '0:0', { verdict: 'better' }));
    await alice.stop();

    const reloaded = await opened('alice', db);
    expect(reloaded.store.getState().batches[0]?.verdicts).toEqual({
      rows: { '1': { verdict: 'fail', note: 'no date' } },
      against: { b0: { '0:0': { verdict: 'better' } } },
    });
    await reloaded.stop();
    const bob = await opened('bob', db);
    expect(bob.store.getState().batches).toEqual([]);
    await bob.stop();

    await clearLocalData('alice', db);
    expect(await db.batches.count()).toBe(0);
  });
});
