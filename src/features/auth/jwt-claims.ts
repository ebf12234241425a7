// The claims of a token, read by jwt-decode (the decoder oidc-client-ts ships) with our own words for what is wrong.
import { jwtDecode } from 'jwt-decode';
import { z } from 'zod';

// A claim of another type than expected is left out rather than trusted (the API, not this console, judges the token).
const text = z.string().optional().catch(undefined);
const seconds = z.number().optional().catch(undefined);

/** The claims this console reads; also how a pasted token's claims are read back from sessionStorage. */
export const jwtClaimsSchema = z.object({
  sub: text,
  exp: seconds,
  iat: seconds,
  iss: text,
  preferred_username: text,
  name: text,
  email: text,
  client_id: text,
  azp: text,
});
export type JwtClaims = z.output<typeof jwtClaimsSchema>;

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
  const parsed = jwtClaimsSchema.safeParse(claims);
  if (!parsed.success) return { ok: false, message: 'The token payload is not a JSON object.' };
  const typed = parsed.data;
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
    const parsed = jwtClaimsSchema.safeParse(payloadOf(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
