import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createBatch, rowLaunched, rowStarted } from '@/domain/workflows/batch';
import { ConsoleDatabase } from '@/lib/db';
import { startBatchesPersistence } from './batches-persistence';
import { useBatchesStore } from './batches-store';

let databases = 0;
const freshDb = () => new ConsoleDatabase(`batches-test-${(databases += 1)}`);
const ready = () => expect.poll(() => useBatchesStore.getState().status).toBe('ready');
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

afterEach(() => useBatchesStore.getState().signedOut());

describe('batches in the local database', () => {
  it('come back after a reload paused and marked interrupted, keeping rows that run on the server', async () => {
    const db = freshDb();
    const stop = startBatchesPersistence('alice', db);
    await ready();
    const batch = createBatch({
      id: 'b1',
      workflowId: 'w1',
      inputs: ['a', 'b', 'c'].map((input) => ({ input })),
      concurrency: 2,
      sessionId: 's',
    });
    useBatchesStore.getState().batchCreated({ id: 'b1', workflowName: 'Summarize', createdAt: 5, batch });
    const store = useBatchesStore.getState();
    store.batchStepped('b1', (current) => rowLaunched(rowStarted(current, 0), 0, 'e0'));
    store.batchStepped('b1', (current) => rowStarted(current, 1));
    await settle();
    stop();
    useBatchesStore.getState().signedOut();

    startBatchesPersistence('alice', db);
    await ready();
    const [record] = useBatchesStore.getState().batches;
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
    const stop = startBatchesPersistence('alice', db);
    await ready();
    useBatchesStore.getState().batchCreated({
      id: 'b2',
      workflowName: 'Tag echo',
      createdAt: 2,
      batch: createBatch({ id: 'b2', workflowId: 'w', inputs: [{ input: 'x' }], concurrency: 1 }),
    });
    await settle();
    stop();
    useBatchesStore.getState().signedOut();

    startBatchesPersistence('bob', db);
    await ready();
    expect(useBatchesStore.getState().batches).toEqual([]);
    useBatchesStore.getState().signedOut();
    startBatchesPersistence('alice', db);
    await ready();
    expect(useBatchesStore.getState().batches.map((record) => record.id)).toEqual(['b2']);
  });
});
