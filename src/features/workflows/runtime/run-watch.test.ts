import { environmentManager, focusManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/api/client/http-client';
import { executionQuery } from '@/api/workflows/workflow-queries';
import { executionRecordSchema } from '@/api/workflows/workflow-schemas';
import { browserClock } from './clock';
import { createRunWatch, type WatchTarget } from './run-watch';

// The watch of unfinished runs on TanStack Query's own timers (faked here) and its focusManager (the tab's
// visibility), against a fake server whose answers the test lines up.

const target: WatchTarget = { runId: 'r1', workflowId: 'w1', executionId: 'e1' };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A status, or an HTTP refusal: 503 (down), 404 with the server's message (gone), 405 (no such route). */
type Answer = string | { status: number; message?: string };

function watchOf(answers: Answer[], { followWhileHidden = false } = {}) {
  const reads: number[] = [];
  const fetchImpl: typeof fetch = async () => {
    reads.push(Date.now());
    const next = answers.shift() ?? 'In Progress';
    if (typeof next === 'string') return json({ execution_id: 'e1', workflow_id: 'w1', overall_status: next });
    return json({ error: { message: next.message ?? 'Service Unavailable', details: null, help: null } }, next.status);
  };
  const client = createApiClient({
    baseUrl: 'http://api.test/code-assistant-api',
    fetchImpl,
    tokens: { getAccessToken: async () => 't', renewAccessToken: async () => null },
  });
  const queryClient = new QueryClient();
  // Mounted, as the app's provider does: a tab shown again is what makes TanStack read what it observes.
  queryClient.mount();
  const records: Array<{ status: string; ended: boolean }> = [];
  const noFollowUp: string[] = [];
  const gone: string[] = [];
  const gaveUp: Array<{ runId: string; failures: number }> = [];
  const watch = createRunWatch({
    queryClient,
    client: () => client,
    clock: browserClock,
    followWhileHidden: () => followWhileHidden,
    onRecord: (_, record, ended) => records.push({ status: record.overall_status, ended }),
    onNoFollowUp: (watched) => noFollowUp.push(watched.runId),
    onGone: (watched) => gone.push(watched.runId),
    onGaveUp: (watched, failures) => gaveUp.push({ runId: watched.runId, failures }),
  });
  return { watch, reads, records, noFollowUp, gone, gaveUp, queryClient, client };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const setHidden = async (hidden: boolean) => {
  focusManager.setFocused(!hidden);
  await advance(0);
};

// The watch runs in a browser: TanStack Query keeps no timers where it thinks it renders on a server.
beforeAll(() => environmentManager.setIsServer(() => false));
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

describe('the run watch', () => {
  it('reads a run at once, then with backoff until its status is terminal, then lets it go', async () => {
    const { watch, reads, records } = watchOf(['In Progress', 'In Progress', 'Succeeded']);
    watch.follow(target);
    await advance(60_000);
    expect(reads).toEqual([0, 1500, 3750]);
    expect(records).toEqual([
      { status: 'In Progress', ended: false },
      { status: 'In Progress', ended: false },
      { status: 'Succeeded', ended: true },
    ]);
    expect(watch.following()).toEqual([]);
  });

  it('waits a first pace for a run whose record is known (a launch’s answer), and reads from there', async () => {
    const { watch, reads, queryClient, client } = watchOf(['In Progress', 'In Progress', 'Succeeded']);
    const known = executionRecordSchema.parse({ execution_id: 'e1', workflow_id: 'w1', overall_status: 'In Progress' });
    queryClient.setQueryData(executionQuery(client, 'w1', 'e1').queryKey, known);
    watch.follow(target);
    await advance(60_000);
    expect(reads).toEqual([1000, 2500, 4750]);
  });

  it('stops at an interrupt (the run waits for a person) and follows again after a resume', async () => {
    const { watch, records } = watchOf(['Interrupted', 'In Progress', 'Succeeded']);
    watch.follow(target);
    await advance(5000);
    expect(records).toEqual([{ status: 'Interrupted', ended: true }]);
    watch.follow(target, { immediately: true });
    await advance(10_000);
    expect(records.map((record) => record.status)).toEqual(['Interrupted', 'In Progress', 'Succeeded']);
  });

  it('hurries the next read of a watched run when asked to follow it immediately', async () => {
    const { watch, reads } = watchOf([]);
    watch.follow(target);
    await advance(1000);
    watch.follow(target, { immediately: true });
    await advance(0);
    expect(reads).toEqual([0, 1000]);
    watch.follow(target);
    await advance(1000);
    expect(reads).toEqual([0, 1000]);
    watch.stop();
  });

  it('does not read while the tab is hidden, and reads the moment it shows', async () => {
    const { watch, reads } = watchOf(['In Progress', 'In Progress', 'Succeeded']);
    await setHidden(true);
    watch.follow(target);
    await advance(30_000);
    expect(reads).toEqual([]);
    await setHidden(false);
    expect(reads).toEqual([30_000]);

    await advance(1000);
    await setHidden(true);
    await advance(60_000);
    expect(reads).toEqual([30_000]);
    await setHidden(false);
    expect(reads).toEqual([30_000, 91_000]);
    watch.stop();
  });

  it('keeps reading while hidden when the person asked to hear of runs that end meanwhile', async () => {
    const { watch, reads, records } = watchOf(['In Progress', 'Succeeded'], { followWhileHidden: true });
    await setHidden(true);
    watch.follow(target);
    await advance(5000);
    expect(reads).toEqual([0, 1500]);
    expect(records.at(-1)).toEqual({ status: 'Succeeded', ended: true });
  });

  it('keeps following through a failed read, and stops when the server has no such route', async () => {
    const { watch, records, noFollowUp, gone } = watchOf([{ status: 503 }, 'In Progress', { status: 405 }]);
    watch.follow(target);
    await advance(60_000);
    expect(records.map((record) => record.status)).toEqual(['In Progress']);
    expect(noFollowUp).toEqual(['r1']);
    expect(gone).toEqual([]);
    expect(watch.following()).toEqual([]);
  });

  it('backs off on reads that keep failing and stops after ten, until asked to follow again', async () => {
    const down = { status: 503 };
    const { watch, reads, gaveUp, records } = watchOf([...Array.from({ length: 10 }, () => down), 'Succeeded']);
    watch.follow(target);
    await advance(60 * 60_000);
    const waits = reads.slice(1).map((at, index) => at - (reads[index] ?? 0));
    expect(waits).toEqual([5000, 10_000, 20_000, 40_000, 80_000, 120_000, 120_000, 120_000, 120_000]);
    expect(gaveUp).toEqual([{ runId: 'r1', failures: 10 }]);
    expect(watch.following()).toEqual([]);
    await advance(60 * 60_000);
    expect(reads).toHaveLength(10);

    watch.follow(target, { immediately: true });
    await advance(0);
    expect(reads).toHaveLength(11);
    expect(records).toEqual([{ status: 'Succeeded', ended: true }]);
    expect(watch.following()).toEqual([]);
  });

  it('counts only failures in a row: a read that works starts the count again', async () => {
    const flaky: Answer[] = Array.from({ length: 30 }, (_, index) =>
      index % 5 === 4 ? 'In Progress' : { status: 503 },
    );
    const { watch, gaveUp } = watchOf(flaky);
    watch.follow(target);
    await advance(60 * 60_000);
    expect(gaveUp).toEqual([]);
    expect(watch.following()).toEqual(['r1']);
    watch.stop();
  });

  it('stops following an execution the server says it no longer has, instead of reading it forever', async () => {
    const notFound = { status: 404, message: 'Execution Not Found' };
    const { watch, gone, noFollowUp, reads } = watchOf(['In Progress', notFound]);
    watch.follow(target);
    await advance(600_000);
    expect(gone).toEqual(['r1']);
    expect(noFollowUp).toEqual([]);
    expect(reads).toHaveLength(2);
  });

  it('watches each run once, forgets one on request and stops everything on sign-out', async () => {
    const { watch, reads } = watchOf([]);
    watch.follow(target);
    watch.follow(target);
    watch.follow({ ...target, runId: 'r2', executionId: 'e2' });
    await advance(0);
    expect(reads).toHaveLength(2);
    watch.forget('r2');
    expect(watch.following()).toEqual(['r1']);
    await advance(1500);
    expect(reads).toHaveLength(3);
    watch.stop();
    await advance(60_000);
    expect(reads).toHaveLength(3);
    watch.follow(target);
    expect(watch.following()).toEqual([]);
  });
});
