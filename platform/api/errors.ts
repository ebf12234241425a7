// The API's error answers: {"error": {message, details, help}}, and FastAPI's {"detail": ...} for unknown routes.
import type { ServerResponse } from 'node:http';
import type { WireErrorBody } from '../wire';
import { sendJson } from '../http-util';
import { requestIdOf } from './request-id';
import { traceOf } from './trace-context';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: unknown = null,
    readonly help: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface FieldError {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export const badRequest = (message: string, details: unknown = null): ApiError => new ApiError(400, message, details);

export const unprocessable = (message: string, errors: FieldError[]): ApiError => new ApiError(422, message, errors);

/** A request-model validation failure as real servers word it: "<field>: <msg>" and the errors, with no `help` key. */
export class ValidationError extends ApiError {
  constructor(field: string, error: FieldError) {
    super(422, `${field}: ${error.msg}`, [error]);
  }
}

export const validationError = (field: string, error: FieldError): ApiError => new ValidationError(field, error);

/**
 * A token that is missing, malformed, expired or not ours. Real servers say only "Authentication failed"; the
 * reason stays in `details` and in WWW-Authenticate, which tells a client that a new token may help.
 */
export const unauthorized = (reason: string, more: string | null = null): ApiError =>
  new ApiError(
    401,
    'Authentication failed',
    more ? `${reason}: ${more}` : reason,
    'Sign in again to get a new access token.',
    {
      'WWW-Authenticate': `Bearer realm="code-assistant-api", error="invalid_token", error_description="${reason.replace(/"/g, "'")}"`,
    },
  );

/**
 * A signed-in caller refused an assistant or a workflow. Real servers answer 401 "Access denied" (not 403),
 * without WWW-Authenticate: a new token would not help, and that is how a client tells it from "Authentication failed".
 */
export const forbidden = (details: string): ApiError =>
  new ApiError(401, 'Access denied', details, 'Ask an administrator of the platform for access.');

/** The seed's 403, kept for the one demo assistant that answers as the seed document says. */
export const seedForbidden = (message: string): ApiError =>
  new ApiError(403, message, null, 'Ask an administrator of the platform for access.');

export const notFound = (message: string): ApiError => new ApiError(404, message, null, null);

const stackPrefix = 'Internal Server Error. <br> Stacktrace: ';

/** Real servers' generic 500: whatever went wrong, the first lines of the stack in `message`. */
export const internalServerError = (stack: string): ApiError =>
  new ApiError(
    500,
    `${stackPrefix}${stack}`,
    'An unexpected error occurred while processing the request.',
    'Please try again later or contact support if the problem persists.',
  );

export function sendApiError(res: ServerResponse, error: ApiError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  // The request id goes where real servers' logs put it: beside the stack, so a report quoting it can be traced.
  const message =
    error.status === 500 && error.message.startsWith(stackPrefix)
      ? `${error.message}\nrequest_id=${requestIdOf(res.req)}`
      : error.message;
  const body: WireErrorBody = {
    error: { message, details: error.details, ...(error instanceof ValidationError ? {} : { help: error.help }) },
  };
  sendJson(res, error.status, body);
}

const firstLines = (cause: unknown): string => {
  const text = cause instanceof Error ? (cause.stack ?? `${cause.name}: ${cause.message}`) : String(cause);
  return text
    .split('\n')
    .slice(0, 4)
    .map((line) => line.trim())
    .join('\n');
};

export function sendUnexpectedError(res: ServerResponse, cause: unknown): void {
  const request = `request ${requestIdOf(res.req)} trace ${traceOf(res.req).traceId}`;
  console.error(`[platform] ${request}: unexpected error`, cause);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendApiError(res, internalServerError(firstLines(cause)));
}

export function sendRouteNotFound(res: ServerResponse): void {
  sendJson(res, 404, { detail: 'Not Found' });
}

export function sendMethodNotAllowed(res: ServerResponse, allowed: string[]): void {
  res.setHeader('Allow', allowed.join(', '));
  sendJson(res, 405, { detail: 'Method Not Allowed' });
}
