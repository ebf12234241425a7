import { describe, expect, it } from 'vitest';
import type { BatchSide, SideRow } from '@/domain/workflows/batches/batch-comparison';
import { batchTrend, verdictsFirst, type RowJudge } from './batch-trend';

const trendPoint = (one: BatchSide, judge?: RowJudge) => batchTrend([one], judge)[0];

const row = (index: number, change: Partial<SideRow> = {}): SideRow => ({
  index,
  input: `question ${index}`,
  status: 'succeeded',
  ...change,
});

const side = (id: string, createdAt: number, rows: SideRow[], name?: string): BatchSide => ({
  id,
  workflowId: 'wf',
  workflowName: 'Summarise',
  createdAt,
  finished: true,
  rows,
  ...(name ? { name } : {}),
});

describe('trendPoint', () => {
  it('passes succeeded rows over finished ones; cancelled, queued, running and waiting rows are not judged', () => {
    const point = trendPoint(
      side('b1', 1, [
        row(0),
        row(1),
        row(2, { status: 'failed' }),
        row(3, { status: 'cancelled' }),
        row(4, { status: 'queued' }),
        row(5, { status: 'running' }),
        row(6, { status: 'waiting' }),
      ]),
    );
    expect(point).toMatchObject({ id: 'b1', rows: 7, judged: 3, passed: 2 });
    expect(point?.passRate).toBeCloseTo(2 / 3);
  });

  it('has no pass rate while no row is judged, rather than 0 %', () => {
    const point = trendPoint(side('b1', 1, [row(0, { status: 'running' })]));
    expect(point?.judged).toBe(0);
    expect(point).not.toHaveProperty('passRate');
  });

  it('takes the median of the known durations and the sum of the known tokens, and counts what is known', () => {
    const point = trendPoint(
      side('b1', 1, [
        row(0, { durationMs: 1000, tokens: 10 }),
        row(1, { durationMs: 3000 }),
        row(2, { durationMs: 2000, tokens: 32 }),
        row(3),
      ]),
    );
    expect(point).toMatchObject({ medianDurationMs: 2000, durationsKnown: 3, totalTokens: 42, tokensKnown: 2 });
  });

  it('takes the mean of the two middle durations for an even count, and one duration as it is', () => {
    const durations = (values: number[]) => values.map((durationMs, index) => row(index, { durationMs }));
    expect(trendPoint(side('b1', 1, durations([4, 1, 3, 2])))?.medianDurationMs).toBe(2.5);
    expect(trendPoint(side('b1', 1, durations([7])))?.medianDurationMs).toBe(7);
  });

  it('says nothing of durations or tokens no run reported (not known is not zero)', () => {
    const point = trendPoint(side('b1', 1, [row(0), row(1, { status: 'failed' })]));
    expect(point).not.toHaveProperty('medianDurationMs');
    expect(point).not.toHaveProperty('totalTokens');
    expect(point).toMatchObject({ durationsKnown: 0, tokensKnown: 0 });
  });

  it('takes another judge, such as person-made verdicts, in place of the statuses', () => {
    const verdicts = new Map([
      [0, false],
      [2, true],
    ]);
    const judge: RowJudge = (candidate) => verdicts.get(candidate.index);
    const point = trendPoint(side('b1', 1, [row(0), row(1), row(2, { status: 'failed' })]), judge);
    expect(point).toMatchObject({ judged: 2, passed: 1, passRate: 0.5 });
  });

  it('with verdicts first: a person’s pass or fail wins over the row’s status, the status counts elsewhere', () => {
    const verdicts: Record<string, Record<number, 'pass' | 'fail'>> = { b1: { 0: 'fail', 2: 'pass' } };
    const judge = verdictsFirst((batchId, index) => verdicts[batchId]?.[index]);
    const rows = [row(0), row(1), row(2, { status: 'failed' }), row(3, { status: 'failed' })];
    expect(trendPoint(side('b1', 1, rows), judge)).toMatchObject({ judged: 4, passed: 2, passRate: 0.5 });
    // Another batch's verdicts are its own.
    expect(trendPoint(side('b2', 1, rows), judge)).toMatchObject({ judged: 4, passed: 2 });
    expect(trendPoint(side('b2', 1, [row(0), row(1, { status: 'running' })]), judge)).toMatchObject({
      judged: 1,
      passed: 1,
    });
  });

  it('keeps the batch’s name when it has one', () => {
    expect(trendPoint(side('b1', 1, [], 'prompt v2'))?.name).toBe('prompt v2');
    expect(trendPoint(side('b1', 1, []))).not.toHaveProperty('name');
  });
});

describe('batchTrend', () => {
  it('orders the batches oldest first, as a time axis reads them', () => {
    const trend = batchTrend([side('new', 30, [row(0)]), side('old', 10, [row(0)]), side('mid', 20, [row(0)])]);
    expect(trend.map((point) => point.id)).toEqual(['old', 'mid', 'new']);
  });

  it('reads fifty batches of a hundred rows', () => {
    const sides = Array.from({ length: 50 }, (_, at) =>
      side(
        `b${at}`,
        at,
        Array.from({ length: 100 }, (_, index) =>
          row(index, { durationMs: 1000 + index * 10, tokens: 100, status: index % 10 === 0 ? 'failed' : 'succeeded' }),
        ),
      ),
    );
    const trend = batchTrend(sides);
    expect(trend).toHaveLength(50);
    expect(trend[0]).toMatchObject({ passRate: 0.9, medianDurationMs: 1495, totalTokens: 10_000 });
  });
});
