import { scrubResponse } from '@/api/client/secret-scrub';
import { readStreamBody } from '@/api/stream/stream-decode';
import type { AnswerStreamEnd } from '@/api/stream/stream-types';
import { createChunkFolder, type ChunkFolder } from './chunk-folder';
import { keptInWorker, type FromWorker, type LogPieces, type StreamEvent, type ToWorker } from './protocol';

/** How the stream worker talks to its page: a worker's global scope, or a message port in a test. */
export interface PageEnd {
  post(message: FromWorker, transfer: Transferable[]): void;
  onMessage(listener: (message: ToWorker) => void): void;
}

interface Held {
  controller: AbortController;
  response?: Response;
  events: StreamEvent[];
  /** An answer's stream: its chunks are folded here, and its pieces kept for the request log as lists. */
  folder?: ChunkFolder;
  log?: LogPieces;
  end?: AnswerStreamEnd;
  /** The page asked for the next update and has not had it yet. */
  pulled: boolean;
  queued: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** When the page last asked, and about how far apart its frames are (it asks in its frame callback). */
  pulledAt: number;
  frameMs: number;
  /** The last gaps between pulls, oldest first. */
  gaps: number[];
}

/** A page that asks for nothing this long (a hidden tab has no frames) still learns that its stream ended. */
const unaskedEndMs = 250;

/** The frame length assumed until the page's pulls tell a shorter one, and the shortest believed. */
const frameMs = 1000 / 60;
const minFrameMs = 5;
const recentGaps = 16;

/** What the page needs to take an update in before its next frame starts. */
const replyMarginMs = 4;

const wallClock = () => performance.timeOrigin + performance.now();

const noPieces = (): LogPieces => ({ texts: [], at: [], malformed: [] });

const hasNews = (held: Held) =>
  held.events.length > 0 || held.end !== undefined || held.folder?.pending === true || Boolean(held.log?.texts.length);

const headOf = (response: Response) => ({
  // A browser's unfollowed redirect has status 0, which no Response can be made with on the page.
  ...(response.type === 'opaqueredirect' ? { opaqueRedirect: true as const } : {}),
  status: response.type === 'opaqueredirect' ? 302 : response.status,
  statusText: response.statusText,
  headers: [...response.headers.entries()],
  url: response.url,
  redirected: response.redirected,
});

/**
 * fetch-event-source looks at `document.hidden` and clears its retry timer through `window` even with openWhenHidden
 * (in its clean-up): a worker has neither, and a hidden page is no reason to re-open here anyway.
 */
function allowEventSource() {
  const scope = globalThis as { window?: unknown; document?: unknown };
  scope.window ??= globalThis;
  scope.document ??= { hidden: false, addEventListener() {}, removeEventListener() {} };
}

/**
 * The stream reader's side: it fetches a streamed call the page prepared (token, headers, body), reads and decodes the
 * answer as it arrives (SSE or NDJSON, `}_{` restored, chunks parsed) and hands the page what arrived when the page
 * asks, once a frame: the page wakes once per frame however many tokens came, not once per token.
 */
export function serveStreams(page: PageEnd, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): void {
  allowEventSource();
  const streams = new Map<number, Held>();
  const post = (message: FromWorker, transfer: Transferable[] = []) => page.post(message, transfer);

  const deliver = (id: number, held: Held) => {
    clearTimeout(held.timer);
    held.timer = undefined;
    if (streams.get(id) !== held || !hasNews(held)) return;
    held.pulled = false;
    const events = held.events;
    held.events = [];
    const folded = held.folder?.pending ? held.folder.take(wallClock()) : undefined;
    // A batch the fold could not take ends this stream (its error said in the batch); the page's others go on.
    if (held.folder?.broken && held.end === undefined) {
      held.end = 'broken';
      held.controller.abort();
    }
    const log = held.log?.texts.length ? held.log : undefined;
    if (log) held.log = noPieces();
    post({
      type: 'update',
      id,
      events,
      ...(log ? { log } : {}),
      ...(folded ? { folded } : {}),
      ...(held.end !== undefined ? { end: held.end } : {}),
    });
    if (held.end !== undefined) streams.delete(id);
  };
  // The page asks in its frame callback; the answer goes shortly before its next frame, so that frame shows all that
  // arrived until then (answered at once, the rest would wait a frame more). Past that moment it goes as soon as
  // anything arrives, after the reader's synchronous work, so what one network read brought goes together.
  const offer = (id: number, held: Held) => {
    if (!held.pulled) {
      if (held.end !== undefined) held.timer ??= setTimeout(() => deliver(id, held), unaskedEndMs);
      return;
    }
    if (!hasNews(held)) return;
    const wait = held.pulledAt + held.frameMs - replyMarginMs - performance.now();
    if (wait > 0) held.timer ??= setTimeout(() => deliver(id, held), wait);
    else if (!held.queued) {
      held.queued = true;
      queueMicrotask(() => {
        held.queued = false;
        if (held.pulled) deliver(id, held);
      });
    }
  };
  const pulled = (id: number, held: Held) => {
    const at = performance.now();
    // The short gaps between pulls tell the frame's length (a 120 Hz screen asks twice as often): the lower quarter of
    // the last few, never over a 60 Hz frame. Longer gaps are frames the page skipped or had nothing in: taken for the
    // frame's length, they made the answer come later, so the page asked later still, one update every few frames. A
    // single short gap (a late frame followed by one on time) is not the frame's length either.
    const gap = at - held.pulledAt;
    if (gap >= minFrameMs && Number.isFinite(gap)) {
      held.gaps = [...held.gaps.slice(1 - recentGaps), gap];
      const sorted = [...held.gaps].sort((a, b) => a - b);
      held.frameMs = Math.min(frameMs, sorted[Math.floor((sorted.length - 1) / 4)] ?? frameMs);
    }
    held.pulledAt = at;
    held.pulled = true;
    // Asked again, the page is served by its frame, not by the timer for a page that stopped asking.
    clearTimeout(held.timer);
    held.timer = undefined;
    offer(id, held);
  };

  async function open(message: Extract<ToWorker, { type: 'fetch' }>) {
    const { id, url, method, headers, body, redirect } = message;
    const held: Held = {
      controller: new AbortController(),
      events: [],
      pulled: false,
      queued: false,
      timer: undefined,
      pulledAt: -Infinity,
      frameMs,
      gaps: [],
    };
    streams.set(id, held);
    try {
      const response = await fetchImpl(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(redirect ? { redirect } : {}),
        signal: held.controller.signal,
      });
      if (keptInWorker(response.status, response.headers.get('content-type') ?? '')) {
        held.response = response;
        post({ type: 'head', id, ...headOf(response) });
        return;
      }
      const whole = await response.arrayBuffer();
      streams.delete(id);
      post({ type: 'head', id, ...headOf(response), body: whole }, [whole]);
    } catch (error) {
      streams.delete(id);
      const { name, message: text } = error instanceof Error ? error : new Error(String(error));
      post({ type: 'failed', id, name, message: text });
    }
  }

  function read(message: Extract<ToWorker, { type: 'read' }>) {
    const { id, wire, idleMs, scrub, fold } = message;
    const held = streams.get(id);
    if (!held?.response) return;
    const events = (event: StreamEvent) => {
      held.events.push(event);
      offer(id, held);
    };
    const folder = fold ? createChunkFolder(fold, scrub) : undefined;
    if (folder) Object.assign(held, { folder, log: noPieces() });
    const logged = (text: string, malformed: boolean | undefined) => {
      const at = wallClock();
      const log = held.log;
      if (!log) return events({ kind: 'log', text, ...(malformed ? { malformed } : {}), at });
      if (malformed) log.malformed.push(log.texts.length);
      log.texts.push(text);
      log.at.push(at);
      offer(id, held);
    };
    void readStreamBody(
      scrubResponse(held.response, scrub),
      { wire, idleMs, signal: held.controller.signal },
      {
        onChunk: (chunk) => {
          if (!folder) return events({ kind: 'chunk', chunk, at: wallClock() });
          folder.chunk(chunk, wallClock());
          offer(id, held);
        },
        onMalformed: (raw) => {
          if (!folder) return events({ kind: 'malformed', raw, at: wallClock() });
          folder.malformed(wallClock());
          offer(id, held);
        },
      },
      {
        chunk: logged,
      },
    ).then((end) => {
      held.end = end;
      offer(id, held);
    });
  }

  /** The page reads the body itself after all: the bytes go over as they come. */
  async function pump(id: number) {
    const body = streams.get(id)?.response?.body;
    streams.delete(id);
    if (!body) return post({ type: 'bytes', id, done: true });
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return post({ type: 'bytes', id, done: true });
        post({ type: 'bytes', id, value, done: false }, [value.buffer]);
      }
    } catch {
      post({ type: 'bytes', id, done: true, failed: true });
    }
  }

  page.onMessage((message) => {
    const held = streams.get(message.id);
    switch (message.type) {
      case 'fetch':
        return void open(message);
      case 'read':
        return read(message);
      case 'pull':
        return held && pulled(message.id, held);
      case 'bytes':
        return void pump(message.id);
      case 'abort':
        streams.delete(message.id);
        return held?.controller.abort();
      case 'cancel':
        streams.delete(message.id);
        void held?.response?.body?.cancel().catch(() => undefined);
        return held?.controller.abort();
    }
  });
}
