// Which of the incoming request's headers the platform passes on to tool servers (seed "Header forwarding rules").
import type { IncomingHttpHeaders } from 'node:http';

/** Never forwarded, whatever the request asks. */
export const blockedHeaders: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-auth-token',
  'x-internal-secret',
  'x-internal-token',
]);

/** The X-* headers of `incoming` minus the blocklist, lowercased; none unless `propagate`. */
export function forwardedHeaders(incoming: IncomingHttpHeaders, propagate: boolean): Record<string, string> {
  if (!propagate) return {};
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    const key = name.toLowerCase();
    if (!key.startsWith('x-') || blockedHeaders.has(key) || value === undefined) continue;
    // X-Request-ID goes on like any X-* header: it is also the request's id in the platform's logs and 500 bodies.
    forwarded[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return forwarded;
}
