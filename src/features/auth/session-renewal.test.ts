import { ErrorResponse, User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renewalDelay, renewalLead, tokenTiming } from './renewal-schedule';
import { createSessionRenewal } from './session-renewal';

const start = Date.parse('2026-11-23T09:00:00Z');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A token set as the provider hands it out now: a JWT access token of `ttl` seconds and a refresh token. */
function tokenSet(ttl: number, refresh = 'refresh-1'): User {
  const iat = nowSeconds();
  const jwt = `${base64url({ alg: 'RS256' })}.${base64url({ sub: 'ada', iat, exp: iat + ttl })}.sig`;
  return new User({
    access_token: jwt,
    token_type: 'Bearer',
    refresh_token: refresh,
    expires_at: iat + ttl,
    profile: { sub: 'ada', iss: 'x', aud: 'x', exp: iat + ttl, iat },
  });
}

beforeEach(() => vi.useFakeTimers({ now: start }));
afterEach(() => vi.useRealTimers());

describe('renewal timing', () => {
  it('renews shortly before expiry, in proportion to the lifetime', () => {
    expect(renewalLead(20)).toBe(4);
    expect(renewalLead(60)).toBe(12);
    expect(renewalLead(600)).toBe(60);
    expect(renewalLead(2)).toBe(1);
    expect(renewalDelay({ lifetime: 20, remaining: 20 })).toBe(16);
    expect(renewalDelay({ lifetime: 600, remaining: 600 })).toBe(540);
    expect(renewalDelay({ lifetime: 600, remaining: 30 })).toBe(0);
  });

  it('never renews twice within half a lifetime, even if the new token expires at once', () => {
    expect(renewalDelay({ lifetime: 60, remaining: 2 }, 1)).toBe(29);
    expect(renewalDelay({ lifetime: 60, remaining: 60 }, 1)).toBe(48);
  });

  it('takes the lifetime from the JWT (server clock), else from what remains', () => {
    expect(tokenTiming(tokenSet(20), nowSeconds())).toEqual({ lifetime: 20, remaining: 20 });
    expect(tokenTiming({ access_token: 'opaque', expires_at: nowSeconds() + 90 }, nowSeconds())).toEqual({
      lifetime: 90,
      remaining: 90,
    });
    expect(tokenTiming({ access_token: 'opaque' }, nowSeconds())).toBeNull();
  });
});

/** A provider that hands out `ttl`-second tokens and counts its refresh grants. */
function provider(ttl: number) {
  let grants = 0;
  const renewal = createSessionRenewal({
    renewHere: async () => {
      grants += 1;
      const user = tokenSet(ttl, `refresh-${grants + 1}`);
      // As oidc-client-ts does on success: the new token set is "loaded", which plans the next renewal.
      queueMicrotask(() => renewal.schedule(user));
      return user;
    },
    onExpired: vi.fn(),
  });
  return { renewal, grants: () => grants };
}

describe('createSessionRenewal', () => {
  it('with 20 s tokens, renews once per lifetime over 3 minutes (no storm)', async () => {
    const { renewal, grants } = provider(20);
    renewal.schedule(tokenSet(20));
    await vi.advanceTimersByTimeAsync(15_999);
    expect(grants()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(grants()).toBe(1);
    await vi.advanceTimersByTimeAsync(180_000 - 16_000);
    // One renewal every 16 s: 180 / 16 = 11.25.
    expect(grants()).toBe(11);
  });

  it('with 60 s tokens renews once a minute, not once a second as a fixed 60 s notice would', async () => {
    const { renewal, grants } = provider(60);
    renewal.schedule(tokenSet(60));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(grants()).toBe(2);
  });

  it('shares one renewal between every caller at the same moment', async () => {
    const { renewal, grants } = provider(600);
    const users = await Promise.all([renewal.renew(), renewal.renew(), renewal.renew()]);
    expect(grants()).toBe(1);
    expect(new Set(users.map((user) => user?.access_token)).size).toBe(1);
  });

  it('lets a 401 renew only when the token is not fresh from a renewal', async () => {
    const { renewal } = provider(60);
    const first = tokenSet(60);
    expect(renewal.mayRenewOnDemand(first)).toBe(true);
    const renewed = await renewal.renew();
    expect(renewal.mayRenewOnDemand(renewed)).toBe(false);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(renewal.mayRenewOnDemand(renewed)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renewal.mayRenewOnDemand(renewed)).toBe(true);
    expect(renewal.mayRenewOnDemand(null)).toBe(false);
  });

  it('a renewal the provider refuses ends the session once, and is not retried', async () => {
    const onExpired = vi.fn();
    const renewHere = vi.fn(async (): Promise<User | null> => {
      throw new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' });
    });
    const renewal = createSessionRenewal({ renewHere, onExpired });
    renewal.schedule(tokenSet(20));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renewHere).toHaveBeenCalledTimes(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('a renewal lost to the network is tried again a little later while the token lasts', async () => {
    const onExpired = vi.fn();
    let calls = 0;
    const renewal = createSessionRenewal({
      renewHere: async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return tokenSet(600);
      },
      onExpired,
    });
    renewal.schedule(tokenSet(60));
    await vi.advanceTimersByTimeAsync(48_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(2);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('stop cancels the planned renewal (sign-out)', async () => {
    const { renewal, grants } = provider(20);
    renewal.schedule(tokenSet(20));
    renewal.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(grants()).toBe(0);
  });

  it('after sign-out a renewal in flight brings nothing back, and nothing renews again', async () => {
    const onExpired = vi.fn();
    let answer: (user: User) => void = () => undefined;
    const renewHere = vi.fn(() => new Promise<User | null>((resolve) => (answer = resolve)));
    const renewal = createSessionRenewal({ renewHere, onExpired });
    renewal.schedule(tokenSet(20));
    const inFlight = renewal.renew();
    let ended = false;
    const end = renewal.end().then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(0);
    // Sign-out waits for the renewal on its way (its tokens must be revoked and removed too).
    expect(ended).toBe(false);
    answer(tokenSet(600, 'refresh-late'));
    await end;
    expect(await inFlight).toBeNull();
    renewal.schedule(tokenSet(20));
    expect(await renewal.renew()).toBeNull();
    expect(renewal.mayRenewOnDemand(tokenSet(20))).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(renewHere).toHaveBeenCalledTimes(1);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('a renewal refused after sign-out does not announce an expired session', async () => {
    const onExpired = vi.fn();
    let refuse: () => void = () => undefined;
    const renewal = createSessionRenewal({
      renewHere: () =>
        new Promise<User | null>((_resolve, reject) => {
          refuse = () => reject(new ErrorResponse({ error: 'invalid_grant' }));
        }),
      onExpired,
    });
    const inFlight = renewal.renew();
    const end = renewal.end();
    refuse();
    await end;
    expect(await inFlight).toBeNull();
    expect(onExpired).not.toHaveBeenCalled();
  });
});
