// The claims of a token, read by jwt-decode (the decoder oidc-client-ts ships) with our own words for what is wrong.
import { jwtDecode } from 'jwt-decode';

export interface JwtClaims {
  sub?: string;
  exp?: number;
  iat?: number;
  iss?: string;
  preferred_username?: string;
  name?: string;
  email?: string;
  client_id?: string;
  azp?: string;
}

export type TokenCheck = { ok: true; token: string; claims: JwtClaims } | { ok: false; message: string };

/** The payload as JSON, unverified; throws on anything that is not base64url-encoded JSON. */
const payloadOf = (token: string): unknown => jwtDecode<unknown>(token);

/**
 * Reads a pasted access token without verifying it (the API does that): strips a "Bearer " prefix and says
 * precisely what is wrong with anything that is not a usable JWT.
 */
export function checkPastedToken(input: string, nowSeconds: number): TokenCheck {
  const token = input.trim().replace(/^bearer\s+/i, '');
  if (token === '') return { ok: false, message: 'Paste an access token.' };
  if (/\s/.test(token))
    return { ok: false, message: 'The token contains spaces or line breaks; paste it as one line.' };
  const parts = token.split('.');
  if (parts.length !== 3) {
    return {
      ok: false,
      message: `This is not a JWT: it has ${parts.length} part${parts.length === 1 ? '' : 's'} separated by dots, a JWT has 3.`,
    };
  }
  let claims: unknown;
  try {
    claims = payloadOf(token);
  } catch {
    return { ok: false, message: 'The middle part of the token is not base64url-encoded JSON, so it is not a JWT.' };
  }
  if (typeof claims !== 'object' || claims === null)
    return { ok: false, message: 'The token payload is not a JSON object.' };
  const typed = claims as JwtClaims;
  if (typeof typed.exp === 'number' && typed.exp <= nowSeconds) {
    return {
      ok: false,
      message: `This token expired at ${new Date(typed.exp * 1000).toLocaleString()}. Get a new one.`,
    };
  }
  return { ok: true, token, claims: typed };
}

export const displayNameOf = (claims: JwtClaims): string =>
  claims.name ??
  claims.preferred_username ??
  claims.email ??
  claims.client_id ??
  claims.azp ??
  claims.sub ??
  'token user';

/** The claims of a JWT, unverified (for timing only: the API verifies it); null for anything else. */
export function jwtClaimsOf(token: string): JwtClaims | null {
  try {
    const claims = payloadOf(token);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}
