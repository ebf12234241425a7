import type { Batch } from './batch';
import { toCsv } from './csv';

export const batchResultsHeader = ['row', 'input', 'execution id', 'status', 'error', 'final output'] as const;

/** One line per row, numbered from 1 as people count; empty cells where a row has no value yet. */
export const batchResultRows = (batch: Batch): string[][] => [
  [...batchResultsHeader],
  ...batch.rows.map((row) => [
    String(row.index + 1),
    row.input,
    row.executionId ?? '',
    row.status,
    row.error ?? '',
    row.output ?? '',
  ]),
];

/** The results as CSV text, formula-guarded (see toCsv). */
export const batchResultsCsv = (batch: Batch): string => toCsv(batchResultRows(batch));
