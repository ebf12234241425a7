import type { BatchSide, SideRow } from '@/domain/workflows/batches/batch-comparison';

// A workflow's batches over time: per batch its pass rate, median duration and total tokens, oldest first, so a
// chart and its table read the same figures. Pure: what a row counts as (passed, failed, not judged) is a judge
// passed in, so person-made verdicts can replace the rows' statuses without touching the figures.

/** Whether a batch's row passed (true), failed (false), or is not judged (undefined: not finished, nobody said). */
export type RowJudge = (row: SideRow, batchId: string) => boolean | undefined;

/**
 * The rows' own outcome: succeeded passes, failed fails. A cancelled row never ran to an end and a queued, running
 * or waiting one has not yet: neither is judged.
 */
const passedByStatus: RowJudge = (row) =>
  row.status === 'succeeded' ? true : row.status === 'failed' ? false : undefined;

/** A person's pass / fail where they gave one (a succeeded row they failed fails); the row's status elsewhere. */
export const verdictsFirst =
  (verdictOf: (batchId: string, index: number) => 'pass' | 'fail' | undefined): RowJudge =>
  (row, batchId) => {
    const verdict = verdictOf(batchId, row.index);
    return verdict === undefined ? passedByStatus(row, batchId) : verdict === 'pass';
  };

export interface TrendPoint {
  id: string;
  name?: string;
  createdAt: number;
  rows: number;
  /** Rows the judge passed or failed. */
  judged: number;
  passed: number;
  /** passed / judged, from 0 to 1; absent while no row is judged. */
  passRate?: number;
  /** The median of the rows' durations that are known; absent when none is. */
  medianDurationMs?: number;
  /** Rows whose duration is known. */
  durationsKnown: number;
  /** The sum of the rows' tokens that are known; absent when none is. */
  totalTokens?: number;
  /** Rows whose tokens are known. */
  tokensKnown: number;
}

/** The middle value (the mean of the two middle ones for an even count); undefined for none. */
function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

const known = (values: readonly (number | undefined)[]) =>
  values.filter((value): value is number => value !== undefined && Number.isFinite(value));

/** One batch's figures. */
function trendPoint(side: BatchSide, judge: RowJudge = passedByStatus): TrendPoint {
  const verdicts = side.rows
    .map((row) => judge(row, side.id))
    .filter((verdict): verdict is boolean => verdict !== undefined);
  const passed = verdicts.filter(Boolean).length;
  const durations = known(side.rows.map((row) => row.durationMs));
  const tokens = known(side.rows.map((row) => row.tokens));
  const medianDurationMs = median(durations);
  return {
    id: side.id,
    ...(side.name ? { name: side.name } : {}),
    createdAt: side.createdAt,
    rows: side.rows.length,
    judged: verdicts.length,
    passed,
    ...(verdicts.length > 0 ? { passRate: passed / verdicts.length } : {}),
    ...(medianDurationMs !== undefined ? { medianDurationMs } : {}),
    durationsKnown: durations.length,
    ...(tokens.length > 0 ? { totalTokens: tokens.reduce((sum, value) => sum + value, 0) } : {}),
    tokensKnown: tokens.length,
  };
}

/** The batches' figures, oldest first (the order of a time axis). */
export const batchTrend = (sides: readonly BatchSide[], judge: RowJudge = passedByStatus): TrendPoint[] =>
  sides.map((side) => trendPoint(side, judge)).sort((a, b) => a.createdAt - b.createdAt);
