import { jwtClaimsOf } from './jwt-claims';

/** What renewal timing needs to know about the current access token (seconds). */
export interface TokenTiming {
  /** Nominal lifetime, exp − iat by the server's clock (so local clock skew does not matter). */
  lifetime: number;
  /** Seconds left until it expires, by this browser's clock. */
  remaining: number;
}

/**
 * Reads the timing of a token set: lifetime from the access token's iat/exp when it is a JWT, otherwise what is
 * left of it (a fresh token's remaining time is its lifetime). Null when the expiry is unknown.
 */
export function tokenTiming(
  user: { access_token: string; expires_at?: number | undefined },
  nowSeconds: number,
): TokenTiming | null {
  if (user.expires_at === undefined) return null;
  const remaining = user.expires_at - nowSeconds;
  const claims = jwtClaimsOf(user.access_token);
  const nominal =
    claims && typeof claims.exp === 'number' && typeof claims.iat === 'number' ? claims.exp - claims.iat : Number.NaN;
  const lifetime = Number.isFinite(nominal) && nominal > 0 ? nominal : Math.max(remaining, 0);
  return { lifetime, remaining };
}

/** How long before expiry a renewal starts: a fifth of the lifetime, at least 1 s and at most 60 s. */
export const renewalLead = (lifetime: number): number => Math.min(60, Math.max(1, lifetime * 0.2));

/**
 * Seconds to wait before renewing: shortly before expiry, in proportion to the lifetime (a 20 s token renews
 * at 16 s, a 10-minute one 60 s before its end). Never sooner than half a lifetime after the last renewal: a
 * provider that keeps handing out tokens that expire at once (Keycloak caps them at the session's end) must
 * not turn this into a storm of refresh grants.
 */
export function renewalDelay(timing: TokenTiming, secondsSinceLastRenewal?: number): number {
  const beforeExpiry = timing.remaining - renewalLead(timing.lifetime);
  const gap = secondsSinceLastRenewal === undefined ? 0 : Math.max(1, timing.lifetime * 0.5) - secondsSinceLastRenewal;
  return Math.max(0, beforeExpiry, gap);
}
