import { environmentManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/api/client/http-client';
import { createLiveRunsStore } from './live-runs-store';
import { createRunsStore } from '@/features/workflows/saved-runs/runs-store';
import type { Run } from '@/features/workflows/saved-runs/run';
import { browserClock } from './clock';
import { createWorkflowRuntime } from './create-workflow-runtime';

// The workflow runtime with fake timers and a fake server: no screen is mounted, so whatever moves a run here
// moves it whether or not anything shows it.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake server with one execution: its status is the test's to set; every call is recorded. */
function fakeServer() {
  const server = {
    status: 'In Progress',
    gone: false,
    /** Status reads answer 503 (a server down for a long while). */
    down: false,
    calls: [] as Array<{ method: string; path: string; body?: unknown }>,
    deleteReply: json({ message: 'Execution removed' }),
    /** The start answers this instead of a record (a refusal). */
    startReply: null as Response | null,
  };
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    server.calls.push({
      method,
      path: `${url.pathname.replace('/code-assistant-api/v1/workflows/w1/executions', '')}${url.search}`,
      ...(init?.body ? { body: JSON.parse(String(init.body)) as unknown } : {}),
    });
    const path = url.pathname;
    if (method === 'POST' && path.endsWith('/executions') && server.startReply) return server.startReply;
    if (method === 'POST' && path.endsWith('/executions'))
      return json({ execution_id: 'e1', workflow_id: 'w1', overall_status: server.status });
    if (method === 'PUT' && path.endsWith('/resume')) {
      server.status = 'In Progress';
      return json({ message: 'Workflow execution has been resumed' });
    }
    if (method === 'PUT' && path.endsWith('/output'))
      return json({ message: 'Workflow execution output has been edited successfully' });
    if (method === 'PUT' && path.endsWith('/abort')) return json({ message: 'Workflow execution has been aborted' });
    if (method === 'DELETE') return server.deleteReply;
    if (path.endsWith('/states'))
      return json({
        data: [
          {
            id: 's1',
            name: 'Publish',
            status: 'Succeeded',
            started_at: '2026-11-24T08:00:00',
            completed_at: '2026-11-24T08:00:01',
          },
        ],
      });
    if (path.endsWith('/output')) return json({ output: 'Published.' });
    if (server.down) return json({ error: { message: 'Service Unavailable', details: null, help: null } }, 503);
    if (server.gone) return json({ error: { message: 'Execution Not Found', details: null, help: null } }, 404);
    return json({
      execution_id: 'e1',
      workflow_id: 'w1',
      overall_status: server.status,
      tokens_usage: { input_tokens: 12, output_tokens: 3, money_spent: 0.001 },
    });
  };
  return { server, fetchImpl };
}

function setUp() {
  const { server, fetchImpl } = fakeServer();
  const client = createApiClient({
    baseUrl: 'http://api.test/code-assistant-api',
    fetchImpl,
    tokens: { getAccessToken: async () => 't', renewAccessToken: async () => null },
  });
  let id = 0;
  const runs = createRunsStore();
  const live = createLiveRunsStore();
  const runtime = createWorkflowRuntime({
    client: () => client,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    runs,
    live,
    clock: browserClock,
    newId: () => `run-${++id}`,
  });
  runtime.start();
  const run = () => runs.getState().runs[0] as Run;
  return { server, runtime, runs, run, live };
}

const workflow = { id: 'w1', name: 'Approval gate' };

/** Time passes: TanStack Query's timers (the follow-up's pace) and the answers they bring. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

// The runtime runs in a browser: TanStack Query keeps no timers where it thinks it renders on a server.
beforeAll(() => environmentManager.setIsServer(() => false));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the workflow runtime', () => {
  it('follows a launched run to its end with nothing on screen: status, end, tokens and result', async () => {
    const { server, runtime, run } = setUp();
    const outcome = await runtime.launch({ workflow, body: { user_input: 'Ship it' } });
    expect(outcome.ok).toBe(true);
    await advance(2_500);
    expect(run().status).toBe('In Progress');
    server.status = 'Succeeded';
    await advance(10_000);
    expect(run()).toMatchObject({
      status: 'Succeeded',
      endedAt: expect.any(Number),
      finalOutput: 'Published.',
      tokens: { input: 12, output: 3, cost: 0.001 },
    });
    const settled = await runtime.settled(run().id);
    expect(settled.finalOutput).toBe('Published.');
    await runtime.stop();
  });

  it('a start whose file the server refuses names that file; more than 20 files are refused before sending', async () => {
    const { server, runtime } = setUp();
    const theirs = btoa('10~text/plain4~them10~theirs.txt');
    server.startReply = json(
      {
        error: {
          message: 'File "theirs.txt" cannot be used by you',
          details: 'It was uploaded by someone else.',
          help: 'Choose the file again.',
        },
      },
      400,
    );
    const refused = await runtime.launch({ workflow, body: { user_input: 'x', file_names: [theirs] } });
    expect(refused).toMatchObject({ ok: false, fileRefused: { name: 'theirs.txt' } });
    const posts = () => server.calls.filter((call) => call.method === 'POST').length;
    expect(posts()).toBe(1);
    const many = await runtime.launch({ workflow, body: { file_names: Array.from({ length: 21 }, () => theirs) } });
    expect(many).toMatchObject({ ok: false, error: { title: 'Too many files' } });
    expect(posts()).toBe(1);
    await runtime.stop();
  });

  it('reads a run paused for a person once more after a start: continued elsewhere, it is followed to its end', async () => {
    const { server, runtime, runs, run } = setUp();
    await runtime.launch({ workflow, body: { user_input: 'Ship it' } });
    server.status = 'Interrupted';
    await advance(10_000);
    expect(run().status).toBe('Interrupted');
    await runtime.stop();
    const reads = () => server.calls.filter((call) => call.method === 'GET' && call.path === '/e1').length;
    const before = reads();

    // Another device continues it while this one is away; this one starts again (a reload).
    server.status = 'In Progress';
    runtime.start();
    await advance(1_000);
    expect(reads()).toBe(before + 1);
    server.status = 'Succeeded';
    await advance(10_000);
    expect(run()).toMatchObject({ status: 'Succeeded', finalOutput: 'Published.' });
    await runtime.stop();

    // A run paused a month ago is left as it is until someone opens it.
    runs.getState().runChanged(run().id, { status: 'Interrupted', startedAt: 0, endedAt: 0 });
    const later = reads();
    runtime.start();
    await advance(5_000);
    expect(reads()).toBe(later);
    await runtime.stop();
  });

  it('stops checking a run whose status reads keep failing, says so on the run, and checks again on request', async () => {
    const { server, runtime, run } = setUp();
    await runtime.launch({ workflow, body: { user_input: 'Ship it' } });
    server.down = true;
    await advance(60 * 60_000);
    expect(run().pollStopped).toMatchObject({ failures: 10, reason: expect.stringContaining('Service Unavailable') });
    expect(run().status).toBe('In Progress');
    const reads = server.calls.length;
    await advance(60 * 60_000);
    expect(server.calls).toHaveLength(reads);

    server.down = false;
    server.status = 'Succeeded';
    runtime.checkAgain(run());
    expect(run().pollStopped).toBeNull();
    await advance(1_000);
    expect(run()).toMatchObject({ status: 'Succeeded', pollStopped: null, finalOutput: 'Published.' });
    await runtime.stop();
  });

  it('continues an interrupted run with a message and an edited output, then follows it again', async () => {
    const { server, runtime, run } = setUp();
    server.status = 'Interrupted';
    await runtime.launch({ workflow, body: {} });
    await advance(100);
    expect(run().status).toBe('Interrupted');

    const before = server.calls.length;
    const outcome = await runtime.resume(run(), {
      userInput: 'Approved by Dana',
      editedOutput: { stateId: 's0', output: 'Edited draft' },
    });
    expect(outcome).toEqual({ ok: true });
    expect(server.calls.slice(before, before + 2)).toEqual([
      { method: 'PUT', path: '/e1/output', body: { output: 'Edited draft', state_id: 's0' } },
      { method: 'PUT', path: '/e1/resume', body: { user_input: 'Approved by Dana' } },
    ]);
    expect(run()).toMatchObject({
      status: 'In Progress',
      resumes: [{ message: 'Approved by Dana', editedOutput: true, editedStateId: 's0' }],
    });
    expect(run().endedAt).toBeUndefined();

    server.status = 'Succeeded';
    await advance(5_000);
    expect(run()).toMatchObject({ status: 'Succeeded', finalOutput: 'Published.' });
    await runtime.stop();
  });

  it('shows a streamed start live while its answer is awaited; a server that answers with its record is followed instead', async () => {
    // Streamed chunks are applied once per frame: node has no frames, so each comes at the next turn.
    vi.stubGlobal('requestAnimationFrame', (next: FrameRequestCallback) => setTimeout(() => next(0), 0));
    const { server, runtime, run, live } = setUp();
    const launched = runtime.launch({ workflow, body: { user_input: 'Ship it' }, stream: true });
    // Sent, not yet answered: this tab is the one streaming it.
    expect(live.getState().live[run().id]).toBeDefined();
    expect(await launched).toMatchObject({ ok: true });
    // The server sent its execution record, not a stream: nothing is live, and the run is followed by its status.
    await vi.waitFor(() => expect(live.getState().live[run().id]).toBeUndefined());
    expect(run()).toMatchObject({ streamed: false, executionId: 'e1', status: 'In Progress' });
    server.status = 'Succeeded';
    await advance(10_000);
    expect(run().status).toBe('Succeeded');
    await runtime.stop();
  });

  it('aborts a run that waits for a person (an interrupted run is not over)', async () => {
    const { server, runtime, run } = setUp();
    server.status = 'Interrupted';
    await runtime.launch({ workflow, body: {} });
    await advance(100);
    const outcome = await runtime.abort(run());
    expect(outcome).toEqual({ ok: true });
    expect(server.calls.some((call) => call.method === 'PUT' && call.path === '/e1/abort')).toBe(true);
    await runtime.stop();
  });

  it('deletes on the server then here, and keeps the run with the server’s reason when refused', async () => {
    const { server, runtime, runs, run } = setUp();
    server.status = 'Succeeded';
    await runtime.launch({ workflow, body: {} });
    await advance(100);
    server.deleteReply = json(
      {
        error: {
          message: 'Cannot delete workflow execution',
          details: 'This workflow execution is part of a conversation and cannot be deleted. ',
          help: '',
        },
      },
      400,
    );
    const refused = await runtime.remove(run());
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : refused.error.serverMessage).toBe('Cannot delete workflow execution');
    expect(runs.getState().runs).toHaveLength(1);

    server.deleteReply = json({ message: 'Execution removed' });
    expect(await runtime.remove(run())).toEqual({ ok: true });
    expect(runs.getState().runs).toHaveLength(0);
    await runtime.stop();
  });

  it('gives up on an execution the server no longer has: says so on the run, settles it, and polls no more', async () => {
    const { server, runtime, run } = setUp();
    await runtime.launch({ workflow, body: {} });
    server.gone = true;
    await advance(2_000);
    expect(run()).toMatchObject({
      lost: true,
      status: 'In Progress',
      error: { title: 'The server no longer has this execution' },
    });
    expect((await runtime.settled(run().id)).lost).toBe(true);
    const reads = server.calls.length;
    await advance(120_000);
    expect(server.calls.length).toBe(reads);
    await runtime.stop();
  });

  it('stops following at sign-out, and follows every unfinished run again when started', async () => {
    const { server, runtime, run } = setUp();
    await runtime.launch({ workflow, body: {} });
    await runtime.stop();
    const reads = server.calls.length;
    server.status = 'Succeeded';
    await advance(30_000);
    expect(server.calls.length).toBe(reads);
    expect(run().status).toBe('In Progress');
    runtime.start();
    await advance(2_000);
    expect(run().status).toBe('Succeeded');
    await runtime.stop();
  });
});
