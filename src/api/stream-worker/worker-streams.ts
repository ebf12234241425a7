import type { StreamTransport } from '@/api/stream/stream-transport';
import type { AnswerStreamEnd } from '@/api/stream/stream-types';
import { type FromWorker, type ResponseHead, type ToWorker, type WorkerEnd } from './protocol';
import { servedOnPage } from './served-on-page';

/**
 * Runs `run` at the next frame; a page with no frames (a hidden tab) is still served, about once a second. Where there
 * are no frames at all (Node), a 60 Hz beat stands in for them.
 */
function nextFrameOrSecond(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(run, 16);
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    run();
  };
  const timer = setTimeout(once, 1000);
  requestAnimationFrame(once);
}

const nullBodyStatus = (status: number) => [101, 103, 204, 205, 304].includes(status);

/** A response whose body stayed with the reader that fetched it: read through the transport, by its stream's id. */
class HeldResponse extends Response {
  constructor(
    body: BodyInit | null,
    init: ResponseInit,
    readonly streamId: number,
  ) {
    super(body, init);
  }
}

function responseOf(head: ResponseHead, body: BodyInit | null, heldAs?: number): Response {
  const init = { status: head.status, statusText: head.statusText, headers: head.headers };
  const payload = nullBodyStatus(head.status) ? null : body;
  const response = heldAs === undefined ? new Response(payload, init) : new HeldResponse(payload, init, heldAs);
  // The reader's error messages name the address and whether a redirect was followed.
  Object.defineProperties(response, {
    url: { value: head.url },
    redirected: { value: head.redirected },
    ...(head.opaqueRedirect ? { type: { value: 'opaqueredirect' } } : {}),
  });
  return response;
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/** The stream worker as the browser runs it. */
function browserWorker(): WorkerEnd {
  const worker = new Worker(new URL('./stream.worker.ts', import.meta.url), { type: 'module', name: 'stream-reader' });
  return {
    postMessage: (message) => worker.postMessage(message),
    onMessage: (listener) =>
      worker.addEventListener('message', (event: MessageEvent<FromWorker>) => listener(event.data)),
    onError: (listener) => worker.addEventListener('error', listener),
    terminate: () => worker.terminate(),
  };
}

export interface WorkerStreamsOptions {
  /**
   * Starts the worker; default the browser's, and where no Worker exists the same serving code on the page over a
   * MessageChannel (served-on-page.ts), reading from `fetchImpl`.
   */
  start?: () => WorkerEnd;
  /** The network the serving code reads from when it runs on the page (default the page's fetch). */
  fetchImpl?: typeof fetch;
  /** When the page asks for the next update: its next frame. */
  schedule?: (run: () => void) => void;
}

/**
 * Streamed calls fetched and read by the stream worker's serving code: the page gets what arrived at most once per
 * animation frame (it asks for the next update in its frame callback, and the worker answers once), an answer's chunks
 * folded there, each with when it arrived. The one way a stream is read: in a Worker where one runs, else the same
 * code on the page (a Worker that fails hands the next calls to it).
 */
export function createWorkerStreams({
  start,
  fetchImpl,
  schedule = nextFrameOrSecond,
}: WorkerStreamsOptions = {}): StreamTransport {
  const onPage = () => servedOnPage(fetchImpl);
  const inWorker = start ?? (typeof Worker === 'function' ? browserWorker : onPage);
  let worker: WorkerEnd | null = null;
  let failed = false;
  let nextId = 1;
  const listeners = new Map<number, (message: FromWorker) => void>();
  // The streams whose body stayed in the worker and is not being read yet: each is read once.
  const unread = new Set<number>();

  function started(): WorkerEnd {
    if (worker) return worker;
    let end: WorkerEnd;
    try {
      end = failed ? onPage() : inWorker();
    } catch {
      failed = true;
      end = onPage();
    }
    end.onMessage((message) => listeners.get(message.id)?.(message));
    // The worker catches its own failures, so an error here means it could not run at all: its calls fail as broken,
    // and the next ones are read on the page.
    end.onError(() => {
      failed = true;
      end.terminate();
      worker = null;
      const gone: FromWorker = { type: 'failed', id: 0, name: 'TypeError', message: 'the stream reader stopped' };
      for (const listener of [...listeners.values()]) listener(gone);
      listeners.clear();
    });
    worker = end;
    return end;
  }
  const send = (target: WorkerEnd, message: ToWorker) => target.postMessage(message);

  /** A body left in the worker, read on the page only if someone asks (a reader that is not the stream's). */
  function remoteBody(target: WorkerEnd, id: number): ReadableStream<Uint8Array> {
    let asked = false;
    return new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (asked) return;
          asked = true;
          listeners.set(id, (message) => {
            if (message.type === 'failed') return controller.error(new TypeError(message.message));
            if (message.type !== 'bytes') return;
            if (message.value) controller.enqueue(message.value);
            if (!message.done) return;
            listeners.delete(id);
            if (message.failed) controller.error(new TypeError('the connection broke'));
            else controller.close();
          });
          send(target, { type: 'bytes', id });
        },
        cancel() {
          listeners.delete(id);
          send(target, { type: 'cancel', id });
        },
      },
      // Nothing is asked of the worker until the body is read.
      { highWaterMark: 0 },
    );
  }

  const fetchThere: typeof fetch = (input, init) => {
    const target = started();
    const id = nextId++;
    const signal = init?.signal;
    return new Promise<Response>((resolve, reject) => {
      const settle = () => {
        listeners.delete(id);
        signal?.removeEventListener('abort', aborted);
      };
      function aborted() {
        settle();
        send(target, { type: 'abort', id });
        reject(abortError());
      }
      if (signal?.aborted) return aborted();
      signal?.addEventListener('abort', aborted, { once: true });
      listeners.set(id, (message) => {
        if (message.type === 'failed') {
          settle();
          return reject(message.name === 'AbortError' ? abortError() : new TypeError(message.message));
        }
        if (message.type !== 'head') return;
        settle();
        if (message.body !== undefined) return resolve(responseOf(message, message.body));
        unread.add(id);
        resolve(responseOf(message, remoteBody(target, id), id));
      });
      const body = init?.body;
      send(target, {
        type: 'fetch',
        id,
        url: String(input),
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        ...(typeof body === 'string' ? { body } : {}),
        ...(init?.redirect ? { redirect: init.redirect } : {}),
      });
    });
  };

  // A Worker is started now, while the person signs in or reads: the first question does not wait for its script.
  if (inWorker === browserWorker) started();
  return {
    fetch: fetchThere,
    holds: (response) => response instanceof HeldResponse,
    read({ response, log, scrub }, { wire, signal, idleMs }, handlers) {
      const target = worker;
      // Every stream body stays with the reader that fetched it; one that did not is no stream of this transport.
      if (!(response instanceof HeldResponse) || !unread.has(response.streamId) || !target)
        return Promise.reject(new TypeError('this stream was not fetched by the stream reader'));
      const id = response.streamId;
      unread.delete(id);
      // An answer's chunks are folded in the worker: the page applies what they changed as it arrives.
      const fold = handlers.fold;
      return new Promise<AnswerStreamEnd>((resolve) => {
        const finish = (end: AnswerStreamEnd) => {
          listeners.delete(id);
          signal.removeEventListener('abort', aborted);
          resolve(end);
        };
        // Stop ends the read at once, as on the page; what the worker still holds is dropped.
        const aborted = () => {
          send(target, { type: 'abort', id });
          finish('aborted');
        };
        if (signal.aborted) return aborted();
        signal.addEventListener('abort', aborted, { once: true });
        const pull = () => {
          if (listeners.has(id)) send(target, { type: 'pull', id });
        };
        listeners.set(id, (message) => {
          if (message.type === 'failed') return finish('broken');
          if (message.type !== 'update') return;
          // Asked for first, so the request goes at the start of the next frame, before this update is applied in it:
          // the worker times its answer from the request, for the frame after (asked after applying, the answer came
          // a few milliseconds after that frame had begun, and every other frame went without an update).
          if (message.end === undefined) schedule(pull);
          const origin = performance.timeOrigin;
          try {
            for (const event of message.events) {
              if (event.kind === 'log') log?.chunk(event.text, event.malformed, event.at - origin);
              else if (event.kind === 'chunk') handlers.onChunk?.(event.chunk, event.at);
              else handlers.onMalformed?.(event.raw, event.at);
            }
            const pieces = message.log;
            pieces?.texts.forEach((text, index) =>
              log?.chunk(text, pieces.malformed.includes(index) || undefined, (pieces.at[index] ?? 0) - origin),
            );
            if (message.folded) fold?.onFolded(message.folded);
          } catch {
            // A handler that throws ends the read as a broken one, as it does on the page.
            send(target, { type: 'abort', id });
            return finish('broken');
          }
          if (message.end !== undefined) finish(message.end);
        });
        send(target, { type: 'read', id, wire, idleMs, scrub, ...(fold ? { fold: fold.from() } : {}) });
        pull();
      });
    },
    close() {
      worker?.terminate();
      worker = null;
      listeners.clear();
      unread.clear();
    },
  };
}
