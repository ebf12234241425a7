// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { ServerConversation } from '@/api/conversations/conversation-schemas';
import { visiblePath } from '@/domain/conversations/versions';
import { focusManager, QueryClient } from '@tanstack/react-query';
import { watchServer } from '@/api/server-watch';
import { ConsoleDatabase } from '@/lib/storage/db';
import { ApiError } from '@/domain/errors/api-error';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import { createChatRuntime } from '@/features/chat/runtime/create-chat-runtime';
import { createChatStore } from '@/features/chat/runtime/chat-store';
import { conversationRepository } from './conversation-repository';
import type { ServerConversations } from './server-conversations';

const item = (role: 'User' | 'Assistant', historyIndex: number, message: string) => ({
  role,
  message,
  historyIndex,
  date: `2026-11-20T10:0${historyIndex}:00.000000`,
  assistantId: 'a1',
  fileNames: [],
  thoughts: role === 'Assistant' ? [{ id: 'step', author_name: 'web_search', message: 'found' }] : null,
});
const conversation = (turns: number, updateDate: string): ServerConversation => ({
  id: 'c1',
  conversation_name: 'Asked elsewhere',
  history: Array.from({ length: turns }, (_, index) => [
    item('User', index, `question ${index}`),
    item('Assistant', index, `answer ${index}`),
  ]).flat(),
  assistant_data: [{ assistant_id: 'a1', assistant_name: 'General Assistant' }],
  initial_assistant_id: 'a1',
  date: '2026-11-20T10:00:00.000000',
  update_date: updateDate,
});

let databases = 0;
function setUp(support: 'available' | 'unavailable', served: { current: ServerConversation | null }) {
  const store = createChatStore();
  const db = new ConsoleDatabase(`server-sync-test-${(databases += 1)}`);
  const repository = conversationRepository('alice', db);
  const calls: string[] = [];
  const failing: { next: Error | null } = { next: null };
  const finishing: { refusal: Error | null } = { refusal: null };
  const queryClient = new QueryClient();
  let supported = support;
  const server: ServerConversations = {
    support: async () => supported,
    get: async (id) => {
      calls.push(`get ${id}`);
      if (failing.next) throw failing.next;
      if (!served.current || served.current.id !== id)
        throw new ApiError({ kind: 'http', status: 404, message: 'Conversation not found' });
      return served.current;
    },
    read(id) {
      return this.get(id);
    },
    rename: async (id, name) => void calls.push(`rename ${id} ${name}`),
    pin: async (id, pinned) => void calls.push(`pin ${id} ${pinned}`),
    setToolPolicy: async (id, policy) => void calls.push(`policy ${id} ${policy}`),
    remove: async (id) => void calls.push(`delete ${id}`),
    finish: async (id) => {
      calls.push(`finish ${id}`);
      if (finishing.refusal) throw finishing.refusal;
      return '2026-11-29T10:00:00.000000';
    },
    restore: async (restored) => void calls.push(`restore ${restored.id}`),
    changed: () => undefined,
    watch: (id, purpose, spec) => watchServer({ ...spec, queryClient, queryKey: ['watch', id, purpose] }),
  };
  const network = fakeNetwork([]);
  const runtime = createChatRuntime({
    store,
    repository,
    client: () => clientFor(network.fetchImpl).client,
    server,
    schedule: (run) => setTimeout(run, 0),
  });
  const shown = () => visiblePath(store.getState().turns.c1 ?? [], store.getState().conversations.c1?.selection ?? {});
  const supportChanged = (next: typeof support) => (supported = next);
  return { store, runtime, repository, calls, shown, supportChanged, failing, finishing };
}

describe('server conversations in the chat runtime', () => {
  it('opens a conversation only the server has, with its thoughts, and keeps it in this browser', async () => {
    const { runtime, repository, shown, store } = setUp('available', {
      current: conversation(2, '2026-11-20T10:01:00.000000'),
    });
    await runtime.open('c1');
    expect(shown().map((turn) => [turn.question, turn.answer.text])).toEqual([
      ['question 0', 'answer 0'],
      ['question 1', 'answer 1'],
    ]);
    expect(shown()[0]?.answer.thoughts.roots.map((node) => node.authorName)).toEqual(['web_search']);
    expect(store.getState().conversations.c1).toMatchObject({ title: 'Asked elsewhere', server: { items: 4 } });
    await expect.poll(async () => (await repository.turnsOf('c1')).length).toBe(2);
    expect((await repository.list()).conversations.map((summary) => summary.id)).toEqual(['c1']);
  });

  it('reloads a conversation continued elsewhere, keeping the draft and the turns only this browser has', async () => {
    const served = { current: conversation(1, '2026-11-20T10:00:30.000000') };
    const { runtime, shown, store } = setUp('available', served);
    await runtime.open('c1');
    runtime.draftChanged('c1', 'typed here, not sent');
    served.current = conversation(2, '2026-11-20T10:05:00.000000');
    await runtime.refresh('c1');
    expect(shown().map((turn) => turn.question)).toEqual(['question 0', 'question 1']);
    expect(store.getState().drafts.c1).toBe('typed here, not sent');
  });

  it('while it is on screen, a conversation continued elsewhere is read again when the tab comes back, and only then', async () => {
    const served = { current: conversation(1, '2026-11-20T10:00:30.000000') };
    const { runtime, shown, calls } = setUp('available', served);
    await runtime.open('c1');
    const stop = runtime.followOnReturn('c1');
    try {
      // Its first read (the watch starts with one) is over before the tab hides.
      await new Promise((resolve) => setTimeout(resolve, 50));
      focusManager.setFocused(false);
      served.current = conversation(2, '2026-11-20T10:05:00.000000');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const readsWhileHidden = calls.length;
      expect(shown().map((turn) => turn.question)).toEqual(['question 0']);
      focusManager.setFocused(true);
      await vi.waitFor(() => expect(shown().map((turn) => turn.question)).toEqual(['question 0', 'question 1']));
      expect(calls.length).toBe(readsWhileHidden + 1);
    } finally {
      stop();
      focusManager.setFocused(undefined);
    }
  });

  it('a turn read back keeps who answered it when the server names no assistant (a paused call says who asks)', async () => {
    const served = { current: conversation(1, '2026-11-20T10:00:30.000000') };
    const { runtime, shown } = setUp('available', served);
    await runtime.open('c1');
    expect(shown()[0]?.assistantName).toBe('General Assistant');
    served.current = { ...conversation(2, '2026-11-20T10:05:00.000000'), assistant_data: [] };
    await runtime.refresh('c1');
    expect(shown().map((turn) => turn.assistantName)).toEqual(['General Assistant', 'General Assistant']);
  });

  it('does not read the server again when nothing changed there', async () => {
    const served = { current: conversation(1, '2026-11-20T10:00:30.000000') };
    const { runtime, store } = setUp('available', served);
    await runtime.open('c1');
    const turns = store.getState().turns.c1;
    await runtime.refresh('c1');
    expect(store.getState().turns.c1).toBe(turns);
  });

  it('reads the server once when a conversation is opened twice at once (a reload opens it before its screen does)', async () => {
    const { runtime, calls } = setUp('available', { current: conversation(1, '2026-11-20T10:00:30.000000') });
    await runtime.open('c1');
    calls.length = 0;
    await Promise.all([runtime.refresh('c1'), runtime.open('c1'), runtime.refresh('c1')]);
    expect(calls).toEqual(['get c1']);
    // Once that read ended, the next one goes to the server again.
    await runtime.refresh('c1');
    expect(calls).toEqual(['get c1', 'get c1']);
  });

  it('where the server keeps no conversations, a conversation not in this browser is missing, and nothing is sent there', async () => {
    const { runtime, store, calls, supportChanged } = setUp('unavailable', { current: conversation(1, 'x') });
    await runtime.open('c1');
    expect(store.getState().opening.c1).toBe('missing');
    runtime.rename('c1', 'New name');
    // The server starts keeping conversations: the next rename goes there, after the first had its turn.
    supportChanged('available');
    runtime.rename('c1', 'Later name');
    await vi.waitFor(() => expect(calls).toContain('rename c1 Later name'));
    expect(calls).toEqual(['rename c1 Later name']);
  });

  it('an id named like a property every object has is missing like any unknown id', async () => {
    const { runtime, store } = setUp('unavailable', { current: null });
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      await runtime.open(id);
      const state = store.getState();
      expect(state.opening[id], id).toBe('missing');
      expect(state.conversations[id], id).toBeUndefined();
      expect(state.turns[id], id).toBeUndefined();
      expect(state.drafts[id], id).toBe('');
    }
  });

  it('a read that fails for another reason is not "missing": the opening failed, and says why', async () => {
    const { runtime, store, failing } = setUp('available', { current: conversation(1, 'x') });
    failing.next = new ApiError({ kind: 'network', details: 'connection refused' });
    await runtime.open('c1');
    expect(store.getState().opening.c1).toBe('failed');
    expect(store.getState().problem).toMatch(/could not be read from the server \(.+\)/);
    // Tried again once the network is back, it opens.
    failing.next = null;
    await runtime.open('c1');
    expect(store.getState().opening.c1).toBeUndefined();
    expect(store.getState().turns.c1?.map((turn) => turn.answer.text)).toEqual(['answer 0']);
  });

  it('a partial answer kept here gives way to the whole one a current server stored, though nothing else changed there', async () => {
    // A current server's items say how each turn ended; it went on writing this one after the browser left.
    const finished = conversation(1, '2026-11-20T10:00:30.000000');
    finished.history = finished.history.map((entry) =>
      entry.role === 'Assistant' ? { ...entry, inProgress: false, status: 'success' } : entry,
    );
    const { runtime, store, repository, calls } = setUp('available', { current: finished });
    await runtime.open('c1');
    const [turn] = store.getState().turns.c1 ?? [];
    if (!turn) throw new Error('no turn');
    // A late save of the cut-off copy this browser asked (the page left mid-answer) lands after the server's copy
    // was read.
    const partial = {
      ...turn,
      id: 'asked-here',
      status: 'interrupted' as const,
      answer: { ...turn.answer, text: 'ans' },
    };
    store.getState().openEnded('c1', { turns: [partial] });
    await repository.replaceTurns('c1', [partial]);
    calls.length = 0;
    await runtime.refresh('c1');
    expect(calls).toEqual(['get c1']);
    expect(store.getState().turns.c1?.map((kept) => [kept.status, kept.answer.text])).toEqual([
      ['completed', 'answer 0'],
    ]);
    await expect
      .poll(async () => (await repository.turnsOf('c1')).map((kept) => kept.answer.text))
      .toEqual(['answer 0']);
  });

  it('a cut-off answer that a 2.42 server did not go on with stays as this browser saw it, and is not written again', async () => {
    const { runtime, store } = setUp('available', { current: conversation(1, '2026-11-20T10:00:30.000000') });
    await runtime.open('c1');
    const [turn] = store.getState().turns.c1 ?? [];
    if (!turn) throw new Error('no turn');
    const partial = {
      ...turn,
      id: 'asked-here',
      status: 'interrupted' as const,
      answer: { ...turn.answer, text: 'ans' },
    };
    store.getState().openEnded('c1', { turns: [partial] });
    const held = store.getState().turns.c1;
    await runtime.refresh('c1');
    expect(store.getState().turns.c1).toBe(held);
  });

  it('renames, pins and deletes on the server; undo writes the conversation back there', async () => {
    const { runtime, calls } = setUp('available', { current: conversation(1, '2026-11-20T10:00:30.000000') });
    await runtime.open('c1');
    runtime.rename('c1', '  Better   name ');
    runtime.pin('c1', true);
    await expect
      .poll(() => calls.filter((call) => !call.startsWith('get')))
      .toEqual(['rename c1 Better name', 'pin c1 true']);
    const undo = await runtime.remove('c1');
    expect(calls).toContain('delete c1');
    await undo?.();
    expect(calls.at(-1)).toBe('restore c1');
  });

  it('finishes on the server and keeps when; a server without the route leaves it open and says it cannot', async () => {
    const { runtime, calls, store, finishing } = setUp('available', {
      current: conversation(1, '2026-11-20T10:00:30.000000'),
    });
    await runtime.open('c1');
    expect(store.getState().conversations.c1?.finishedAt).toBeUndefined();
    finishing.refusal = new ApiError({ kind: 'http', status: 404, message: 'Not Found' });
    await expect(runtime.finish('c1')).resolves.toBe('unsupported');
    expect(store.getState().conversations.c1?.finishedAt).toBeUndefined();
    expect(store.getState().problem).toBeNull();
    finishing.refusal = null;
    await expect(runtime.finish('c1')).resolves.toBe('finished');
    expect(calls.filter((call) => call.startsWith('finish'))).toEqual(['finish c1', 'finish c1']);
    expect(store.getState().conversations.c1?.finishedAt).toBe(Date.UTC(2026, 10, 29, 10));
  });

  it('takes a chat finished elsewhere (an admin, a job) though nothing else changed there', async () => {
    const served: { current: ServerConversation } = { current: conversation(1, '2026-11-20T10:00:30.000000') };
    const { runtime, store } = setUp('available', served);
    await runtime.open('c1');
    served.current = { ...served.current, finished_at: '2026-11-29T10:00:00.000000' };
    await runtime.refresh('c1');
    expect(store.getState().conversations.c1?.finishedAt).toBe(Date.UTC(2026, 10, 29, 10));
  });
});
