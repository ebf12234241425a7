import { afterEach, describe, expect, it } from 'vitest';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { streamAssistant } from '@/api/stream/assistant-stream';
import { createApiClient } from '@/api/client/http-client';
import { fakeNetwork, type Reply } from '@/test/fake-network';
import type { FromWorker, ToWorker } from './protocol';
import { serveStreams } from './serve-streams';
import { createWorkerStreams, type WorkerEnd } from './worker-streams';

// The worker's code and the page's, joined by a message channel as a Worker joins them: what a browser runs, in Node.
const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((channel) => channel.port1.close()));

function overChannel(replies: Reply[]) {
  const network = fakeNetwork(replies);
  const channel = new MessageChannel();
  channels.push(channel);
  serveStreams(
    {
      post: (message, transfer) => channel.port2.postMessage(message, transfer),
      onMessage: (listener) => channel.port2.addEventListener('message', (event) => listener(event.data as ToWorker)),
    },
    network.fetchImpl,
  );
  channel.port2.start();
  let updates = 0;
  const page: WorkerEnd = {
    postMessage: (message) => channel.port1.postMessage(message),
    onMessage: (listener) =>
      channel.port1.addEventListener('message', (event) => {
        const message = event.data as FromWorker;
        if (message.type === 'update') updates += 1;
        listener(message);
      }),
    onError: () => undefined,
    terminate: () => channel.port1.close(),
  };
  channel.port1.start();
  // A frame every 16 ms.
  const streams = createWorkerStreams({ start: () => page, schedule: (run) => void setTimeout(run, 16) });
  if (!streams) throw new Error('no stream transport');
  let renewals = 0;
  const client = createApiClient({
    baseUrl: 'http://api.test/code-assistant-api',
    fetchImpl: () => Promise.reject(new TypeError('streamed calls go through the worker')),
    streams,
    tokens: {
      getAccessToken: async () => 'first',
      renewAccessToken: async () => {
        renewals += 1;
        return 'renewed';
      },
    },
  });
  return { client, calls: network.calls, updates: () => updates, renewals: () => renewals };
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
