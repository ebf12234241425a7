import { ApiError, readErrorBody } from '@/domain/errors/api-error';
import { parseRetryAfter } from '@/lib/retry-after';
import { callIds, type CallIds } from './call-ids';
import { readCappedText, textBodyLimit } from './capped-text';

// What a failed or unexpected response means, as an ApiError: the API's JSON error, a web page where the API should
// be, a body cut at the limit, a network failure.

/** Retry-After in either form (seconds or HTTP-date), as seconds to wait and the moment a retry may go. */
function retryAfterOf(response: Response): { retryAfterSeconds: number; retryAt: number } | Record<string, never> {
  const now = Date.now();
  const seconds = parseRetryAfter(response.headers.get('retry-after'), now);
  return seconds === undefined ? {} : { retryAfterSeconds: seconds, retryAt: now + seconds * 1000 };
}

/**
 * The API answers everything in JSON, errors included. A web page with 2xx (an SPA's fallback: the console's
 * own origin), or a 404/405 without a JSON body (a static server), means the base URL does not point at it.
 */
const notTheApi = (response: Response, contentType: string): boolean =>
  !/json/i.test(contentType) && (response.ok || response.status === 404 || response.status === 405);

/** A 2xx answer that is not JSON where JSON was asked for: not the API, or (other statuses) not its JSON. */
export function unexpectedAnswer(response: Response): ApiError {
  const contentType = response.headers.get('content-type') ?? '';
  return new ApiError({
    kind: notTheApi(response, contentType) ? 'not-api' : 'not-json',
    status: response.status,
    contentType,
    url: response.url,
    ...(response.redirected ? { redirected: true } : {}),
  });
}

/**
 * Reads a failed response into an ApiError, whatever it carries: the API's JSON, HTML, or nothing. `sent`: the ids the
 * call went with (the response's own headers stand in for a request id where it went without one).
 */
export async function errorFromResponse(response: Response, sent?: CallIds): Promise<ApiError> {
  const contentType = response.headers.get('content-type') ?? '';
  const common = {
    status: response.status,
    url: response.url,
    contentType,
    ...callIds(response, sent),
    ...retryAfterOf(response),
    ...(response.redirected ? { redirected: true } : {}),
  };
  const { text, truncated } = await readCappedText(response).catch(() => ({ text: '', truncated: false }));
  if (notTheApi(response, contentType)) return new ApiError({ kind: 'not-api', ...common });
  // A body cut at the limit is no error message (nor JSON): only its size is said.
  if (truncated || !/json/i.test(contentType)) {
    if (text.trim() === '') return new ApiError({ kind: 'http', ...common });
    return new ApiError({
      kind: /html/i.test(contentType) || text.trimStart().startsWith('<') ? 'not-json' : 'http',
      ...common,
      ...(truncated
        ? {
            details: `The error body is longer than ${textBodyLimit / 1024 / 1024} MiB: the console read only its beginning.`,
          }
        : {}),
      ...(!truncated && text.length < 300 && !text.includes('<') ? { message: text.trim() } : {}),
    });
  }
  try {
    return new ApiError({ kind: 'http', ...common, ...readErrorBody(JSON.parse(text)) });
  } catch {
    return new ApiError({ kind: 'not-json', ...common });
  }
}

export const networkError = (url: string, cause: unknown, requestId?: string, traceId?: string): ApiError =>
  new ApiError({
    kind: 'network',
    url,
    ...(cause instanceof Error && cause.message ? { details: cause.message } : {}),
    ...(requestId ? { requestId } : {}),
    ...(traceId ? { traceId } : {}),
  });
