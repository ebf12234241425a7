// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerConversation } from '@/api/conversations/conversation-schemas';
import { watchServer } from '@/api/server-watch';
import { ConsoleDatabase } from '@/lib/storage/db';
import { createChatStore } from '@/features/chat/runtime/chat-store';
import { conversationRepository } from '@/features/chat/conversations/conversation-repository';
import type { ServerConversations } from '@/features/chat/conversations/server-conversations';
import { namingPace } from './chat-naming';
import { createServerSync } from '@/features/chat/conversations/server-sync';

// Current servers may rename a chat with an LLM a few seconds after its first answer, over the name they cut from the
// question at once: the console reads the name as the official UI does, about 18 s in all.

const question = 'Write me a poem about the sea and the ships that sail on it at night';

let databases = 0;
function setUp(read?: ServerConversations['read']) {
  const store = createChatStore();
  const repository = conversationRepository('alice', new ConsoleDatabase(`naming-test-${(databases += 1)}`));
  const served: ServerConversation = {
    id: 'c1',
    conversation_name: question.slice(0, 50),
    history: [{ role: 'User', message: question, historyIndex: 0 }],
  };
  const reads: number[] = [];
  const unused = async () => undefined;
  const queryClient = new QueryClient();
  let closed = false;
  const server: ServerConversations = {
    support: async () => 'available',
    get: async () => {
      reads.push(Date.now());
      return { ...served };
    },
    read(id, signal) {
      return read ? read(id, signal) : this.get(id);
    },
    rename: unused,
    pin: unused,
    setToolPolicy: unused,
    remove: unused,
    finish: async () => null,
    restore: unused,
    changed: () => undefined,
    watch: (id, purpose, spec) => watchServer({ ...spec, queryClient, queryKey: ['watch', id, purpose] }),
  };
  const sync = createServerSync({
    store,
    repository,
    server,
    now: () => 0,
    saveSummary: (summary) => store.getState().conversationSaved(summary),
    persist: (work) => work,
    closed: () => closed,
  });
  store
    .getState()
    .conversationSaved({ id: 'c1', title: 'Write me a poem', createdAt: 0, updatedAt: 0, selection: {}, words: [] });
  const title = () => store.getState().conversations.c1?.title;
  return { store, sync, served, reads, title, queryClient, close: () => (closed = true) };
}

afterEach(() => void vi.useRealTimers());

describe('a new chat’s name after its first answer', () => {
  it('keeps only the name and the first question in its cache, not the conversation’s answers', async () => {
    vi.useFakeTimers();
    const { sync, served, queryClient } = setUp();
    served.history = [
      ...served.history,
      { role: 'Assistant', message: 'A long answer. '.repeat(1000), historyIndex: 1 },
    ];
    served.conversation_name = 'Sea poem at night';
    await sync.nameAfterFirstTurn('c1');
    const cached = queryClient.getQueryCache().findAll({ queryKey: ['watch', 'c1'] });
    expect(cached.map((query) => query.state.data)).toEqual([{ name: 'Sea poem at night', firstQuestion: question }]);
  });

  it('takes the LLM’s name when it comes seconds later, over the name cut from the question', async () => {
    vi.useFakeTimers();
    const { sync, served, title } = setUp();
    const done = sync.nameAfterFirstTurn('c1');
    await vi.advanceTimersByTimeAsync(5000);
    // The cut name is no name anybody chose: the chat keeps its own meanwhile.
    expect(title()).toBe('Write me a poem');
    served.conversation_name = 'Sea poem at night';
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(title()).toBe('Sea poem at night');
  });

  it('reads at the official pace, about 18 s in all, then stops', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { sync, reads, title } = setUp();
    const done = sync.nameAfterFirstTurn('c1');
    await vi.advanceTimersByTimeAsync(60_000);
    await done;
    expect(reads).toHaveLength(namingPace.reads);
    const gaps = reads.map((at, index) => at - (reads[index - 1] ?? start));
    expect(gaps).toEqual([0, 500, 750, 1125, 1688, 2531, 3797, 4000, 4000]);
    expect(title()).toBe('Write me a poem');
  });

  it('keeps a name the person gave meanwhile', async () => {
    vi.useFakeTimers();
    const { store, sync, served, title } = setUp();
    const done = sync.nameAfterFirstTurn('c1');
    await vi.advanceTimersByTimeAsync(1000);
    const summary = store.getState().conversations.c1;
    if (summary) store.getState().conversationSaved({ ...summary, title: 'My poem' });
    served.conversation_name = 'Sea poem at night';
    await vi.advanceTimersByTimeAsync(20_000);
    await done;
    expect(title()).toBe('My poem');
  });

  it('reads nothing more once the chat stops (sign-out)', async () => {
    vi.useFakeTimers();
    const { sync, reads, close } = setUp();
    void sync.nameAfterFirstTurn('c1');
    await vi.advanceTimersByTimeAsync(1000);
    const before = reads.length;
    close();
    sync.stopWatching();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(reads).toHaveLength(before);
  });

  it('cancels the read under way when the chat stops: a long conversation is not downloaded for nothing', async () => {
    const signals: AbortSignal[] = [];
    const { sync } = setUp((_id, signal) => {
      signals.push(signal);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    });
    void sync.nameAfterFirstTurn('c1');
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(false);
    sync.stopWatching();
    expect(signals[0]?.aborted).toBe(true);
  });
});
