import type { ComparedRow } from '@/domain/workflows/batches/batch-comparison';

// A comparison's rows as a distribution: how many rows got how much slower or faster than in the baseline. The
// change is relative (a row of 2 s taking 1 s more moved as much as one of 20 s taking 10 s more), in fixed bins a
// person can read at a glance, so two comparisons' charts line up.

export interface ChangeBin {
  /** "less than −50 %", "−20 % to −5 %", "±5 %"… */
  label: string;
  /** Lower and upper bounds of the change, in percent; open ends are infinite. */
  from: number;
  to: number;
  rows: number;
}

const edges = [-50, -20, -5, 5, 20, 50] as const;

const percent = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value)} %`;

function binLabel(from: number, to: number): string {
  if (from === -Infinity) return `less than ${percent(to)}`;
  if (to === Infinity) return `more than ${percent(from)}`;
  if (from === -to) return `±${to} %`;
  return `${percent(from)} to ${percent(to)}`;
}

/** The rows' relative duration change (candidate against baseline, in percent) where both durations are known. */
export function durationChanges(rows: readonly ComparedRow[]): number[] {
  return rows.flatMap((row) => {
    const before = row.baseline?.durationMs;
    const after = row.candidate?.durationMs;
    if (before === undefined || after === undefined || before <= 0) return [];
    return [((after - before) / before) * 100];
  });
}

/**
 * Changes counted into bins: less than −50 %, −50…−20, −20…−5, ±5, +5…+20, +20…+50, more than +50 %. A change on
 * an edge goes to the bin nearer to no change (−20 % is in "−20 % to −5 %", +20 % in "+5 % to +20 %").
 */
export function changeBins(changes: readonly number[]): ChangeBin[] {
  const bounds = [-Infinity, ...edges, Infinity];
  const bins: ChangeBin[] = bounds.slice(0, -1).map((from, at) => {
    const to = bounds[at + 1] as number;
    return { label: binLabel(from, to), from, to, rows: 0 };
  });
  for (const change of changes) {
    const bin = bins.find(({ from, to }) =>
      change < 0 ? from <= change && change < to : from < change && change <= to,
    );
    if (bin) bin.rows += 1;
  }
  return bins;
}
