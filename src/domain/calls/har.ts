import { secretMatcher } from '@/domain/headers/secret-forms';
import { looksSecret, tokenFormatOf } from '@/domain/headers/secrets';

/** One logged call, as much of it as a HAR needs (the request log's entries have this shape). */
export interface HarCall {
  readonly id: string;
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: readonly (readonly [string, string])[];
  readonly secretHeaders?: readonly string[] | undefined;
  readonly requestBody?: string | undefined;
  readonly requestId?: string | undefined;
  readonly traceId?: string | undefined;
  readonly spanId?: string | undefined;
  /** Epoch milliseconds. */
  readonly startedAt: number;
  readonly state: string;
  readonly status?: number | undefined;
  readonly respondedMs?: number | undefined;
  readonly responseHeaders: readonly (readonly [string, string])[];
  readonly durationMs?: number | undefined;
  readonly responseBody?: string | undefined;
  readonly responseTruncated?: boolean | undefined;
  readonly stream?:
    { wire: string; chunks: readonly { at: number; text: string }[]; droppedChunks: number } | undefined;
  readonly error?: string | undefined;
}

interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { blocked: -1; dns: -1; connect: -1; ssl: -1; send: number; wait: number; receive: number };
  _resourceType: 'fetch';
  _requestId?: string;
  _traceId?: string;
  _spanId?: string;
  _state: string;
  /** Each streamed piece with the milliseconds after the start it arrived at. */
  _chunks?: { at: number; text: string }[];
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    comment: string;
    pages: [];
    entries: HarEntry[];
  };
}

export const harRedacted = '[redacted]';

/** Headers whose values are credentials whatever their profile says (RFC 9110's, and cookies). */
const credentialHeaders: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
]);

export type HarMode<C extends HarCall = HarCall> =
  /** The default: no credential, secret or token-looking value in any form, each replaced by `[redacted]`. */
  | { sensitive: false; secretValues: readonly string[] }
  /** Asked for explicitly: the secret header values filled in, per call, from the profile it was made with. */
  | { sensitive: true; secretsOf: (call: C) => Readonly<Record<string, string>> };

const sanitizedHeader = (name: string, value: string, secretNames: ReadonlySet<string>): string => {
  const key = name.toLowerCase();
  if (credentialHeaders.has(key) || secretNames.has(key) || looksSecret(name) || tokenFormatOf(value) !== null)
    return harRedacted;
  return value;
};

function headersOf(pairs: readonly (readonly [string, string])[], value: (name: string, value: string) => string) {
  return pairs.map(([name, raw]) => ({ name, value: value(name, raw) }));
}

const headerValue = (pairs: readonly (readonly [string, string])[], wanted: string) =>
  pairs.find(([name]) => name.toLowerCase() === wanted)?.[1];

function queryOf(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams.entries()].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** A streamed body as it came over the wire: SSE events, or one JSON object per line. */
function streamedBody(stream: NonNullable<HarCall['stream']>): string {
  if (stream.wire === 'sse')
    return stream.chunks
      .map((chunk) => (/^(event|data|id|retry):/.test(chunk.text) ? chunk.text : `data: ${chunk.text}`))
      .map((event) => `${event}\n\n`)
      .join('');
  return stream.chunks.map((chunk) => `${chunk.text}\n`).join('');
}

const size = (text: string | undefined) => (text === undefined ? 0 : new TextEncoder().encode(text).length);
const whole = (ms: number | undefined) => Math.max(0, Math.round(ms ?? 0));

function entryOf(call: HarCall, header: (name: string, value: string) => string): HarEntry {
  const total = whole(call.durationMs);
  const wait = whole(call.respondedMs ?? call.durationMs);
  const body = call.stream ? streamedBody(call.stream) : call.responseBody;
  const requestType = headerValue(call.requestHeaders, 'content-type') ?? 'application/json';
  const responseType =
    headerValue(call.responseHeaders, 'content-type') ??
    (call.stream?.wire === 'sse' ? 'text/event-stream' : 'application/json');
  const comments = [
    ...(call.responseTruncated ? ['the body was cut at 256 KB in the console’s log'] : []),
    ...(call.stream && call.stream.droppedChunks > 0
      ? [`${call.stream.droppedChunks} later chunks were not kept by the console’s log`]
      : []),
  ];
  return {
    startedDateTime: new Date(call.startedAt).toISOString(),
    time: total,
    request: {
      method: call.method,
      url: call.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headersOf(call.requestHeaders, header),
      queryString: queryOf(call.url),
      ...(call.requestBody !== undefined ? { postData: { mimeType: requestType, text: call.requestBody } } : {}),
      headersSize: -1,
      bodySize: size(call.requestBody),
    },
    response: {
      status: call.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headersOf(call.responseHeaders, header),
      content: {
        size: size(body),
        mimeType: responseType,
        ...(body !== undefined ? { text: body } : {}),
        ...(comments.length > 0 ? { comment: comments.join('; ') } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: body === undefined ? -1 : size(body),
      ...(call.error ? { _error: call.error } : {}),
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait, receive: Math.max(0, total - wait) },
    _resourceType: 'fetch',
    ...(call.requestId ? { _requestId: call.requestId } : {}),
    ...(call.traceId ? { _traceId: call.traceId } : {}),
    ...(call.spanId ? { _spanId: call.spanId } : {}),
    _state: call.state,
    ...(call.stream ? { _chunks: call.stream.chunks.map((chunk) => ({ at: chunk.at, text: chunk.text })) } : {}),
  };
}

/** Every string of a value with the secret values masked in every form they take. */
function scrubDeep<T>(value: T, scrub: (text: string) => string): T {
  const walk = (inner: unknown): unknown => {
    if (typeof inner === 'string') return scrub(inner);
    if (Array.isArray(inner)) return inner.map(walk);
    if (typeof inner === 'object' && inner !== null)
      return Object.fromEntries(Object.entries(inner).map(([key, item]) => [key, walk(item)]));
    return inner;
  };
  return walk(value) as T;
}

/**
 * The calls as a HAR 1.2 log (what Chrome DevTools imports): requests with their headers and bodies, responses with
 * status, headers and streamed bodies as received, timings, and the request id and trace kept (`traceparent` among
 * the headers, `_requestId`, `_traceId`). Sanitized unless asked otherwise: Authorization, cookies, secret headers,
 * credential-named headers and token-looking values become `[redacted]`, and the secret values are masked in every
 * form wherever else they appear. The access token is never in it: the log never holds it.
 */
export function buildHar<C extends HarCall>(
  calls: readonly C[],
  mode: HarMode<C>,
  creator: { name: string; version: string },
): Har {
  const entries = calls.map((call) => {
    if (mode.sensitive) {
      const secrets = new Map(Object.entries(mode.secretsOf(call)).map(([name, value]) => [name.toLowerCase(), value]));
      return entryOf(call, (name, value) => secrets.get(name.toLowerCase()) ?? value);
    }
    const secretNames = new Set((call.secretHeaders ?? []).map((name) => name.toLowerCase()));
    return entryOf(call, (name, value) => sanitizedHeader(name, value, secretNames));
  });
  const matcher = mode.sensitive ? null : secretMatcher(mode.secretValues);
  return {
    log: {
      version: '1.2',
      creator,
      comment: mode.sensitive
        ? 'Exported with sensitive data: the secret header values of each call’s profile are included. The access token is not (the console never records it).'
        : 'Sanitized: Authorization, cookies, secret and credential-like header values are [redacted], and secret values are masked in every form.',
      pages: [],
      entries: matcher ? scrubDeep(entries, (text) => matcher.scrub(text, harRedacted)) : entries,
    },
  };
}
