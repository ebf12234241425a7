import type { LoggedCall } from './request-log';

// The log entry of each response, so the stream readers and json() can add what they read to it.
const calls = new WeakMap<Response, LoggedCall>();

/** The request log entry behind a response that this client fetched. */
export const loggedCallOf = (response: Response): LoggedCall | undefined => calls.get(response);

/** Ties a response fetched outside `send` (an upload with progress) to its log entry, for its request id. */
export const trackResponse = (response: Response, logged: LoggedCall): void => void calls.set(response, logged);

/**
 * The id support can find a call under: the one the console sent (real servers log and trace the caller's
 * X-Request-ID and send none back), else one a proxy or server added to the response.
 */
export const requestIdOfResponse = (response: Response): string | undefined =>
  calls.get(response)?.entry.requestId ??
  response.headers.get('x-request-id') ??
  response.headers.get('x-correlation-id') ??
  undefined;

/** The trace id a response's call carried in its traceparent, if it carried one. */
export const traceIdOfResponse = (response: Response): string | undefined => calls.get(response)?.entry.traceId;

/** The request and trace ids of a response, as an ApiError carries them. */
export const idsOf = (response: Response): { requestId?: string; traceId?: string } => {
  const requestId = requestIdOfResponse(response);
  const traceId = traceIdOfResponse(response);
  return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
};
