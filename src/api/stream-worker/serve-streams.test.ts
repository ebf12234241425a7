import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyAnswer, type Answer } from '@/domain/answer/answer';
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

describe('the stream worker and a chunk it cannot fold', () => {
  it("ends that stream with an error that says so, and the page's other streams go on to their end", async () => {
    const encoder = new TextEncoder();
    const writers = new Map<string, ReadableStreamDefaultController<Uint8Array>>();
    const updates: Extract<FromWorker, { type: 'update' }>[] = [];
    let toWorker: ((message: ToWorker) => void) | undefined;
    const opened = new Set<number>();
    serveStreams(
      {
        post: (message: FromWorker) => {
          if (message.type === 'head') opened.add(message.id);
          if (message.type === 'update') updates.push(message);
        },
        onMessage: (listener) => (toWorker = listener),
      },
      async (input) =>
        new Response(
          new ReadableStream<Uint8Array>({ start: (controller) => void writers.set(String(input), controller) }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const send = (message: ToWorker) => toWorker?.(message);
    const write = (url: string, data: unknown) =>
      writers.get(url)?.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\n\n`));
    // The first stream's fold meets what it cannot take (an answer without its thought lists stands for a fold bug).
    const unfoldable = { ...emptyAnswer, thoughts: { roots: 5, waiting: null } } as unknown as Answer;
    for (const [id, fold] of [
      [1, unfoldable],
      [2, emptyAnswer],
    ] as const) {
      send({ type: 'fetch', id, url: `https://api.test/${id}`, method: 'POST', headers: {} });
      await vi.waitFor(() => expect(opened.has(id)).toBe(true));
      send({ type: 'read', id, wire: 'sse', idleMs: 60_000, scrub: [], fold });
    }
    const thought = { id: 'constructor', parent_id: '__proto__', message: 'step', in_progress: true };
    write('https://api.test/1', { thought });
    write('https://api.test/2', { thought, generated_chunk: 'Hello' });
    send({ type: 'pull', id: 1 });
    send({ type: 'pull', id: 2 });
    await vi.waitFor(() => expect(updates.some((update) => update.id === 1 && update.end !== undefined)).toBe(true));
    const failed = updates.find((update) => update.id === 1 && update.end !== undefined);
    expect(failed?.end).toBe('broken');
    expect(failed?.folded?.serverError?.message).toMatch(/could not read a chunk of this answer/);

    await vi.waitFor(() => expect(updates.some((update) => update.id === 2)).toBe(true));
    send({ type: 'pull', id: 2 });
    write('https://api.test/2', { generated_chunk: ' world' });
    writers.get('https://api.test/2')?.close();
    await vi.waitFor(() => expect(updates.some((update) => update.id === 2 && update.end !== undefined)).toBe(true));
    const second = updates.filter((update) => update.id === 2);
    expect(second.at(-1)?.end).toBe('closed');
    const text = second.map((update) => update.folded?.update.text ?? '').join('');
    expect(text).toBe('Hello world');
    expect(second.flatMap((update) => update.folded?.update.thoughts ?? []).map((t) => t.id)).toContain('constructor');
    expect(second.every((update) => update.folded?.serverError === undefined)).toBe(true);
  });
});
