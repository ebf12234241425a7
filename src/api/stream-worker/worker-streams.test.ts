import { afterEach, describe, expect, it } from 'vitest';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { streamAssistant, type FoldedChunks } from '@/api/stream/assistant-stream';
import { emptyAnswer, type Answer } from '@/domain/answer/answer';
import { applyAnswerUpdate } from '@/domain/answer/answer-update';
import { noReads, type ChunkReads } from '@/domain/stream/stream-health';
import type { Reply } from '@/test/fake-network';
import { workerOnChannel } from '@/test/stream-worker-channel';

const channels: { close(): void }[] = [];
afterEach(() => channels.splice(0).forEach((channel) => channel.close()));

function overChannel(replies: Reply[]) {
  const world = workerOnChannel(replies);
  channels.push(world);
  return world;
}

async function ask(world: ReturnType<typeof overChannel>, signal = new AbortController().signal) {
  const chunks: StreamChunk[] = [];
  const times: number[] = [];
  const malformed: string[] = [];
  const end = await streamAssistant(
    world.client,
    { assistantId: 'a1', request: { text: 'hi' }, signal },
    {
      onChunk: (chunk, receivedAt) => {
        chunks.push(chunk);
        if (receivedAt !== undefined) times.push(receivedAt);
      },
      onMalformed: (raw) => malformed.push(raw),
    },
  );
  return { end, chunks, times, malformed };
}

const sse = (value: unknown) => `data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`;
const tokens = (count: number) => Array.from({ length: count }, (_, index) => sse({ generated_chunk: `t${index} ` }));

describe('streams read in the worker', () => {
  it('hands over every chunk in order, with when it arrived, in far fewer updates than chunks', async () => {
    const world = overChannel([
      {
        contentType: 'text/event-stream',
        parts: [...tokens(200), sse('{not json'), sse({ generated: 'done', last: true })],
        partDelayMs: 1,
      },
    ]);
    const result = await ask(world);
    expect(result.end).toBe('closed');
    expect(result.chunks).toHaveLength(201);
    expect(result.chunks[0]).toEqual({ generatedChunk: 't0 ' });
    expect(result.chunks.at(-1)).toEqual({ generated: 'done', last: true });
    expect(result.malformed).toEqual(['{not json']);
    expect(result.times).toHaveLength(201);
    expect(result.times.every((at, index) => index === 0 || at >= (result.times[index - 1] ?? 0))).toBe(true);
    expect(world.updates()).toBeLessThan(100);
    // The request log saw every piece, the unreadable one too.
    const logged = world.client.log.entries()[0]?.stream?.chunks ?? [];
    expect(logged).toHaveLength(202);
    expect(logged[200]?.text).toBe('{not json');
    expect(world.client.log.entries()[0]?.state).toBe('done');
  });

  it('restores the deployed wire’s `}_{` on NDJSON, read in the worker too', async () => {
    const world = overChannel([
      {
        contentType: 'application/x-ndjson',
        parts: ['{"generated_chunk":"a }_{ b"}', '{"generated":"x","last":true}'],
      },
    ]);
    const result = await ask(world);
    expect(result.chunks[0]).toEqual({ generatedChunk: 'a }{ b' });
    expect(result.end).toBe('closed');
  });

  it('renews the token once after a 401, sending the question again only then', async () => {
    const world = overChannel([
      { status: 401, contentType: 'application/json', parts: ['{"error":{"message":"Token expired"}}'] },
      { contentType: 'text/event-stream', parts: [sse({ generated: 'ok', last: true })] },
    ]);
    const result = await ask(world);
    expect(world.renewals()).toBe(1);
    expect(world.calls).toHaveLength(2);
    expect(new Headers(world.calls[1]?.init?.headers).get('authorization')).toBe('Bearer renewed');
    expect(result.chunks).toEqual([{ generated: 'ok', last: true }]);
  });

  it('gives an error answer to the page whole, as the API wrote it', async () => {
    const world = overChannel([
      { status: 422, contentType: 'application/json', parts: ['{"error":{"message":"Bad model"}}'] },
    ]);
    await expect(ask(world)).rejects.toMatchObject({ status: 422, serverMessage: 'Bad model' });
  });

  it('Stop ends the read at once, aborted, keeping what arrived', async () => {
    const world = overChannel([{ contentType: 'text/event-stream', parts: [...tokens(3)], stallAfterParts: true }]);
    const controller = new AbortController();
    const chunks: StreamChunk[] = [];
    const ended = streamAssistant(
      world.client,
      { assistantId: 'a1', request: { text: 'hi' }, signal: controller.signal },
      {
        onChunk: (chunk) => {
          chunks.push(chunk);
          if (chunks.length === 3) controller.abort();
        },
        onMalformed: () => undefined,
      },
    );
    expect(await ended).toBe('aborted');
    expect(chunks).toHaveLength(3);
    expect(world.calls).toHaveLength(1);
  });
});

/** Asks with the answer folded where it is read: the page applies each update to its copy, as the chat does. */
async function askFolded(world: ReturnType<typeof overChannel>, signal = new AbortController().signal) {
  let answer: Answer = emptyAnswer;
  let reads: ChunkReads = noReads;
  const batches: FoldedChunks[] = [];
  const end = await streamAssistant(
    world.client,
    { assistantId: 'a1', request: { text: 'hi' }, signal },
    {
      fold: {
        from: () => answer,
        onFolded: (batch) => {
          batches.push(batch);
          answer = applyAnswerUpdate(answer, batch.update);
          reads = { ...reads, chunks: reads.chunks + batch.reads.chunks, tokens: reads.tokens + batch.reads.tokens };
        },
      },
    },
  ).catch((error: unknown) => error);
  return { end, answer, reads, batches };
}

const sseStream = (): Reply => ({
  contentType: 'text/event-stream',
  parts: [
    ...tokens(200),
    sse({ thought: { id: 'tool', author_name: 'search', message: 'looking', in_progress: true } }),
    sse({ thought: { id: 'tool', message: ' more', in_progress: false } }),
    sse('{not json'),
    sse({ generated: 'done', last: true, time_elapsed: 1.5 }),
  ],
  partDelayMs: 1,
});

describe('an answer folded in the worker', () => {
  it('reaches the page as what each batch changed, never as its chunks, and ends as the same answer', async () => {
    const world = overChannel([sseStream()]);
    const result = await askFolded(world);
    expect(result.end).toBe('closed');
    expect(result.answer).toMatchObject({ text: 'done', complete: true, timeElapsed: 1.5, malformedChunks: 1 });
    expect(result.answer.thoughts.roots).toMatchObject([{ id: 'tool', message: 'looking more', inProgress: false }]);
    // Every chunk was read and timed: 200 tokens, two thoughts, one unreadable piece, the last chunk.
    expect(result.reads).toMatchObject({ chunks: 204, tokens: 202 });
    expect(result.batches.length).toBeLessThan(100);
    expect(result.batches.at(-1)?.last).toBe(true);
    // The request log saw every piece, the unreadable one too.
    expect(world.client.log.entries()[0]?.stream?.chunks).toHaveLength(204);
    expect(world.client.log.entries()[0]?.state).toBe('done');
  });

  it('sends the page less than the chunks themselves would take', async () => {
    const folded = overChannel([sseStream()]);
    await askFolded(folded);
    const raw = overChannel([sseStream()]);
    await ask(raw);
    const total = (sizes: number[]) => sizes.reduce((sum, size) => sum + size, 0);
    // Measured: 15.8 KB against 32.4 KB for this stream; most of what is left is the request log's copy of each piece.
    expect(total(folded.updateSizes)).toBeLessThan(total(raw.updateSizes) * 0.6);
  });

  it('fails the call with the server’s words when it sent an error and no last chunk', async () => {
    const world = overChannel([
      {
        contentType: 'application/x-ndjson',
        parts: ['{"generated_chunk":"part"}', '{"error":{"message":"Model overloaded"}}'],
      },
    ]);
    const result = await askFolded(world);
    expect(result.end).toMatchObject({ kind: 'stream', serverMessage: 'Model overloaded' });
    expect(result.answer.text).toBe('part');
  });

  it('Stop ends the read at once, keeping what was folded, with one request', async () => {
    const world = overChannel([{ contentType: 'text/event-stream', parts: [...tokens(3)], stallAfterParts: true }]);
    const controller = new AbortController();
    let answer: Answer = emptyAnswer;
    const end = await streamAssistant(
      world.client,
      { assistantId: 'a1', request: { text: 'hi' }, signal: controller.signal },
      {
        fold: {
          from: () => answer,
          onFolded: (batch) => {
            answer = applyAnswerUpdate(answer, batch.update);
            if (answer.text === 't0 t1 t2 ') controller.abort();
          },
        },
      },
    );
    expect(end).toBe('aborted');
    expect(answer.text).toBe('t0 t1 t2 ');
    expect(world.calls).toHaveLength(1);
  });

  it('asks for the next update before applying this one, so the request goes at the start of the frame', async () => {
    // Both wait for the next frame, which runs them in the order they were asked for.
    const order: string[] = [];
    let applying = false;
    const frame = (run: () => void) => {
      order.push(applying ? 'apply' : 'ask');
      setTimeout(run, 16);
    };
    const world = workerOnChannel([sseStream()], frame);
    channels.push(world);
    const end = await streamAssistant(
      world.client,
      { assistantId: 'a1', request: { text: 'hi' }, signal: new AbortController().signal },
      {
        fold: {
          from: () => emptyAnswer,
          onFolded: () => {
            applying = true;
            frame(() => undefined);
            applying = false;
          },
        },
      },
    );
    expect(end).toBe('closed');
    // Each update but the last asks for the next, then is applied; the last only ends the stream.
    expect(order.join(' ')).toMatch(/^(ask apply )+apply$/);
  });
});
