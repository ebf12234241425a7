import { describe, expect, it } from 'vitest';
import { compareBatches, type BatchSide, type SideRow } from '@/domain/workflows/batches/batch-comparison';
import { comparisonCsvRows } from '@/domain/workflows/batches/batch-comparison-csv';
import { filterComparedRows, type ComparisonFilters } from './verdict-filter';
import { judgePair, judgeRow, pairKey, type BatchVerdicts } from './verdicts';

const row = (index: number, durationMs: number, output = `answer ${index}`): SideRow => ({
  index,
  input: `question ${index}`,
  status: 'succeeded',
  output,
  durationMs,
  tokens: 100,
});
const side = (id: string, rows: SideRow[]): BatchSide => ({
  id,
  workflowId: 'w',
  workflowName: 'Summarize',
  createdAt: id === 'base' ? 1 : 2,
  finished: true,
  rows,
});

// Four rows: 0 the same, 1 slower by 60 % with a new answer, 2 faster by 30 %, 3 slower by 20 %.
const comparison = compareBatches(
  side('base', [row(0, 1000), row(1, 1000), row(2, 1000), row(3, 1000)]),
  side('next', [row(0, 1000), row(1, 1600, 'a longer answer'), row(2, 700), row(3, 1200)]),
);
let verdicts: BatchVerdicts = judgePair(undefined, 'base', pairKey(1, 1), { verdict: 'worse', note: 'too long' });
verdicts = judgePair(verdicts, 'base', pairKey(2, 2), { verdict: 'better' });
verdicts = judgeRow(verdicts, 2, { verdict: 'pass' });
verdicts = judgeRow(verdicts, 1, { verdict: 'fail', note: 'misses the date' });
const judgements = { verdicts, baselineId: 'base' };
const shown = (filters: Partial<ComparisonFilters>) =>
  filterComparedRows(comparison.rows, { only: 'all', verdict: 'all', ...filters }, judgements).map(
    (item) => item.candidate?.index,
  );

describe('filtering compared rows', () => {
  it('by verdict: the pair’s better / same / worse, the row’s pass / fail, or not judged yet', () => {
    expect(shown({})).toEqual([0, 1, 2, 3]);
    expect(shown({ verdict: 'worse' })).toEqual([1]);
    expect(shown({ verdict: 'better' })).toEqual([2]);
    expect(shown({ verdict: 'same' })).toEqual([]);
    expect(shown({ verdict: 'pass' })).toEqual([2]);
    expect(shown({ verdict: 'fail' })).toEqual([1]);
    expect(shown({ verdict: 'unjudged' })).toEqual([0, 3]);
  });

  it('by a threshold, and with the change filter: all must hold', () => {
    expect(shown({ threshold: { metric: 'duration', change: 0.5 } })).toEqual([1]);
    expect(shown({ threshold: { metric: 'duration', change: 0.2 } })).toEqual([1, 3]);
    expect(shown({ threshold: { metric: 'duration', change: -0.2 } })).toEqual([2]);
    expect(shown({ only: 'changed', threshold: { metric: 'duration', change: 0.1 } })).toEqual([1]);
    expect(shown({ verdict: 'unjudged', threshold: { metric: 'duration', change: 0.1 } })).toEqual([3]);
    expect(shown({ threshold: { metric: 'tokens', change: 0.01 } })).toEqual([]);
  });

  it('the CSV carries each row’s verdict and pass / fail with their notes', () => {
    const [header, , second, third] = comparisonCsvRows(comparison.rows, judgements);
    expect(header?.slice(-4)).toEqual(['verdict', 'note', 'pass or fail', 'pass or fail note']);
    expect(second?.slice(-4)).toEqual(['worse', 'too long', 'fail', 'misses the date']);
    expect(third?.slice(-4)).toEqual(['better', '', 'pass', '']);
  });
});
