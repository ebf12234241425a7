import { describe, expect, it, vi } from 'vitest';
import { counts, createBatch, type Batch } from '@/domain/workflows/batches/batch';
import { describeError } from '@/domain/errors/describe-error';
import { ApiError } from '@/domain/errors/api-error';
import { createBatchRuntime } from './batch-runtime';
import { createBatchesStore } from './batches-store';
import { localStatus, type Run } from '@/features/workflows/saved-runs/run';
import { createRunsStore, type RunsStore } from '@/features/workflows/saved-runs/runs-store';
import type { LaunchRequest, WorkflowRuntime } from '@/features/workflows/runtime/workflow-runtime-contract';

/** A workflow runtime whose launches wait until the test lets them through; row 2 is refused by the server. */
function fakeWorkflows(runs: RunsStore) {
  const waiting: Array<() => void> = [];
  const launched: LaunchRequest[] = [];
  const aborted: string[] = [];
  const resumed: Array<{ runId: string; message?: string }> = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  let returned = 0;
  const runtime: WorkflowRuntime = {
    async launch(request) {
      launched.push(request);
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      const row = request.batch?.row ?? -1;
      const run: Run = {
        id: `run-${row}`,
        workflowId: 'w1',
        workflowName: 'Summarize',
        userInput: request.body.user_input ?? '',
        tags: request.body.tags ?? [],
        forwarded: null,
        status: localStatus.starting,
        startedAt: 0,
        batchId: request.batch?.id ?? '',
        batchRow: row,
      };
      if (row === 2)
        return {
          ok: false,
          run,
          error: describeError(new ApiError({ kind: 'http', status: 403, message: 'Access denied' }), 'workflow'),
        };
      const started = { ...run, executionId: `e${row}`, status: 'In Progress' };
      runs.getState().runAdded(started);
      returned += 1;
      return { ok: true, run: started };
    },
    // The runtime follows each run to its end and reads its result; here every run ends at once with its output.
    // An input starting with "ask" pauses for a person until it is resumed, as an approval gate does.
    async settled(runId) {
      const run = runs.getState().runs.find((candidate) => candidate.id === runId);
      if (!run) throw new Error(`no run ${runId}`);
      const said = resumed.filter((entry) => entry.runId === runId);
      if (run.userInput.startsWith('ask') && said.length === 0) {
        runs.getState().runChanged(runId, { status: 'Interrupted' });
        return { ...run, status: 'Interrupted', finalOutput: 'draft' };
      }
      const message = said.at(-1)?.message;
      return {
        ...run,
        status: 'Succeeded',
        finalOutput: `output of ${run.executionId ?? '?'}${message ? ` (${message})` : ''}`,
      };
    },
    async abort(run) {
      aborted.push(run.id);
      return { ok: true };
    },
    async resume(run, request) {
      resumed.push({ runId: run.id, ...(request?.userInput ? { message: request.userInput } : {}) });
      runs.getState().runChanged(run.id, { status: 'In Progress' });
      return { ok: true };
    },
    adopt: () => {
      throw new Error('not used by batches');
    },
    remove: async () => ({ ok: true }),
    checkAgain: () => undefined,
    start: () => undefined,
    stop: async () => undefined,
  };
  /** Lets the oldest launch through, once one is waiting. */
  const release = async () => {
    await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()?.();
  };
  return { runtime, launched, aborted, resumed, release, mostAtOnce: () => mostAtOnce, returned: () => returned };
}

// No sleeps: each step waits for what a person would see of it (a row's status), or for the launch to have come back.
const statuses = (batch: Batch | undefined) => batch?.rows.map((row) => row.status);

/** A batch runtime on fresh stores of its own, started. */
function setUp() {
  const runs = createRunsStore();
  const batches = createBatchesStore();
  const workflows = fakeWorkflows(runs);
  const runtime = createBatchRuntime({ workflows: workflows.runtime, runs, batches });
  runtime.startFollowing();
  const batchOf = (id: string) => batches.getState().batches.find((record) => record.id === id)?.batch;
  return { runs, workflows, runtime, batchOf };
}

describe('the batch runtime', () => {
  it('runs rows within the concurrency limit, with the common tags and session, and ends with the outputs', async () => {
    const { workflows, runtime, batchOf } = setUp();
    const batch = createBatch({
      id: 'b1',
      workflowId: 'w1',
      inputs: ['a', 'b', 'c', 'd'].map((input) => ({ input })),
      concurrency: 2,
      commonTags: ['nightly'],
      sessionId: 's-1',
    });
    runtime.start({ id: 'b1', workflowName: 'Summarize', createdAt: 1, batch });
    expect(workflows.launched).toHaveLength(2);
    expect(workflows.launched[0]?.body).toEqual({ user_input: 'a', tags: ['nightly'], session_id: 's-1' });
    for (let released = 0; released < 4; released += 1) await workflows.release();
    await vi.waitFor(() => expect(batchOf('b1')?.state).toBe('done'));
    expect(workflows.mostAtOnce()).toBe(2);
    const done = batchOf('b1');
    expect(done?.rows.map((row) => [row.status, row.output ?? row.error])).toEqual([
      ['succeeded', 'output of e0'],
      ['succeeded', 'output of e1'],
      ['failed', 'Permission denied: Access denied'],
      ['succeeded', 'output of e3'],
    ]);
  });

  it('pauses launching, resumes, and retries the failed rows', async () => {
    const { workflows, runtime, batchOf } = setUp();
    const batch = createBatch({
      id: 'b2',
      workflowId: 'w1',
      inputs: ['a', 'b', 'c'].map((input) => ({ input })),
      concurrency: 1,
    });
    runtime.start({ id: 'b2', workflowName: 'Summarize', createdAt: 1, batch });
    runtime.pause('b2');
    await workflows.release();
    await vi.waitFor(() => expect(statuses(batchOf('b2'))).toEqual(['succeeded', 'queued', 'queued']));
    expect(workflows.launched).toHaveLength(1);

    runtime.resume('b2');
    await workflows.release();
    await workflows.release();
    await vi.waitFor(() => expect(batchOf('b2') && counts(batchOf('b2')!)).toMatchObject({ succeeded: 2, failed: 1 }));

    runtime.retryFailed('b2');
    expect(workflows.launched.map((request) => request.batch?.row)).toEqual([0, 1, 2, 2]);
  });

  it('cancel leaves queued rows unrun', async () => {
    const { workflows, runtime, batchOf } = setUp();
    runtime.start({
      id: 'b3',
      workflowName: 'Summarize',
      createdAt: 1,
      batch: createBatch({
        id: 'b3',
        workflowId: 'w1',
        inputs: ['a', 'b', 'c'].map((input) => ({ input })),
        concurrency: 1,
      }),
    });
    runtime.cancel('b3');
    await workflows.release();
    await vi.waitFor(() => expect(statuses(batchOf('b3'))).toEqual(['succeeded', 'cancelled', 'cancelled']));
    expect(workflows.launched).toHaveLength(1);
    expect(batchOf('b3')?.state).toBe('cancelled');
    expect(workflows.aborted).toEqual(['run-0']);
  });

  it('rows that pause wait for a person, free their slot, and go on when continued with one message', async () => {
    const { workflows, runtime, batchOf } = setUp();
    runtime.start({
      id: 'b4',
      workflowName: 'Approve',
      createdAt: 1,
      batch: createBatch({
        id: 'b4',
        workflowId: 'w1',
        inputs: ['ask a', 'ask b', 'plain'].map((input) => ({ input })),
        concurrency: 2,
      }),
    });
    await workflows.release();
    await workflows.release();
    await vi.waitFor(() => expect(statuses(batchOf('b4'))).toEqual(['waiting', 'waiting', 'running']));
    // Both slots were freed by the waiting rows: the third row was launched without waiting for them.
    expect(workflows.launched).toHaveLength(3);
    expect(batchOf('b4')?.rows[0]?.output).toBe('draft');
    await workflows.release();
    await vi.waitFor(() => expect(statuses(batchOf('b4'))).toEqual(['waiting', 'waiting', 'failed']));
    expect(batchOf('b4')?.state).toBe('running');

    runtime.continueWaiting('b4', 'approved');
    await vi.waitFor(() => expect(batchOf('b4')?.state).toBe('done'));
    expect(workflows.resumed).toEqual([
      { runId: 'run-0', message: 'approved' },
      { runId: 'run-1', message: 'approved' },
    ]);
    // Row 2 is the one the fake server refuses: it fails as before, the waiting rows do not.
    expect(batchOf('b4')?.rows.map((row) => [row.status, row.output ?? row.error])).toEqual([
      ['succeeded', 'output of e0 (approved)'],
      ['succeeded', 'output of e1 (approved)'],
      ['failed', 'Permission denied: Access denied'],
    ]);
    expect(batchOf('b4')?.state).toBe('done');
  });

  it('a waiting row continued from its run page is followed again; cancel aborts the rows still waiting', async () => {
    const { runs, workflows, runtime, batchOf } = setUp();
    runtime.start({
      id: 'b5',
      workflowName: 'Approve',
      createdAt: 1,
      batch: createBatch({
        id: 'b5',
        workflowId: 'w1',
        inputs: ['ask a', 'ask b'].map((input) => ({ input })),
        concurrency: 2,
      }),
    });
    await workflows.release();
    await workflows.release();
    await vi.waitFor(() => expect(statuses(batchOf('b5'))).toEqual(['waiting', 'waiting']));
    const run = runs.getState().runs.find((candidate) => candidate.id === 'run-0');
    await workflows.runtime.resume(run!, { userInput: 'from the run page' });
    runtime.noticeResumedElsewhere();
    await vi.waitFor(() => expect(statuses(batchOf('b5'))).toEqual(['succeeded', 'waiting']));
    expect(batchOf('b5')?.rows.map((row) => [row.status, row.output])).toEqual([
      ['succeeded', 'output of e0 (from the run page)'],
      ['waiting', 'draft'],
    ]);
    runtime.cancel('b5');
    expect(workflows.aborted).toEqual(['run-1']);
    expect(batchOf('b5')?.rows[1]?.status).toBe('cancelled');
  });

  it('cancel says on the row when the server refused to stop its run', async () => {
    const { workflows, runtime, batchOf } = setUp();
    workflows.runtime.abort = async () => ({
      ok: false,
      error: { title: 'The server could not be reached', explanation: '', action: 'retry' },
    });
    runtime.start({
      id: 'b6',
      workflowName: 'Approve',
      createdAt: 1,
      batch: createBatch({ id: 'b6', workflowId: 'w1', inputs: [{ input: 'ask a' }], concurrency: 1 }),
    });
    await workflows.release();
    await vi.waitFor(() => expect(statuses(batchOf('b6'))).toEqual(['waiting']));
    runtime.cancel('b6');
    await vi.waitFor(() =>
      expect(batchOf('b6')?.rows[0]?.error).toBe('Not stopped on the server: The server could not be reached'),
    );
    expect(statuses(batchOf('b6'))).toEqual(['cancelled']);
  });

  it('once stopped, launches no more rows, and leaves a row whose launch comes back afterwards as it was', async () => {
    const { workflows, runtime, batchOf } = setUp();
    runtime.start({
      id: 'b6',
      workflowName: 'Summarize',
      createdAt: 1,
      batch: createBatch({
        id: 'b6',
        workflowId: 'w1',
        inputs: ['a', 'b'].map((input) => ({ input })),
        concurrency: 1,
      }),
    });
    runtime.stopFollowing();
    await workflows.release();
    // The launch has come back, and all the runtime does with it is promise work (it keeps no timers), done before
    // the next task: after that, nothing more is launched or recorded.
    await vi.waitFor(() => expect(workflows.returned()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(workflows.launched).toHaveLength(1);
    expect(batchOf('b6')?.rows.map((row) => row.status)).toEqual(['running', 'queued']);
  });
});
