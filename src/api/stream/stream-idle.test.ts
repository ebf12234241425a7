// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { streamAssistant } from './assistant-stream';
import { streamExecution } from '@/api/workflows/workflow-calls';

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const idleMs = 90_000;

function start(reply: Reply) {
  const chunks: StreamChunk[] = [];
  const { fetchImpl } = fakeNetwork([reply]);
  const { client } = clientFor(fetchImpl, undefined, undefined, idleMs);
  let settled: { end?: string; error?: unknown } | undefined;
  void streamAssistant(
    client,
    { assistantId: 'a1', request: { text: 'hi' }, signal: new AbortController().signal, subject: 'turn-1' },
    { onChunk: (chunk) => chunks.push(chunk), onMalformed: () => undefined },
  ).then(
    (end) => (settled = { end }),
    (error: unknown) => (settled = { error }),
  );
  return { chunks, outcome: () => settled, entry: () => client.log.latestFor('turn-1') };
}

describe('a stream that goes silent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is given up after the idle timeout as stalled, keeping what arrived, and the log says why', async () => {
    const run = start({
      contentType: 'text/event-stream',
      parts: [sse({ generated_chunk: 'Half an ' })],
      stallAfterParts: true,
    });
    await vi.advanceTimersByTimeAsync(idleMs - 1000);
    expect(run.outcome()).toBeUndefined();
    expect(run.chunks).toEqual([{ generatedChunk: 'Half an ' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run.outcome()).toEqual({ end: 'stalled' });
    expect(run.entry()).toMatchObject({
      state: 'failed',
      error: 'no data from the server for 90 s: the console stopped reading',
    });
  });

  it('the same on the NDJSON wire', async () => {
    const run = start({
      contentType: 'application/x-ndjson',
      parts: ['{"generated_chunk":"Half"}{"generated_chu'],
      stallAfterParts: true,
    });
    await vi.advanceTimersByTimeAsync(idleMs);
    expect(run.outcome()).toEqual({ end: 'stalled' });
    expect(run.chunks).toEqual([{ generatedChunk: 'Half' }]);
  });

  it('counts bytes, not chunks: a chunk dripped slower than the timeout still arrives, and the answer completes', async () => {
    const whole = sse({ generated: 'Slow but whole', last: true });
    // One byte every 30 s: the chunk takes far longer than 90 s, but the stream is never silent for 90 s.
    const run = start({ contentType: 'text/event-stream', parts: whole.split(''), partDelayMs: 30_000 });
    await vi.advanceTimersByTimeAsync(30_000 * (whole.length + 1));
    expect(run.outcome()).toEqual({ end: 'closed' });
    expect(run.chunks).toEqual([{ generated: 'Slow but whole', last: true }]);
    expect(run.entry()?.state).toBe('done');
  });

  it('a stream that ends in time leaves no timer behind', async () => {
    const run = start({ contentType: 'text/event-stream', parts: [sse({ generated: 'done', last: true })] });
    // The reader hands the end over at the page's next frame.
    await vi.advanceTimersByTimeAsync(50);
    expect(run.outcome()).toEqual({ end: 'closed' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a streamed workflow run that goes silent ends like a broken stream (its follow-up settles it)', async () => {
    const { fetchImpl } = fakeNetwork([
      { contentType: 'application/x-ndjson', parts: ['{"workflow_execution_id":"e1"}'], stallAfterParts: true },
    ]);
    const { client } = clientFor(fetchImpl, undefined, undefined, idleMs);
    const ended = streamExecution(
      client,
      'w1',
      { user_input: 'x' },
      { signal: new AbortController().signal },
      { onChunk: () => undefined, onMalformed: () => undefined, onRecord: () => undefined },
    );
    await vi.advanceTimersByTimeAsync(idleMs);
    await expect(ended).resolves.toBe('broken');
  });
});

describe('an error sent inside the stream', () => {
  it('shows in the request log as failed with the server’s message, not as done', async () => {
    const run = start({
      contentType: 'text/event-stream',
      parts: [sse({ generated_chunk: 'a' }), sse({ error: { message: 'Access token expired' } })],
    });
    await expect.poll(() => run.outcome()).toBeDefined();
    expect(run.entry()).toMatchObject({ state: 'failed', error: 'Access token expired' });
  });
});
