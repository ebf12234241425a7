// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ConsoleDatabase } from '@/lib/storage/db';
import { clientFor } from '@/test/fake-network';
import { turnFixture } from '@/test/conversation-turns';
import { conversationRepository } from '@/features/chat/conversations/conversation-repository';
import { createChatRuntime } from './chat-runtime';
import { createChatStore } from './chat-store';
import { readFirstScreen } from './first-screen';

let databases = 0;
/** A runtime over a database holding one conversation of two turns (whose reads may hang); its network never answers. */
async function setUp({ turnsHang = false } = {}) {
  const db = new ConsoleDatabase(`first-screen-test-${(databases += 1)}`);
  const repository = conversationRepository('alice', db);
  await repository.saveSummary({
    id: 'c1',
    title: 'Kept here',
    createdAt: 1,
    updatedAt: 2,
    selection: {},
    words: ['kept'],
  });
  await repository.saveTurn('c1', turnFixture('t1', null, 1));
  await repository.saveTurn('c1', turnFixture('t2', 't1', 2));
  const store = createChatStore();
  const silent: typeof fetch = () => new Promise<Response>(() => undefined);
  const hang = () => new Promise<never>(() => undefined);
  const runtime = createChatRuntime({
    store,
    repository: turnsHang ? { ...repository, turnsOf: hang, recentTurnsOf: hang } : repository,
    client: () => clientFor(silent).client,
    newId: () => crypto.randomUUID(),
    schedule: (run) => setTimeout(run, 0),
  });
  return { store, runtime };
}

describe('the first screen read before it is painted', () => {
  it('holds until the rail’s list and the open conversation’s turns are read from this browser', async () => {
    const { store, runtime } = await setUp();
    await readFirstScreen({ runtime, store }, 'c1', 10_000);
    const state = store.getState();
    expect(state.listStatus).toBe('ready');
    expect(state.conversations['c1']?.title).toBe('Kept here');
    expect(state.turns['c1']?.map((turn) => turn.answer.text)).toContain('answer t2');
  });

  it('holds for the list alone on a screen without a conversation', async () => {
    const { store, runtime } = await setUp();
    await readFirstScreen({ runtime, store }, undefined, 10_000);
    expect(store.getState().listStatus).toBe('ready');
    expect(store.getState().turns['c1']).toBeUndefined();
  });

  it('lets the screen paint after the wait when the conversation’s turns do not come', async () => {
    const { store, runtime } = await setUp({ turnsHang: true });
    const started = Date.now();
    await readFirstScreen({ runtime, store }, 'c1', 150);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(store.getState().opening['c1']).toBe('loading');
    expect(store.getState().listStatus).toBe('ready');
  });

  it('does not wait for a conversation this browser does not keep: that one comes from the server', async () => {
    const { store, runtime } = await setUp({ turnsHang: true });
    const started = Date.now();
    await readFirstScreen({ runtime, store }, 'elsewhere', 10_000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(store.getState().listStatus).toBe('ready');
    expect(store.getState().turns['elsewhere']).toBeUndefined();
  });
});
