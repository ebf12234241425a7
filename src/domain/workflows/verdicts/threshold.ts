import type { ComparedRow } from '@/domain/workflows/batches/batch-comparison';

// "Only rows 50 % slower": a change of duration, tokens or cost against the baseline, typed as "+50 %" (at least
// that much more) or "−20 %" (at least that much less), and the rows whose change reaches it.

export const thresholdMetrics = ['duration', 'tokens', 'cost'] as const;
export type ThresholdMetric = (typeof thresholdMetrics)[number];

export const isThresholdMetric = (value: unknown): value is ThresholdMetric =>
  thresholdMetrics.some((metric) => metric === value);

export interface Threshold {
  metric: ThresholdMetric;
  /** The relative change, signed: 0.5 is "+50 %", −0.2 is "−20 %". */
  change: number;
}

export type ParsedChange = { ok: true; change: number; text: string } | { ok: false; error: string };

export const changeHint = 'Write a change like +50 % or −20 %';

// A plus, or any of the minus signs people type or paste (hyphen, minus sign, en dash); a comma may be the decimal point.
const changePattern = /^([+\-\u2212\u2013])?\s*(\d{1,6}(?:[.,]\d{1,4})?)\s*%?$/;

/**
 * "+50 %", "+50%", "50 %" (more), "−20 %", "-20%" (less) as a signed fraction, with its text for the address
 * ("+50%", "-20%"); an error in words otherwise. A fall of 100 % or more cannot happen, so it is refused.
 */
export function parseChange(text: string): ParsedChange {
  const match = changePattern.exec(text.trim());
  if (!match) return { ok: false, error: `${changeHint}.` };
  const down = match[1] !== undefined && match[1] !== '+';
  const amount = Number((match[2] ?? '').replace(',', '.'));
  if (down && amount >= 100) return { ok: false, error: `A fall of ${amount} % cannot happen: ${changeHint}.` };
  return { ok: true, change: (down ? -amount : amount) / 100, text: `${down ? '-' : '+'}${amount}%` };
}

/** "+50 %" / "−20 %" as shown to people. */
export const changeText = (change: number): string =>
  `${change < 0 ? '\u2212' : '+'}${Number((Math.abs(change) * 100).toFixed(4))} %`;

const sides = (row: ComparedRow, metric: ThresholdMetric): [number | undefined, number | undefined] => {
  if (metric === 'duration') return [row.baseline?.durationMs, row.candidate?.durationMs];
  if (metric === 'tokens') return [row.baseline?.tokens, row.candidate?.tokens];
  return [row.baseline?.cost, row.candidate?.cost];
};

/** A row's relative change of a metric; undefined when a side does not report it. From nothing to something is +∞. */
export function relativeChange(row: ComparedRow, metric: ThresholdMetric): number | undefined {
  const [before, after] = sides(row, metric);
  if (before === undefined || after === undefined) return undefined;
  if (before === 0) return after === 0 ? 0 : Infinity;
  return (after - before) / before;
}

/** The row's change reaches the threshold: at least that much more (or, for a fall, at least that much less). */
export function meetsThreshold(row: ComparedRow, { metric, change }: Threshold): boolean {
  const relative = relativeChange(row, metric);
  if (relative === undefined) return false;
  return change < 0 ? relative <= change : relative >= change;
}
