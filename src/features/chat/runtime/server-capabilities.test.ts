import { describe, expect, it } from 'vitest';
import { createServerCapabilities } from './server-capabilities';

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
