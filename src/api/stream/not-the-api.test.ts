// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isApiError, type ApiError } from '@/domain/errors/api-error';
import { describeError } from '@/domain/errors/describe-error';
import { clientFor } from '@/test/fake-network';
import { streamAssistant } from './assistant-stream';
import { assistantPageSchema } from '@/api/schemas';

/** One canned answer for every call, as a web server that is not the API would give. */
const answering = (status: number, body: string, headers: Record<string, string>) =>
  clientFor(async () => new Response(status === 204 ? null : body, { status, headers })).client;

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isApiError(error)) throw new Error(`expected the call to fail with an ApiError, got ${String(error)}`);
  return error;
}
const catalogCall = (client: ReturnType<typeof answering>) =>
  failure(client.json('/v1/assistants?page=0', assistantPageSchema));
const firstCall = (client: ReturnType<typeof answering>) =>
  failure(
    streamAssistant(
      client,
      { assistantId: 'a1', request: { text: 'hi' }, signal: new AbortController().signal },
      { onChunk: () => undefined, onMalformed: () => undefined },
    ),
  );

describe('an API URL that is not the API', () => {
  it('a web page with 200 (an SPA fallback, e.g. this console) is "not the API", on the catalogs and on the first call', async () => {
    const client = answering(200, '<!doctype html><html><body><div id="root"></div></body></html>', {
      'content-type': 'text/html',
    });
    const catalog = await catalogCall(client);
    expect(catalog).toMatchObject({ kind: 'not-api', status: 200, contentType: 'text/html' });
    expect(await firstCall(client)).toMatchObject({ kind: 'not-api', status: 200 });
  });

  it('a 404 or 405 without the API’s JSON (a static server refusing a POST) is "not the API" too', async () => {
    expect(await firstCall(answering(404, '', {}))).toMatchObject({ kind: 'not-api', status: 404 });
    expect(await firstCall(answering(405, 'Method Not Allowed', { 'content-type': 'text/plain' }))).toMatchObject({
      kind: 'not-api',
      status: 405,
    });
  });

  it('the API’s own 404 stays a not-found, and a gateway’s HTML 502 stays a proxy page', async () => {
    expect(
      await firstCall(
        answering(404, '{"error":{"message":"Assistant a1 not found"}}', { 'content-type': 'application/json' }),
      ),
    ).toMatchObject({ kind: 'http', status: 404 });
    expect(
      await catalogCall(answering(404, '{"detail":"Not Found"}', { 'content-type': 'application/json' })),
    ).toMatchObject({ kind: 'http', status: 404 });
    expect(await firstCall(answering(502, '<html>Bad gateway</html>', { 'content-type': 'text/html' }))).toMatchObject({
      kind: 'not-json',
      status: 502,
    });
  });

  it('is described with the address, without its query', async () => {
    const error = await catalogCall(answering(200, '<html></html>', { 'content-type': 'text/html; charset=utf-8' }));
    const words = describeError(error, 'catalog');
    // Response.url of a constructed Response is empty: the description falls back to naming the setting.
    expect(words.title).toBe('This address does not look like the API: the configured API URL');
    expect(words.explanation).toContain('text/html (HTTP 200)');
    expect(words.explanation).toContain('apiBaseUrl');
  });
});

describe('Retry-After on an error answer', () => {
  it('is read in seconds and as an HTTP-date, with the moment a retry may go', async () => {
    const before = Date.now();
    const seconds = await firstCall(
      answering(429, '{"error":{"message":"slow down"}}', { 'content-type': 'application/json', 'retry-after': '7' }),
    );
    expect(seconds).toMatchObject({ status: 429, retryAfterSeconds: 7 });
    const retryAt = seconds.retryAt ?? 0;
    expect(retryAt - before).toBeGreaterThanOrEqual(7000);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(7000);

    const date = new Date(Date.now() + 30_000).toUTCString();
    const dated = await firstCall(
      answering(503, '{"error":{"message":"maintenance"}}', {
        'content-type': 'application/json',
        'retry-after': date,
      }),
    );
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(describeError(dated).retryAt).toBe(dated.retryAt);
    expect(describeError(dated).retryAt).toBeGreaterThan(Date.now() + 28_000);
  });
});
