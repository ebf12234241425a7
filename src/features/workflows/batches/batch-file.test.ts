import { describe, expect, it } from 'vitest';
import { cancel, createBatch, rowFinished, rowStarted } from '@/domain/workflows/batches/batch';
import { judgePair, judgeRow } from '@/domain/workflows/verdicts/verdicts';
import type { Run } from '@/features/workflows/saved-runs/run';
import { batchFileText, readBatchFile } from './batch-file';
import type { BatchRecord } from './batch-record';

let batch = createBatch({ id: 'b1', workflowId: 'w1', inputs: [{ input: 'a' }, { input: 'b' }], concurrency: 1 });
batch = rowFinished(rowStarted(batch, 0), 0, { status: 'succeeded', output: 'A.' });
batch = rowFinished(rowStarted(batch, 1), 1, { status: 'failed', error: 'no' });
const record: BatchRecord = {
  id: 'b1',
  workflowName: 'Summarize',
  name: 'prompt v2',
  createdAt: 5,
  batch,
  verdicts: judgePair(judgeRow(undefined, 1, { verdict: 'fail', note: 'empty' }), 'b0', '0:0', { verdict: 'better' }),
};
const run = (id: string, batchId: string | undefined): Run => ({
  id,
  workflowId: 'w1',
  workflowName: 'Summarize',
  userInput: 'a',
  tags: [],
  forwarded: null,
  status: 'Succeeded',
  startedAt: 1,
  endedAt: 3,
  ...(batchId ? { batchId, batchRow: 0 } : {}),
});

describe('a batch file', () => {
  it('takes the batch, its verdicts and its own runs, and gives them back as they were', () => {
    const text = batchFileText(record, [run('r1', 'b1'), run('r2', 'other'), run('r3', undefined)]);
    const read = readBatchFile(text);
    expect(read).toEqual({ ok: true, record, runs: [run('r1', 'b1')] });
  });

  it('leaves out a run it cannot read, and refuses what is not a finished batch of this console', () => {
    const file = JSON.parse(batchFileText(record, [run('r1', 'b1')])) as { runs: unknown[]; batch: unknown };
    file.runs.push({ id: 'broken' });
    expect(readBatchFile(JSON.stringify(file))).toMatchObject({ ok: true, runs: [run('r1', 'b1')] });
    expect(readBatchFile('{')).toEqual({
      ok: false,
      problem: 'This file is not JSON: choose a batch exported with “Export batch (JSON)”.',
    });
    expect(readBatchFile('{"format":"assistant-console.conversation"}')).toMatchObject({ ok: false });
    expect(readBatchFile(JSON.stringify({ ...file, batch: { id: 'b1' } }))).toMatchObject({
      ok: false,
      problem: 'The batch in this file is damaged or from a console too different to read.',
    });
    const running = createBatch({ id: 'b2', workflowId: 'w1', inputs: [{ input: 'a' }], concurrency: 1 });
    expect(readBatchFile(batchFileText({ ...record, id: 'b2', batch: running }, []))).toEqual({
      ok: false,
      problem: 'The batch in this file had not finished: export it once it has.',
    });
    expect(readBatchFile(batchFileText({ ...record, batch: cancel(running) }, []))).toMatchObject({ ok: true });
  });
});
