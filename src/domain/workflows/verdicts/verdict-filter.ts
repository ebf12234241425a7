import type { ComparedRow } from '@/domain/workflows/batches/batch-comparison';
import { filterRows, type RowFilter } from '@/domain/workflows/batches/row-filter';
import { meetsThreshold, type Threshold } from './threshold';
import { pairKey, type BatchVerdicts } from './verdicts';

// Which compared rows are shown: the change filter (all / changed / regressions), then what a person judged, then a
// threshold on a metric's change. All three must hold.

export const verdictFilters = ['all', 'better', 'same', 'worse', 'pass', 'fail', 'unjudged'] as const;
export type VerdictFilter = (typeof verdictFilters)[number];

export const isVerdictFilter = (value: unknown): value is VerdictFilter =>
  verdictFilters.some((filter) => filter === value);

export interface ComparisonFilters {
  only: RowFilter;
  verdict: VerdictFilter;
  threshold?: Threshold;
}

/** The judgements of the compared batch: its pass / fail by row, and its pairs against the shown baseline. */
export interface ComparisonJudgements {
  verdicts: BatchVerdicts | undefined;
  baselineId: string;
}

/** The pair's better / same / worse and the candidate row's pass / fail, as the filters and the CSV read them. */
export function judgementsOf(row: ComparedRow, { verdicts, baselineId }: ComparisonJudgements) {
  const pair = verdicts?.against?.[baselineId]?.[pairKey(row.baseline?.index, row.candidate?.index)];
  const passFail = row.candidate ? verdicts?.rows?.[String(row.candidate.index)] : undefined;
  return { pair, passFail };
}

function matchesVerdict(row: ComparedRow, filter: VerdictFilter, judgements: ComparisonJudgements): boolean {
  if (filter === 'all') return true;
  const { pair, passFail } = judgementsOf(row, judgements);
  if (filter === 'unjudged') return pair?.verdict === undefined;
  if (filter === 'pass' || filter === 'fail') return passFail?.verdict === filter;
  return pair?.verdict === filter;
}

export function filterComparedRows(
  rows: readonly ComparedRow[],
  { only, verdict, threshold }: ComparisonFilters,
  judgements: ComparisonJudgements,
): ComparedRow[] {
  return filterRows(rows, only).filter(
    (row) => matchesVerdict(row, verdict, judgements) && (!threshold || meetsThreshold(row, threshold)),
  );
}
