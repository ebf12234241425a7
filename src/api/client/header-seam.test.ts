// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isApiError } from '@/domain/errors/api-error';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import { callAssistant } from '@/test/assistant-json-call';
import { streamAssistant } from '@/api/stream/assistant-stream';
import { createApiClient, type HeaderContext, type HeaderDecision, type HeaderProvider } from './http-client';
import { assistantListQuery } from '@/api/catalog-queries';

const answer = JSON.stringify({ generated: 'ok', timeElapsed: 0.1, tokensUsed: null, taskId: null });

/** A provider that hands out a fresh correlation id per call and remembers what it was asked. */
function countingProvider(propagate = true) {
  const asked: HeaderContext[] = [];
  const provider: HeaderProvider = {
    headersFor(context): HeaderDecision {
      asked.push(context);
      const value = `corr-${asked.length}`;
      return {
        ok: true,
        forwarded: {
          profileName: 'Tenant A',
          propagate,
          headers: propagate
            ? [
                { name: 'X-Tenant-ID', template: 'acme', value: 'acme', stripped: false },
                { name: 'X-Correlation-ID', template: '{{uuid}}', value, stripped: false },
              ]
            : [],
          notSent: propagate ? [] : ['X-Tenant-ID'],
        },
      };
    },
  };
  return { provider, asked };
}

describe('the header seam', () => {
  it('adds the provider’s headers and propagate_headers to an assistant call, resolved once for both attempts of a 401 retry', async () => {
    const { provider, asked } = countingProvider();
    const { calls, fetchImpl } = fakeNetwork([
      { status: 401, contentType: 'application/json', parts: ['{"error":{"message":"expired"}}'] },
      { contentType: 'application/json', parts: [answer] },
    ]);
    const { client } = clientFor(fetchImpl, ['first', 'renewed'], provider);
    const sent: string[] = [];
    await callAssistant(
      client,
      'a1',
      { text: 'hi', conversation_id: 'c-1' },
      { subject: 'turn-1', onSent: ({ logId }) => sent.push(logId) },
    );
    expect(asked).toEqual([{ kind: 'assistant', conversationId: 'c-1' }]);
    for (const call of calls) {
      const headers = new Headers(call.init?.headers);
      expect(headers.get('x-tenant-id')).toBe('acme');
      expect(headers.get('x-correlation-id')).toBe('corr-1');
      expect(JSON.parse(String(call.init?.body))).toMatchObject({ text: 'hi', stream: false, propagate_headers: true });
    }
    expect(sent).toHaveLength(2);
    expect(client.log.latestFor('turn-1')?.id).toBe(sent[1]);
  });

  it('sends no custom header and no flag when forwarding is off, but records what was not sent', async () => {
    const { provider } = countingProvider(false);
    const { calls, fetchImpl } = fakeNetwork([{ contentType: 'application/json', parts: [answer] }]);
    const { client } = clientFor(fetchImpl, ['first'], provider);
    await callAssistant(client, 'a1', { text: 'hi' }, { subject: 't' });
    const headers = [...new Headers(calls[0]?.init?.headers).keys()];
    // The request id is the console's own header, not one of the profile's.
    expect(headers.filter((name) => name.startsWith('x-'))).toEqual(['x-request-id']);
    expect(JSON.parse(String(calls[0]?.init?.body))).not.toHaveProperty('propagate_headers');
    expect(client.log.latestFor('t')?.forwarded?.notSent).toEqual(['X-Tenant-ID']);
  });

  it('sends a fresh X-Request-ID with every call unless turned off, and a profile’s own id wins', async () => {
    const { fetchImpl, calls } = fakeNetwork([
      { contentType: 'application/json', parts: [answer] },
      { contentType: 'application/json', parts: [answer] },
    ]);
    let ids = 0;
    let wanted = true;
    const client = createApiClient({
      baseUrl: 'http://api.test/code-assistant-api',
      fetchImpl,
      tokens: { getAccessToken: async () => 't', renewAccessToken: async () => null },
      newRequestId: () => `id-${(ids += 1)}`,
      sendRequestIds: () => wanted,
    });
    await callAssistant(client, 'a1', { text: 'hi' }, { subject: 'a' });
    wanted = false;
    await callAssistant(client, 'a1', { text: 'hi' }, { subject: 'b' });
    expect(calls.map((call) => new Headers(call.init?.headers).get('x-request-id'))).toEqual(['id-1', null]);
    expect(client.log.latestFor('a')?.requestId).toBe('id-1');
    expect(client.log.latestFor('b')?.requestId).toBeUndefined();
  });

  it('asks afresh for every streamed call', async () => {
    const { provider, asked } = countingProvider();
    const sse = 'data: {"generated":"ok","last":true}\n\n';
    const { calls, fetchImpl } = fakeNetwork([
      { contentType: 'text/event-stream', parts: [sse] },
      { contentType: 'text/event-stream', parts: [sse] },
    ]);
    const { client } = clientFor(fetchImpl, ['first'], provider);
    const handlers = { onChunk: () => undefined, onMalformed: () => undefined };
    for (const subject of ['t1', 't2'])
      await streamAssistant(
        client,
        { assistantId: 'a1', request: { text: 'hi' }, signal: new AbortController().signal, subject },
        handlers,
      );
    expect(asked).toHaveLength(2);
    expect(calls.map((call) => new Headers(call.init?.headers).get('x-correlation-id'))).toEqual(['corr-1', 'corr-2']);
    const logged = client.log.latestFor('t2');
    expect(logged?.state).toBe('done');
    expect(logged?.stream?.chunks.map((chunk) => chunk.text)).toEqual(['{"generated":"ok","last":true}']);
  });

  it('sends nothing when the headers cannot be resolved, and says why', async () => {
    const provider: HeaderProvider = {
      headersFor: () => ({
        ok: false,
        problems: ['Row 1 (X-Session): {{session_id}} has no value on an assistant call'],
      }),
    };
    const { calls, fetchImpl } = fakeNetwork([]);
    const { client } = clientFor(fetchImpl, ['first'], provider);
    const failure = await callAssistant(client, 'a1', { text: 'hi' }).catch((error: unknown) => error);
    expect(isApiError(failure) && failure.kind).toBe('headers');
    expect(isApiError(failure) && failure.details).toEqual([
      'Row 1 (X-Session): {{session_id}} has no value on an assistant call',
    ]);
    expect(calls).toHaveLength(0);
  });

  it('never consults the provider for catalog calls, and logs them without the token', async () => {
    const { provider, asked } = countingProvider();
    const page = JSON.stringify({ data: [], pagination: { page: 0, per_page: 20, total: 0, pages: 0 } });
    const { calls, fetchImpl } = fakeNetwork([{ contentType: 'application/json', parts: [page] }]);
    const { client } = clientFor(fetchImpl, ['secret-token'], provider);
    const query = assistantListQuery(client, '');
    await query.queryFn?.({
      signal: new AbortController().signal,
      pageParam: 0,
      queryKey: query.queryKey,
      meta: undefined,
      direction: 'forward',
      client: undefined as never,
    });
    expect(asked).toEqual([]);
    expect(new Headers(calls[0]?.init?.headers).get('x-tenant-id')).toBeNull();
    const entry = client.log.entries()[0];
    expect(entry?.kind).toBe('catalog');
    expect(entry?.requestHeaders).toContainEqual(['Authorization', 'Bearer $ACCESS_TOKEN']);
    expect(JSON.stringify(client.log.entries())).not.toContain('secret-token');
  });
});
