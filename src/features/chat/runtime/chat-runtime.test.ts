// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { visiblePath } from '@/domain/conversations/versions';
import { ConsoleDatabase } from '@/lib/storage/db';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { createChatRuntime } from './create-chat-runtime';
import { createChatStore } from './chat-store';
import { conversationsHeld } from './opening/conversation-opening';
import { conversationRepository } from '@/features/chat/conversations/conversation-repository';
import { editDraftsKey } from './drafts/edit-drafts';
import { turnFixture } from '@/test/conversation-turns';

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const answerReply = (text: string): Reply => ({
  contentType: 'text/event-stream',
  parts: [
    ...text.split(' ').map((word, i) => sse({ generated_chunk: `${i ? ' ' : ''}${word}` })),
    sse({ generated: text, last: true, time_elapsed: 0.1 }),
  ],
});
const choice = { assistant: { id: 'a1', name: 'General Assistant' }, model: '', mode: 'stream' as const };

let databases = 0;
/** A runtime on a fake network (replies in order, or one held open) and a fresh database. */
function setUp(network: { fetchImpl: typeof fetch }, db = new ConsoleDatabase(`runtime-test-${(databases += 1)}`)) {
  const store = createChatStore();
  let ids = 0;
  const runtime = createChatRuntime({
    store,
    repository: conversationRepository('alice', db),
    client: () => clientFor(network.fetchImpl).client,
    newId: () => `id-${(ids += 1)}`,
    schedule: (run) => setTimeout(run, 0),
    checkpointMs: 20,
  });
  const shown = (conversationId: string) =>
    visiblePath(
      store.getState().turns[conversationId] ?? [],
      store.getState().conversations[conversationId]?.selection ?? {},
    );
  const settled = () => expect.poll(() => Object.keys(store.getState().live).length).toBe(0);
  return { store, runtime, db, shown, settled };
}

/** A stream that stays open until the test closes it. */
function heldNetwork() {
  const calls: Array<{ body: Record<string, unknown> }> = [];
  const encoder = new TextEncoder();
  // What the test sends before the call reached the network waits for it.
  const waiting: string[] = [];
  let open: ReadableStreamDefaultController<Uint8Array> | null = null;
  const fetchImpl: typeof fetch = async (_input, init) => {
    calls.push({ body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        open = controller;
        for (const text of waiting.splice(0)) controller.enqueue(encoder.encode(text));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  const send = (text: string) => (open ? open.enqueue(encoder.encode(text)) : waiting.push(text));
  return { calls, fetchImpl, send };
}

describe('the chat runtime', () => {
  it('asks, shows the growing answer live, then saves the finished turn and the conversation', async () => {
    const network = heldNetwork();
    const { store, runtime, shown, settled, db } = setUp(network);
    runtime.ask('c1', 'Explain PKCE please', choice);
    const [turn] = shown('c1');
    expect(store.getState().conversations.c1?.title).toBe('Explain PKCE please');
    network.send(sse({ generated_chunk: 'Proof key' }));
    await expect.poll(() => store.getState().live[turn?.id ?? '']?.turn.answer.text).toBe('Proof key');
    // While it streams, the saved conversation still holds the turn as it started: no write per chunk.
    expect(store.getState().turns.c1?.[0]?.answer.text).toBe('');
    network.send(sse({ generated: 'Proof key for code exchange', last: true }));
    await expect.poll(() => store.getState().live[turn?.id ?? '']?.turn.answer.complete).toBe(true);
    await expect
      .poll(async () => (await conversationRepository('alice', db).turnsOf('c1'))[0]?.answer.text)
      .toMatch(/^Proof key/);
    runtime.stop(turn?.id ?? '');
    await settled();
    expect(network.calls[0]?.body).toMatchObject({ text: 'Explain PKCE please', conversation_id: 'c1', stream: true });
    expect(shown('c1')[0]?.status).toBe('completed');
    expect(store.getState().conversations.c1?.words).toContain('exchange');
  });

  it('sends the earlier exchanges as history on the next question', async () => {
    const { calls, fetchImpl } = fakeNetwork([answerReply('First answer'), answerReply('Second answer')]);
    const { runtime, settled, shown } = setUp({ fetchImpl });
    runtime.ask('c1', 'First question', choice);
    await settled();
    runtime.ask('c1', 'Second question', choice);
    await settled();
    expect(JSON.parse(String(calls[1]?.init?.body))).toMatchObject({
      conversation_id: 'c1',
      history: [
        { role: 'User', message: 'First question' },
        { role: 'Assistant', message: 'First answer' },
      ],
    });
    expect(shown('c1').map((turn) => turn.answer.text)).toEqual(['First answer', 'Second answer']);
  });

  it('replays questions in order into a new conversation (one asked, the rest queued) and keeps verdicts on its answers', async () => {
    const { calls, fetchImpl } = fakeNetwork([answerReply('One'), answerReply('Two')]);
    const { store, runtime, shown, db } = setUp({ fetchImpl });
    runtime.ask('replay', 'First', choice);
    runtime.queue('replay', 'Second', choice);
    await expect
      .poll(() => shown('replay').map((turn) => `${turn.question}: ${turn.status}`))
      .toEqual(['First: completed', 'Second: completed']);
    expect(calls).toHaveLength(2);
    runtime.judgeAnswer('replay', 'source', 1, { verdict: 'worse', note: 'shorter' });
    runtime.judgeAnswer('replay', 'source', 0, { verdict: 'better' });
    runtime.judgeAnswer('replay', 'source', 0, { verdict: null });
    const judged = { against: { source: { '1': { verdict: 'worse', note: 'shorter' } } } };
    expect(store.getState().conversations.replay?.verdicts).toEqual(judged);
    // Kept in this browser: a reload reads them back.
    const again = setUp({ fetchImpl }, db);
    await expect
      .poll(async () => {
        await again.runtime.load();
        return again.store.getState().conversations.replay?.verdicts;
      })
      .toEqual(judged);
  });

  it('stops an answer and keeps what arrived', async () => {
    const network = heldNetwork();
    const { store, runtime, shown, settled } = setUp(network);
    runtime.ask('c1', 'Tell me a story', choice);
    const id = shown('c1')[0]?.id ?? '';
    network.send(sse({ generated_chunk: 'Once upon' }));
    await expect.poll(() => store.getState().live[id]?.turn.answer.text).toBe('Once upon');
    runtime.stop(id);
    await settled();
    expect(shown('c1')[0]).toMatchObject({ status: 'stopped', answer: { text: 'Once upon' } });
  });

  it('retries a failed turn as a new version, keeping the failure as version 1', async () => {
    const failure: Reply = { status: 500, contentType: 'application/json', parts: ['{"error":{"message":"boom"}}'] };
    const { fetchImpl } = fakeNetwork([failure, answerReply('It worked')]);
    const { store, runtime, settled, shown } = setUp({ fetchImpl });
    runtime.ask('c1', 'Try this', choice);
    await settled();
    const failed = shown('c1')[0];
    expect(failed?.status).toBe('failed');
    runtime.regenerate('c1', failed ?? shown('c1')[0]!, 'stream');
    await settled();
    expect(shown('c1').map((turn) => [turn.question, turn.status])).toEqual([['Try this', 'completed']]);
    expect(store.getState().turns.c1).toHaveLength(2);
    runtime.selectVersion('c1', null, failed?.id ?? '');
    expect(shown('c1')[0]?.status).toBe('failed');
  });

  it('a 409 "finished" on send marks the chat finished, keeps the question as its draft and is never sent again', async () => {
    const finished: Reply = {
      status: 409,
      contentType: 'application/json',
      parts: [
        '{"error":{"message":"Conversation is finished","details":"Finished by an administrator.","help":"Start a new conversation to continue."}}',
      ],
    };
    const { calls, fetchImpl } = fakeNetwork([answerReply('Hello'), finished]);
    const { store, runtime, settled, shown } = setUp({ fetchImpl });
    runtime.ask('c1', 'First', choice);
    await settled();
    runtime.ask('c1', 'One more thing', choice);
    await settled();
    expect(calls).toHaveLength(2);
    expect(shown('c1')[1]).toMatchObject({ status: 'failed', error: { action: 'new-chat' } });
    expect(store.getState().conversations.c1?.finishedAt).toEqual(expect.any(Number));
    expect(store.getState().drafts.c1).toBe('One more thing');
    // Nothing retries it on its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(2);
  });

  it('sends an edited question as a sibling version, with the history before it only', async () => {
    const { calls, fetchImpl } = fakeNetwork([answerReply('One'), answerReply('Two'), answerReply('Two edited')]);
    const { runtime, settled, shown, store } = setUp({ fetchImpl });
    runtime.ask('c1', 'First', choice);
    await settled();
    runtime.ask('c1', 'Second', choice);
    await settled();
    const second = shown('c1')[1]?.id ?? '';
    runtime.edit('c1', second, 'Second, edited', choice);
    await settled();
    expect(shown('c1').map((turn) => turn.question)).toEqual(['First', 'Second, edited']);
    expect(store.getState().turns.c1).toHaveLength(3);
    expect((JSON.parse(String(calls[2]?.init?.body)) as { history: unknown[] }).history).toHaveLength(2);
  });

  it('keeps a question being edited as a draft of its own: the composer draft stays, a reload brings the edit back', async () => {
    const { fetchImpl } = fakeNetwork([answerReply('One'), answerReply('One edited')]);
    const { runtime, settled, shown, store, db } = setUp({ fetchImpl });
    runtime.ask('c1', 'First', choice);
    await settled();
    const first = shown('c1')[0];
    if (!first) throw new Error('no turn');
    runtime.draftChanged('c1', 'the next question, half typed');
    runtime.startEditing('c1', first);
    runtime.editChanged('c1', first.id, 'First, edit');
    // Opening it again (Edit pressed twice) keeps what was typed.
    runtime.startEditing('c1', first);
    expect(store.getState().editing.c1?.[first.id]).toBe('First, edit');

    await expect.poll(() => conversationRepository('alice', db).draftOf(editDraftsKey('c1'))).toContain('First, edit');
    const reloaded = setUp({ fetchImpl }, db);
    await reloaded.runtime.open('c1');
    await expect.poll(() => reloaded.store.getState().editing.c1?.[first.id]).toBe('First, edit');
    expect(reloaded.store.getState().drafts.c1).toBe('the next question, half typed');

    runtime.edit('c1', first.id, 'First, edited', choice);
    await settled();
    expect(shown('c1').map((turn) => turn.question)).toEqual(['First, edited']);
    expect(store.getState().editing.c1?.[first.id]).toBeUndefined();
    expect(store.getState().drafts.c1).toBe('the next question, half typed');
    await expect.poll(() => conversationRepository('alice', db).draftOf(editDraftsKey('c1'))).toBe('');
    expect(await conversationRepository('alice', db).draftOf('c1')).toBe('the next question, half typed');
  });

  it('sends each question’s position as history_index, and an edit or regenerate re-sends its own', async () => {
    const { calls, fetchImpl } = fakeNetwork(['One', 'Two', 'Two again', 'Two edited', 'One again'].map(answerReply));
    const { runtime, settled, shown } = setUp({ fetchImpl });
    runtime.ask('c1', 'First', choice);
    await settled();
    runtime.ask('c1', 'Second', choice);
    await settled();
    runtime.regenerate('c1', shown('c1')[1]!, 'stream');
    await settled();
    runtime.edit('c1', shown('c1')[1]?.id ?? '', 'Second, edited', choice);
    await settled();
    runtime.regenerate('c1', shown('c1')[0]!, 'stream');
    await settled();
    const indices = calls.map(
      (call) => (JSON.parse(String(call.init?.body)) as { history_index?: number }).history_index,
    );
    expect(indices).toEqual([0, 1, 1, 1, 0]);
  });

  it('sends the question’s files as file_names, and a regenerate or an edit of that turn sends them again', async () => {
    const { calls, fetchImpl } = fakeNetwork(['Read', 'Read again', 'Read edited', 'Next'].map(answerReply));
    const { runtime, settled, shown } = setUp({ fetchImpl });
    const files = ['MTB+dGV4dC9wbGFpbjN+dS0xOX5ub3Rlcy50eHQ='];
    runtime.ask('c1', 'What is in it?', { ...choice, fileNames: files });
    await settled();
    expect(shown('c1')[0]?.fileNames).toEqual(files);
    runtime.regenerate('c1', shown('c1')[0]!, 'stream');
    await settled();
    runtime.edit('c1', shown('c1')[0]?.id ?? '', 'What is in it, briefly?', choice);
    await settled();
    runtime.ask('c1', 'Thanks', choice);
    await settled();
    const sent = calls.map((call) => (JSON.parse(String(call.init?.body)) as { file_names?: string[] }).file_names);
    expect(sent).toEqual([files, files, files, undefined]);
  });

  it('answers in JSON mode through the same path, with tokens and task id', async () => {
    const body = JSON.stringify({
      generated: 'Whole answer',
      timeElapsed: 0.5,
      tokensUsed: 42,
      taskId: 'task-1',
      thoughts: [],
    });
    const { calls, fetchImpl } = fakeNetwork([{ contentType: 'application/json', parts: [body] }]);
    const { runtime, settled, shown } = setUp({ fetchImpl });
    runtime.ask('c1', 'Whole please', { ...choice, mode: 'json' });
    await settled();
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({ stream: false });
    expect(shown('c1')[0]).toMatchObject({
      status: 'completed',
      wire: 'json',
      answer: { text: 'Whole answer', tokensUsed: 42, taskId: 'task-1' },
    });
  });

  it('after a reload mid-stream, shows the turn as interrupted with what had arrived', async () => {
    const network = heldNetwork();
    const db = new ConsoleDatabase(`runtime-test-${(databases += 1)}`);
    const first = setUp(network, db);
    first.runtime.ask('c1', 'Long answer', choice);
    network.send(sse({ generated_chunk: 'The beginning' }));
    // The checkpoint saves the streaming turn every few seconds (here 20 ms).
    await expect
      .poll(async () => (await conversationRepository('alice', db).turnsOf('c1'))[0]?.answer.text)
      .toBe('The beginning');

    const reloaded = setUp({ fetchImpl: fakeNetwork([]).fetchImpl }, db);
    await reloaded.runtime.open('c1');
    expect(reloaded.shown('c1')[0]).toMatchObject({ status: 'interrupted', answer: { text: 'The beginning' } });
    await first.runtime.cancelAll();
  });

  it('opens a long conversation at its latest turns, then has all of them', async () => {
    const db = new ConsoleDatabase(`runtime-test-${(databases += 1)}`);
    const saved = conversationRepository('alice', db);
    const turns = Array.from({ length: 300 }, (_, index) =>
      turnFixture(`t${index}`, index === 0 ? null : `t${index - 1}`, index),
    );
    await saved.restore({
      summary: { id: 'long', title: 'Long', createdAt: 0, updatedAt: 1, selection: {}, words: [] },
      turns,
    });
    // The whole read waits for the test: what shows meanwhile is the latest turns alone.
    let readAll = () => undefined as void;
    const wholeRead = new Promise<void>((resolve) => (readAll = resolve));
    const store = createChatStore();
    const runtime = createChatRuntime({
      store,
      repository: { ...saved, turnsRead: async (id) => (await wholeRead, saved.turnsRead(id)) },
      client: () => clientFor(fakeNetwork([]).fetchImpl).client,
      newId: () => 'new',
      schedule: (run) => setTimeout(run, 0),
      checkpointMs: 20,
    });
    const opened = runtime.open('long');
    await expect.poll(() => store.getState().turns.long?.length).toBe(60);
    expect(store.getState().opening.long).toBe('loading');
    expect(visiblePath(store.getState().turns.long ?? [], {}, true).map((turn) => turn.id)).toEqual(
      turns.slice(-60).map((turn) => turn.id),
    );
    readAll();
    await opened;
    expect(store.getState().opening.long).toBeUndefined();
    expect(visiblePath(store.getState().turns.long ?? [], {})).toHaveLength(300);
  });

  it('asks for the whole of a long conversation only once the frame showing its latest turns has been drawn', async () => {
    const db = new ConsoleDatabase(`runtime-test-${(databases += 1)}`);
    const saved = conversationRepository('alice', db);
    const turns = Array.from({ length: 100 }, (_, index) =>
      turnFixture(`t${index}`, index === 0 ? null : `t${index - 1}`, index),
    );
    await saved.restore({
      summary: { id: 'long', title: 'Long', createdAt: 0, updatedAt: 1, selection: {}, words: [] },
      turns,
    });
    let wholeAsked = false;
    const frames: Array<() => void> = [];
    const store = createChatStore();
    const runtime = createChatRuntime({
      store,
      repository: { ...saved, turnsRead: (id) => ((wholeAsked = true), saved.turnsRead(id)) },
      client: () => clientFor(fakeNetwork([]).fetchImpl).client,
      schedule: (run) => frames.push(run),
    });
    const opened = runtime.open('long');
    await expect.poll(() => store.getState().turns.long?.length).toBe(60);
    expect(wholeAsked).toBe(false);
    for (const frame of frames.splice(0)) frame();
    await opened;
    expect(wholeAsked).toBe(true);
    expect(store.getState().turns.long).toHaveLength(100);
  });

  it('deletes a conversation with an undo, and round-trips an export through import', async () => {
    const { fetchImpl } = fakeNetwork([answerReply('Kept answer')]);
    const { runtime, settled, store, shown } = setUp({ fetchImpl });
    runtime.ask('c1', 'Keep me', choice);
    await settled();
    const exported = await runtime.exportFile('c1', 'json');
    const undo = await runtime.remove('c1');
    expect(store.getState().conversations.c1).toBeUndefined();
    await undo?.();
    expect(shown('c1')[0]?.answer.text).toBe('Kept answer');

    const imported = await runtime.importFile(exported ?? '');
    if (!imported.ok) throw new Error(imported.problems.join('\n'));
    expect(shown(imported.summary.id).map((turn) => turn.answer.text)).toEqual(['Kept answer']);
    expect(await runtime.exportFile(imported.summary.id, 'markdown')).toBe(await runtime.exportFile('c1', 'markdown'));
  });

  it('exports Markdown with an answer’s raw HTML as inert text and its formatting kept', async () => {
    const answer = 'See **this** <img src=x onerror=alert(1)> and `<b>code</b>`';
    const { fetchImpl } = fakeNetwork([
      { contentType: 'application/json', parts: [JSON.stringify({ generated: answer, time_elapsed: 0.1 })] },
    ]);
    const { runtime, settled } = setUp({ fetchImpl });
    runtime.ask('c1', 'Show <script>alert(2)</script>', { ...choice, mode: 'json' });
    await settled();
    const markdown = await runtime.exportFile('c1', 'markdown');
    expect(markdown).toContain('Show &lt;script>alert(2)&lt;/script>');
    expect(markdown).toContain('See **this** &lt;img src=x onerror=alert(1)> and `<b>code</b>`');
  });

  it('keeps the turns of the conversations opened last in memory, and reads an older one again when it opens', async () => {
    const ids = Array.from({ length: conversationsHeld + 2 }, (_, index) => `c${index + 1}`);
    const { fetchImpl } = fakeNetwork(ids.map((id) => answerReply(`Answer in ${id}`)));
    const { runtime, settled, store, shown } = setUp({ fetchImpl });
    for (const id of ids) {
      runtime.ask(id, `Question in ${id}`, choice);
      await settled();
    }
    for (const id of ids) await runtime.open(id);
    const held = () => ids.filter((id) => store.getState().turns[id] !== undefined);
    expect(held()).toEqual(ids.slice(-conversationsHeld));

    // A save that lands after the turns left memory does not pass for all of them: the opening reads them whole.
    const late = turnFixture('late', null, 9, { question: 'Saved late' });
    store.getState().turnSaved('c1', late);
    expect(store.getState().turns.c1).toBeUndefined();
    await runtime.open('c1');
    expect(shown('c1').map((turn) => turn.answer.text)).toEqual(['Answer in c1']);
    expect(held()).toEqual(['c1', ...ids.slice(-conversationsHeld + 1)]);
  });

  it('never lets go of a conversation whose answer is still arriving', async () => {
    const network = heldNetwork();
    const { runtime, store } = setUp(network);
    runtime.ask('busy', 'Tell me a long story', choice);
    await runtime.open('busy');
    for (let index = 0; index < conversationsHeld + 2; index += 1) await runtime.open(`other-${index}`);
    expect(store.getState().turns.busy?.[0]).toMatchObject({ question: 'Tell me a long story' });
    // Its end is saved where the rest of its turns are.
    runtime.stop(store.getState().turns.busy?.[0]?.id ?? '');
    await expect.poll(() => store.getState().turns.busy?.[0]?.status).toBe('stopped');
  });

  it('keeps the latest draft per conversation', async () => {
    const { runtime, db } = setUp({ fetchImpl: fakeNetwork([]).fetchImpl });
    for (const text of ['h', 'he', 'hel', 'hello']) runtime.draftChanged('c1', text);
    await expect.poll(async () => conversationRepository('alice', db).draftOf('c1')).toBe('hello');
  });
});
