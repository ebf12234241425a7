import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyThought, emptyThoughtTree } from '@/domain/thoughts/thought-tree';
import { ConsoleDatabase } from '@/lib/storage/db';
import { useStorageHealth } from '@/lib/storage/storage-health';
import { turnFixture } from '@/test/conversation-turns';
import { wireThought } from '@/test/wire-thought';
import { conversationRepository } from './conversation-repository';

let databases = 0;
const freshDb = () => new ConsoleDatabase(`free-space-test-${(databases += 1)}`);
const summary = (id: string, updatedAt: number) => ({
  id,
  title: `Title ${id}`,
  createdAt: 1,
  updatedAt,
  selection: {},
  words: [id],
});

const bigOutput = 'tool output '.repeat(500);
const withTree = (id: string) => {
  const base = turnFixture(id, null, 1);
  const thoughts = applyThought(
    emptyThoughtTree,
    wireThought(`${id}-tool`, { author_type: 'Tool', message: bigOutput, in_progress: false }),
  );
  return { ...base, answer: { ...base.answer, thoughts } };
};

afterEach(() => useStorageHealth.getState().dismissed());

describe('freeing space when storage is full', () => {
  it('drops the thought trees of older conversations, keeping questions and answers and the newest ones whole', async () => {
    const db = freshDb();
    const repository = conversationRepository('alice', db);
    const other = conversationRepository('bob', db);
    for (const [id, at] of [
      ['oldest', 1],
      ['older', 2],
      ['newest', 3],
    ] as const) {
      await repository.saveSummary(summary(id, at));
      await repository.saveTurn(id, withTree(`${id}-t1`));
    }
    await repository.saveTurn('older', turnFixture('older-t2', 'older-t1', 2));
    await other.saveSummary(summary('bobs', 0));
    await other.saveTurn('bobs', withTree('bobs-t1'));

    const freed = await repository.freeSpace(1);

    expect(freed).toMatchObject({ conversations: 2, turns: 2, failed: 0 });
    expect(freed.bytes).toBeGreaterThan(2 * bigOutput.length);
    for (const id of ['oldest', 'older']) {
      const [first] = await repository.turnsOf(id);
      expect(first?.question).toBe(`question ${id}-t1`);
      expect(first?.answer.text).toBe(`answer ${id}-t1`);
      expect(first?.answer.thoughts.roots).toEqual([]);
    }
    expect((await repository.turnsOf('older')).map((turn) => turn.id).sort()).toEqual(['older-t1', 'older-t2']);
    expect((await repository.turnsOf('newest'))[0]?.answer.thoughts.roots).toHaveLength(1);
    // Someone else's conversations on this browser are not touched.
    expect((await other.turnsOf('bobs'))[0]?.answer.thoughts.roots).toHaveLength(1);
    // Nothing left to drop the second time.
    expect(await repository.freeSpace(1)).toEqual({ conversations: 0, turns: 0, bytes: 0, failed: 0 });
  });

  it('reports a failed write of a draft or a turn to the storage banner, and still fails the write', async () => {
    const repository = conversationRepository('alice', freshDb());
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      await expect(repository.saveDraft('c1', 'typed')).rejects.toBeTruthy();
      expect(useStorageHealth.getState().problem).toMatchObject({ kind: 'quota', what: 'the draft' });
      await expect(repository.saveTurn('c1', withTree('t1'))).rejects.toBeTruthy();
      expect(useStorageHealth.getState().problem).toMatchObject({
        kind: 'quota',
        what: 'a conversation turn',
        count: 2,
      });
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    await repository.saveDraft('c1', 'typed');
    expect(await repository.draftOf('c1')).toBe('typed');
  });
});
