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

/**
 * A page pulling at these times (in frames), a token arriving right after each pull; each pull is given `waitFor(i)`
 * ms. Returns, per pull, how long after it the worker answered, or null when it had not answered by then.
 */
async function answersTo(pullFrames: number[], waitFor: (index: number, pulls: number[]) => number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  const { updates, token, send } = await servedStream();
  const pulls = pullFrames.map((index) => index * frame);
  const answered: (number | null)[] = [];
  let at = 0;
  for (const [index, pullAt] of pulls.entries()) {
    await vi.advanceTimersByTimeAsync(pullAt - at);
    const before = updates.length;
    const pulledAt = performance.now();
    send({ type: 'pull', id: 1 });
    token('word ');
    const wait = waitFor(index, pulls);
    await vi.advanceTimersByTimeAsync(wait);
    at = pullAt + wait;
    answered.push(updates.length > before ? (updates.at(-1) ?? 0) - pulledAt : null);
  }
  return answered;
}

describe('the stream worker answering the page', () => {
  it('answers a pull shortly before the next frame, even when the page asked only every other frame for a while', async () => {
    // A page that asks one frame apart, then, busy, every other frame: tokens arrive throughout.
    const answered = await answersTo([0, 1, 3, 5, 7, 9, 11, 13, 15, 17], () => frame);
    expect(answered).not.toContain(null);
    const after = answered.map((ms) => ms ?? Number.NaN);
    // Each answer leaves the page its margin before the next frame, and none waits for a frame that is not coming.
    for (const ms of after) expect(ms).toBeLessThanOrEqual(frame - 3);
    expect(Math.min(...after)).toBeGreaterThan(frame / 2);
  });

  it('is not thrown early by one short gap between pulls (a late frame, then one on time)', async () => {
    // Frames 16.7 ms apart, but the fourth request came 10 ms late and the fifth on time: a 6.7 ms gap.
    const answered = await answersTo(
      [0, 1, 2, 3.6, 4, 5, 6, 7, 8, 9],
      (index, pulls) => (pulls[index + 1] ?? (pulls[index] ?? 0) + frame) - (pulls[index] ?? 0),
    );
    // After the short gap the answers still wait until shortly before the next frame.
    for (const ms of answered.slice(5)) if (ms !== null) expect(ms).toBeGreaterThan(frame / 2);
  });
});
