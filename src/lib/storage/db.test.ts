import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { ConsoleDatabase } from '@/lib/storage/db';

// A browser keeps the database an earlier console wrote; opening it with today's console runs the upgrades between.

async function writtenByVersion4(name: string) {
  const old = new Dexie(name);
  old.version(4).stores({
    headerProfiles: '[owner+id], owner',
    preferences: '[owner+key]',
    runs: '[owner+id], owner, [owner+startedAt], [owner+batchId]',
    batches: '[owner+id], owner',
    conversations: '[owner+id], owner, [owner+updatedAt]',
    turns: '[owner+id], [owner+conversationId], [owner+conversationId+startedAt]',
    drafts: '[owner+conversationId], owner',
  });
  await old.table('runs').bulkPut([
    {
      owner: 'ana',
      id: 'mine',
      outputs: { s1: 'first', s2: 'last' },
      finalOutput: 'last',
      record: { execution_id: 'e1' },
    },
    { owner: 'ana', id: 'found', fromServer: true, record: { execution_id: 'e2', prompt: 'hi' }, userInput: 'hi' },
  ]);
  old.close();
}

describe('the console database', () => {
  it('drops the copies of server data that runs of earlier consoles kept, and keeps their ledger', async () => {
    await writtenByVersion4('upgrade-runs');
    const db = new ConsoleDatabase('upgrade-runs');
    const mine = await db.runs.get(['ana', 'mine']);
    const found = await db.runs.get(['ana', 'found']);
    expect(mine).toEqual({ owner: 'ana', id: 'mine', finalOutput: 'last', record: { execution_id: 'e1' } });
    expect(found).toEqual({ owner: 'ana', id: 'found', fromServer: true, userInput: 'hi' });
    db.close();
  });
});
