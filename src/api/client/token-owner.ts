import { isApiError } from '@/domain/errors/api-error';
import { createApiClient } from './http-client';

/** What the API says about a bearer token when asked who it belongs to (`GET /v1/user`). */
export type TokenOwnerAnswer =
  /** Accepted, and the API named the person. */
  | { kind: 'named'; userId: string; name?: string; username?: string; email?: string }
  /** Accepted, but the answer names nobody (no user id, or not the shape the API promises). */
  | { kind: 'unnamed' }
  /** Refused: the token is not good for this API (401, 403). */
  | { kind: 'refused'; status: number; message?: string; details?: string; requestId?: string }
  /** The address has no such endpoint, or is not the API: asking again cannot help. */
  | { kind: 'unavailable'; status?: number; url?: string }
  /** No usable answer for now (network, 5xx, a proxy's page): asking again may. */
  | { kind: 'unreachable'; status?: number; message?: string };

export interface TokenOwnerQuestion {
  /** The API base, e.g. http://localhost:8080/code-assistant-api. */
  baseUrl: string;
  token: string;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value !== '';

/**
 * Asks the API who a token belongs to, with nothing else sent: no custom headers, no renewal (a pasted token has
 * none). Every outcome is an answer, never a throw, so the caller can say precisely what happened.
 */
export async function askTokenOwner({
  baseUrl,
  token,
  fetchImpl,
  signal,
}: TokenOwnerQuestion): Promise<TokenOwnerAnswer> {
  const client = createApiClient({
    baseUrl,
    tokens: { getAccessToken: async () => token, renewAccessToken: async () => null },
    ...(fetchImpl ? { fetchImpl } : {}),
  });
  try {
    // The API's schemas (and zod with them) load only when a token is pasted: the sign-in page stays small.
    const { userSchema } = await import('@/api/schemas');
    const user = await client.json('/v1/user', userSchema, signal ? { signal } : {});
    if (!present(user.user_id)) return { kind: 'unnamed' };
    return {
      kind: 'named',
      userId: user.user_id,
      ...(present(user.name) ? { name: user.name } : {}),
      ...(present(user.username) ? { username: user.username } : {}),
      ...(present(user.email) ? { email: user.email } : {}),
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const { status } = error;
    if (error.kind === 'protocol') return { kind: 'unnamed' };
    if (status === 401 || status === 403)
      return {
        kind: 'refused',
        status,
        ...(error.serverMessage ? { message: error.serverMessage } : {}),
        // Real servers say "Authentication failed" and give the reason (expired, bad signature) in details.
        ...(typeof error.details === 'string' && error.details ? { details: error.details } : {}),
        ...(error.requestId ? { requestId: error.requestId } : {}),
      };
    if (error.kind === 'not-api' || status === 404 || status === 405)
      return {
        kind: 'unavailable',
        ...(status !== undefined ? { status } : {}),
        ...(error.url ? { url: error.url } : {}),
      };
    const message = error.serverMessage ?? (typeof error.details === 'string' ? error.details : undefined);
    return {
      kind: 'unreachable',
      ...(status !== undefined ? { status } : {}),
      ...(message ? { message } : {}),
    };
  }
}
