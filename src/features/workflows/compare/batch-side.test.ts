import { describe, expect, it } from 'vitest';
import { createBatch, rowFinished, rowLaunched, rowStarted, type Batch } from '@/domain/workflows/batches/batch';
import type { BatchRecord } from '@/features/workflows/batches/batch-record';
import type { Run } from '@/features/workflows/model/run';
import { batchSide, batchSummary } from './batch-side';

const run = (id: string, batchRow: number, overrides: Partial<Run> = {}): Run => ({
  id,
  workflowId: 'w1',
  workflowName: 'Summarize document',
  userInput: '',
  tags: [],
  forwarded: null,
  status: 'Succeeded',
  startedAt: 1_000,
  endedAt: 3_500,
  batchId: 'b1',
  batchRow,
  ...overrides,
});

function finishedBatch(): Batch {
  let batch = createBatch({ id: 'b1', workflowId: 'w1', inputs: [{ input: 'a' }, { input: 'b' }], concurrency: 2 });
  batch = rowLaunched(rowStarted(batch, 0), 0, 'exec-a2');
  batch = rowFinished(batch, 0, { status: 'succeeded', output: 'Summary of a' });
  batch = rowStarted(batch, 1);
  return rowFinished(batch, 1, { status: 'failed', error: 'The execution failed.' });
}

const record = (batch: Batch): BatchRecord => ({
  id: batch.id,
  workflowName: 'Summarize document',
  createdAt: 7,
  batch,
});

describe('batchSide', () => {
  it('reads each row’s duration, tokens and cost from the run it became, the retried one by its execution', () => {
    const runs = [
      run('first try', 0, { executionId: 'exec-a1', startedAt: 0, endedAt: 9_000 }),
      run('retry', 0, { executionId: 'exec-a2', tokens: { input: 200, output: 50, cost: 0.0008 } }),
      run('other batch', 1, { batchId: 'b2', tokens: { input: 1, output: 1 } }),
      run('row b', 1, { status: 'Failed', endedAt: undefined, tokens: { input: 10, output: 5 } }),
    ];
    const side = batchSide(record(finishedBatch()), runs);
    expect(side).toMatchObject({ id: 'b1', workflowId: 'w1', createdAt: 7, finished: true });
    expect(side.rows).toEqual([
      {
        index: 0,
        input: 'a',
        status: 'succeeded',
        output: 'Summary of a',
        durationMs: 2_500,
        tokens: 250,
        cost: 0.0008,
        runId: 'retry',
      },
      // No end time, no cost reported: left unknown rather than 0.
      { index: 1, input: 'b', status: 'failed', tokens: 15, runId: 'row b' },
    ]);
  });

  it('counts a batch that still runs rows as unfinished, so it cannot be a baseline', () => {
    const running = createBatch({ id: 'b1', workflowId: 'w1', inputs: [{ input: 'a' }], concurrency: 1 });
    expect(batchSummary(record(running)).finished).toBe(false);
    expect(batchSummary(record(finishedBatch()))).toEqual({ id: 'b1', workflowId: 'w1', createdAt: 7, finished: true });
  });
});
