// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamChunk } from '@/domain/stream/stream-chunk';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { streamAssistant } from './assistant-stream';
import { deliverPiece, deliverSseEvent, maxChunkChars, watchServerErrors } from './stream-pieces';

async function run(reply: Reply) {
  const chunks: StreamChunk[] = [];
  const malformed: string[] = [];
  const { fetchImpl } = fakeNetwork([reply]);
  const { client } = clientFor(fetchImpl);
  const outcome = await streamAssistant(
    client,
    { assistantId: 'a1', request: { text: 'hi' }, signal: new AbortController().signal },
    { onChunk: (chunk) => chunks.push(chunk), onMalformed: (raw) => malformed.push(raw) },
  ).then(
    (end) => ({ end }),
    (error: unknown) => ({ error }),
  );
  return { outcome, chunks, malformed };
}

const sse = (value: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`;
const nested = (levels: number) => `${'{"id":"t","children":['.repeat(levels)}${']}'.repeat(levels)}`;
const collect = () => {
  const chunks: StreamChunk[] = [];
  const malformed: string[] = [];
  return {
    chunks,
    malformed,
    sink: { onChunk: (chunk: StreamChunk) => chunks.push(chunk), onMalformed: (raw: string) => malformed.push(raw) },
  };
};

describe('errors inside a stream fail the answer with the server’s message', () => {
  it('an error object after part of the answer, with no last chunk', async () => {
    const { outcome, chunks } = await run({
      contentType: 'text/event-stream',
      parts: [sse({ generated_chunk: 'Hel' }), sse({ error: { message: 'Access token expired' } })],
    });
    expect(outcome).toEqual({
      error: expect.objectContaining({ kind: 'stream', serverMessage: 'Access token expired', requestId: 'req-42' }),
    });
    // What arrived before the error is delivered: the turn keeps its partial answer.
    expect(chunks[0]).toEqual({ generatedChunk: 'Hel' });
  });

  it('a FastAPI detail on the NDJSON wire', async () => {
    const { outcome } = await run({
      contentType: 'application/x-ndjson',
      parts: ['{"generated_chunk":"a"}{"detail":"Not authenticated"}'],
    });
    expect(outcome).toEqual({ error: expect.objectContaining({ kind: 'stream', serverMessage: 'Not authenticated' }) });
  });

  it('an SSE error event, even when the connection then breaks', async () => {
    const { outcome } = await run({
      contentType: 'text/event-stream',
      parts: [sse({ generated_chunk: 'a' }), sse({ message: 'Model overloaded' }, 'error')],
      failAfterParts: true,
    });
    expect(outcome).toEqual({ error: expect.objectContaining({ kind: 'stream', serverMessage: 'Model overloaded' }) });
  });

  it('an unknown SSE event before a last chunk completes the answer, with the event as its error', async () => {
    const { outcome, chunks } = await run({
      contentType: 'text/event-stream',
      parts: [sse({ tokens: 3 }, 'usage'), sse({ generated: 'done', last: true })],
    });
    expect(outcome).toEqual({ end: 'closed' });
    expect(chunks[0]?.serverError).toEqual({
      message: 'The server sent an event of unknown type "usage": {"tokens":3}',
      source: 'unknown-event',
    });
    expect(chunks[1]).toEqual({ generated: 'done', last: true });
  });

  it('an error after the last chunk leaves the answer complete, with the error on it', async () => {
    const { outcome, chunks } = await run({
      contentType: 'text/event-stream',
      parts: [sse({ generated: 'done', last: true }), sse({ error: { message: 'late' } })],
    });
    expect(outcome).toEqual({ end: 'closed' });
    expect(chunks.at(-1)?.serverError?.message).toBe('late');
  });

  it('an error body sent as the whole JSON answer with 200', async () => {
    const { outcome } = await run({
      contentType: 'application/json',
      parts: ['{"detail":"Upstream quota exhausted"}'],
    });
    expect(outcome).toEqual({
      error: expect.objectContaining({ kind: 'stream', serverMessage: 'Upstream quota exhausted' }),
    });
  });

  it('a stream without errors ends as before, even without a last chunk (interrupted, not failed)', async () => {
    const { outcome } = await run({ contentType: 'text/event-stream', parts: [sse({ generated_chunk: 'a' })] });
    expect(outcome).toEqual({ end: 'closed' });
  });
});

describe('unreadable pieces are skipped and counted, never fatal', () => {
  it('a thought nested 3,000 levels deep, on both wires (the NDJSON reviver recurses too)', async () => {
    const deep = `{"generated_chunk":"x","thought":${nested(3000)}}`;
    const viaSse = await run({
      contentType: 'text/event-stream',
      parts: [sse(deep), sse({ generated: 'ok', last: true })],
    });
    expect(viaSse.outcome).toEqual({ end: 'closed' });
    expect(viaSse.malformed).toHaveLength(1);
    expect(viaSse.chunks).toEqual([
      { generatedChunk: 'x', invalidFields: ['thought'] },
      { generated: 'ok', last: true },
    ]);
    const viaNdjson = await run({
      contentType: 'application/x-ndjson',
      parts: [deep, '{"generated":"ok","last":true}'],
    });
    expect(viaNdjson.outcome).toEqual({ end: 'closed' });
    expect(viaNdjson.malformed).toHaveLength(1);
    expect(viaNdjson.chunks.at(-1)).toEqual({ generated: 'ok', last: true });
  });

  it('a piece over the size limit is not parsed, and only an excerpt of it is kept', () => {
    const { chunks, malformed, sink } = collect();
    deliverPiece(`{"generated_chunk":"${'x'.repeat(maxChunkChars)}"}`, sink, undefined);
    expect(chunks).toEqual([]);
    expect(malformed).toHaveLength(1);
    expect(malformed[0]?.length).toBeLessThan(300);
  });

  it('an object that is neither a chunk nor an error is counted', () => {
    const { chunks, malformed, sink } = collect();
    deliverPiece('{}', sink, undefined);
    deliverPiece('[1,2]', sink, undefined);
    expect(chunks).toEqual([]);
    expect(malformed).toEqual(['{}', '[1,2]']);
  });

  it('SSE events by type: default events carry chunks, named keep-alives are ignored', () => {
    const { chunks, malformed, sink } = collect();
    deliverSseEvent('message', '{"generated_chunk":"a"}', sink, undefined);
    deliverSseEvent('', '{"generated_chunk":"b"}', sink, undefined);
    deliverSseEvent('ping', '', sink, undefined);
    deliverSseEvent('', '', sink, undefined);
    deliverSseEvent('error', '', sink, undefined);
    expect(chunks.map((chunk) => chunk.generatedChunk ?? chunk.serverError?.source)).toEqual([
      'a',
      'b',
      'sse-error-event',
    ]);
    expect(malformed).toEqual([]);
  });

  it('fuzz: no piece or event, however garbled or deep, throws out of the readers', () => {
    const deepPieces = [nested(10), nested(3000), `{"thought":${nested(20_000)}}`];
    // Deep pieces are costly to parse: one run in eleven is enough to meet each of them hundreds of times.
    const piece = fc.oneof(
      { arbitrary: fc.string(), weight: 5 },
      { arbitrary: fc.json(), weight: 5 },
      { arbitrary: fc.constantFrom(...deepPieces), weight: 1 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), piece, fc.boolean(), (event, data, ndjson) => {
        const { sink } = collect();
        const watch = watchServerErrors({ ...sink });
        if (ndjson) deliverPiece(data, watch.handlers, undefined, (_key, value) => value);
        else deliverSseEvent(event, data, watch.handlers, undefined);
        const failure = watch.failure('closed');
        expect(failure === null || failure.kind === 'stream').toBe(true);
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);
});
