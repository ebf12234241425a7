// The id of a request, as real servers keep it: the caller's X-Request-ID, else a fresh uuid4. It names the
// request in log lines and 500 bodies, and reaches tools with the other X-* headers; no response carries it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ids = new WeakMap<IncomingMessage, string>();

/** The same id for every call on one request; a repeated header counts as its first value. */
export function requestIdOf(req: IncomingMessage): string {
  const known = ids.get(req);
  if (known !== undefined) return known;
  const sent = req.headers['x-request-id'];
  const first = (Array.isArray(sent) ? sent[0] : sent)?.trim();
  const id = first ? first : randomUUID();
  ids.set(req, id);
  return id;
}
