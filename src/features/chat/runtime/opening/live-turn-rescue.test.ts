import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { GrowingText } from '@/domain/answer/growing-text';
import { ConsoleDatabase } from '@/lib/storage/db';
import { turnFixture } from '@/test/conversation-turns';
import type { LiveTurn } from '@/features/chat/runtime/chat-store';
import { conversationRepository } from '@/features/chat/conversations/conversation-repository';
import { recoverStashedTurns, stashLiveTurns } from './live-turn-rescue';
import { MemoryStorage } from '@/test/memory-storage';

let databases = 0;
const freshRepository = (owner = 'alice') =>
  conversationRepository(owner, new ConsoleDatabase(`rescue-test-${(databases += 1)}`));
const streaming = (text: string) =>
  turnFixture('t1', null, 1, {
    status: 'streaming',
    answer: { ...turnFixture('t1', null, 1).answer, text, complete: false },
  });

describe('answers in flight when the page closed', () => {
  it('come back with everything that had arrived, not just the last checkpoint, as interrupted', async () => {
    const storage = new MemoryStorage();
    const repository = freshRepository();
    await repository.saveTurn('c1', streaming('The first sec'));
    stashLiveTurns(storage, 'alice', [
      { conversationId: 'c1', turn: streaming('The first seconds and the last ones') },
    ]);

    expect(await recoverStashedTurns(storage, 'alice', repository)).toBe(1);
    const [back] = await repository.turnsOf('c1');
    expect(back?.answer.text).toBe('The first seconds and the last ones');
    expect(back?.status).toBe('interrupted');
    // Taken once: a second start finds nothing to recover.
    expect(await recoverStashedTurns(storage, 'alice', repository)).toBe(0);
  });

  it('never shorten a saved turn, revive a deleted conversation, or cross to another person', async () => {
    const storage = new MemoryStorage();
    const alice = freshRepository('alice');
    await alice.saveTurn(
      'c1',
      turnFixture('t1', null, 1, {
        answer: { ...turnFixture('t1', null, 1).answer, text: 'The complete answer, saved at its end' },
      }),
    );
    stashLiveTurns(storage, 'alice', [
      { conversationId: 'c1', turn: streaming('The complete') },
      { conversationId: 'deleted', turn: { ...streaming('gone'), id: 't9' } },
    ]);
    expect(await recoverStashedTurns(storage, 'bob', freshRepository('bob'))).toBe(0);
    expect(await recoverStashedTurns(storage, 'alice', alice)).toBe(0);
    expect((await alice.turnsOf('c1'))[0]?.answer.text).toBe('The complete answer, saved at its end');
    expect(await alice.turnsOf('deleted')).toEqual([]);
  });

  it('are stashed as the turn alone, without the pieces the view followed its text with', () => {
    const storage = new MemoryStorage();
    const live: LiveTurn = {
      conversationId: 'c1',
      turn: streaming('Half of it'),
      text: GrowingText.of('Half').append(' of it'),
    };
    stashLiveTurns(storage, 'alice', [live]);
    const stashed = JSON.parse(storage.getItem('assistant-console.unsaved-answers:alice') ?? '[]') as object[];
    expect(stashed.map((entry) => Object.keys(entry))).toEqual([['conversationId', 'turn']]);
  });

  it('survive a full storage and a damaged stash without failing the start', async () => {
    const tiny = new MemoryStorage(10);
    stashLiveTurns(tiny, 'alice', [{ conversationId: 'c1', turn: streaming('far more than ten characters') }]);
    expect(tiny.length).toBe(0);
    const damaged = new MemoryStorage();
    damaged.setItem('assistant-console.unsaved-answers:alice', '{not json');
    expect(await recoverStashedTurns(damaged, 'alice', freshRepository())).toBe(0);
    expect(damaged.length).toBe(0);
    damaged.setItem(
      'assistant-console.unsaved-answers:alice',
      JSON.stringify([{ conversationId: 'c1', turn: { id: 3 } }]),
    );
    expect(await recoverStashedTurns(damaged, 'alice', freshRepository())).toBe(0);
    expect(damaged.length).toBe(0);
  });
});
