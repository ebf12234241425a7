import { describe, expect, it } from 'vitest';
import { streamAssistant } from '@/api/stream/assistant-stream';
import { describeError } from '@/domain/errors/describe-error';
import { isApiError, type ApiError } from '@/domain/errors/api-error';
import { secretMask } from '@/domain/headers/secrets';
import { callAssistant } from '@/test/assistant-json-call';
import { clientFor } from '@/test/fake-network';
import type { HeaderProvider } from './http-client';

const key = 'k-7f3a9c21-live';
const provider: HeaderProvider = {
  headersFor: () => ({
    ok: true,
    forwarded: {
      profileName: 'Tenant A',
      propagate: true,
      headers: [
        { name: 'X-Tenant-ID', template: 'acme', value: 'acme', stripped: false, secret: false },
        { name: 'X-Service-Token', template: secretMask, value: secretMask, stripped: false, secret: true },
      ],
      notSent: [],
    },
    secrets: { 'X-Service-Token': key },
  }),
  secretValues: () => [key],
};

const model = 'http://api.test/code-assistant-api/v1/assistants/a1/model';
const answer = JSON.stringify({ generated: 'ok', timeElapsed: 1 });

type Route = { redirect: number; to: string } | { body: string; contentType: string };

/**
 * A network that redirects as servers do and follows redirects as browsers do: every header goes on to the new address
 * (only a `redirect: 'manual'` request stops; `browser` hides the address of the redirect from it, as browsers do).
 */
function redirectingNetwork(routes: Record<string, Route>, { browser = false } = {}) {
  const received: { url: string; headers: Headers; method: string }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    let url = String(input);
    let method = init?.method ?? 'GET';
    for (let hop = 0; hop < 10; hop += 1) {
      received.push({ url, headers: new Headers(init?.headers), method });
      const route = routes[url];
      if (!route)
        return new Response('{"detail":"not found"}', { status: 404, headers: { 'content-type': 'application/json' } });
      if ('body' in route) return new Response(route.body, { headers: { 'content-type': route.contentType } });
      if ((init?.redirect ?? 'follow') === 'follow') {
        url = new URL(route.to, url).href;
        if (route.redirect === 303) method = 'GET';
        continue;
      }
      if (!browser) return new Response(null, { status: route.redirect, headers: { location: route.to } });
      const opaque = new Response(null, { status: 302 });
      Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
      return opaque;
    }
    throw new TypeError('redirect loop');
  };
  return { fetchImpl, received };
}

const refusal = async (call: Promise<unknown>): Promise<ApiError> => {
  const error: unknown = await call.then(
    () => null,
    (cause: unknown) => cause,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
};

describe('redirects of a call with custom headers', () => {
  it('one to another origin is not followed: no header of the call reaches it, and the error says why', async () => {
    const { fetchImpl, received } = redirectingNetwork({
      [model]: { redirect: 307, to: 'https://elsewhere.example/collect' },
      'https://elsewhere.example/collect': { body: answer, contentType: 'application/json' },
    });
    const { client } = clientFor(fetchImpl, ['first'], provider);
    const error = await refusal(callAssistant(client, 'a1', { text: 'hi' }));
    expect(received.map((request) => request.url)).toEqual([model]);
    expect(received[0]?.headers.get('x-service-token')).toBe(key);
    expect(error.kind).toBe('redirect');
    const words = describeError(error, 'assistant');
    expect(words.title).toBe('The API redirected a call that carries custom headers');
    expect(words.explanation).toContain('to https://elsewhere.example');
  });

  it('a streamed answer is refused the same way, through the stream reader', async () => {
    const { fetchImpl, received } = redirectingNetwork({
      [model]: { redirect: 302, to: 'https://elsewhere.example/collect' },
      'https://elsewhere.example/collect': {
        body: 'data: {"generated":"x","last":true}\n\n',
        contentType: 'text/event-stream',
      },
    });
    const { client } = clientFor(fetchImpl, ['first'], provider);
    const request = { assistantId: 'a1', request: { text: 'hi' }, signal: new AbortController().signal, subject: 't' };
    const error = await refusal(
      streamAssistant(client, request, { onChunk: () => undefined, onMalformed: () => undefined }),
    );
    expect(error.kind).toBe('redirect');
    expect(received.map((entry) => entry.url)).toEqual([model]);
  });

  it('one to the same origin is followed, with the headers, and 303 goes on as a GET', async () => {
    const moved = 'http://api.test/code-assistant-api/v2/assistants/a1/model';
    const { fetchImpl, received } = redirectingNetwork({
      [model]: { redirect: 308, to: '/code-assistant-api/v2/assistants/a1/model' },
      [moved]: { body: answer, contentType: 'application/json' },
    });
    const { client } = clientFor(fetchImpl, ['first'], provider);
    expect((await callAssistant(client, 'a1', { text: 'hi' })).generated).toBe('ok');
    expect(received.map((entry) => [entry.url, entry.method, entry.headers.get('x-service-token')])).toEqual([
      [model, 'POST', key],
      [moved, 'POST', key],
    ]);

    const seeOther = redirectingNetwork({
      [model]: { redirect: 303, to: '/code-assistant-api/v1/answers/1' },
      'http://api.test/code-assistant-api/v1/answers/1': { body: answer, contentType: 'application/json' },
    });
    await callAssistant(clientFor(seeOther.fetchImpl, ['first'], provider).client, 'a1', { text: 'hi' });
    expect(seeOther.received.map((entry) => entry.method)).toEqual(['POST', 'GET']);
  });

  it('a redirect whose address the browser hides is refused, whatever its origin', async () => {
    const { fetchImpl, received } = redirectingNetwork(
      { [model]: { redirect: 302, to: 'https://elsewhere.example/collect' } },
      { browser: true },
    );
    const { client } = clientFor(fetchImpl, ['first'], provider);
    expect((await refusal(callAssistant(client, 'a1', { text: 'hi' }))).kind).toBe('redirect');
    expect(received).toHaveLength(1);
  });

  it('a call without custom headers follows redirects as before (a sign-in page is shown as one)', async () => {
    const { fetchImpl, received } = redirectingNetwork({
      'http://api.test/code-assistant-api/v1/assistants': { redirect: 302, to: 'http://api.test/login' },
      'http://api.test/login': { body: '<html>sign in</html>', contentType: 'text/html' },
    });
    const { client } = clientFor(fetchImpl, ['first']);
    const { response } = await client.send('/v1/assistants', {});
    expect(received.map((entry) => entry.url)).toEqual([
      'http://api.test/code-assistant-api/v1/assistants',
      'http://api.test/login',
    ]);
    expect(response.status).toBe(200);
  });
});
