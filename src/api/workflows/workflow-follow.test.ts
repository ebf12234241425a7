import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { readFinalOutput } from './workflow-follow';
import { stateOutputQuery } from './workflow-queries';

const json = (body: unknown, status = 200): Reply => ({
  status,
  contentType: 'application/json',
  parts: [JSON.stringify(body)],
});
const state = (n: number, status = 'Succeeded', completed: string | null = '2026-01-01T00:00:01') => ({
  id: `s${n}`,
  name: `Step ${n}`,
  status,
  started_at: '2026-01-01T00:00:00',
  completed_at: completed,
});
const read = (
  fetchImpl: typeof fetch,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) => readFinalOutput(queryClient, clientFor(fetchImpl).client, 'w1', 'e1');

describe('readFinalOutput', () => {
  it('reads every page of states and takes the last finished state’s output as the result', async () => {
    const page = (page: number, from: number, to: number) =>
      json({
        data: Array.from({ length: to - from + 1 }, (_, at) => state(from + at)),
        pagination: { page, per_page: 10, total: 12, pages: 2 },
      });
    const { calls, fetchImpl } = fakeNetwork([page(0, 1, 10), page(1, 11, 12), json({ output: 'twelve' })]);
    expect(await read(fetchImpl)).toBe('twelve');
    const urls = calls.map((call) => new URL(call.url));
    expect(urls.slice(0, 2).map((url) => url.searchParams.get('page'))).toEqual(['0', '1']);
    expect(urls[2]?.pathname).toBe('/code-assistant-api/v1/workflows/w1/executions/e1/states/s12/output');
  });

  it('passes over states still running and prefers one that says when it finished', async () => {
    const { calls, fetchImpl } = fakeNetwork([
      json({ data: [state(1), state(2, 'Failed', null), state(3, 'In Progress', null)] }),
      json({ output: 'first' }),
    ]);
    expect(await read(fetchImpl)).toBe('first');
    expect(new URL(calls[1]?.url ?? '').pathname).toMatch(/\/states\/s1\/output$/);
  });

  it('has no output when no state finished, and asks for none', async () => {
    const { calls, fetchImpl } = fakeNetwork([json({ data: [state(1, 'In Progress', null)] })]);
    expect(await read(fetchImpl)).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('reads the output through its query: a screen that shows the run reads it from the cache', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { calls, fetchImpl } = fakeNetwork([json({ data: [state(1)] }), json({ output: 'once' })]);
    expect(await read(fetchImpl, queryClient)).toBe('once');
    const { client } = clientFor(fetchImpl);
    expect(await queryClient.fetchQuery(stateOutputQuery(client, 'w1', 'e1', 's1'))).toEqual({ output: 'once' });
    expect(calls).toHaveLength(2);
  });

  it('throws what the server refused', async () => {
    const failing = fakeNetwork([json({ error: { message: 'Access denied' } }, 403)]);
    await expect(read(failing.fetchImpl)).rejects.toMatchObject({ status: 403 });
  });
});
