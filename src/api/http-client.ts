import type { z } from 'zod';
import { ApiError, readErrorBody } from '@/domain/api-error';

/** Where tokens come from; the auth feature supplies it, api/ never knows how sign-in works. */
export interface TokenSource {
  getAccessToken(): Promise<string | null>;
  /** Renews the token (silently if possible); null when it cannot. */
  renewAccessToken(): Promise<string | null>;
}

export interface ApiClientOptions {
  /** Absolute base, e.g. http://localhost:8080/code-assistant-api (paths below add /v1/...). */
  baseUrl: string;
  tokens: TokenSource;
  fetchImpl?: typeof fetch;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const requestIdOf = (response: Response): string | undefined =>
  response.headers.get('x-request-id') ?? response.headers.get('x-correlation-id') ?? undefined;

const retryAfterOf = (response: Response): number | undefined => {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

/** Reads a failed response into an ApiError, whatever it carries: the API's JSON, HTML, or nothing. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const contentType = response.headers.get('content-type') ?? '';
  const common = {
    status: response.status,
    url: response.url,
    contentType,
    ...(requestIdOf(response) ? { requestId: requestIdOf(response) as string } : {}),
    ...(retryAfterOf(response) ? { retryAfterSeconds: retryAfterOf(response) as number } : {}),
  };
  const text = await response.text().catch(() => '');
  if (!/json/i.test(contentType)) {
    if (text.trim() === '') return new ApiError({ kind: 'http', ...common });
    return new ApiError({ kind: /html/i.test(contentType) || text.trimStart().startsWith('<') ? 'not-json' : 'http', ...common, ...(text.length < 300 && !text.includes('<') ? { message: text.trim() } : {}) });
  }
  try {
    return new ApiError({ kind: 'http', ...common, ...readErrorBody(JSON.parse(text)) });
  } catch {
    return new ApiError({ kind: 'not-json', ...common });
  }
}

export const networkError = (url: string, cause: unknown): ApiError =>
  new ApiError({ kind: 'network', url, ...(cause instanceof Error && cause.message ? { details: cause.message } : {}) });

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one HTTP client: bearer token, JSON in and out, one renewal on 401, every failure an ApiError. */
export function createApiClient({ baseUrl, tokens, fetchImpl }: ApiClientOptions) {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const url = (path: string) => `${baseUrl}${path}`;

  async function headersFor(token: string | null, options: RequestOptions): Promise<Record<string, string>> {
    return {
      Accept: 'application/json',
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(options.headers ?? {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
  }

  /** Sends once; on 401 renews the token and sends once more (nothing was received yet, so it is safe). */
  async function send(path: string, options: RequestOptions, accept?: string): Promise<Response> {
    const attempt = async (token: string | null) => {
      const headers = await headersFor(token, options);
      if (accept) headers.Accept = accept;
      try {
        return await doFetch(url(path), {
          method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
          headers,
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        throw networkError(url(path), cause);
      }
    };
    const first = await attempt(await tokens.getAccessToken());
    if (first.status !== 401) return first;
    const renewed = await tokens.renewAccessToken().catch(() => null);
    if (!renewed) return first;
    await first.body?.cancel().catch(() => undefined);
    return attempt(renewed);
  }

  async function json<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
    const response = await send(path, options);
    if (!response.ok) throw await errorFromResponse(response);
    const contentType = response.headers.get('content-type') ?? '';
    if (!/json/i.test(contentType)) {
      await response.body?.cancel().catch(() => undefined);
      throw new ApiError({ kind: 'not-json', status: response.status, contentType, url: response.url });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ApiError({ kind: 'not-json', status: response.status, contentType, url: response.url });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new ApiError({
        kind: 'protocol',
        status: response.status,
        url: response.url,
        details: first ? `${first.path.join('.') || 'body'}: ${first.message}` : undefined,
        ...(requestIdOf(response) ? { requestId: requestIdOf(response) as string } : {}),
      });
    }
    return parsed.data;
  }

  return { baseUrl, url, send, json, tokens, fetch: doFetch };
}
