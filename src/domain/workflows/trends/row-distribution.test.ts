import { describe, expect, it } from 'vitest';
import { compareBatches, type BatchSide, type SideRow } from '@/domain/workflows/batches/batch-comparison';
import { changeBins, durationChanges } from './row-distribution';

const row = (index: number, durationMs?: number): SideRow => ({
  index,
  input: `question ${index}`,
  status: 'succeeded',
  ...(durationMs !== undefined ? { durationMs } : {}),
});
const side = (id: string, rows: SideRow[]): BatchSide => ({
  id,
  workflowId: 'wf',
  workflowName: 'Summarise',
  createdAt: 1,
  finished: true,
  rows,
});

describe('durationChanges', () => {
  it('is each paired row’s change in percent, where both durations are known and the baseline’s is not zero', () => {
    const { rows } = compareBatches(
      side('base', [row(0, 1000), row(1, 2000), row(2), row(3, 0), row(4, 1000)]),
      side('new', [row(0, 1500), row(1, 1000), row(2, 900), row(3, 100)]),
    );
    expect(durationChanges(rows)).toEqual([50, -50]);
  });
});

describe('changeBins', () => {
  it('has seven fixed bins, labelled, from much faster to much slower', () => {
    expect(changeBins([]).map((bin) => bin.label)).toEqual([
      'less than −50 %',
      '−50 % to −20 %',
      '−20 % to −5 %',
      '±5 %',
      '+5 % to +20 %',
      '+20 % to +50 %',
      'more than +50 %',
    ]);
  });

  it('counts each change once, an edge in the bin nearer to no change', () => {
    const bins = changeBins([-80, -50, -20, -5, 0, 5, 20, 50, 51, 300]);
    expect(bins.map((bin) => bin.rows)).toEqual([1, 1, 1, 3, 1, 1, 2]);
    expect(bins.reduce((sum, bin) => sum + bin.rows, 0)).toBe(10);
  });
});
