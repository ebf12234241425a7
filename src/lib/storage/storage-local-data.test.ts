import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ConsoleDatabase } from './db';
import { clearLocalData, countLocalData } from './storage-local-data';

async function seed(db: ConsoleDatabase, owner: string) {
  await db.conversations.bulkPut([
    { owner, id: 'c1', updatedAt: 1 },
    // One the server keeps too (its list brings it back after a clear).
    { owner, id: 'c2', updatedAt: 2, server: { updateDate: '2026-11-25T10:00:00', items: 2 } },
  ]);
  await db.turns.bulkPut([
    { owner, id: 't1', conversationId: 'c1' },
    { owner, id: 't2', conversationId: 'c1' },
  ]);
  await db.drafts.put({ owner, conversationId: 'c1', text: 'draft', updatedAt: 1 });
  await db.runs.put({ owner, id: 'r1', startedAt: 1 });
  await db.batches.put({ owner, id: 'b1', createdAt: 1, batch: {} });
  await db.headerProfiles.put({ owner, id: 'p1', name: 'Tenant A', rows: [], position: 0, updatedAt: 1 });
  await db.preferences.bulkPut([
    { owner, key: 'headers.forwarding', value: true },
    { owner, key: 'chat.streamByDefault', value: false },
  ]);
}

describe('clearing one person’s local data', () => {
  it('counts, then removes everything of that person and nothing of anyone else', async () => {
    const db = new ConsoleDatabase('clear-test');
    await seed(db, 'alice');
    await seed(db, 'bob');
    const expected = {
      conversations: 2,
      conversationsOnServer: 1,
      turns: 2,
      drafts: 1,
      runs: 1,
      batches: 1,
      headerProfiles: 1,
      preferences: 2,
    };
    expect(await countLocalData('alice', db)).toEqual(expected);

    expect(await clearLocalData('alice', db)).toEqual(expected);

    expect(await countLocalData('alice', db)).toEqual({
      conversations: 0,
      conversationsOnServer: 0,
      turns: 0,
      drafts: 0,
      runs: 0,
      batches: 0,
      headerProfiles: 0,
      preferences: 0,
    });
    expect(await countLocalData('bob', db)).toEqual(expected);
  });
});
