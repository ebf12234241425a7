import type { ComparedRow } from './batch-comparison';
import { toCsv } from './csv';
import { judgementsOf, type ComparisonJudgements } from '@/domain/workflows/verdicts/verdict-filter';

export const comparisonCsvHeader = [
  'baseline row',
  'row',
  'change',
  'baseline input',
  'input',
  'baseline status',
  'status',
  'baseline duration ms',
  'duration ms',
  'duration delta ms',
  'baseline tokens',
  'tokens',
  'tokens delta',
  'baseline cost',
  'cost',
  'cost delta',
  'baseline output',
  'output',
  'verdict',
  'note',
  'pass or fail',
  'pass or fail note',
] as const;

// Empty where a side has no row or its run reported no value: a blank cell is "unknown", never a made-up 0.
const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
const position = (index: number | undefined) => (index === undefined ? '' : String(index + 1));
const ms = (value: number | undefined) => (value === undefined ? undefined : Math.round(value));
// Costs are fractions of a cent: six places keep them exact enough without float noise.
const money = (value: number | undefined) => (value === undefined ? undefined : value.toFixed(6));

/**
 * One line per aligned row, rows numbered from 1 as people count, both sides' values and the changes, then what the
 * person judged: the pair's better / same / worse and the row's pass / fail, each with its note.
 */
export const comparisonCsvRows = (rows: readonly ComparedRow[], judgements?: ComparisonJudgements): string[][] => [
  [...comparisonCsvHeader],
  ...rows.map((compared) => {
    const { baseline: before, candidate: after, ...row } = compared;
    const { pair, passFail } = judgements ? judgementsOf(compared, judgements) : {};
    return [
      position(before?.index),
      position(after?.index),
      row.change,
      text(before?.input),
      text(after?.input),
      text(before?.status),
      text(after?.status),
      text(ms(before?.durationMs)),
      text(ms(after?.durationMs)),
      text(ms(row.durationDeltaMs)),
      text(before?.tokens),
      text(after?.tokens),
      text(row.tokensDelta),
      text(money(before?.cost)),
      text(money(after?.cost)),
      text(money(row.costDelta)),
      text(before?.output),
      text(after?.output),
      text(pair?.verdict),
      text(pair?.note),
      text(passFail?.verdict),
      text(passFail?.note),
    ];
  }),
];

/** The comparison as CSV text, formula-guarded like every export (see toCsv). */
export const comparisonCsv = (rows: readonly ComparedRow[], judgements?: ComparisonJudgements): string =>
  toCsv(comparisonCsvRows(rows, judgements));
