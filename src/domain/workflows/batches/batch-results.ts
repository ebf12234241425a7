import type { Batch } from './batch';
import { toCsv } from './csv';
import type { BatchVerdicts } from '@/domain/workflows/verdicts/verdicts';

export const batchResultsHeader = [
  'row',
  'input',
  'execution id',
  'status',
  'error',
  'final output',
  'verdict',
  'note',
] as const;

/** One line per row, numbered from 1 as people count, with its pass / fail and note; empty cells where a row has no value yet. */
export const batchResultRows = (batch: Batch, verdicts?: BatchVerdicts): string[][] => [
  [...batchResultsHeader],
  ...batch.rows.map((row) => {
    const judgement = verdicts?.rows?.[String(row.index)];
    return [
      String(row.index + 1),
      row.input,
      row.executionId ?? '',
      row.status,
      row.error ?? '',
      row.output ?? '',
      judgement?.verdict ?? '',
      judgement?.note ?? '',
    ];
  }),
];

/** The results as CSV text, formula-guarded (see toCsv). */
export const batchResultsCsv = (batch: Batch, verdicts?: BatchVerdicts): string =>
  toCsv(batchResultRows(batch, verdicts));
