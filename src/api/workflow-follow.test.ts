import { describe, expect, it } from 'vitest';
import { clientFor, fakeNetwork, type Reply } from '@/test/fake-network';
import { waitForExecution } from './workflow-follow';

const json = (body: unknown, status = 200): Reply => ({
  status,
  contentType: 'application/json',
  parts: [JSON.stringify(body)],
});
const record = (overall_status: string) => json({ execution_id: 'e1', workflow_id: 'w1', overall_status });
const states = json({
  data: [
    {
      id: 's1',
      name: 'Read',
      status: 'Succeeded',
      started_at: '2026-01-01T00:00:00Z',
      completed_at: '2026-01-01T00:00:01Z',
    },
    {
      id: 's2',
      name: 'Write',
      status: 'Succeeded',
      started_at: '2026-01-01T00:00:01Z',
      completed_at: '2026-01-01T00:00:02Z',
    },
  ],
});

describe('waitForExecution', () => {
  it('polls with growing waits until the status is terminal, then reads the last state’s output', async () => {
    const { calls, fetchImpl } = fakeNetwork([
      record('In Progress'),
      record('In Progress'),
      record('Succeeded'),
      states,
      json({ output: '## Summary' }),
    ]);
    const waits: number[] = [];
    const end = await waitForExecution(clientFor(fetchImpl).client, 'w1', 'e1', {
      signal: new AbortController().signal,
      wait: async (ms) => void waits.push(ms),
    });
    expect(end).toEqual({ status: 'Succeeded', output: '## Summary' });
    expect(waits).toEqual([1000, 1500, 2250]);
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual([
      ...Array(3).fill('/code-assistant-api/v1/workflows/w1/executions/e1'),
      '/code-assistant-api/v1/workflows/w1/executions/e1/states',
      '/code-assistant-api/v1/workflows/w1/executions/e1/states/s2/output',
    ]);
  });

  it('reads every page of states and takes the last state’s output as the result', async () => {
    const state = (n: number) => ({
      id: `s${n}`,
      name: `Step ${n}`,
      status: 'Succeeded',
      started_at: '2026-01-01T00:00:00',
      completed_at: '2026-01-01T00:00:01',
    });
    const page = (page: number, from: number, to: number) =>
      json({
        data: Array.from({ length: to - from + 1 }, (_, at) => state(from + at)),
        pagination: { page, per_page: 10, total: 12, pages: 2 },
      });
    const { calls, fetchImpl } = fakeNetwork([page(0, 1, 10), page(1, 11, 12), json({ output: 'twelve' })]);
    const end = await waitForExecution(clientFor(fetchImpl).client, 'w1', 'e1', {
      signal: new AbortController().signal,
      initialStatus: 'Succeeded',
    });
    expect(end).toEqual({ status: 'Succeeded', output: 'twelve' });
    const urls = calls.map((call) => new URL(call.url));
    expect(urls.slice(0, 2).map((url) => url.searchParams.get('page'))).toEqual(['0', '1']);
    expect(urls[2]?.pathname).toBe('/code-assistant-api/v1/workflows/w1/executions/e1/states/s12/output');
  });

  it('brings back the tokens_usage of the record that said the run ended', async () => {
    const usage = { input_tokens: 190, output_tokens: 40, cached_tokens: 0, money_spent: 0.0007 };
    const { fetchImpl } = fakeNetwork([
      record('In Progress'),
      json({ execution_id: 'e1', overall_status: 'Succeeded', tokens_usage: usage }),
      states,
      json({ output: 'done' }),
    ]);
    const end = await waitForExecution(clientFor(fetchImpl).client, 'w1', 'e1', {
      signal: new AbortController().signal,
      wait: async () => undefined,
    });
    expect(end).toEqual({ status: 'Succeeded', output: 'done', tokensUsage: usage });
  });

  it('keeps the status when the output cannot be read', async () => {
    const { fetchImpl } = fakeNetwork([record('Failed'), json({ detail: 'Not Found' }, 404)]);
    const end = await waitForExecution(clientFor(fetchImpl).client, 'w1', 'e1', {
      signal: new AbortController().signal,
      wait: async () => undefined,
    });
    expect(end).toEqual({ status: 'Failed' });
  });

  it('does not poll an execution that was already over when it started', async () => {
    const { calls, fetchImpl } = fakeNetwork([states, json({ output: 'done' })]);
    const end = await waitForExecution(clientFor(fetchImpl).client, 'w1', 'e1', {
      signal: new AbortController().signal,
      initialStatus: 'Succeeded',
    });
    expect(end).toEqual({ status: 'Succeeded', output: 'done' });
    expect(calls).toHaveLength(2);
  });

  it('throws when a poll fails, and stops at once when aborted', async () => {
    const failing = fakeNetwork([json({ error: { message: 'Access denied' } }, 403)]);
    await expect(
      waitForExecution(clientFor(failing.fetchImpl).client, 'w1', 'e1', {
        signal: new AbortController().signal,
        wait: async () => undefined,
      }),
    ).rejects.toMatchObject({ status: 403 });

    const controller = new AbortController();
    const pending = waitForExecution(clientFor(fakeNetwork([]).fetchImpl).client, 'w1', 'e1', {
      signal: controller.signal,
    });
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(pending).rejects.toThrow('gone');
  });
});
