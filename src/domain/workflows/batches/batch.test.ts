import { describe, expect, it } from 'vitest';
import {
  cancel,
  continueWaiting,
  counts,
  createBatch,
  nextToContinue,
  nextToStart,
  pause,
  resume,
  resumeAfterReload,
  retryFailed,
  rowBody,
  rowFinished,
  rowLaunched,
  rowNotStopped,
  rowResumed,
  rowStarted,
  type Batch,
} from './batch';

const batchOf = (size: number, concurrency = 2) => {
  const inputs = Array.from({ length: size }, (_, index) => ({ input: `in ${index}` }));
  return createBatch({ id: 'b1', workflowId: 'wf', inputs, concurrency });
};

/** Starts what nextToStart offers, giving each row the execution id e-<index>. */
const startAll = (batch: Batch) =>
  nextToStart(batch).reduce((current, index) => rowLaunched(rowStarted(current, index), index, `e-${index}`), batch);

const statuses = (batch: Batch) => batch.rows.map((row) => row.status);

describe('createBatch', () => {
  it('queues every input in order, with its own tags', () => {
    const inputs = [{ input: 'a', tags: ['x'] }, { input: 'b' }];
    const batch = createBatch({
      id: 'b',
      workflowId: 'wf',
      inputs,
      concurrency: 3,
      commonTags: ['batch'],
      sessionId: 's',
    });
    expect(batch).toEqual({
      id: 'b',
      workflowId: 'wf',
      rows: [
        { index: 0, input: 'a', tags: ['x'], status: 'queued' },
        { index: 1, input: 'b', tags: [], status: 'queued' },
      ],
      concurrency: 3,
      state: 'running',
      commonTags: ['batch'],
      sessionId: 's',
    });
  });

  it('holds concurrency between 1 and 10', () => {
    expect([0, -4, 2.7, 99, Number.NaN].map((concurrency) => batchOf(1, concurrency).concurrency)).toEqual([
      1, 1, 2, 10, 1,
    ]);
  });

  it('is done at once when there is nothing to run, and leaves out a blank session', () => {
    const batch = createBatch({ id: 'b', workflowId: 'wf', inputs: [], concurrency: 2, sessionId: '' });
    expect(batch.state).toBe('done');
    expect('sessionId' in batch).toBe(false);
  });
});

describe('running a batch', () => {
  it('offers the first queued rows up to the free slots', () => {
    let batch = batchOf(5, 2);
    expect(nextToStart(batch)).toEqual([0, 1]);
    batch = startAll(batch);
    expect(nextToStart(batch)).toEqual([]);
    batch = rowFinished(batch, 1, { status: 'succeeded', output: 'ok' });
    expect(nextToStart(batch)).toEqual([2]);
    expect(batch.rows[1]).toEqual({
      index: 1,
      input: 'in 1',
      tags: [],
      status: 'succeeded',
      executionId: 'e-1',
      output: 'ok',
    });
  });

  it('refuses to start a row beyond the concurrency, twice, or while paused', () => {
    let batch = startAll(batchOf(4, 2));
    expect(rowStarted(batch, 2)).toBe(batch);
    expect(rowStarted(batch, 0)).toBe(batch);
    batch = pause(rowFinished(batch, 0, { status: 'failed', error: 'boom' }));
    expect(rowStarted(batch, 2)).toBe(batch);
    expect(nextToStart(batch)).toEqual([]);
  });

  it('ignores news about a row that is not running', () => {
    const batch = batchOf(2);
    expect(rowFinished(batch, 0, { status: 'succeeded' })).toBe(batch);
    expect(rowLaunched(batch, 0, 'e')).toBe(batch);
    expect(rowFinished(batch, 9, { status: 'succeeded' })).toBe(batch);
    const finished = rowFinished(startAll(batch), 0, { status: 'succeeded', output: 'first' });
    expect(rowFinished(finished, 0, { status: 'failed', error: 'late' })).toBe(finished);
  });

  it('keeps the failure reason and an execution id that came only with the outcome', () => {
    const batch = rowFinished(rowStarted(batchOf(1), 0), 0, {
      status: 'failed',
      error: 'Start refused (422)',
      executionId: 'e-9',
    });
    expect(batch.rows[0]).toEqual({
      index: 0,
      input: 'in 0',
      tags: [],
      status: 'failed',
      error: 'Start refused (422)',
      executionId: 'e-9',
    });
  });

  it('is done when every row has ended', () => {
    let batch = startAll(batchOf(2, 2));
    batch = rowFinished(batch, 0, { status: 'succeeded' });
    expect(batch.state).toBe('running');
    batch = rowFinished(batch, 1, { status: 'cancelled', error: 'aborted' });
    expect(batch.state).toBe('done');
    expect(counts(batch)).toEqual({
      queued: 0,
      running: 0,
      waiting: 0,
      succeeded: 1,
      failed: 0,
      cancelled: 1,
      total: 2,
    });
  });
});

describe('rows waiting for a person', () => {
  const waitingBatch = (size: number, concurrency: number) => {
    let batch = startAll(batchOf(size, concurrency));
    for (const row of batch.rows)
      if (row.status === 'running')
        batch = rowFinished(batch, row.index, { status: 'waiting', output: `draft ${row.index}` });
    return batch;
  };

  it('keeps the paused output, frees the slot, and keeps the batch open', () => {
    let batch = startAll(batchOf(3, 1));
    batch = rowFinished(batch, 0, { status: 'waiting', output: 'draft' });
    expect(batch.rows[0]).toMatchObject({ status: 'waiting', output: 'draft' });
    expect(nextToStart(batch)).toEqual([1]);
    batch = rowFinished(nextToStart(batch).reduce(rowStarted, batch), 1, { status: 'succeeded' });
    batch = rowFinished(nextToStart(batch).reduce(rowStarted, batch), 2, { status: 'succeeded' });
    expect(counts(batch)).toMatchObject({ waiting: 1, succeeded: 2, queued: 0, running: 0 });
    expect(batch.state).toBe('running');
  });

  it('continues all waiting rows with one message, as slots allow, oldest first', () => {
    let batch = waitingBatch(3, 3);
    expect(nextToContinue(batch)).toEqual([]);
    batch = { ...continueWaiting(batch, 'approved'), concurrency: 2 };
    expect(batch.rows.map((row) => row.continuation)).toEqual([
      { message: 'approved' },
      { message: 'approved' },
      { message: 'approved' },
    ]);
    expect(nextToContinue(batch)).toEqual([0, 1]);
    batch = nextToContinue(batch).reduce(rowResumed, batch);
    expect(batch.rows.map((row) => row.status)).toEqual(['running', 'running', 'waiting']);
    expect(batch.rows[0]).not.toHaveProperty('continuation');
    expect(batch.rows[0]).not.toHaveProperty('output');
    expect(batch.rows[0]?.executionId).toBe('e-0');
    expect(nextToContinue(batch)).toEqual([]);
    batch = rowFinished(batch, 0, { status: 'succeeded', output: 'final' });
    expect(nextToContinue(batch)).toEqual([2]);
  });

  it('continues one row alone, without a message; a blank message is none', () => {
    const batch = continueWaiting(waitingBatch(2, 2), '  ', [1]);
    expect(batch.rows[0]).not.toHaveProperty('continuation');
    expect(batch.rows[1]?.continuation).toEqual({});
    expect(nextToContinue(batch)).toEqual([1]);
  });

  it('goes on continuing while paused, but not once cancelled', () => {
    const waiting = continueWaiting(waitingBatch(2, 2), 'go');
    expect(nextToContinue(pause(waiting))).toEqual([0, 1]);
    const cancelled = cancel(waiting);
    expect(nextToContinue(cancelled)).toEqual([]);
    expect(cancelled.rows.map((row) => [row.status, row.error])).toEqual([
      ['cancelled', 'Cancelled while waiting for you.'],
      ['cancelled', 'Cancelled while waiting for you.'],
    ]);
  });

  it('follows a run continued from its own page (rowResumed), and ignores it for a row not waiting', () => {
    const batch = waitingBatch(2, 2);
    expect(rowResumed(batch, 0).rows[0]?.status).toBe('running');
    const done = rowFinished(rowResumed(batch, 0), 0, { status: 'succeeded' });
    expect(rowResumed(done, 0)).toBe(done);
  });

  it('is done only when no row waits any more', () => {
    let batch = waitingBatch(1, 1);
    expect(batch.state).toBe('running');
    batch = rowFinished(rowResumed(batch, 0), 0, { status: 'succeeded' });
    expect(batch.state).toBe('done');
  });
});

describe('pause, resume, cancel, retry', () => {
  it('pauses launching while running rows go on, and resumes', () => {
    let batch = pause(startAll(batchOf(3, 1)));
    expect(batch.state).toBe('paused');
    batch = rowFinished(batch, 0, { status: 'succeeded' });
    expect(nextToStart(batch)).toEqual([]);
    batch = resume(batch);
    expect(nextToStart(batch)).toEqual([1]);
  });

  it('ends a paused batch whose last running row finishes', () => {
    const batch = rowFinished(pause(startAll(batchOf(1))), 0, { status: 'succeeded' });
    expect(batch.state).toBe('done');
    expect(resume(batch)).toBe(batch);
  });

  it('cancels queued rows and lets running ones finish', () => {
    let batch = cancel(startAll(batchOf(4, 2)));
    expect(batch.state).toBe('cancelled');
    expect(statuses(batch)).toEqual(['running', 'running', 'cancelled', 'cancelled']);
    expect(nextToStart(batch)).toEqual([]);
    batch = rowFinished(batch, 0, { status: 'succeeded' });
    batch = rowFinished(batch, 1, { status: 'failed', error: 'x' });
    expect(batch.state).toBe('cancelled');
    expect(pause(batch)).toBe(batch);
    expect(resume(batch)).toBe(batch);
    expect(cancel(batch)).toBe(batch);
  });

  it('says on a cancelled batch’s row that its run could not be stopped on the server', () => {
    const batch = rowNotStopped(cancel(startAll(batchOf(2, 2))), 1, 'Network error');
    expect(statuses(batch)).toEqual(['running', 'running']);
    expect(batch.rows[1]?.error).toBe('Not stopped on the server: Network error');
    expect(batch.rows[0]?.error).toBeUndefined();
  });

  it('retries failed rows from scratch and runs the batch again', () => {
    let batch = startAll(batchOf(2, 2));
    batch = rowFinished(batch, 0, { status: 'failed', error: 'boom', output: 'partial' });
    batch = rowFinished(batch, 1, { status: 'succeeded' });
    expect(batch.state).toBe('done');
    batch = retryFailed(batch);
    expect(batch.state).toBe('running');
    expect(batch.rows[0]).toEqual({ index: 0, input: 'in 0', tags: [], status: 'queued' });
    expect(batch.rows[1]?.status).toBe('succeeded');
    expect(nextToStart(batch)).toEqual([0]);
    expect(retryFailed(batch)).toBe(batch);
  });
});

describe('resumeAfterReload', () => {
  it('follows rows that have an execution, queues again rows still being launched, and waits for the user', () => {
    let batch = startAll(batchOf(4, 3));
    batch = rowStarted(rowFinished(batch, 0, { status: 'succeeded' }), 3);
    expect(batch.rows[3]?.executionId).toBeUndefined();
    const { batch: restored, follow } = resumeAfterReload(batch);
    expect(follow).toEqual([1, 2]);
    expect(statuses(restored)).toEqual(['succeeded', 'running', 'running', 'queued']);
    expect(restored.state).toBe('paused');
    expect(nextToStart(resume(restored))).toEqual([3]);
  });

  it('cancels, not queues, an unsent row of a cancelled batch', () => {
    const batch = cancel(rowStarted(batchOf(2, 2), 0));
    const { batch: restored, follow } = resumeAfterReload(batch);
    expect(statuses(restored)).toEqual(['cancelled', 'cancelled']);
    expect(restored.state).toBe('cancelled');
    expect(follow).toEqual([]);
  });

  it('leaves a finished batch as it was', () => {
    const done = rowFinished(startAll(batchOf(1)), 0, { status: 'succeeded' });
    expect(resumeAfterReload(done)).toEqual({ batch: done, follow: [] });
  });
});

describe('rowBody', () => {
  it('sends the input, the common tags then the row’s own, and the batch session', () => {
    const inputs = [{ input: 'q', tags: ['row', 'Batch'] }];
    const batch = createBatch({
      id: 'b',
      workflowId: 'wf',
      inputs,
      concurrency: 1,
      commonTags: ['batch'],
      sessionId: 's-1',
    });
    expect(rowBody(batch, 0)).toEqual({ user_input: 'q', tags: ['batch', 'row'], session_id: 's-1' });
    expect(rowBody(batchOf(1), 0)).toEqual({ user_input: 'in 0' });
    expect(rowBody(batch, 4)).toBeNull();
  });
});

describe('a batch cancelled while a row runs', () => {
  it('ends that row cancelled when its run pauses for the person afterwards: the batch does not continue it', () => {
    const inputs = [{ input: 'only' }];
    let batch = createBatch({ id: 'b-late', workflowId: 'wf', inputs, concurrency: 1 });
    batch = nextToStart(batch).reduce(rowStarted, batch);
    batch = cancel(batch);
    batch = rowFinished(batch, 0, { status: 'waiting', output: 'draft' });
    expect(batch.rows[0]?.status).toBe('cancelled');
    expect(counts(batch).waiting).toBe(0);
  });
});
