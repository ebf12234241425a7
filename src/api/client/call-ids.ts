// The ids support can find a call under, carried with the response by whoever made the call (the client's
// CalledResponse, an upload's log entry): never looked up from the response itself.

export interface CallIds {
  requestId?: string;
  traceId?: string;
}

/**
 * The ids of a call as an ApiError carries them: the request id the console sent (real servers log and trace the
 * caller's X-Request-ID and send none back), else one a proxy or server added to the response; the trace id its
 * traceparent carried.
 */
export function callIds(response: Response, sent: CallIds = {}): CallIds {
  const requestId =
    sent.requestId ?? response.headers.get('x-request-id') ?? response.headers.get('x-correlation-id') ?? undefined;
  return { ...(requestId ? { requestId } : {}), ...(sent.traceId ? { traceId: sent.traceId } : {}) };
}
