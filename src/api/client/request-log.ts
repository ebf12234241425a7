import { secretMatcher } from '@/domain/headers/secret-forms';
import { maskHeaderPairs, scrubRecord } from '@/domain/headers/secrets';
import type { StreamHealth } from '@/domain/stream/stream-health';
import type { ForwardedHeaders } from '@/domain/headers/forwarded-headers';
import { frameSharing } from '@/domain/calls/shared-frame';

/** What a call was for; the inspector filters by it. */
export type RequestKind = 'assistant' | 'workflow' | 'catalog';

export type RequestState = 'pending' | 'streaming' | 'done' | 'failed' | 'aborted';

export interface LoggedChunk {
  /** Milliseconds after the request started. */
  at: number;
  text: string;
  /** True for a piece that could not be read as a chunk. */
  malformed?: boolean;
}

export type { ForwardedHeaders };

export interface RequestLogEntry {
  readonly id: string;
  readonly kind: RequestKind;
  /** What the call belongs to (a turn id, a run id), so its screen can open it here. */
  readonly subject: string | undefined;
  readonly method: string;
  readonly url: string;
  /** As sent, except Authorization, which is always `Bearer $ACCESS_TOKEN`, and secret headers, masked. */
  readonly requestHeaders: readonly (readonly [string, string])[];
  /** The names of the headers whose values are secret (masked above; a variable in copied commands). */
  readonly secretHeaders?: readonly string[];
  readonly requestBody: string | undefined;
  readonly forwarded: ForwardedHeaders | null;
  /** The X-Request-ID this call carried: the id the server logs and traces it under. */
  readonly requestId: string | undefined;
  /** The trace this call's `traceparent` put it in (a turn's or a run's calls share one), and its own span. */
  readonly traceId?: string;
  readonly spanId?: string;
  readonly startedAt: number;
  state: RequestState;
  status?: number;
  /** Milliseconds after the start when the response's status and headers arrived (time to first byte). */
  respondedMs?: number;
  responseHeaders: readonly (readonly [string, string])[];
  durationMs?: number;
  responseBody?: string;
  responseTruncated: boolean;
  stream?: { wire: string; chunks: LoggedChunk[]; droppedChunks: number };
  error?: string;
  /** How the stream travelled as the chat measured it (first token, rate, gaps, render lag), once it ended. */
  streamHealth?: StreamHealth;
}

export const requestLogLimits = {
  entries: 200,
  bodyChars: 256 * 1024,
  chunksPerEntry: 2000,
  /** The characters a stream keeps in all (its first chunks): many big chunks must not add up past a body's share. */
  streamChars: 1024 * 1024,
  /** The characters the whole log keeps (bodies, chunks): past it the oldest calls go, whatever their number. */
  totalChars: 8 * 1024 * 1024,
} as const;

/** A body the log reads as text; anything else (a picture, a PDF, a downloaded file) is only described. */
export const isTextType = (contentType: string) =>
  contentType.trim() === '' || /^text\/|json|xml|javascript|x-www-form-urlencoded|yaml|csv/i.test(contentType);

/** What the log keeps of a body it does not read. */
export function binaryBodyNote(response: Response): string {
  const type = response.headers.get('content-type') ?? 'unknown type';
  const length = response.headers.get('content-length');
  return `(${type} body${length ? ` of ${Number(length).toLocaleString('en-US')} bytes` : ''}, not kept in the log)`;
}

const cut = (text: string) =>
  text.length > requestLogLimits.bodyChars ? text.slice(0, requestLogLimits.bodyChars) : text;

const redacted = 'Bearer $ACCESS_TOKEN';

/** Authorization never enters the log with its token, nor a secret header with its value; the rest is kept as sent. */
export function redactHeaders(
  headers: Record<string, string>,
  secretNames: readonly string[] = [],
): [string, string][] {
  return maskHeaderPairs(
    Object.entries(headers).map(([name, value]) => [name, name.toLowerCase() === 'authorization' ? redacted : value]),
    secretNames,
  );
}

/** The names of a call's secret custom headers. */
export const secretNamesOf = (forwarded: ForwardedHeaders | null): string[] =>
  (forwarded?.headers ?? []).filter((header) => header.secret === true).map((header) => header.name);

export interface LoggedCall {
  readonly entry: RequestLogEntry;
  responded(response: Response): void;
  /** The response body as text; `truncated`: it was cut before it reached the log (only its beginning was read). */
  body(text: string, truncated?: boolean): void;
  streamOpened(wire: string): void;
  /** `receivedAt`: when it arrived, on the log's clock (performance.now), if it was read elsewhere (the stream worker). */
  chunk(text: string, malformed?: boolean, receivedAt?: number): void;
  ended(state: Exclude<RequestState, 'pending' | 'streaming'>, error?: string): void;
}

export interface BeginCall {
  kind: RequestKind;
  subject?: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  forwarded: ForwardedHeaders | null;
  requestId?: string;
  traceId?: string;
  spanId?: string;
}

/**
 * Every call this tab made, newest last, in bounded memory: past the count or the characters kept the oldest
 * entries go (and are counted), long bodies are cut and streams keep their first chunks. Entries change in place;
 * readers subscribe to a version number that bumps at most every 100 ms while chunks pour in.
 */
export function createRequestLog(now: () => number = () => performance.now(), clock: () => number = () => Date.now()) {
  const entries: RequestLogEntry[] = [];
  // Characters each entry holds; an entry dropped from the log is no longer counted, even if its call goes on.
  const sizes = new Map<RequestLogEntry, number>();
  let total = 0;
  let dropped = 0;
  const grew = (entry: RequestLogEntry, chars: number) => {
    const size = sizes.get(entry);
    if (size === undefined) return;
    sizes.set(entry, size + chars);
    total += chars;
    // The newest call stays, however large: it is the one being looked at.
    while (entries.length > 1 && (entries.length > requestLogLimits.entries || total > requestLogLimits.totalChars)) {
      const oldest = entries.shift() as RequestLogEntry;
      total -= sizes.get(oldest) ?? 0;
      sizes.delete(oldest);
      dropped += 1;
    }
  };
  const listeners = new Set<() => void>();
  let version = 0;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let sequence = 0;

  const notify = () => {
    if (pending) clearTimeout(pending);
    pending = null;
    version += 1;
    listeners.forEach((listener) => listener());
  };
  const notifySoon = () => {
    pending ??= setTimeout(notify, 100);
  };

  function begin(call: BeginCall): LoggedCall {
    sequence += 1;
    const started = now();
    const entry: RequestLogEntry = {
      id: `${clock().toString(36)}-${sequence}`,
      kind: call.kind,
      subject: call.subject,
      method: call.method,
      url: call.url,
      requestHeaders: redactHeaders(call.headers, secretNamesOf(call.forwarded)),
      ...(secretNamesOf(call.forwarded).length > 0 ? { secretHeaders: secretNamesOf(call.forwarded) } : {}),
      // Kept whole, for Copy as curl to replay; it counts towards the log's characters like any body.
      requestBody: call.body,
      forwarded: call.forwarded,
      requestId: call.requestId,
      ...(call.traceId ? { traceId: call.traceId } : {}),
      ...(call.spanId ? { spanId: call.spanId } : {}),
      startedAt: clock(),
      state: 'pending',
      responseHeaders: [],
      responseTruncated: false,
    };
    entries.push(entry);
    sizes.set(entry, 0);
    grew(entry, entry.requestBody?.length ?? 0);
    notify();
    let streamChars = 0;
    const shareFrame = frameSharing();
    const finish = () => {
      entry.durationMs = Math.round(now() - started);
    };
    return {
      entry,
      responded(response) {
        entry.status = response.status;
        entry.respondedMs = Math.round(now() - started);
        entry.responseHeaders = [...response.headers.entries()];
        notify();
      },
      body(text, truncated = false) {
        entry.responseTruncated = truncated || text.length > requestLogLimits.bodyChars;
        const before = entry.responseBody?.length ?? 0;
        entry.responseBody = cut(text);
        grew(entry, entry.responseBody.length - before);
        if (entry.state === 'pending') entry.state = 'done';
        finish();
        notify();
      },
      streamOpened(wire) {
        entry.state = 'streaming';
        entry.stream = { wire, chunks: [], droppedChunks: 0 };
        notify();
      },
      chunk(text, malformed, receivedAt = now()) {
        const stream = (entry.stream ??= { wire: 'unknown', chunks: [], droppedChunks: 0 });
        const kept = cut(text);
        if (
          stream.chunks.length >= requestLogLimits.chunksPerEntry ||
          streamChars + kept.length > requestLogLimits.streamChars
        )
          stream.droppedChunks += 1;
        else {
          streamChars += kept.length;
          stream.chunks.push({
            at: Math.round(receivedAt - started),
            text: shareFrame(kept),
            ...(malformed ? { malformed } : {}),
          });
          grew(entry, kept.length);
        }
        notifySoon();
      },
      ended(state, error) {
        entry.state = state;
        if (error !== undefined) entry.error = error;
        finish();
        notify();
      },
    };
  }

  return {
    begin,
    entries: (): readonly RequestLogEntry[] => entries,
    find: (id: string) => entries.find((entry) => entry.id === id),
    /** The newest call made for a subject (a turn, a run). */
    latestFor: (subject: string) => entries.findLast((entry) => entry.subject === subject),
    /** The chat measured how this call's stream travelled. */
    healthMeasured(id: string, health: StreamHealth) {
      const entry = entries.find((known) => known.id === id);
      if (!entry) return;
      entry.streamHealth = health;
      notify();
    },
    /** Calls dropped to keep the log within its bounds since it was last cleared. */
    dropped: () => dropped,
    clear() {
      entries.length = 0;
      sizes.clear();
      total = 0;
      dropped = 0;
      notify();
    },
    /** Masks values that became secret in the calls kept so far (in place: calls in flight keep writing to them). */
    scrub(values: readonly string[]) {
      const matcher = secretMatcher(values);
      for (const entry of entries) {
        const clean = scrubRecord(entry, matcher);
        if (clean !== entry) Object.assign(entry, clean);
      }
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
