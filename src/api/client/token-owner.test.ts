import { describe, expect, it } from 'vitest';
import { askTokenOwner } from './token-owner';

const baseUrl = 'http://api.test/code-assistant-api';

/** One answer for the one call, and what was asked. */
function answering(reply: () => Response | Promise<Response>) {
  const calls: Array<{ url: string; headers: Headers }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers) });
    return reply();
  };
  return { calls, fetchImpl };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('askTokenOwner', () => {
  it('asks GET /v1/user with the token and gives back the person the API names', async () => {
    const network = answering(() =>
      json(200, { user_id: 'u-1', name: 'Ada Analyst', username: 'analyst', email: 'ada@example.test' }),
    );
    const answer = await askTokenOwner({ baseUrl, token: 'tok', fetchImpl: network.fetchImpl });
    expect(answer).toEqual({
      kind: 'named',
      userId: 'u-1',
      name: 'Ada Analyst',
      username: 'analyst',
      email: 'ada@example.test',
    });
    expect(network.calls).toHaveLength(1);
    expect(network.calls[0]?.url).toBe(`${baseUrl}/v1/user`);
    expect(network.calls[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('calls an answer without a user id unnamed', async () => {
    const network = answering(() => json(200, { name: 'Someone' }));
    expect(await askTokenOwner({ baseUrl, token: 'tok', fetchImpl: network.fetchImpl })).toEqual({ kind: 'unnamed' });
  });

  it('gives back a refusal with the server’s message, once (a pasted token cannot be renewed)', async () => {
    const network = answering(() =>
      json(401, { error: { message: 'Authentication failed', details: 'Access token signature is invalid' } }),
    );
    const answer = await askTokenOwner({ baseUrl, token: 'tok', fetchImpl: network.fetchImpl });
    expect(answer).toMatchObject({
      kind: 'refused',
      status: 401,
      message: 'Authentication failed',
      details: 'Access token signature is invalid',
    });
    expect(network.calls).toHaveLength(1);
    const forbidden = answering(() => json(403, { error: { message: 'Forbidden' } }));
    expect(await askTokenOwner({ baseUrl, token: 'tok', fetchImpl: forbidden.fetchImpl })).toMatchObject({
      kind: 'refused',
      status: 403,
    });
  });

  it('tells a missing endpoint from an unreachable API', async () => {
    const missing = answering(() => json(404, { detail: 'Not Found' }));
    expect(await askTokenOwner({ baseUrl, token: 'tok', fetchImpl: missing.fetchImpl })).toMatchObject({
      kind: 'unavailable',
      status: 404,
    });
    const down = answering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await askTokenOwner({ baseUrl, token: 'tok', fetchImpl: down.fetchImpl })).toEqual({
      kind: 'unreachable',
      message: 'Failed to fetch',
    });
    const failing = answering(() => json(503, { error: { message: 'Service Unavailable' } }));
    expect(await askTokenOwner({ baseUrl, token: 'tok', fetchImpl: failing.fetchImpl })).toEqual({
      kind: 'unreachable',
      status: 503,
      message: 'Service Unavailable',
    });
  });
});
