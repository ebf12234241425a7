import { ErrorResponse, type User } from 'oidc-client-ts';
import { renewalDelay, tokenTiming } from './renewal-schedule';

export interface SessionRenewalDeps {
  /** Renews with the refresh token (oidc-client-ts signinSilent); rejects when it cannot. */
  renewHere(): Promise<User | null>;
  /** The renewal was refused by the identity provider (refresh token expired or revoked): the session is over. */
  onExpired(): void;
  /** Shares one renewal between tabs holding the same grant (see cross-tab-renewal.ts); absent: this tab only. */
  share?: ((renewHere: () => Promise<User | null>) => Promise<User | null>) | undefined;
}

// A renewal that failed for the network (not refused) is tried again this much later while the token lasts.
const retryAfterFailureMs = 5_000;

/**
 * Renews the session before its access token expires, once per token lifetime, as one renewal shared by every
 * caller: a refresh token is good for one use, and a second concurrent use makes providers revoke the grant.
 */
export function createSessionRenewal({ renewHere, onExpired, share }: SessionRenewalDeps) {
  let pending: Promise<User | null> | null = null;
  let lastRenewalAt: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: User | null = null;
  // Set by sign-out: from then on nothing is renewed, and a renewal that was in flight is not taken.
  let ended = false;

  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  async function attempt(): Promise<User | null> {
    try {
      const user = await (share ? share(renewHere) : renewHere());
      if (ended) return null;
      if (user) lastRenewalAt = Date.now();
      return user;
    } catch (error) {
      if (ended) return null;
      // The provider answered "no" (invalid_grant): asking again cannot help, signing in again can.
      if (error instanceof ErrorResponse) {
        stop();
        onExpired();
      } else if (current && !current.expired) {
        stop();
        timer = setTimeout(() => void renew(), retryAfterFailureMs);
      }
      return null;
    }
  }

  /** One renewal at a time (never rejects: attempt() turns every failure into a planned retry or an expiry): every caller (timer, expired token, 401) shares the one in flight. */
  function renew(): Promise<User | null> {
    if (ended) return Promise.resolve(null);
    pending ??= attempt().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** Plans the next renewal for this token set (after sign-in, a renewal, a restore, or another tab's renewal). */
  function schedule(user: User | null): void {
    stop();
    if (ended) return;
    current = user;
    if (!user?.refresh_token) return;
    const now = Date.now();
    const timing = tokenTiming(user, now / 1000);
    if (!timing) return;
    const since = lastRenewalAt === undefined ? undefined : (now - lastRenewalAt) / 1000;
    timer = setTimeout(() => void renew(), renewalDelay(timing, since) * 1000);
  }

  /**
   * Whether a 401 may renew: not within half a lifetime of the last renewal. Real servers also answer 401 for
   * "access denied", which a fresh token does not cure; renewing on each of those would be a storm too.
   */
  function mayRenewOnDemand(user: User | null): boolean {
    if (ended || !user?.refresh_token) return false;
    if (user.expired || lastRenewalAt === undefined) return true;
    const timing = tokenTiming(user, Date.now() / 1000);
    return !timing || (Date.now() - lastRenewalAt) / 1000 >= Math.max(1, timing.lifetime * 0.5);
  }

  /** Sign-out: nothing renews from now on; resolves once a renewal in flight has settled (its result unused). */
  function end(): Promise<void> {
    ended = true;
    stop();
    return (pending ?? Promise.resolve(null)).then(
      () => undefined,
      () => undefined,
    );
  }

  return { renew, schedule, stop, end, mayRenewOnDemand };
}

export type SessionRenewal = ReturnType<typeof createSessionRenewal>;
