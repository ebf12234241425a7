// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pastedTokenStore } from './pasted-token-store';
import { createPastedTokenSession } from './pasted-token-session';
import { useSessionStore } from '@/features/auth/session-store';
import { fixedKey } from '@/lib/storage/storage-registry';

const apiBase = 'http://api.test/code-assistant-api';
const ada = { token: 'a.b.c', claims: { sub: 'u-ada', name: 'Ada (token)' } };

/** The API as the check meets it: each call takes the next answer; `hold` keeps one answer back until released. */
function fakeApi(...answers: Array<() => Promise<Response>>) {
  let calls = 0;
  const fetchImpl: typeof fetch = () => {
    calls += 1;
    const next = answers.shift();
    return next ? next() : Promise.reject(new TypeError('no more answers'));
  };
  return { fetchImpl, calls: () => calls };
}
const json = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const adaNamed = json(200, { user_id: 'u-ada', name: 'Ada Analyst', username: 'analyst' });
const session = () => useSessionStore.getState().session;

beforeEach(() => {
  useSessionStore.setState({ session: { status: 'starting' } });
  pastedTokenStore.write(ada);
});
afterEach(() => sessionStorage.clear());

describe('a pasted token', () => {
  it('is "checking" until the API answers, then signed in as the person the API names', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi(() => held.then(adaNamed));
    const check = createPastedTokenSession({ apiBase, fetchImpl: api.fetchImpl }).verify(ada);
    expect(session()).toEqual({ status: 'checking', claimedName: 'Ada (token)' });
    release();
    await check;
    expect(session()).toMatchObject({
      status: 'signed-in',
      mode: 'token',
      user: { sub: 'u-ada', name: 'Ada Analyst' },
    });
  });

  it('a refused token opens nothing, is forgotten, and the sign-in page says why', async () => {
    const api = fakeApi(json(401, { error: { message: 'Access token signature is invalid' } }));
    await createPastedTokenSession({ apiBase, fetchImpl: api.fetchImpl }).verify(ada);
    expect(session()).toEqual({
      status: 'signed-out',
      error: expect.stringContaining('The API refused this token (HTTP 401: Access token signature is invalid)'),
    });
    expect(pastedTokenStore.read()).toBeNull();
  });

  it('a token the API accepts for someone else opens nothing and says so', async () => {
    const api = fakeApi(json(200, { user_id: 'u-victor', name: 'Victor Viewer' }));
    await createPastedTokenSession({ apiBase, fetchImpl: api.fetchImpl }).verify(ada);
    expect(session()).toMatchObject({
      status: 'signed-out',
      error: expect.stringContaining('belongs to Victor Viewer'),
    });
    expect(pastedTokenStore.read()).toBeNull();
  });

  it('when the API cannot be reached it keeps checking with the problem shown, and Retry asks again', async () => {
    const api = fakeApi(() => Promise.reject(new TypeError('Failed to fetch')), adaNamed);
    const tokenSession = createPastedTokenSession({ apiBase, fetchImpl: api.fetchImpl });
    await tokenSession.verify(ada);
    expect(session()).toEqual({
      status: 'checking',
      claimedName: 'Ada (token)',
      problem: expect.stringContaining('Could not reach the API to check who this token belongs to: Failed to fetch'),
    });
    expect(pastedTokenStore.read()).toEqual(ada);
    await tokenSession.retry();
    expect(session()).toMatchObject({ status: 'signed-in', user: { sub: 'u-ada' } });
    expect(api.calls()).toBe(2);
  });

  it('an answer that comes after the person gave up is not taken', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi(() => held.then(adaNamed));
    const tokenSession = createPastedTokenSession({ apiBase, fetchImpl: api.fetchImpl });
    const check = tokenSession.verify(ada);
    tokenSession.forget();
    useSessionStore.getState().signedOut();
    release();
    await check;
    expect(session()).toEqual({ status: 'signed-out' });
    expect(pastedTokenStore.read()).toBeNull();
  });

  it('the same token is asked about once when the check is started twice (StrictMode)', async () => {
    const api = fakeApi(adaNamed, adaNamed);
    const tokenSession = createPastedTokenSession({ apiBase, fetchImpl: api.fetchImpl });
    await Promise.all([tokenSession.verify(ada), tokenSession.verify(ada)]);
    expect(api.calls()).toBe(1);
  });

  it('is read back from this tab only when it is still a token with claims; anything else there is no token', () => {
    expect(pastedTokenStore.read()).toEqual(ada);
    sessionStorage.setItem(fixedKey('pastedToken'), JSON.stringify({ token: 42 }));
    expect(pastedTokenStore.read()).toBeNull();
    sessionStorage.setItem(fixedKey('pastedToken'), '{not json');
    expect(pastedTokenStore.read()).toBeNull();
  });
});
