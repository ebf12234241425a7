// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { visiblePath } from '@/domain/conversations/versions';
import { ConsoleDatabase } from '@/lib/storage/db';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { conversationRepository } from '@/features/chat/conversations/conversation-repository';
import { createChatRuntime } from './create-chat-runtime';
import { createChatStore } from './chat-store';

// The queue is the runtime's: these tests drive the runtime alone, with no screen at all.

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const choice = { assistant: { id: 'a1', name: 'General Assistant' }, model: '', mode: 'stream' as const };
/** An answer that arrives over `ms` (its last chunk after that long), so a question can be queued meanwhile. */
const slowAnswer = (text: string, ms = 60): Reply => ({
  contentType: 'text/event-stream',
  parts: [sse({ generated_chunk: text }), sse({ generated: text, last: true })],
  partDelayMs: ms,
});
const failing: Reply = {
  contentType: 'text/event-stream',
  parts: [sse({ generated_chunk: 'half' })],
  failAfterParts: true,
};

let databases = 0;
function setUp(replies: Reply[]) {
  const network = fakeNetwork(replies);
  const store = createChatStore();
  const db = new ConsoleDatabase(`queue-test-${(databases += 1)}`);
  let ids = 0;
  const runtime = createChatRuntime({
    store,
    repository: conversationRepository('alice', db),
    client: () => clientFor(network.fetchImpl).client,
    newId: () => `id-${(ids += 1)}`,
    schedule: (run) => setTimeout(run, 0),
  });
  const questions = () =>
    visiblePath(store.getState().turns.c1 ?? [], store.getState().conversations.c1?.selection ?? {}).map((turn) => [
      turn.question,
      turn.status,
    ]);
  // An emptied queue stays as an empty record (its count of changes outlives it): read as none.
  const queue = () => {
    const kept = store.getState().conversations.c1?.followUps;
    return kept?.items.length ? kept : undefined;
  };
  const running = () => Object.keys(store.getState().live).length > 0;
  return { store, runtime, network, questions, queue, running };
}

describe('the follow-up queue of a chat', () => {
  it('sends what was queued one per turn, in order, when each answer ends: no screen needed', async () => {
    const { runtime, questions, queue, network } = setUp([slowAnswer('one'), slowAnswer('two'), slowAnswer('three')]);
    runtime.ask('c1', 'First', choice);
    runtime.queue('c1', 'Second', choice);
    runtime.queue('c1', 'Third', { ...choice, model: 'gpt-4.1' });
    expect(queue()?.items.map((item) => item.text)).toEqual(['Second', 'Third']);
    await expect.poll(questions, { timeout: 5000 }).toEqual([
      ['First', 'completed'],
      ['Second', 'completed'],
      ['Third', 'completed'],
    ]);
    expect(queue()).toBeUndefined();
    // Each went with the choice it was queued with.
    expect(JSON.parse(String(network.calls[2]?.init?.body))).toMatchObject({ text: 'Third', llmModel: 'gpt-4.1' });
  });

  it('Stop stops the queue too: it waits, says why, and Resume sends the next one', async () => {
    const { runtime, store, questions, queue, running } = setUp([slowAnswer('long', 2000), slowAnswer('next')]);
    runtime.ask('c1', 'First', choice);
    runtime.queue('c1', 'Second', choice);
    const live = Object.keys(store.getState().live)[0] ?? '';
    runtime.stop(live);
    await expect.poll(running).toBe(false);
    // The end of the stopped turn was seen (its save is the signal): the queue stayed paused, nothing went.
    await expect.poll(() => questions()).toEqual([['First', 'stopped']]);
    expect(queue()).toMatchObject({ items: [{ text: 'Second' }], paused: { reason: 'you stopped the answer' } });
    runtime.resumeQueue('c1');
    await expect.poll(questions).toEqual([
      ['First', 'stopped'],
      ['Second', 'completed'],
    ]);
    expect(queue()).toBeUndefined();
  });

  it('pauses after an answer that did not finish; Pause and Clear do what they say', async () => {
    const { runtime, questions, queue } = setUp([failing]);
    runtime.ask('c1', 'First', choice);
    runtime.queue('c1', 'Second', choice);
    runtime.queue('c1', 'Third', choice);
    await expect.poll(() => queue()?.paused?.reason).toBe('the last answer did not finish');
    expect(questions()).toHaveLength(1);
    runtime.clearQueue('c1');
    expect(queue()).toBeUndefined();
  });

  it('Send now on a queued question stops the answer and sends it, and the rest goes on after it', async () => {
    const { runtime, questions, queue } = setUp([slowAnswer('long', 2000), slowAnswer('now'), slowAnswer('later')]);
    runtime.ask('c1', 'First', choice);
    runtime.queue('c1', 'Later', choice);
    runtime.queue('c1', 'Now', choice);
    const now = queue()?.items[1]?.id ?? '';
    runtime.sendQueuedNow('c1', now);
    await expect.poll(questions, { timeout: 5000 }).toEqual([
      ['First', 'stopped'],
      ['Now', 'completed'],
      ['Later', 'completed'],
    ]);
  });

  it('edits, moves and removes queued questions; an emptied text takes one off', () => {
    const { runtime, queue } = setUp([slowAnswer('long', 2000)]);
    runtime.ask('c1', 'First', choice);
    for (const text of ['A', 'B', 'C']) runtime.queue('c1', text, choice);
    const [a, b, c] = queue()?.items ?? [];
    runtime.moveQueued('c1', c?.id ?? '', -2);
    runtime.editQueued('c1', a?.id ?? '', 'A, edited');
    runtime.editQueued('c1', b?.id ?? '', '   ');
    expect(queue()?.items.map((item) => item.text)).toEqual(['C', 'A, edited']);
    runtime.removeQueued('c1', c?.id ?? '');
    runtime.pauseQueue('c1');
    expect(queue()).toMatchObject({ items: [{ text: 'A, edited' }], paused: { reason: 'you paused it' } });
  });
});
