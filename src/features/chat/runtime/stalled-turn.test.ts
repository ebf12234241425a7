// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { visiblePath } from '@/domain/conversations/versions';
import { ConsoleDatabase } from '@/lib/storage/db';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { createChatRuntime } from './create-chat-runtime';
import { createChatStore } from './chat-store';
import { conversationRepository } from '@/features/chat/conversations/conversation-repository';

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const choice = { assistant: { id: 'a1', name: 'General Assistant' }, model: '', mode: 'stream' as const };

// Real timers and a short idle timeout here (the stream reader's own timing is tested with fake timers).
function ask(reply: Reply | Reply[], idleMs: number) {
  const { fetchImpl, calls } = fakeNetwork(Array.isArray(reply) ? reply : [reply]);
  const store = createChatStore();
  const runtime = createChatRuntime({
    store,
    repository: conversationRepository('alice', new ConsoleDatabase(`stalled-${Math.random()}`)),
    client: () => clientFor(fetchImpl, undefined, undefined, idleMs).client,
    schedule: (run) => setTimeout(run, 0),
  });
  runtime.ask('c1', 'Tell me everything', choice);
  const turn = () =>
    visiblePath(store.getState().turns.c1 ?? [], store.getState().conversations.c1?.selection ?? {})[0];
  return { store, turn, calls };
}

describe('a turn whose stream goes silent', () => {
  it('is interrupted after the idle timeout, keeps what arrived and says why', async () => {
    const { store, turn } = ask(
      { contentType: 'text/event-stream', parts: [sse({ generated_chunk: 'The first half' })], stallAfterParts: true },
      1000,
    );
    await expect.poll(() => Object.keys(store.getState().live).length, { timeout: 3000 }).toBe(0);
    expect(turn()).toMatchObject({
      status: 'interrupted',
      answer: expect.objectContaining({ text: 'The first half' }),
      error: expect.objectContaining({
        title: 'No data from the server for 1 s; the answer was stopped. What arrived is kept.',
        action: 'retry',
        requestId: 'req-42',
      }),
    });
  });

  it('a stream that simply ends without its last chunk stays a plain interruption, with no reason invented', async () => {
    const { store, turn } = ask(
      { contentType: 'text/event-stream', parts: [sse({ generated_chunk: 'The first half' })], failAfterParts: true },
      1000,
    );
    await expect.poll(() => Object.keys(store.getState().live).length).toBe(0);
    expect(turn()?.status).toBe('interrupted');
    expect(turn()?.error).toBeUndefined();
  });

  it('on a server that goes on generating, is re-attached to once and followed to its end, with no word twice', async () => {
    // Current servers send keys older ones do not (`a2ui`, `tool_call_pending`): this one keeps generating.
    const first = sse({ generated_chunk: 'The first half', a2ui: null, tool_call_pending: null });
    const replay: Reply = {
      contentType: 'text/event-stream',
      parts: [
        first,
        sse({ generated_chunk: ', then the rest.', a2ui: null }),
        sse({ generated: 'The first half, then the rest.', last: true, a2ui: null }),
      ],
    };
    const { store, turn, calls } = ask(
      [{ contentType: 'text/event-stream', parts: [first], stallAfterParts: true }, replay],
      1000,
    );
    await expect.poll(() => turn()?.status, { timeout: 4000 }).toBe('completed');
    await expect.poll(() => Object.keys(store.getState().live).length).toBe(0);
    expect(turn()?.answer.text).toBe('The first half, then the rest.');
    expect(turn()?.error).toBeUndefined();
    expect(calls.map((call) => `${call.init?.method ?? 'GET'} ${call.url.split('/').slice(-2).join('/')}`)).toEqual([
      'POST a1/model',
      'GET c1/stream',
    ]);
  });

  it('silent again after the re-attach, it ends as stalled and says why', async () => {
    const first = sse({ generated_chunk: 'The first half', a2ui: null, tool_call_pending: null });
    const stalled: Reply = { contentType: 'text/event-stream', parts: [first], stallAfterParts: true };
    const { store, turn, calls } = ask([stalled, stalled], 800);
    await expect.poll(() => calls.length, { timeout: 3000 }).toBe(2);
    await expect.poll(() => Object.keys(store.getState().live).length, { timeout: 3000 }).toBe(0);
    expect(turn()).toMatchObject({
      status: 'interrupted',
      answer: expect.objectContaining({ text: 'The first half' }),
      error: expect.objectContaining({ title: expect.stringMatching(/^No data from the server for 1 s/) }),
    });
    expect(calls).toHaveLength(2);
  });
});

describe('a turn whose stream is cut while the tab is hidden', () => {
  let visibility: DocumentVisibilityState = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  const shown = (state: DocumentVisibilityState) => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  afterEach(() => shown('visible'));
  const calledAs = (calls: ReturnType<typeof ask>['calls']) =>
    calls.map((call) => `${call.init?.method ?? 'GET'} ${call.url.split('/').slice(-2).join('/')}`);

  it('on a server that goes on generating, is picked up once when the tab is back: one POST, no word twice', async () => {
    const first = sse({ generated_chunk: 'The first half', a2ui: null, tool_call_pending: null });
    const cut: Reply = { contentType: 'text/event-stream', parts: [first], failAfterParts: true, partDelayMs: 20 };
    const replay: Reply = {
      contentType: 'text/event-stream',
      parts: [first, sse({ generated: 'The first half, then the rest.', last: true, a2ui: null })],
    };
    shown('hidden');
    const { store, turn, calls } = ask([cut, replay], 10_000);
    await expect.poll(() => Object.keys(store.getState().live).length).toBe(0);
    expect(turn()?.error?.title).toBe('The connection was lost while this tab was away');
    // Nothing is asked while the tab stays hidden.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calledAs(calls)).toEqual(['POST a1/model']);

    shown('visible');
    await expect.poll(() => turn()?.status).toBe('completed');
    expect(turn()?.answer.text).toBe('The first half, then the rest.');
    expect(turn()?.error).toBeUndefined();
    shown('hidden');
    shown('visible');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calledAs(calls)).toEqual(['POST a1/model', 'GET c1/stream']);
  });

  it('on a 2.42 server (the answer ends with the client), stays interrupted with what arrived and is not re-attached', async () => {
    const cut: Reply = {
      contentType: 'text/event-stream',
      parts: [sse({ generated_chunk: 'The first half' })],
      failAfterParts: true,
      partDelayMs: 20,
    };
    shown('hidden');
    const { store, turn, calls } = ask([cut], 10_000);
    await expect.poll(() => Object.keys(store.getState().live).length).toBe(0);
    shown('visible');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(turn()).toMatchObject({
      status: 'interrupted',
      answer: expect.objectContaining({ text: 'The first half' }),
    });
    expect(turn()?.error?.title).not.toBe('The connection was lost while this tab was away');
    expect(calledAs(calls)).toEqual(['POST a1/model']);
  });
});
