import { keepsGenerating, type StoredHistoryItem } from '@/domain/conversations/server/server-history';

/**
 * What this connection's server can do, learnt from what it sends and answers, never from a version string: a current
 * server keeps generating when the browser leaves and offers abort and re-attach (CURRENT-SERVERS.md §2). The one
 * writer of those facts: the stream, the history and the abort endpoint tell it what they saw.
 */
export interface ServerCapabilities {
  /** A current server: it goes on generating an answer when the browser leaves. */
  readonly keepsGenerating: boolean;
  /** Whether anything has shown yet which kind of server it is. */
  readonly known: boolean;
  /** Stop asks the server to stop too: a current server, or one not known yet (an older one answers "no such route"). */
  mayKeepGenerating(): boolean;
  /** Chunks of an answer arrived; `currentServer` when one had the keys only current servers send. */
  chunksSeen(batch: { chunks: number; currentServer?: true }): void;
  /** A stored conversation was read: its items say how turns end on a current server. */
  historySeen(items: readonly StoredHistoryItem[]): void;
  /** The abort endpoint answered: only current servers have it. */
  abortAnswered(): void;
}

export function createServerCapabilities(): ServerCapabilities {
  let current = false;
  let known = false;
  return {
    get keepsGenerating() {
      return current;
    },
    get known() {
      return known;
    },
    mayKeepGenerating: () => current || !known,
    chunksSeen({ chunks, currentServer }) {
      if (chunks > 0) known = true;
      if (currentServer) current = known = true;
    },
    historySeen(items) {
      if (items.length === 0) return;
      if (items.some(keepsGenerating)) current = true;
      known = true;
    },
    abortAnswered() {
      current = known = true;
    },
  };
}
