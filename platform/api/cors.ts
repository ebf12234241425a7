// CORS for the console origins: echo the origin, allow X-* headers, expose X-Request-ID and Retry-After.
import type { IncomingMessage, ServerResponse } from 'node:http';

const allowedMethods = 'GET, POST, PUT, DELETE, OPTIONS';
const plainHeaders = new Set(['authorization', 'content-type', 'accept']);
// Without these a cross-origin console cannot read them: no request id to quote, no wait to count down on 429/503.
export const exposedHeaders = 'X-Request-ID, Retry-After';

function headerAllowed(name: string): boolean {
  return plainHeaders.has(name) || name.startsWith('x-');
}

/** Sets CORS headers. Answers true when the request was a preflight and has been answered. */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  const allowedOrigin = origin !== undefined && origins.includes(origin);
  if (allowedOrigin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
  }
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (!preflight) return false;

  const requested = (req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (allowedOrigin && requested.every(headerAllowed)) {
    res.setHeader('Access-Control-Allow-Methods', allowedMethods);
    if (requested.length > 0) res.setHeader('Access-Control-Allow-Headers', requested.join(', '));
    res.setHeader('Access-Control-Max-Age', '600');
    res.statusCode = 204;
  } else {
    res.removeHeader('Access-Control-Allow-Origin');
    res.removeHeader('Access-Control-Expose-Headers');
    res.statusCode = 403;
  }
  res.end();
  return true;
}
