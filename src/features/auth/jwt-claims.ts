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

function decodeSegment(segment: string): unknown {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

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
    claims = decodeSegment(parts[1] ?? '');
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
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims = decodeSegment(payload);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}
