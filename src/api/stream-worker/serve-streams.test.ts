import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FromWorker, ToWorker } from './protocol';
import { serveStreams } from './serve-streams';

afterEach(() => vi.useRealTimers());

const frame = 1000 / 60;

/** A worker serving one SSE stream whose bytes the test writes; the page end records when each update came. */
async function servedStream() {
  let toWorker: ((message: ToWorker) => void) | undefined;
  const updates: number[] = [];
  const encoder = new TextEncoder();
  let write: (text: string) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      write = (text) => controller.enqueue(encoder.encode(text));
    },
  });
  let opened = false;
  serveStreams(
    {
      post: (message: FromWorker) => {
        if (message.type === 'head') opened = true;
        if (message.type === 'update') updates.push(performance.now());
      },
      onMessage: (listener) => (toWorker = listener),
    },
    () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
  );
  const send = (message: ToWorker) => toWorker?.(message);
  send({ type: 'fetch', id: 1, url: 'https://api.test/stream', method: 'POST', headers: {} });
  await vi.waitFor(() => expect(opened).toBe(true));
  send({ type: 'read', id: 1, wire: 'sse', idleMs: 60_000, scrub: [] });
  return { updates, token: (text: string) => write(`data: {"generated_chunk":"${text}"}\n\n`), send };
}

describe('the stream worker answering the page', () => {
  it('answers a pull shortly before the next frame, even when the page asked only every other frame for a while', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { updates, token, send } = await servedStream();
    // A page that asks one frame apart, then, busy, every other frame: tokens arrive throughout.
    const pulls = [0, 1, 3, 5, 7, 9, 11, 13, 15, 17].map((index) => index * frame);
    const answeredAfter: number[] = [];
    let at = 0;
    for (const pullAt of pulls) {
      await vi.advanceTimersByTimeAsync(pullAt - at);
      at = pullAt;
      const before = updates.length;
      const pulledAt = performance.now();
      send({ type: 'pull', id: 1 });
      token('word ');
      await vi.advanceTimersByTimeAsync(frame);
      at += frame;
      expect(updates.length).toBe(before + 1);
      answeredAfter.push((updates.at(-1) ?? 0) - pulledAt);
    }
    // Each answer leaves the page its margin before the next frame, and none waits for a frame that is not coming.
    for (const after of answeredAfter) expect(after).toBeLessThanOrEqual(frame - 3);
    expect(Math.min(...answeredAfter)).toBeGreaterThan(frame / 2);
  });

  it('is not thrown early by one short gap between pulls (a late frame, then one on time)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { updates, token, send } = await servedStream();
    const answeredAfter: number[] = [];
    // Frames 16.7 ms apart, but the fourth request came 10 ms late and the fifth on time: a 6.7 ms gap.
    const pulls = [0, 1, 2, 3.6, 4, 5, 6, 7, 8, 9].map((index) => index * frame);
    let at = 0;
    for (const pullAt of pulls) {
      await vi.advanceTimersByTimeAsync(pullAt - at);
      at = pullAt;
      const before = updates.length;
      const pulledAt = performance.now();
      send({ type: 'pull', id: 1 });
      token('word ');
      const next = pulls[pulls.indexOf(pullAt) + 1] ?? pullAt + frame;
      await vi.advanceTimersByTimeAsync(next - pullAt);
      at = next;
      if (updates.length > before) answeredAfter.push((updates.at(-1) ?? 0) - pulledAt);
    }
    // After the short gap the answers still wait until shortly before the next frame.
    for (const after of answeredAfter.slice(5)) expect(after).toBeGreaterThan(frame / 2);
  });
});
