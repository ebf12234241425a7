import type { z } from 'zod';
import { ApiError, isApiError } from '@/domain/errors/api-error';
import {
  binaryBodyNote,
  createRequestLog,
  isTextType,
  redactHeaders,
  secretNamesOf,
  type ForwardedHeaders,
  type LoggedCall,
  type RequestKind,
  type RequestLog,
} from './request-log';
import type { StreamTransport } from '@/api/stream/stream-transport';
import { cappedOf, cutNote, readCappedText } from './capped-text';
import { carriesCustomHeaders, fetchSameOrigin } from './same-origin-redirects';
import { scrubResponse } from './secret-scrub';
import { isWholeJson, MaskedJsonResponse } from './masked-json';
import { createWorkerStreams } from '@/api/stream-worker/worker-streams';
import { newTraceparent, traceContextFor, traceIdOfCall } from './trace-headers';
import { failureMessage } from '@/domain/errors/describe-failure';
import { callIds, type CallIds } from './call-ids';
import { errorFromResponse, networkError, unexpectedAnswer } from './response-errors';

export type { CallIds } from './call-ids';
export { errorFromResponse, networkError, unexpectedAnswer } from './response-errors';

/** Where tokens come from; the auth feature supplies it, api/ never knows how sign-in works. */
export interface TokenSource {
  getAccessToken(): Promise<string | null>;
  /** Renews the token (silently if possible); null when it cannot. */
  renewAccessToken(): Promise<string | null>;
}

/** What an assistant or workflow call is, so header templates can be resolved for it. */
export interface HeaderContext {
  kind: 'assistant' | 'workflow';
  conversationId?: string;
  sessionId?: string;
}

/**
 * What a call carries: `forwarded` (secret values masked: the copy everything else keeps and shows) and the secret
 * values by name, which only the wire gets.
 */
export type HeaderDecision =
  | { ok: true; forwarded: ForwardedHeaders; secrets?: Readonly<Record<string, string>> }
  | { ok: false; problems: readonly string[] };

/** Where custom X-* headers come from; the headers feature supplies it, api/ never knows about profiles. */
export interface HeaderProvider {
  headersFor(context: HeaderContext): HeaderDecision;
  /** Every secret value the person keeps, so what servers echo of them is masked in every answer. */
  secretValues?(): readonly string[];
}

export interface ApiClientOptions {
  /** Absolute base, e.g. http://localhost:8080/code-assistant-api (paths below add /v1/...). */
  baseUrl: string;
  tokens: TokenSource;
  headerProvider?: HeaderProvider;
  log?: RequestLog;
  fetchImpl?: typeof fetch;
  /** A stream silent (no byte) for this long is given up by the stream readers. Default 600 s. */
  streamIdleTimeoutMs?: number;
  /** Whether each call carries a fresh X-Request-ID (asked per call, so a setting applies at once). Default: always. */
  sendRequestIds?: () => boolean;
  /** A new request id; crypto.randomUUID unless given. */
  newRequestId?: () => string;
  /** Whether each call carries a W3C `traceparent` (asked per call, like request ids). Default: always. */
  sendTraceContext?: () => boolean;
  /** Where streamed answers are fetched and read (a worker); default: on the page. */
  streams?: StreamTransport;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Assistant and workflow calls ask the header provider for custom headers; catalog calls never do. */
  forward?: HeaderContext;
  /** What the call belongs to (a turn, a run), so the inspector can open it from there. */
  subject?: string;
  /** How the inspector files the call; default: the forward kind, else a catalog call. */
  kind?: RequestKind;
  /** Told once the request is on its way, with its log entry and the custom headers it carries. */
  onSent?(sent: SentCall): void;
  /**
   * Where `propagate_headers=true` goes when headers are forwarded: in the JSON body (start calls) or as a query
   * parameter (resume, whose body is optional: real servers read the flag from the query there).
   */
  propagateAs?: 'body' | 'query';
  /** The answer may stream: it is fetched through the stream transport, which then reads it. */
  streamed?: boolean;
  /**
   * The body carries values that go to the server and nowhere else (an obscured form field's): the log and its copies
   * show `shownBody` instead, and the values are masked wherever the response repeats them.
   */
  secrets?: { values: readonly string[]; shownBody: unknown };
}

/** Tools may be silent up to 540 s (the workspace-script bridge) and ingresses allow 600 s: wait as long as they do. */
export const defaultStreamIdleTimeoutMs = 600_000;

/** A call on its way: its log entry, the custom headers it carries and the request and trace ids it was sent with. */
export interface SentCall {
  logId: string;
  forwarded: ForwardedHeaders | null;
  requestId?: string;
  traceId?: string;
}

/**
 * A response and the facts of the call that got it, held by the caller: its request log entry, the ids support can
 * find it under, and the secret values masked wherever its body is read (a stream body held by the stream transport
 * is masked there, as it is read).
 */
export interface CalledResponse {
  response: Response;
  log: LoggedCall;
  ids: CallIds;
  scrub: readonly string[];
}

const hasHeader = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one HTTP client: bearer token, JSON in and out, one renewal on 401, every failure an ApiError. */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Stream bodies are logged chunk by chunk by their readers; anything else is logged whole from a copy.
const isStreamType = (contentType: string) => /event-stream|ndjson|jsonl|json-seq/i.test(contentType);

/** The one HTTP client: bearer token, JSON in and out, one renewal on 401, every failure an ApiError, every call logged. */
export function createApiClient({
  baseUrl,
  tokens,
  fetchImpl,
  headerProvider,
  log = createRequestLog(),
  streamIdleTimeoutMs = defaultStreamIdleTimeoutMs,
  sendRequestIds = () => true,
  newRequestId = () => crypto.randomUUID(),
  sendTraceContext = () => true,
  streams: givenStreams,
}: ApiClientOptions) {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  // Streamed calls are read by the stream worker's code whatever runs the client: the client's own network is the
  // one it reads from where it runs on the page.
  const streams = givenStreams ?? createWorkerStreams({ fetchImpl: doFetch });
  const url = (path: string) => `${baseUrl}${path}`;

  /** Custom headers for an assistant or workflow call, resolved once for all attempts of it. */
  function forwardedFor(options: RequestOptions): {
    forwarded: ForwardedHeaders | null;
    secrets: Record<string, string>;
  } {
    if (!options.forward || !headerProvider) return { forwarded: null, secrets: {} };
    const decision = headerProvider.headersFor(options.forward);
    if (!decision.ok)
      throw new ApiError({ kind: 'headers', message: 'The custom headers cannot be sent', details: decision.problems });
    return { forwarded: decision.forwarded, secrets: { ...decision.secrets } };
  }

  function requestParts(
    token: string | null,
    options: RequestOptions,
    forwarded: ForwardedHeaders | null,
    accept?: string,
    secrets: Readonly<Record<string, string>> = {},
  ) {
    // Secret values exist only here, on their way to the wire; the forwarded copy holds the mask.
    const custom = forwarded?.propagate
      ? Object.fromEntries(forwarded.headers.map((header) => [header.name, secrets[header.name] ?? header.value]))
      : {};
    const headers: Record<string, string> = {
      ...custom,
      Accept: accept ?? 'application/json',
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(options.headers ?? {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
    const inBody = forwarded?.propagate && options.propagateAs !== 'query';
    const written = (payload: unknown) => {
      const flagged = inBody && isPlainObject(payload) ? { ...payload, propagate_headers: true } : payload;
      return flagged === undefined ? undefined : JSON.stringify(flagged);
    };
    const body = written(options.body);
    return { headers, body, shownBody: options.secrets ? written(options.secrets.shownBody) : body };
  }

  /** The path with `propagate_headers=true` in its query, for calls that carry the flag there. */
  function target(path: string, options: RequestOptions, forwarded: ForwardedHeaders | null): string {
    if (!forwarded?.propagate || options.propagateAs !== 'query') return path;
    return `${path}${path.includes('?') ? '&' : '?'}propagate_headers=true`;
  }

  /**
   * Sends once; on 401 renews the token and sends once more (nothing was received yet, so it is safe). `readWhole`:
   * the caller parses the whole JSON answer (json()), so a masked one is decoded once, as text.
   */
  async function send(
    path: string,
    options: RequestOptions,
    accept?: string,
    readWhole = false,
  ): Promise<CalledResponse> {
    const { forwarded, secrets } = forwardedFor(options);
    const scrubbed = [
      ...Object.values(secrets),
      ...(headerProvider?.secretValues?.() ?? []),
      ...(options.secrets?.values ?? []),
    ];
    const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
    const kind: RequestKind = options.kind ?? options.forward?.kind ?? 'catalog';
    const address = url(target(path, options, forwarded));
    const traceId = traceIdOfCall(options.subject);
    const attempt = async (token: string | null): Promise<CalledResponse> => {
      const { headers, body, shownBody } = requestParts(token, options, forwarded, accept, secrets);
      // A fresh id per attempt (a retry is another request), unless a header profile already sets one.
      const own = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-request-id')?.[1];
      const requestId = own ?? (sendRequestIds() ? newRequestId() : undefined);
      if (requestId && !hasHeader(headers, 'x-request-id')) headers['X-Request-ID'] = requestId;
      const trace = sendTraceContext() && !hasHeader(headers, 'traceparent') ? newTraceparent(traceId) : null;
      if (trace) headers['traceparent'] = trace.traceparent;
      const logged = log.begin({
        kind,
        method,
        url: address,
        headers,
        forwarded,
        ...(requestId ? { requestId } : {}),
        ...(trace ? { traceId, spanId: trace.spanId } : {}),
        ...(shownBody !== undefined ? { body: shownBody } : {}),
        ...(options.subject ? { subject: options.subject } : {}),
      });
      const sentIds = { ...(requestId ? { requestId } : {}), ...(trace ? { traceId } : {}) };
      options.onSent?.({ logId: logged.entry.id, forwarded, ...sentIds });
      let response: Response;
      const init: RequestInit = {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      };
      const fetcher = options.streamed ? streams.fetch : doFetch;
      try {
        // A call with custom headers follows no redirect to another origin (same-origin-redirects.ts).
        response = await (carriesCustomHeaders(headers)
          ? fetchSameOrigin(fetcher, address, init)
          : fetcher(address, init));
      } catch (cause) {
        logged.ended(options.signal?.aborted ? 'aborted' : 'failed', failureMessage(cause));
        if (options.signal?.aborted || isApiError(cause)) throw cause;
        throw networkError(address, cause, requestId, trace ? traceId : undefined);
      }
      const contentType = response.headers.get('content-type') ?? '';
      // A body the stream transport holds is masked where it is read; any other is masked here, before anyone reads it
      // (a whole JSON answer decoded once, as text that its parse and the log share).
      if (!(options.streamed && streams.holds(response)))
        response =
          readWhole && scrubbed.length > 0 && response.body && isWholeJson(contentType)
            ? new MaskedJsonResponse(response, scrubbed)
            : scrubResponse(response, scrubbed);
      logged.responded(response);
      // A downloaded file is not decoded into the log: the log would keep 256 KB of it as text anyway.
      if (!isStreamType(contentType) && !isTextType(contentType)) logged.body(binaryBodyNote(response));
      else if (!isStreamType(contentType)) {
        const read =
          response instanceof MaskedJsonResponse ? cappedOf(response.maskedText) : readCappedText(response.clone());
        void read.then(
          ({ text, truncated }) => logged.body(truncated ? `${text}${cutNote}` : text, truncated),
          () => logged.ended(options.signal?.aborted ? 'aborted' : 'failed', 'the body could not be read'),
        );
      }
      return { response, log: logged, ids: callIds(response, sentIds), scrub: scrubbed };
    };
    const first = await attempt(await tokens.getAccessToken());
    if (first.response.status !== 401) return first;
    const renewed = await tokens.renewAccessToken().catch(() => null);
    if (!renewed) return first;
    await first.response.body?.cancel().catch(() => undefined);
    return attempt(renewed);
  }

  async function json<S extends z.ZodType>(
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const { response, ids } = await send(path, options, undefined, true);
    if (!response.ok) throw await errorFromResponse(response, ids);
    const contentType = response.headers.get('content-type') ?? '';
    if (!/json/i.test(contentType)) {
      await response.body?.cancel().catch(() => undefined);
      throw unexpectedAnswer(response);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ApiError({ kind: 'not-json', status: response.status, contentType, url: response.url });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new ApiError({
        kind: 'protocol',
        status: response.status,
        url: response.url,
        details: first ? `${first.path.join('.') || 'body'}: ${first.message}` : undefined,
        ...ids,
      });
    }
    return parsed.data;
  }

  /** The request a call would make, token hidden: for previews and "copy as curl" before anything is sent. */
  function preview(path: string, options: RequestOptions, forwarded: ForwardedHeaders | null) {
    const { headers, body } = requestParts(null, options, forwarded);
    return {
      method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
      url: url(target(path, options, forwarded)),
      headers: redactHeaders({ ...headers, Authorization: 'token' }, secretNamesOf(forwarded)),
      secretHeaders: secretNamesOf(forwarded),
      ...(body !== undefined ? { body } : {}),
    };
  }

  /** A request id for a call made outside `send`, when ids are sent at all. */
  const requestId = (): string | undefined => (sendRequestIds() ? newRequestId() : undefined);

  /** Trace context for a call made outside `send` (an upload with progress), when it is sent at all. */
  const traceContext = (subject?: string) => (sendTraceContext() ? traceContextFor(subject) : undefined);

  const more = { requestId, traceContext, streams };
  return { baseUrl, url, send, json, preview, tokens, log, fetch: doFetch, streamIdleTimeoutMs, ...more };
}
