// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiError } from '@/domain/errors/api-error';
import { parseTraceparent } from '@/domain/trace/trace-context';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import { createApiClient, type SentCall } from './http-client';
import { streamAssistant } from '@/api/stream/assistant-stream';

const ok = { contentType: 'application/json', parts: ['{}'] };
const traceparentOf = (call: { init: RequestInit | undefined } | undefined) =>
  new Headers(call?.init?.headers).get('traceparent');

describe('trace context on every call', () => {
  it('puts one subject’s calls in one trace, each with a span of its own, and logs both ids', async () => {
    const { calls, fetchImpl } = fakeNetwork([ok, ok, ok]);
    const { client } = clientFor(fetchImpl);
    const sent: SentCall[] = [];
    await client.json('/v1/a', z.unknown(), { subject: 'turn-1', onSent: (call) => sent.push(call) });
    await client.json('/v1/b', z.unknown(), { subject: 'turn-1' });
    await client.json('/v1/c', z.unknown(), { subject: 'turn-2' });
    const parsed = calls.map((call) => parseTraceparent(traceparentOf(call)));
    expect(parsed.every((context) => context?.sampled === true)).toBe(true);
    const [first, second, third] = parsed;
    expect(second?.traceId).toBe(first?.traceId);
    expect(second?.spanId).not.toBe(first?.spanId);
    expect(third?.traceId).not.toBe(first?.traceId);
    const entries = client.log.entries();
    expect(entries.map((entry) => entry.traceId)).toEqual(parsed.map((context) => context?.traceId));
    expect(entries.map((entry) => entry.spanId)).toEqual(parsed.map((context) => context?.spanId));
    expect(sent[0]?.traceId).toBe(first?.traceId);
  });

  it('gives a call outside a turn or run a trace of its own', async () => {
    const { calls, fetchImpl } = fakeNetwork([ok, ok]);
    const { client } = clientFor(fetchImpl);
    await client.json('/v1/assistants', z.unknown());
    await client.json('/v1/assistants', z.unknown());
    const [first, second] = calls.map((call) => parseTraceparent(traceparentOf(call)));
    expect(first).not.toBeNull();
    expect(second?.traceId).not.toBe(first?.traceId);
  });

  it('keeps a retry after a renewed token in the trace, as another span', async () => {
    const { calls, fetchImpl } = fakeNetwork([
      { status: 401, contentType: 'application/json', parts: ['{"error":{"message":"expired"}}'] },
      ok,
    ]);
    const { client } = clientFor(fetchImpl, ['first', 'renewed']);
    await client.json('/v1/a', z.unknown());
    const [first, second] = calls.map((call) => parseTraceparent(traceparentOf(call)));
    expect(second?.traceId).toBe(first?.traceId);
    expect(second?.spanId).not.toBe(first?.spanId);
  });

  it('sends none when turned off, at once, and logs none', async () => {
    const { calls, fetchImpl } = fakeNetwork([ok, ok]);
    let wanted = true;
    const client = createApiClient({
      baseUrl: 'http://api.test/code-assistant-api',
      fetchImpl,
      tokens: { getAccessToken: async () => 't', renewAccessToken: async () => null },
      sendTraceContext: () => wanted,
    });
    const sent: SentCall[] = [];
    await client.json('/v1/a', z.unknown(), { subject: 's' });
    wanted = false;
    await client.json('/v1/b', z.unknown(), { subject: 's', onSent: (call) => sent.push(call) });
    expect(calls.map((call) => traceparentOf(call) !== null)).toEqual([true, false]);
    expect(client.log.entries()[1]?.traceId).toBeUndefined();
    expect(client.log.entries()[1]?.spanId).toBeUndefined();
    expect(sent[0]).not.toHaveProperty('traceId');
    expect(client.traceContext()).toBeUndefined();
  });

  it('names the trace on a refused call, a call that got no answer, and a stream that opened', async () => {
    const refusal = '{"error":{"message":"Access denied"}}';
    const { calls, fetchImpl } = fakeNetwork([{ status: 403, contentType: 'application/json', parts: [refusal] }]);
    const { client } = clientFor(fetchImpl);
    const refused = await client.json('/v1/a', z.unknown(), { subject: 'turn-9' }).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.traceId).toBe(parseTraceparent(traceparentOf(calls[0]))?.traceId);
    expect(isApiError(refused) && refused.requestId).toBe('req-42');

    const unreachable = await client.json('/v1/b', z.unknown(), { subject: 'turn-9' }).catch((error: unknown) => error);
    expect(isApiError(unreachable) && unreachable.kind).toBe('network');
    expect(isApiError(unreachable) && unreachable.traceId).toBe(isApiError(refused) && refused.traceId);

    const sse = fakeNetwork([
      { contentType: 'text/event-stream', parts: ['data: {"generated":"ok","last":true}\n\n'] },
    ]);
    const streaming = clientFor(sse.fetchImpl).client;
    const opened: (string | undefined)[] = [];
    await streamAssistant(
      streaming,
      { assistantId: 'a1', request: { text: 'hi' }, signal: new AbortController().signal, subject: 'turn-3' },
      { onChunk: () => undefined, onMalformed: () => undefined, onOpen: (info) => opened.push(info.traceId) },
    );
    expect(opened).toEqual([parseTraceparent(traceparentOf(sse.calls[0]))?.traceId]);
  });
});
