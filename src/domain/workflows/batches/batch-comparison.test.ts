import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchCompareSearch, batchIdList } from './batch-comparison-address';
import {
  alignRows,
  compareBatches,
  comparisonProblem,
  eligibleBaselines,
  type BatchSide,
  type SideRow,
} from './batch-comparison';
import { comparisonCsvHeader, comparisonCsvRows } from './batch-comparison-csv';
import { filterRows } from './row-filter';
import type { BatchRowStatus } from './batch';

type RowChanges = { [key in keyof SideRow]?: SideRow[key] | undefined };
/** A finished row; a change to `undefined` leaves that value unknown. */
const row = (index: number, input: string, changes: RowChanges = {}): SideRow => {
  const full = {
    status: 'succeeded',
    output: `Summary of ${input}`,
    durationMs: 1000,
    tokens: 300,
    cost: 0.002,
    ...changes,
  };
  return Object.fromEntries(
    Object.entries({ ...full, index, input }).filter(([, value]) => value !== undefined),
  ) as unknown as SideRow;
};
const side = (rows: SideRow[], overrides: Partial<BatchSide> = {}): BatchSide => ({
  id: 'b1',
  workflowId: 'w1',
  workflowName: 'Summarize document',
  createdAt: 1,
  finished: true,
  rows,
  ...overrides,
});
const inputs = (pairs: ReturnType<typeof alignRows>) =>
  pairs.map((pair) => [pair.baseline?.input ?? null, pair.candidate?.input ?? null, pair.inputEdited]);

describe('alignRows', () => {
  it('pairs rows by input whatever their order, and duplicates by occurrence', () => {
    const pairs = alignRows(
      [row(0, 'a'), row(1, 'b'), row(2, 'a', { output: 'first a' })],
      [row(0, 'b'), row(1, 'a', { output: 'new a' }), row(2, 'a')],
    );
    expect(inputs(pairs)).toEqual([
      ['b', 'b', false],
      ['a', 'a', false],
      ['a', 'a', false],
    ]);
    // The first "a" of the candidate goes with the first "a" of the baseline.
    expect(pairs[1]?.baseline?.index).toBe(0);
    expect(pairs[2]?.baseline?.index).toBe(2);
  });

  it('pairs an input edited in place by its position, and keeps rows one side has as added and removed', () => {
    const pairs = alignRows(
      [row(0, 'a'), row(1, 'b'), row(2, 'c'), row(3, 'gone')],
      [row(0, 'a'), row(1, 'b, edited'), row(2, 'c')],
    );
    expect(inputs(pairs)).toEqual([
      ['a', 'a', false],
      ['b', 'b, edited', true],
      ['c', 'c', false],
      ['gone', null, false],
    ]);
    expect(inputs(alignRows([row(0, 'x'), row(1, 'a')], [row(0, 'a'), row(1, 'new')]))).toEqual([
      ['x', null, false],
      ['a', 'a', false],
      [null, 'new', false],
    ]);
  });
});

describe('compareBatches', () => {
  it('marks the one changed row with its deltas and sums the totals', () => {
    const baseline = side([row(0, 'a'), row(1, 'b'), row(2, 'c')]);
    const candidate = side(
      [
        row(0, 'a'),
        row(1, 'b, edited', { output: 'Summary of b, edited', durationMs: 1500, tokens: 340, cost: 0.0025 }),
        row(2, 'c'),
      ],
      { id: 'b2' },
    );
    const comparison = compareBatches(baseline, candidate);
    expect(comparison.rows.map((item) => item.change)).toEqual(['same', 'changed', 'same']);
    const changed = comparison.rows[1];
    expect(changed).toMatchObject({ inputEdited: true, durationDeltaMs: 500, tokensDelta: 40 });
    expect(changed?.costDelta).toBeCloseTo(0.0005);
    expect(changed?.output).toMatchObject({ added: 1, removed: 1, identical: false });
    expect(comparison.duration).toEqual({ baseline: 3000, candidate: 3500, delta: 500, compared: 3 });
    expect(comparison.tokens).toEqual({ baseline: 900, candidate: 940, delta: 40, compared: 3 });
    expect(comparison.counts).toMatchObject({ same: 2, changed: 1, regression: 0 });
    expect(filterRows(comparison.rows, 'changed')).toEqual([changed]);
  });

  it('tells regressions from fixes, and leaves rows still running out of the changes', () => {
    const comparison = compareBatches(
      side([row(0, 'a'), row(1, 'b', { status: 'failed' }), row(2, 'c'), row(3, 'd')]),
      side([
        row(0, 'a', { status: 'failed', output: 'Error' }),
        row(1, 'b'),
        row(2, 'c', { status: 'running' }),
        row(3, 'd', { status: 'cancelled', output: 'Summary of d' }),
      ]),
    );
    expect(comparison.rows.map((item) => item.change)).toEqual(['regression', 'fixed', 'pending', 'regression']);
    expect(filterRows(comparison.rows, 'regressions').map((item) => item.candidate?.input)).toEqual(['a', 'd']);
    expect(filterRows(comparison.rows, 'changed')).toHaveLength(3);
    expect(filterRows(comparison.rows, 'all')).toHaveLength(4);
  });

  it('leaves unknown durations, tokens and costs unknown instead of counting them as 0', () => {
    const comparison = compareBatches(
      side([row(0, 'a', { tokens: undefined, cost: undefined }), row(1, 'b')]),
      side([row(0, 'a'), row(1, 'b', { durationMs: undefined, cost: undefined })]),
    );
    expect(comparison.rows[0]).not.toHaveProperty('tokensDelta');
    expect(comparison.rows[1]).not.toHaveProperty('durationDeltaMs');
    expect(comparison.rows.every((item) => item.costDelta === undefined)).toBe(true);
    expect(comparison.duration).toEqual({ baseline: 2000, candidate: 1000, delta: 0, compared: 1 });
    expect(comparison.tokens).toEqual({ baseline: 300, candidate: 600, delta: 0, compared: 1 });
    expect(comparison.cost).toEqual({ baseline: 0.002, candidate: 0.002, compared: 0 });
    const none = compareBatches(side([row(0, 'a', { tokens: undefined })]), side([row(0, 'a', { tokens: undefined })]));
    expect(none.tokens).toEqual({ compared: 0 });
  });
});

describe('comparisonProblem', () => {
  it('refuses batches of different workflows, an unfinished baseline and a batch against itself, in words', () => {
    const baseline = side([]);
    expect(comparisonProblem(baseline, side([], { id: 'b2' }))).toBeNull();
    expect(comparisonProblem(baseline, side([], { id: 'b2', workflowId: 'w2', workflowName: 'Tag echo' }))).toBe(
      'Batches of different workflows cannot be compared: the baseline ran Summarize document, this batch ran Tag echo.',
    );
    expect(comparisonProblem(side([], { finished: false }), side([], { id: 'b2' }))).toMatch(/has not finished/);
    expect(comparisonProblem(baseline, baseline)).toMatch(/its own baseline/);
  });
});

describe('eligibleBaselines', () => {
  const batch = (id: string, createdAt: number, workflowId = 'w1', finished = true) => ({
    id,
    workflowId,
    createdAt,
    finished,
  });
  it('offers finished batches of the same workflow started before every compared one, newest first', () => {
    const all = [
      batch('old', 1),
      batch('older', 0),
      batch('running', 2, 'w1', false),
      batch('other workflow', 2, 'w2'),
      batch('compared', 5),
      batch('later', 6),
      batch('between', 3),
    ];
    expect(eligibleBaselines(all, [batch('compared', 5)]).map((item) => item.id)).toEqual(['between', 'old', 'older']);
    expect(eligibleBaselines(all, [batch('compared', 5), batch('x', 2)]).map((item) => item.id)).toEqual([
      'old',
      'older',
    ]);
    expect(eligibleBaselines(all, [])).toHaveLength(6);
  });
});

describe('comparison CSV', () => {
  it('writes both sides and the deltas, blank where a value is unknown or a side has no row', () => {
    const comparison = compareBatches(
      side([row(0, 'a'), row(1, 'gone')]),
      side([row(0, 'a', { durationMs: 1250, tokens: undefined, output: 'Line, "quoted"' })]),
    );
    const [header, first, second] = comparisonCsvRows(comparison.rows);
    expect(header).toEqual([...comparisonCsvHeader]);
    expect(first).toEqual([
      '1',
      '1',
      'changed',
      'a',
      'a',
      'succeeded',
      'succeeded',
      '1000',
      '1250',
      '250',
      '300',
      '',
      '',
      '0.002000',
      '0.002000',
      '0.000000',
      'Summary of a',
      'Line, "quoted"',
      '',
      '',
      '',
      '',
    ]);
    expect(second?.slice(0, 3)).toEqual(['2', '', 'removed']);
  });
});

describe('the comparison address', () => {
  it('keeps the baseline, the batches once each in order, and a filter other than all', () => {
    expect(batchCompareSearch({ baseline: ' b1 ', batches: 'b2, b3,b2,,', only: 'regressions' })).toEqual({
      baseline: 'b1',
      batches: 'b2,b3',
      only: 'regressions',
    });
    expect(batchCompareSearch({ baseline: 3, batches: '', only: 'all' })).toEqual({});
  });

  it('keeps the verdict filter and a threshold written the one way, and drops what it cannot read', () => {
    expect(batchCompareSearch({ verdict: 'worse', metric: 'tokens', change: '−20 %' })).toEqual({
      verdict: 'worse',
      metric: 'tokens',
      change: '-20%',
    });
    expect(batchCompareSearch({ verdict: 'all', metric: 'duration', change: 50 })).toEqual({ change: '+50%' });
    expect(batchCompareSearch({ verdict: 'nice', metric: 'cost', change: 'fast' })).toEqual({});
    expect(batchCompareSearch({ metric: 'cost' })).toEqual({});
    expect(batchIdList('b2,b3')).toEqual(['b2', 'b3']);
  });
});

// Property tests: the alignment is a partition of both batches, and swapping the sides mirrors every change.
const statusArb = fc.constantFrom<BatchRowStatus>('succeeded', 'failed', 'cancelled', 'running');
const rowsArb = fc
  .array(
    fc.record({
      input: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      status: statusArb,
      output: fc.constantFrom('one', 'two', 'one\ntwo'),
      durationMs: fc.option(fc.nat(10_000), { nil: undefined }),
      tokens: fc.option(fc.nat(5000), { nil: undefined }),
    }),
    { maxLength: 12 },
  )
  .map((items) =>
    items.map((item, index): SideRow => {
      const { durationMs, tokens, ...rest } = item;
      return {
        index,
        ...rest,
        ...(durationMs !== undefined ? { durationMs } : {}),
        ...(tokens !== undefined ? { tokens } : {}),
      };
    }),
  );

const mirror = { same: 'same', changed: 'changed', pending: 'pending', regression: 'fixed', added: 'removed' } as const;

describe('batch comparison properties', () => {
  it('places every row of each batch exactly once, the candidate’s in their order', () => {
    fc.assert(
      fc.property(rowsArb, rowsArb, (before, after) => {
        const pairs = alignRows(before, after);
        const baselineSeen = pairs.flatMap((pair) => (pair.baseline ? [pair.baseline.index] : []));
        const candidateSeen = pairs.flatMap((pair) => (pair.candidate ? [pair.candidate.index] : []));
        expect([...baselineSeen].sort((x, y) => x - y)).toEqual(before.map((item) => item.index));
        expect(candidateSeen).toEqual(after.map((item) => item.index));
        for (const pair of pairs) {
          if (pair.baseline && pair.candidate && !pair.inputEdited)
            expect(pair.baseline.input).toBe(pair.candidate.input);
        }
      }),
    );
  });

  it('finds nothing changed between a batch and itself', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const comparison = compareBatches(side(rows), side(rows, { id: 'b2' }));
        expect(comparison.rows.every((item) => item.change === 'same' || item.change === 'pending')).toBe(true);
        expect(filterRows(comparison.rows, 'changed')).toEqual([]);
        expect(comparison.duration.delta ?? 0).toBe(0);
      }),
    );
  });

  it('mirrors every change and delta when the sides swap', () => {
    fc.assert(
      fc.property(rowsArb, rowsArb, (before, after) => {
        const there = compareBatches(side(before), side(after, { id: 'b2' }));
        const back = compareBatches(side(after, { id: 'b2' }), side(before));
        const key = (item: (typeof there.rows)[number], swap: boolean) =>
          `${(swap ? item.candidate : item.baseline)?.index ?? '-'}/${(swap ? item.baseline : item.candidate)?.index ?? '-'}`;
        const backByKey = new Map(back.rows.map((item) => [key(item, true), item]));
        for (const item of there.rows) {
          const other = backByKey.get(key(item, false));
          expect(other).toBeDefined();
          if (!other) return;
          const expected = Object.entries(mirror).find(([a, b]) => a === item.change || b === item.change);
          expect(other.change).toBe(expected?.[0] === item.change ? expected[1] : expected?.[0]);
          // `+ 0` because a zero delta mirrors to −0, and the two are the same number of milliseconds.
          if (item.durationDeltaMs !== undefined)
            expect((other.durationDeltaMs ?? NaN) + 0).toBe(-item.durationDeltaMs + 0);
        }
      }),
    );
  });
});
