import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientFor, fakeNetwork } from '@/test/fake-network';
import { serverConversations } from './server-conversations';

afterEach(() => vi.useRealTimers());

const served = {
  id: 'c1',
  conversation_name: 'Long answers',
  history: [
    { role: 'User', message: 'Tell me everything', historyIndex: 0, date: '2026-11-20T10:00:00.000000' },
    { role: 'Assistant', message: 'x'.repeat(50_000), historyIndex: 0, date: '2026-11-20T10:00:01.000000' },
  ],
  assistant_data: [{ assistant_id: 'a1', assistant_name: 'General Assistant' }],
  initial_assistant_id: 'a1',
  date: '2026-11-20T10:00:00.000000',
  update_date: '2026-11-20T10:00:01.000000',
};
const reply = () => ({ contentType: 'application/json', parts: [JSON.stringify(served)] });

describe('conversations read from the server', () => {
  it('reuses a read made a moment ago, and lets go of its texts soon after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const network = fakeNetwork([reply(), reply()]);
    const queryClient = new QueryClient();
    const conversations = serverConversations(queryClient, () => clientFor(network.fetchImpl).client);

    const first = await conversations.get('c1');
    expect(first.history[1]?.message).toHaveLength(50_000);
    await vi.advanceTimersByTimeAsync(500);
    expect(await conversations.get('c1')).toBe(first);
    expect(network.calls).toHaveLength(1);

    // Nobody asked again: the copy of every answer's text is no longer held.
    await vi.advanceTimersByTimeAsync(2000);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await conversations.get('c1');
    expect(network.calls).toHaveLength(2);
  });

  it('reads for a watch afresh each time and keeps none of it (naming reads it up to 9 times)', async () => {
    const network = fakeNetwork([reply(), reply()]);
    const queryClient = new QueryClient();
    const conversations = serverConversations(queryClient, () => clientFor(network.fetchImpl).client);

    const read = await conversations.read('c1', new AbortController().signal);
    expect(read.history[1]?.message).toHaveLength(50_000);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await conversations.read('c1', new AbortController().signal);
    expect(network.calls).toHaveLength(2);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
