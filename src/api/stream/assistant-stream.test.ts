// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/domain/errors/api-error';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { streamAssistant } from './assistant-stream';
import { clientFor, fakeNetwork } from '@/test/fake-network';

async function collect(fetchImpl: typeof fetch, signal = new AbortController().signal) {
  const chunks: StreamChunk[] = [];
  const malformed: string[] = [];
  const { client, renewals } = clientFor(fetchImpl);
  const end = await streamAssistant(
    client,
    { assistantId: 'a1', request: { text: 'hi' }, signal },
    { onChunk: (chunk) => chunks.push(chunk), onMalformed: (raw) => malformed.push(raw) },
  );
  return { end, chunks, malformed, renewals: renewals() };
}

const sse = (value: unknown) => `data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`;

describe('streamAssistant', () => {
  it('decodes SSE chunks split anywhere across reads, skipping and counting a malformed one', async () => {
    const wire =
      sse({ generated_chunk: 'Hel' }) +
      sse('{not json') +
      sse({ generated_chunk: 'lo' }) +
      sse({ generated: 'Hello', last: true, time_elapsed: 0.4 });
    const parts = [wire.slice(0, 7), wire.slice(7, 30), wire.slice(30)];
    const { calls, fetchImpl } = fakeNetwork([{ contentType: 'text/event-stream', parts }]);
    const result = await collect(fetchImpl);
    expect(result.end).toBe('closed');
    expect(result.chunks).toEqual([
      { generatedChunk: 'Hel' },
      { generatedChunk: 'lo' },
      { generated: 'Hello', last: true, timeElapsed: 0.4 },
    ]);
    expect(result.malformed).toEqual(['{not json']);
    expect(calls[0]?.url).toBe('http://api.test/code-assistant-api/v1/assistants/a1/model');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ text: 'hi', stream: true });
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer first');
  });

  it('renews the token once after a 401 that came before any chunk', async () => {
    const { calls, fetchImpl } = fakeNetwork([
      { status: 401, contentType: 'application/json', parts: ['{"error":{"message":"Token expired"}}'] },
      { contentType: 'text/event-stream', parts: [sse({ generated: 'ok', last: true })] },
    ]);
    const result = await collect(fetchImpl);
    expect(result.renewals).toBe(1);
    expect(new Headers(calls[1]?.init?.headers).get('authorization')).toBe('Bearer renewed');
    expect(result.chunks).toEqual([{ generated: 'ok', last: true }]);
  });

  it('gives up after a second 401 with the server message', async () => {
    const denied = { status: 401, contentType: 'application/json', parts: ['{"error":{"message":"Access denied"}}'] };
    const { fetchImpl } = fakeNetwork([denied, { ...denied }]);
    await expect(collect(fetchImpl)).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Access denied',
      requestId: 'req-42',
    });
  });

  it('rejects with the server error when the call fails before streaming', async () => {
    const { fetchImpl } = fakeNetwork([
      {
        status: 500,
        contentType: 'application/json',
        parts: ['{"error":{"message":"boom","details":"x","help":"later"}}'],
      },
    ]);
    const error = await collect(fetchImpl).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 500, serverMessage: 'boom', details: 'x', help: 'later' });
  });

  it('calls an HTML page from a proxy what it is', async () => {
    const { fetchImpl } = fakeNetwork([{ status: 502, contentType: 'text/html', parts: ['<html>Bad gateway</html>'] }]);
    await expect(collect(fetchImpl)).rejects.toMatchObject({ kind: 'not-json', status: 502 });
  });

  it('takes a JSON answer from a server that ignored stream:true as the final chunk', async () => {
    const { fetchImpl } = fakeNetwork([
      {
        contentType: 'application/json',
        parts: ['{"generated":"Whole","timeElapsed":2,"tokensUsed":null,"taskId":null}'],
      },
    ]);
    const result = await collect(fetchImpl);
    expect(result.chunks).toEqual([{ generated: 'Whole', last: true, timeElapsed: 2 }]);
  });

  it('reports a connection that breaks mid-stream as broken, keeping what arrived', async () => {
    const { fetchImpl } = fakeNetwork([
      { contentType: 'text/event-stream', parts: [sse({ generated_chunk: 'part' })], failAfterParts: true },
    ]);
    const result = await collect(fetchImpl);
    expect(result.end).toBe('broken');
    expect(result.chunks).toEqual([{ generatedChunk: 'part' }]);
  });

  it('a network failure before any answer is an ApiError naming the URL', async () => {
    const { fetchImpl } = fakeNetwork([]);
    await expect(collect(fetchImpl)).rejects.toMatchObject({
      kind: 'network',
      url: 'http://api.test/code-assistant-api/v1/assistants/a1/model',
    });
  });

  it('decodes the deployed NDJSON wire: objects back to back, split anywhere, with }_{ inside strings', async () => {
    const body =
      JSON.stringify({ generated_chunk: 'a}_{b ' }) +
      JSON.stringify({ generated_chunk: 'café' }) +
      'garbage' +
      JSON.stringify({ generated: 'done {"a":1}_{"b":2}', last: true }) +
      '\n';
    const { fetchImpl } = fakeNetwork([
      { contentType: 'application/x-ndjson', parts: [body.slice(0, 9), body.slice(9, 40), body.slice(40)] },
    ]);
    const result = await collect(fetchImpl);
    expect(result.end).toBe('closed');
    // The deployed server's `}_{` rewrite of `}{` inside streamed text is undone; the final answer is never rewritten.
    expect(result.chunks).toEqual([
      { generatedChunk: 'a}{b ' },
      { generatedChunk: 'café' },
      { generated: 'done {"a":1}_{"b":2}', last: true },
    ]);
    expect(result.malformed).toEqual(['garbage']);
  });

  it('shows a JSON answer whose generated is null as no text, not the word "null"', async () => {
    const { fetchImpl } = fakeNetwork([
      {
        contentType: 'application/json',
        parts: ['{"generated":null,"timeElapsed":1,"tokensUsed":null,"taskId":null}'],
      },
    ]);
    const result = await collect(fetchImpl);
    expect(result.chunks).toEqual([{ generated: '', last: true, timeElapsed: 1 }]);
  });

  it('reports an NDJSON stream cut mid-object as broken, keeping the whole objects before it', async () => {
    const { fetchImpl } = fakeNetwork([
      {
        contentType: 'application/x-ndjson',
        parts: ['{"generated_chunk":"one"}{"generated_chu'],
        failAfterParts: true,
      },
    ]);
    const result = await collect(fetchImpl);
    expect(result.end).toBe('broken');
    expect(result.chunks).toEqual([{ generatedChunk: 'one' }]);
  });
});
