/** How a call failed, before any wording: the one error type every api/ call rejects with. */
export type ApiErrorKind =
  | 'http' // the server answered with an error status and a readable body
  | 'network' // no answer at all (offline, DNS, CORS, server down)
  | 'not-json' // an answer that is not the API's JSON (a proxy's HTML page, a login redirect)
  | 'not-api' // the address answers, but not as the API does (an HTML page with 200 or 404: a website, this console)
  | 'stream' // the server sent an error inside a stream that had opened, and never finished the answer
  | 'protocol' // a 2xx answer whose shape is not what the API promises
  | 'internal' // the console itself failed while handling an answer
  | 'headers' // the custom X-* headers could not be sent (invalid or unresolvable); nothing was sent
  | 'redirect'; // a call with custom headers was redirected to another origin (or where the address was hidden): not followed

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status?: number;
  /** A machine-readable error code, when the body has one (e.g. authentication_required). */
  code?: string;
  message?: string;
  details?: unknown;
  help?: string;
  requestId?: string;
  /** The trace id the call's `traceparent` carried. */
  traceId?: string;
  contentType?: string;
  url?: string;
  retryAfterSeconds?: number;
  /** When a retry makes sense again (epoch ms), from the server's Retry-After. */
  retryAt?: number;
  /** The response came after a redirect (e.g. to a login page). */
  redirected?: boolean;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly details: unknown;
  readonly help: string | undefined;
  readonly requestId: string | undefined;
  readonly traceId: string | undefined;
  readonly contentType: string | undefined;
  readonly url: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly retryAt: number | undefined;
  readonly redirected: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message ?? `${init.kind} error${init.status ? ` (HTTP ${init.status})` : ''}`);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.message;
    this.details = init.details;
    this.help = init.help;
    this.requestId = init.requestId;
    this.traceId = init.traceId;
    this.contentType = init.contentType;
    this.url = init.url;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.retryAt = init.retryAt;
    this.redirected = init.redirected ?? false;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** Any failure as an ApiError: one from a call stays as it is; anything else is the console's own (`internal`). */
export const toApiError = (error: unknown): ApiError =>
  isApiError(error)
    ? error
    : new ApiError({ kind: 'internal', details: error instanceof Error ? error.message : String(error) });

/**
 * The server has no such route (FastAPI's bare `{"detail": "Not Found"}`, a 404 page, 405), as opposed to a
 * route that answered "not found" for the thing asked about (`{"error": {"message": "Execution Not Found"}}`).
 */
export const isRouteMissing = (error: unknown): boolean =>
  isApiError(error) &&
  (error.status === 405 ||
    (error.status === 404 &&
      (error.kind === 'not-api' || error.serverMessage === undefined || error.serverMessage === 'Not Found')));

/**
 * An optional list endpoint (assistants, models, workflows: not in the seed) this server does not have, so the
 * configured list stands in: no such route (404, 405) or an answer that is not JSON, from a server that is the API.
 */
export const isCatalogMissing = (error: unknown): boolean =>
  isApiError(error) &&
  error.kind !== 'not-api' &&
  (error.status === 404 || error.status === 405 || error.kind === 'not-json');

/**
 * Reads an error body in any of the shapes real servers use: `{error: {message, details, help}}`,
 * `{error: "authentication_required", servers}`, FastAPI's `{detail: "Not Found"}` or `{detail: [...]}`.
 */
export function readErrorBody(body: unknown): Pick<ApiErrorInit, 'message' | 'details' | 'help' | 'code'> {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'object' && error !== null) {
    const inner = error as Record<string, unknown>;
    return {
      ...(typeof inner.message === 'string' ? { message: inner.message } : {}),
      ...(inner.details !== undefined && inner.details !== null ? { details: inner.details } : {}),
      ...(typeof inner.help === 'string' ? { help: inner.help } : {}),
    };
  }
  if (typeof error === 'string') {
    const servers = Array.isArray(record.servers) ? record.servers : undefined;
    const providers = Array.isArray(record.providers) ? record.providers : undefined;
    // A single provider's object (`{"error":"jira_auth_required","integration_name":…}`) is kept whole.
    const provider = error.endsWith('_auth_required') ? record : undefined;
    const details = servers ? { servers } : providers ? { providers } : provider ? { provider } : undefined;
    return { code: error, message: error.replace(/_/g, ' '), ...(details ? { details } : {}) };
  }
  if (typeof record.detail === 'string') return { message: record.detail };
  if (Array.isArray(record.detail)) return { message: 'Validation failed', details: record.detail };
  if (typeof record.message === 'string') return { message: record.message };
  return {};
}
