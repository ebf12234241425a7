import { describe, expect, it } from 'vitest';
import { createBatch, rowFinished, rowLaunched, rowStarted } from './batch';
import { batchResultRows, batchResultsCsv } from './batch-results';
import { parseCsv } from './csv';
import { judgeRow } from '@/domain/workflows/verdicts/verdicts';

const finishedBatch = () => {
  const inputs = [{ input: 'first, with comma' }, { input: '=cmd()' }, { input: 'third' }];
  let batch = createBatch({ id: 'b', workflowId: 'wf', inputs, concurrency: 2 });
  batch = rowLaunched(rowStarted(batch, 0), 0, 'e-0');
  batch = rowFinished(batch, 0, { status: 'succeeded', output: 'line 1\nline 2' });
  batch = rowStarted(batch, 1);
  batch = rowFinished(batch, 1, { status: 'failed', error: 'Start refused' });
  return batch;
};

describe('batch results', () => {
  it('gives one line per row, numbered from 1, with empty cells where nothing is known yet', () => {
    expect(batchResultRows(finishedBatch())).toEqual([
      ['row', 'input', 'execution id', 'status', 'error', 'final output', 'verdict', 'note'],
      ['1', 'first, with comma', 'e-0', 'succeeded', '', 'line 1\nline 2', '', ''],
      ['2', '=cmd()', '', 'failed', 'Start refused', '', '', ''],
      ['3', 'third', '', 'queued', '', '', '', ''],
    ]);
  });

  it("carries each row's pass / fail and its note", () => {
    const verdicts = judgeRow(judgeRow(undefined, 0, { verdict: 'pass' }), 1, { verdict: 'fail', note: 'wrong tone' });
    const rows = batchResultRows(finishedBatch(), verdicts);
    expect(rows.map((row) => row.slice(6))).toEqual([
      ['verdict', 'note'],
      ['pass', ''],
      ['fail', 'wrong tone'],
      ['', ''],
    ]);
  });

  it('writes CSV a spreadsheet reads back, with formulas defused', () => {
    const parsed = parseCsv(batchResultsCsv(finishedBatch()));
    expect(parsed.ok && parsed.rows.map((row) => row[1])).toEqual(['first, with comma', "'=cmd()", 'third']);
    expect(parsed.ok && parsed.rows[0]?.[5]).toBe('line 1\nline 2');
  });
});
