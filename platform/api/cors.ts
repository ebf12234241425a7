// CORS as real servers configure Starlette's middleware: the console origins, credentials allowed, methods and
// headers `*` (so a `traceparent` passes as an X-* header does), and only Content-Disposition exposed (a console on
// another origin reaches them through a proxy).
import type { IncomingMessage, ServerResponse } from 'node:http';

const allowedMethods = 'GET, POST, PUT, DELETE, OPTIONS';
// Real servers expose nothing else: Retry-After and the like are unreadable cross-origin.
export const exposedHeaders = 'Content-Disposition';

/** Sets CORS headers. Answers true when the request was a preflight and has been answered. */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  const allowedOrigin = origin !== undefined && origins.includes(origin);
  if (allowedOrigin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
  }
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (!preflight) return false;

  const requested = (req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  // allow_headers=["*"] answers a preflight with the headers it asked for, whatever they are.
  if (allowedOrigin) {
    res.setHeader('Access-Control-Allow-Methods', allowedMethods);
    if (requested.length > 0) res.setHeader('Access-Control-Allow-Headers', requested.join(', '));
    res.setHeader('Access-Control-Max-Age', '600');
    res.statusCode = 204;
    res.end();
    return true;
  }
  for (const name of [
    'Access-Control-Allow-Origin',
    'Access-Control-Allow-Credentials',
    'Access-Control-Expose-Headers',
  ])
    res.removeHeader(name);
  // Starlette's words and status for a refused preflight.
  res.statusCode = 400;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Disallowed CORS origin');
  return true;
}
