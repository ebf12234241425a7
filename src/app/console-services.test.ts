// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { servicesForTest } from '@/test/render-with-services';

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const notFound = () =>
  new Response('{"detail":"Not Found"}', { status: 404, headers: { 'content-type': 'application/json' } });

/** A server without conversation endpoints whose answers stream one chunk, then stay open until the call is aborted. */
function slowServer() {
  const encoder = new TextEncoder();
  const fetchImpl: typeof fetch = async (input, init) => {
    if (init?.method !== 'POST' || !String(input).includes('/assistants/')) return notFound();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(sse({ generated_chunk: 'Half an answer' })));
        init.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  return fetchImpl;
}

const choice = { assistant: { id: 'a1', name: 'General Assistant' }, model: '', mode: 'stream' as const };

describe('the console services of one person', () => {
  it('stop() stops the answers in flight and resolves once what they had is saved; a second stop is the same', async () => {
    const { services } = servicesForTest({ fetch: slowServer() });
    const { chat, db } = services;
    await expect.poll(() => chat.store.getState().listStatus).toBe('ready');
    chat.runtime.ask('c1', 'Tell me everything', choice);
    await expect.poll(() => Object.values(chat.store.getState().live)[0]?.turn.answer.text).toBe('Half an answer');

    const stopping = services.stop();
    expect(services.stop()).toBe(stopping);
    await stopping;
    const saved = await db.turns.where('owner').equals('tester').toArray();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ status: 'stopped', answer: { text: 'Half an answer' } });
  });

  it('Clear local data clears after the stopped answer has saved, so the conversation does not come back', async () => {
    const { services } = servicesForTest({ fetch: slowServer() });
    const { chat, db, settings } = services;
    await expect.poll(() => chat.store.getState().listStatus).toBe('ready');
    chat.runtime.ask('c1', 'Tell me everything', choice);
    await expect.poll(() => Object.values(chat.store.getState().live)[0]?.turn.answer.text).toBe('Half an answer');

    await settings.clearLocalData();
    expect(settings.localData.getState()).toMatchObject({ phase: 'cleared', removed: { conversations: 1, turns: 1 } });
    // Nothing of the stopped answer is written after the clear: stop() settles every write still under way.
    await services.stop();
    expect({ turns: await db.turns.count(), conversations: await db.conversations.count() }).toEqual({
      turns: 0,
      conversations: 0,
    });
  });
});
