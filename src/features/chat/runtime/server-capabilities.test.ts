import { describe, expect, it } from 'vitest';
import { createServerCapabilities } from './server-capabilities';
import { turnFixture } from '@/test/conversation-turns';
import type { ChatRuntimeShared } from './chat-runtime-shared';
import { createServerGeneration } from './server-generation';
import type { TurnStream } from './turn-stream';
import type { Turn } from './turn';

describe('what the server can do', () => {
  it('is unknown at first: Stop asks the server to stop in case it is a current one', () => {
    const server = createServerCapabilities();
    expect(server).toMatchObject({ known: false, keepsGenerating: false });
    expect(server.mayKeepGenerating()).toBe(true);
  });

  it('an older server shows itself by chunks without the current keys, or by a history of plain items', () => {
    const byChunks = createServerCapabilities();
    byChunks.chunksSeen({ chunks: 0 });
    expect(byChunks.known).toBe(false);
    byChunks.chunksSeen({ chunks: 3 });
    expect(byChunks.mayKeepGenerating()).toBe(false);
    const byHistory = createServerCapabilities();
    byHistory.historySeen([{ role: 'User', message: 'q', historyIndex: 0 }]);
    expect(byHistory).toMatchObject({ known: true, keepsGenerating: false });
  });

  it('a current server shows itself by its chunk keys, its history items, or an abort that answered; and stays one', () => {
    const byChunks = createServerCapabilities();
    byChunks.chunksSeen({ chunks: 1, currentServer: true });
    const byHistory = createServerCapabilities();
    byHistory.historySeen([{ role: 'Assistant', message: 'a', historyIndex: 0, inProgress: false }]);
    const byAbort = createServerCapabilities();
    byAbort.abortAnswered();
    for (const server of [byChunks, byHistory, byAbort]) {
      server.chunksSeen({ chunks: 2 });
      expect(server).toMatchObject({ known: true, keepsGenerating: true });
    }
  });
});

// A current server keeps generating when the browser leaves: the turn is re-attached to (server-generation.ts).
/** A runtime around one conversation whose turn the server keeps saying is running. */
function running() {
  const stored = turnFixture('t1', null, 1);
  const turn = { ...stored, status: 'streaming', answer: { ...stored.answer, complete: false } } as Turn;
  const work: Promise<unknown>[] = [];
  let watches = 0;
  const context = {
    state: () => ({
      turns: { c1: [turn] },
      live: {},
      conversations: { c1: {} },
      liveChanged: () => undefined,
      liveEnded: () => undefined,
    }),
    controllers: new Map<string, AbortController>(),
    closed: { now: false },
    silentOnce: new Set<string>(),
    // The stored conversation is watched; this one's watch ends at once (the person left).
    sync: {
      watch: () => {
        watches += 1;
        return null;
      },
    },
    tracked: (promise: Promise<unknown>) => {
      work.push(promise);
      return promise.then(() => undefined);
    },
  } as unknown as ChatRuntimeShared;
  let replays = 0;
  // The replay gives nothing: the turn is still running when it ends.
  const stream = {
    reattach: async (_conversationId: string, stored: Turn) => {
      replays += 1;
      return stored;
    },
  } as unknown as TurnStream;
  const generation = createServerGeneration(context, stream);
  return {
    follow: async () => {
      generation.follow('c1', 't1', 'reattach');
      await Promise.all(work);
    },
    replays: () => replays,
    watches: () => watches,
  };
}

describe('following a turn the server is still generating', () => {
  it('re-attaches once per turn: found running again, it is watched as stored, not replayed again', async () => {
    const runtime = running();
    await runtime.follow();
    await runtime.follow();
    await runtime.follow();
    expect(runtime.replays()).toBe(1);
    expect(runtime.watches()).toBe(3);
  });
});
