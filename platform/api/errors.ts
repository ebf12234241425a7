// The API's error answers: {"error": {message, details, help}}, and FastAPI's {"detail": ...} for unknown routes.
import type { ServerResponse } from 'node:http';
import type { WireErrorBody } from '../wire';
import { sendJson } from '../http-util';

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

export const unauthorized = (message: string, details: unknown = null): ApiError =>
  new ApiError(401, message, details, 'Sign in again to get a new access token.', {
    'WWW-Authenticate': `Bearer realm="code-assistant-api", error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });

export const forbidden = (message: string): ApiError =>
  new ApiError(403, message, null, 'Ask an administrator of the platform for access.');

export const notFound = (message: string): ApiError => new ApiError(404, message, null, null);

export function sendApiError(res: ServerResponse, error: ApiError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  const body: WireErrorBody = { error: { message: error.message, details: error.details, help: error.help } };
  sendJson(res, error.status, body);
}

export function sendUnexpectedError(res: ServerResponse, cause: unknown): void {
  console.error('[platform] unexpected error', cause);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendApiError(res, new ApiError(500, 'Internal server error', null, 'Try again later.'));
}

export function sendRouteNotFound(res: ServerResponse): void {
  sendJson(res, 404, { detail: 'Not Found' });
}

export function sendMethodNotAllowed(res: ServerResponse, allowed: string[]): void {
  res.setHeader('Allow', allowed.join(', '));
  sendJson(res, 405, { detail: 'Method Not Allowed' });
}
