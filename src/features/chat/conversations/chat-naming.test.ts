// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerConversation } from '@/api/conversations/conversation-schemas';
import { ConsoleDatabase } from '@/lib/storage/db';
import { createChatStore } from '@/features/chat/runtime/chat-store';
import { conversationRepository } from './conversation-repository';
import type { ServerConversations } from './server-conversations';
import { createServerSync } from './server-sync';

// Current servers may rename a chat with an LLM a moment after its first answer: the console reads the name again.

let databases = 0;
function setUp(name: string) {
  const store = createChatStore();
  const repository = conversationRepository('alice', new ConsoleDatabase(`naming-test-${(databases += 1)}`));
  const served: ServerConversation = { id: 'c1', conversation_name: name, history: [] };
  const unused = async () => undefined;
  const server: ServerConversations = {
    support: async () => 'available',
    get: async () => served,
    rename: unused,
    pin: unused,
    setToolPolicy: unused,
    remove: unused,
    restore: unused,
    changed: () => undefined,
  };
  const sync = createServerSync({
    store,
    repository,
    server,
    now: () => 0,
    saveSummary: (summary) => store.getState().conversationSaved(summary),
    persist: (work) => work,
  });
  store
    .getState()
    .conversationSaved({ id: 'c1', title: 'Write me a poem', createdAt: 0, updatedAt: 0, selection: {}, words: [] });
  return { store, sync };
}

afterEach(() => void vi.useRealTimers());

describe('a new chat’s name after its first answer', () => {
  it('is read again a moment later and taken when the server renamed it', async () => {
    vi.useFakeTimers();
    const { store, sync } = setUp('Chat about Write me a');
    const done = sync.nameAfterFirstTurn('c1');
    await vi.advanceTimersByTimeAsync(1600);
    await done;
    expect(store.getState().conversations.c1?.title).toBe('Chat about Write me a');
  });

  it('keeps a name the person gave meanwhile', async () => {
    vi.useFakeTimers();
    const { store, sync } = setUp('Chat about Write me a');
    const done = sync.nameAfterFirstTurn('c1');
    const summary = store.getState().conversations.c1;
    if (summary) store.getState().conversationSaved({ ...summary, title: 'My poem' });
    await vi.advanceTimersByTimeAsync(4500);
    await done;
    expect(store.getState().conversations.c1?.title).toBe('My poem');
  });
});
