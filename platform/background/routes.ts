// POST /v1/conversations/{id}/abort and GET /v1/conversations/{id}/stream (CURRENT-SERVERS.md §2.2, §2.3). Current
// servers only: the router leaves them out in 2.42 mode, so they answer 404 like any unknown route.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http-util';
import type { ConversationStore } from '../conversations/store';
import type { ApiRoute } from '../conversations/route-types';
import { ndjsonText } from '../stream-writer';
import type { WireChunk } from '../wire';
import type { GenerationRegistry } from './registry';

/** Stops the running generation. Nothing running answers 200 too (a second Stop, or one after the end): idempotent. */
function abort(registry: GenerationRegistry, res: ServerResponse, conversationId: string): void {
  const running = registry.running(conversationId);
  if (!running || running.ended) return sendJson(res, 200, { message: 'No active generation' });
  running.abort();
  sendJson(res, 200, { message: 'Generation aborted' });
}

/**
 * Every chunk of the running turn since it began, then the live ones until it ends. Unlike the `/model` NDJSON
 * wire, each object is followed by a newline; streamed text keeps the `}{` → `}_{` escaping of that wire.
 */
function reattach(registry: GenerationRegistry, res: ServerResponse, conversationId: string): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/x-ndjson');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Accel-Buffering', 'no');
  const running = registry.forStream(conversationId);
  if (!running || running.ended) {
    res.end();
    return;
  }
  res.socket?.setNoDelay(true);
  res.flushHeaders();
  const send = (chunk: WireChunk) => {
    if (!res.destroyed && !res.writableEnded) res.write(`${ndjsonText(chunk)}\n`);
  };
  for (const chunk of running.chunks) send(chunk);
  const stop = running.follow(send, () => res.end());
  res.on('close', stop);
}

export function backgroundRoutes(store: ConversationStore, registry: GenerationRegistry): ApiRoute[] {
  return [
    {
      method: 'POST',
      pattern: /^\/conversations\/([^/]+)\/abort$/,
      // The conversation routes' shapes: unknown id 404 "Conversation not found", someone else's 401 "Access denied".
      handle: ({ res, principal, params }) => abort(registry, res, store.readable(principal, params[0] ?? '').id),
    },
    {
      method: 'GET',
      pattern: /^\/conversations\/([^/]+)\/stream$/,
      handle: ({ res, principal, params }) => reattach(registry, res, store.readable(principal, params[0] ?? '').id),
    },
  ];
}
