import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ConsoleDatabase } from '@/lib/storage/db';
import { turnFixture } from '@/test/conversation-turns';
import { conversationRepository } from './conversation-repository';

let databases = 0;
const freshDb = () => new ConsoleDatabase(`chat-test-${(databases += 1)}`);
const summary = (id: string, updatedAt = 1) => ({
  id,
  title: `Title ${id}`,
  createdAt: 1,
  updatedAt,
  selection: {},
  words: ['title', id],
});

describe('conversations in the local database', () => {
  it('keeps each person’s conversations, turns and drafts apart', async () => {
    const db = freshDb();
    const alice = conversationRepository('alice', db);
    const bob = conversationRepository('bob', db);
    await alice.saveSummary(summary('c1'));
    await alice.saveTurn('c1', turnFixture('t1', null, 1));
    await alice.saveDraft('c1', 'half a thought');
    await bob.saveSummary(summary('c2'));

    expect((await alice.list()).conversations.map((c) => c.id)).toEqual(['c1']);
    expect((await bob.list()).conversations.map((c) => c.id)).toEqual(['c2']);
    expect((await alice.turnsOf('c1')).map((t) => t.question)).toEqual(['question t1']);
    expect(await bob.turnsOf('c1')).toEqual([]);
    expect(await alice.draftOf('c1')).toBe('half a thought');
    expect(await bob.draftOf('c1')).toBe('');
  });

  it('brings back a turn cut off mid-stream as interrupted, with what had arrived', async () => {
    const repository = conversationRepository('alice', freshDb());
    const streaming = turnFixture('t1', null, 1, {
      status: 'streaming',
      answer: { ...turnFixture('t1', null, 1).answer, text: 'Half an ans', complete: false },
    });
    await repository.saveTurn('c1', streaming);
    const [back] = await repository.turnsOf('c1');
    expect(back?.status).toBe('interrupted');
    expect(back?.answer.text).toBe('Half an ans');
  });

  it('keeps the headers a turn carried', async () => {
    const repository = conversationRepository('alice', freshDb());
    const forwarded = {
      profileName: 'Tenant A',
      propagate: true,
      headers: [{ name: 'X-Tenant-ID', template: 'acme', value: 'acme', stripped: false }],
      notSent: [],
    };
    await repository.saveTurn('c1', { ...turnFixture('t1', null, 1), request: { logId: 'log-1', forwarded } });
    expect((await repository.turnsOf('c1'))[0]?.request).toEqual({ logId: 'log-1', forwarded });
  });

  it('skips records it cannot read, and says how many', async () => {
    const db = freshDb();
    const repository = conversationRepository('alice', db);
    await repository.saveSummary(summary('ok'));
    await db.conversations.put({ owner: 'alice', id: 'bad', updatedAt: 1, title: 42 });
    await db.turns.put({ owner: 'alice', id: 'bad-turn', conversationId: 'ok', question: null });
    expect(await repository.list()).toMatchObject({ conversations: [{ id: 'ok' }], unreadable: 1 });
    expect(await repository.turnsOf('ok')).toEqual([]);
  });

  it('reads back exactly the turn it wrote, without its storage fields', async () => {
    const repository = conversationRepository('alice', freshDb());
    const turn = turnFixture('t1', null, 1);
    await repository.saveTurn('c1', turn);
    expect(await repository.turnsOf('c1')).toEqual([turn]);
  });

  it('checks an older console’s record field by field, filling what it lacked, and skips a damaged current one', async () => {
    const db = freshDb();
    const repository = conversationRepository('alice', db);
    const { answer, ...older } = turnFixture('old', null, 1);
    await db.turns.put({
      ...older,
      answer: { text: answer.text, complete: true },
      owner: 'alice',
      conversationId: 'c1',
    });
    await db.turns.put({
      ...turnFixture('damaged', 'old', 2),
      answer: null,
      owner: 'alice',
      conversationId: 'c1',
      format: 1,
    });
    const turns = await repository.turnsOf('c1');
    expect(turns.map((turn) => turn.id)).toEqual(['old']);
    expect(turns[0]?.answer).toMatchObject({
      text: answer.text,
      malformedChunks: 0,
      thoughts: { roots: [], waiting: {} },
    });
    expect(turns[0]).not.toHaveProperty('owner');
  });

  it('deletes a conversation with its turns and draft, and an undo puts them back', async () => {
    const repository = conversationRepository('alice', freshDb());
    await repository.saveSummary(summary('c1'));
    await repository.saveTurn('c1', turnFixture('t1', null, 1));
    await repository.saveTurn('c1', turnFixture('t2', 't1', 2));
    await repository.saveDraft('c1', 'draft');
    const snapshot = await repository.remove('c1');
    expect((await repository.list()).conversations).toEqual([]);
    expect(await repository.turnsOf('c1')).toEqual([]);
    expect(await repository.draftOf('c1')).toBe('');
    if (!snapshot) throw new Error('nothing was deleted');
    await repository.restore(snapshot);
    expect((await repository.list()).conversations.map((c) => c.title)).toEqual(['Title c1']);
    expect((await repository.turnsOf('c1')).map((t) => t.id).sort()).toEqual(['t1', 't2']);
    expect(await repository.remove('missing')).toBeNull();
  });

  it('forgets an emptied draft', async () => {
    const db = freshDb();
    const repository = conversationRepository('alice', db);
    await repository.saveDraft('', 'new chat draft');
    await repository.saveDraft('', '');
    expect(await db.drafts.count()).toBe(0);
  });
});
