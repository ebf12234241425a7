import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/api/client/http-client';
import { ConsoleDatabase } from '@/lib/storage/db';
import { browserClock } from './runtime/clock';
import type { Run } from './model/run';
import { createPersonWebStorage } from '@/lib/storage/person-storage';
import { createWorkflowsServices } from './workflows-services';

// One person's workflows as the console builds them: loaded and saved by start() and stop(), on a database and a
// server of the test's own.

let databases = 0;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A server whose start calls answer only when aborted (as fetch does), and whose executions are in progress. */
const slowServer: typeof fetch = (_input, init) =>
  init?.method === 'POST'
    ? new Promise((_resolve, reject) => {
        const aborted = () => reject(new DOMException('The call was aborted', 'AbortError'));
        if (init.signal?.aborted) aborted();
        init.signal?.addEventListener('abort', aborted);
      })
    : Promise.resolve(json({ execution_id: 'e1', workflow_id: 'w1', overall_status: 'In Progress' }));

function servicesOf(owner: string, db: ConsoleDatabase) {
  const client = createApiClient({
    baseUrl: 'http://api.test/code-assistant-api',
    fetchImpl: slowServer,
    tokens: { getAccessToken: async () => 't', renewAccessToken: async () => null },
  });
  let id = 0;
  return createWorkflowsServices({
    owner,
    db,
    web: createPersonWebStorage({ owner }),
    client,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    clock: browserClock,
    newId: () => `${owner}-run-${++id}`,
  });
}

const savedRun = (id: string): Run & { owner: string } => ({
  owner: 'alice',
  id,
  workflowId: 'w1',
  workflowName: 'Summarize',
  userInput: 'x',
  tags: [],
  forwarded: null,
  executionId: 'e0',
  status: 'Succeeded',
  startedAt: 1,
  endedAt: 2,
});

describe('the workflows services', () => {
  it('load the saved runs and batches once when restarted right after a stop (React StrictMode)', async () => {
    const db = new ConsoleDatabase(`workflows-services-${(databases += 1)}`);
    await db.runs.put(savedRun('r0'));
    const services = servicesOf('alice', db);
    services.start();
    const stopped = services.stop();
    services.start();
    await stopped;
    await expect.poll(() => services.runs.getState().status).toBe('ready');
    await expect.poll(() => services.batches.getState().status).toBe('ready');
    expect(services.runs.getState().runs.map((run) => run.id)).toEqual(['r0']);
    await services.stop();
  });

  it('stop resolves once the calls it stopped have settled and their runs are saved; nothing is written after', async () => {
    const db = new ConsoleDatabase(`workflows-services-${(databases += 1)}`);
    const services = servicesOf('alice', db);
    services.start();
    await expect.poll(() => services.runs.getState().status).toBe('ready');
    const launch = services.runtime.launch({ workflow: { id: 'w1', name: 'Summarize' }, body: { user_input: 'x' } });
    await services.stop();
    const outcome = await launch;
    const [run] = services.runs.getState().runs;
    expect(run?.id).toBe(outcome.run.id);
    expect(await db.runs.toArray()).toEqual([{ ...run, owner: 'alice' }]);

    // A write after the stop would begin at once, in the store's change: none is begun.
    const writes = vi.spyOn(db, 'transaction');
    services.runs.getState().runsDeleted([outcome.run.id]);
    expect(writes).not.toHaveBeenCalled();
    expect(await db.runs.count()).toBe(1);
  });

  it('give another person none of the first one’s runs', async () => {
    const db = new ConsoleDatabase(`workflows-services-${(databases += 1)}`);
    await db.runs.put(savedRun('r0'));
    const bob = servicesOf('bob', db);
    bob.start();
    await expect.poll(() => bob.runs.getState().status).toBe('ready');
    expect(bob.runs.getState().runs).toEqual([]);
    await bob.stop();
  });
});
