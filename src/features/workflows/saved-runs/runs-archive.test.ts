import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ConsoleDatabase } from '@/lib/storage/db';
import type { Run } from './run';
import { runsPageSize } from './runs-archive';
import { startRunsPersistence } from './runs-persistence';
import { createRunsReader } from './runs-reader';
import { createRunsStore } from './runs-store';

let databases = 0;
const run = (index: number, change: Partial<Run> = {}): Run => ({
  id: `run-${index}`,
  workflowId: 'w1',
  workflowName: 'Summarize',
  userInput: `input ${index}`,
  tags: [],
  forwarded: null,
  executionId: `e${index}`,
  status: 'Succeeded',
  startedAt: 1_000_000 + index * 1000,
  ...change,
});

/** A browser that kept `count` runs of alice's (run-0 the oldest), and a page opening them. */
async function opened(count: number, extra: Run[] = []) {
  const db = new ConsoleDatabase(`runs-archive-test-${(databases += 1)}`);
  const saved = [...Array.from({ length: count }, (_, index) => run(index)), ...extra];
  await db.runs.bulkPut(saved.map((kept) => ({ ...kept, owner: 'alice' })));
  await db.runs.put({ ...run(count + 1000), owner: 'bob' });
  const store = createRunsStore();
  const stop = startRunsPersistence({ store, owner: 'alice', db });
  await expect.poll(() => store.getState().status).toBe('ready');
  const ids = () => store.getState().runs.map((kept) => kept.id);
  return { db, store, stop, ids, reader: createRunsReader({ store, db, owner: 'alice' }) };
}

describe('runs read back a page at a time', () => {
  it('opens with the newest page and every unfinished run, and reads older ones when asked', async () => {
    const waiting = run(-5, { id: 'old-waiting', status: 'Interrupted' });
    const { ids, store, reader, stop } = await opened(250, [waiting]);
    expect(ids()).toHaveLength(runsPageSize + 1);
    expect(ids()[0]).toBe('run-249');
    expect(ids()).toContain('old-waiting');
    expect(ids()).not.toContain('run-149');
    expect(store.getState().older).not.toBeNull();

    // The next page starts at the oldest run of the last (runs of one moment are not split): one is known already.
    await reader.readOlder();
    expect(ids()).toHaveLength(2 * runsPageSize);
    expect(ids()).toContain('run-51');
    expect(ids()).not.toContain('run-50');
    await reader.readOlder(true);
    expect(ids()).toHaveLength(251);
    expect(ids().at(-1)).toBe('old-waiting');
    expect(store.getState().older).toBeNull();
    await stop();
  });

  it('reads a run or a batch a screen names, wherever it is in the history', async () => {
    const rows = [0, 1, 2].map((row) => run(-100 + row, { id: `row-${row}`, batchId: 'b-old', batchRow: row }));
    const { ids, reader, stop } = await opened(150, rows);
    expect(ids()).not.toContain('run-3');
    await reader.readWhere({ ids: ['run-3', 'not-saved'] });
    expect(ids()).toContain('run-3');
    await reader.readWhere({ batchId: 'b-old' });
    expect(
      ids()
        .filter((id) => id.startsWith('row-'))
        .sort(),
    ).toEqual(['row-0', 'row-1', 'row-2']);
    await stop();
  });

  it('reads several batches’ runs in one read, one update of the runs', async () => {
    const rows = ['b-1', 'b-2', 'b-3'].map((batchId, at) =>
      run(-100 + at, { id: `row-of-${batchId}`, batchId, batchRow: 0 }),
    );
    const { ids, store, reader, stop } = await opened(150, rows);
    const reads = store.getState().readBack;
    await reader.readWhere({ batchIds: ['b-1', 'b-3', 'b-unknown'] });
    expect(
      ids()
        .filter((id) => id.startsWith('row-of-'))
        .sort(),
    ).toEqual(['row-of-b-1', 'row-of-b-3']);
    expect(store.getState().readBack).toBe(reads + 1);
    // Read once: asked again (another visit), only the batch not read yet is read.
    await reader.readWhere({ batchIds: ['b-1', 'b-3', 'b-unknown'] });
    expect(store.getState().readBack).toBe(reads + 1);
    await reader.readWhere({ batchIds: ['b-1', 'b-2'] });
    expect(store.getState().readBack).toBe(reads + 2);
    expect(ids().filter((id) => id.startsWith('row-of-'))).toHaveLength(3);
    await stop();
  });

  it('does not write back what it read, and still saves what changes afterwards', async () => {
    const { db, store, reader, stop } = await opened(150);
    const bulkPut = vi.spyOn(db.runs, 'bulkPut');
    await reader.readOlder(true);
    store.getState().runChanged('run-3', { tags: ['kept'] });
    await stop();
    expect(bulkPut).toHaveBeenCalledTimes(1);
    expect(bulkPut.mock.calls[0]?.[0]).toEqual([expect.objectContaining({ id: 'run-3', tags: ['kept'] })]);
  });

  it('has nothing more to read when every run fits in the first page', async () => {
    const { ids, store, stop } = await opened(12);
    expect(ids()).toHaveLength(12);
    expect(store.getState().older).toBeNull();
    await stop();
  });
});
