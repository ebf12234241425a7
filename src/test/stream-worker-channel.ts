import { createApiClient } from '@/api/client/http-client';
import type { FromWorker, ToWorker } from '@/api/stream-worker/protocol';
import { serveStreams } from '@/api/stream-worker/serve-streams';
import { createWorkerStreams } from '@/api/stream-worker/worker-streams';
import type { WorkerEnd } from '@/api/stream-worker/protocol';
import { fakeNetwork, type Reply } from './fake-network';

/**
 * The stream worker's code and the page's, joined by a message channel as a Worker joins them, on a fake network:
 * what a browser runs, in Node. A frame every 16 ms (or as `schedule` says). `close` lets the channel go.
 */
export function workerOnChannel(
  replies: Reply[],
  schedule: (run: () => void) => void = (run) => void setTimeout(run, 16),
) {
  const network = fakeNetwork(replies);
  const channel = new MessageChannel();
  serveStreams(
    {
      post: (message, transfer) => channel.port2.postMessage(message, transfer),
      onMessage: (listener) => channel.port2.addEventListener('message', (event) => listener(event.data as ToWorker)),
    },
    network.fetchImpl,
  );
  channel.port2.start();
  const sizes: number[] = [];
  const page: WorkerEnd = {
    postMessage: (message) => channel.port1.postMessage(message),
    onMessage: (listener) =>
      channel.port1.addEventListener('message', (event) => {
        const message = event.data as FromWorker;
        // The size of each update as the page receives it (JSON stands in for the structured clone).
        if (message.type === 'update') sizes.push(JSON.stringify(message).length);
        listener(message);
      }),
    onError: () => undefined,
    terminate: () => channel.port1.close(),
  };
  channel.port1.start();
  const streams = createWorkerStreams({ start: () => page, schedule });
  if (!streams) throw new Error('no stream transport');
  let renewals = 0;
  const client = createApiClient({
    baseUrl: 'http://api.test/code-assistant-api',
    fetchImpl: () => Promise.reject(new TypeError('streamed calls go through the worker')),
    streams,
    tokens: {
      getAccessToken: async () => 'first',
      renewAccessToken: async () => {
        renewals += 1;
        return 'renewed';
      },
    },
  });
  return {
    client,
    calls: network.calls,
    /** How many updates the page received, and how large each was. */
    updateSizes: sizes,
    updates: () => sizes.length,
    renewals: () => renewals,
    close: () => channel.port1.close(),
  };
}
