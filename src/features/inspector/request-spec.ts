import type { RequestLogEntry } from '@/api/client/request-log';
import type { RequestSpec } from '@/domain/calls/curl';
import { parseTraceparent } from '@/domain/trace/trace-context';

/** The logged request as something curl or fetch can replay (the token stays $ACCESS_TOKEN). */
export function requestSpecOf(entry: RequestLogEntry): RequestSpec {
  const accept = entry.requestHeaders.find(([name]) => name.toLowerCase() === 'accept')?.[1] ?? '';
  return {
    method: entry.method,
    url: entry.url,
    headers: entry.requestHeaders,
    ...(entry.secretHeaders?.length ? { secretHeaders: entry.secretHeaders } : {}),
    ...(entry.requestBody !== undefined ? { body: entry.requestBody } : {}),
    stream: entry.stream !== undefined || /event-stream|ndjson/.test(accept),
  };
}

export const pathOf = (url: string): string => {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
};

/**
 * The path as a list row shows it: without the API's base (`/code-assistant-api`), which every call shares, so the
 * part that tells calls apart is what stays visible. A call to another origin keeps its whole path.
 */
export function pathBelowBase(url: string, baseUrl: string): string {
  const path = pathOf(url);
  try {
    const base = new URL(baseUrl, url);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (basePath === '' || new URL(url).origin !== base.origin) return path;
    return path.startsWith(`${basePath}/`) || path.startsWith(`${basePath}?`) ? path.slice(basePath.length) : path;
  } catch {
    return path;
  }
}

export type StatusFilter = 'all' | 'ok' | 'error' | 'open';

export function matchesStatus(entry: RequestLogEntry, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'open') return entry.state === 'pending' || entry.state === 'streaming';
  const failed = entry.state === 'failed' || (entry.status !== undefined && entry.status >= 400);
  return filter === 'error' ? failed : !failed && entry.status !== undefined && entry.status < 400;
}

/**
 * Free-text search over what identifies a call: its request id (what support quotes), its trace id (what a tracing
 * backend shows, or a whole `traceparent` pasted from one: a backend's span is the server's, not the console's, so a
 * pasted `traceparent` finds every call of its trace), method, URL and status. Case-insensitive; every word must match.
 */
export function matchesText(entry: RequestLogEntry, query: string): boolean {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => parseTraceparent(word)?.traceId ?? word);
  if (words.length === 0) return true;
  const traceparent = entry.requestHeaders.find(([name]) => name.toLowerCase() === 'traceparent')?.[1] ?? '';
  const ids = [entry.requestId ?? '', entry.traceId ?? '', traceparent];
  const haystack = [...ids, entry.method, entry.url, String(entry.status ?? '')].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export const outcomeOf = (entry: RequestLogEntry): string => {
  if (entry.state === 'aborted') return entry.status ? `${entry.status} · stopped` : 'stopped';
  if (entry.state === 'failed' && entry.status === undefined) return 'no answer';
  if (entry.state === 'pending') return entry.status ? `${entry.status} · reading` : 'waiting';
  if (entry.state === 'streaming') return `${entry.status ?? ''} · streaming`;
  // A stream that broke, went silent, or carried the server's error: the detail says which.
  if (entry.state === 'failed') return `${entry.status ?? ''} · failed`;
  return String(entry.status ?? '');
};
