// Which compared rows a comparison shows by change. Apart from batch-comparison.ts so that reading a comparison's
// address (every screen's router does) does not bring the text diff and its library.

export type RowFilter = 'all' | 'changed' | 'regressions';

/** Every row that differs in any way (regressions, fixes, edits, added and removed rows), or the regressions only. */
export function filterRows<Row extends { change: string }>(rows: readonly Row[], filter: RowFilter): Row[] {
  if (filter === 'regressions') return rows.filter((row) => row.change === 'regression');
  if (filter === 'changed') return rows.filter((row) => row.change !== 'same' && row.change !== 'pending');
  return [...rows];
}

export const isRowFilter = (value: unknown): value is RowFilter =>
  value === 'all' || value === 'changed' || value === 'regressions';
