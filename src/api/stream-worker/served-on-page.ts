import type { FromWorker, ToWorker, WorkerEnd } from './protocol';
import { serveStreams } from './serve-streams';

/** One direction of the pipe: messages delivered in order, each after the sender's synchronous work, as a port does. */
function pipe<T>() {
  const listeners: Array<(message: T) => void> = [];
  let open = true;
  return {
    post(message: T, transfer: Transferable[] = []) {
      // Cloned as a port clones (and transferred buffers moved): neither side can touch what the other holds.
      const copy = structuredClone(message, { transfer });
      queueMicrotask(() => {
        if (open) for (const listener of listeners) listener(copy);
      });
    },
    listen: (listener: (message: T) => void) => void listeners.push(listener),
    close: () => void (open = false),
  };
}

/**
 * The stream worker's serving code run on the page, joined to the page's end as a Worker joins them: where no Worker
 * can run (Node, jsdom, a browser that refuses one, a worker script that failed). The protocol, the decoding and the
 * fold are the worker's; only the thread differs. Messages go through a pipe of microtasks rather than a
 * MessageChannel: the same order and copies, with nothing left for the event loop to hold (a Node port keeps its
 * process alive, and a fake clock cannot move a port's tasks). `fetchImpl` is the network it reads from.
 */
export function servedOnPage(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): WorkerEnd {
  const toWorker = pipe<ToWorker>();
  const toPage = pipe<FromWorker>();
  serveStreams({ post: (message, transfer) => toPage.post(message, transfer), onMessage: toWorker.listen }, fetchImpl);
  return {
    postMessage: (message) => toWorker.post(message),
    onMessage: toPage.listen,
    onError: () => undefined,
    terminate: () => {
      toWorker.close();
      toPage.close();
    },
  };
}
