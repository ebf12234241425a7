// The stream reader's own thread (see serve-streams): the page's streamed calls are fetched and decoded here.
import type { ToWorker } from './protocol';
import { serveStreams } from './serve-streams';

serveStreams({
  post: (message, transfer) => self.postMessage(message, { transfer }),
  onMessage: (listener) => self.addEventListener('message', (event: MessageEvent<ToWorker>) => listener(event.data)),
});
