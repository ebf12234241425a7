// The results table: each metric for the console and the baseline, their ratio, the target and
// whether the console meets it.
import { round } from './stats';

export interface Target {
  op: '<=' | '>=';
  value: number;
  /** How the target reads in the table, e.g. "≤ 4 ms". */
  text: string;
  /** The value bounds ours as a multiple of the baseline's figure in the same run (e.g. heap ≤ 1.5× baseline). */
  ofBaseline?: true;
}

export interface Metric {
  id: string;
  label: string;
  unit: string;
  ours: number;
  baseline: number;
  target?: Target;
  note?: string;
  /** Measured in the console only (the baseline page has nothing like it): its baseline is n/a, and not missing. */
  oursOnly?: true;
}

export const atMost = (value: number, unit: string): Target => ({ op: '<=', value, text: `≤ ${value} ${unit}`.trim() });
export const atLeast = (value: number, unit: string): Target => ({
  op: '>=',
  value,
  text: `≥ ${value} ${unit}`.trim(),
});

/** At most `value` times the baseline's figure of the same run. */
export const atMostTimesBaseline = (value: number): Target => ({
  op: '<=',
  value,
  text: `≤ ${value}× baseline`,
  ofBaseline: true,
});

export function met(metric: Metric): boolean | undefined {
  if (!metric.target) return undefined;
  const measured = metric.target.ofBaseline ? metric.ours / metric.baseline : metric.ours;
  if (!Number.isFinite(measured)) return false;
  return metric.target.op === '<=' ? measured <= metric.target.value : measured >= metric.target.value;
}

const cell = (value: number, unit: string): string =>
  Number.isFinite(value) ? `${round(value, value >= 100 ? 0 : 1)} ${unit}`.trim() : 'n/a';

export function markdownTable(metrics: readonly Metric[]): string {
  const rows = metrics.map((metric) => {
    const ratio =
      Number.isFinite(metric.ours) && Number.isFinite(metric.baseline) && metric.baseline !== 0
        ? `${round(metric.ours / metric.baseline, 2)}×`
        : '–';
    const verdict = met(metric);
    const target = metric.target?.text ?? '–';
    const note = metric.note ? ` ${metric.note}` : '';
    return `| ${metric.label}${note} | ${cell(metric.ours, metric.unit)} | ${metric.oursOnly ? '–' : cell(metric.baseline, metric.unit)} | ${ratio} | ${target} | ${verdict === undefined ? '' : verdict ? 'yes' : '**no**'} |`;
  });
  return [
    '| metric | ours | baseline | ratio | target | met? |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    ...rows,
  ].join('\n');
}

/**
 * A section under the table: each target missed in this run, with why (see ./why.ts). Metrics that miss for the
 * same reason (one measure at several sizes) share one line.
 */
export function missedTargets(metrics: readonly Metric[], why: (id: string) => string | undefined): string {
  const groups: { reason: string; entries: string[] }[] = [];
  for (const metric of metrics.filter((candidate) => met(candidate) === false)) {
    const reason = why(metric.id);
    const times = metric.target?.ofBaseline ? `, ${round(metric.ours / metric.baseline, 2)}× baseline,` : '';
    const entry = `**${metric.label}** (${cell(metric.ours, metric.unit)}${times} against ${metric.target?.text ?? '–'})`;
    const group = reason === undefined ? undefined : groups.find((known) => known.reason === reason);
    if (group) group.entries.push(entry);
    else groups.push({ reason: reason ?? 'not analysed yet.', entries: [entry] });
  }
  if (groups.length === 0) return '';
  return [
    '## Targets not met, and why',
    '',
    ...groups.map(({ reason, entries }) => `- ${entries.join(', ')}: ${reason}`),
  ].join('\n');
}

/** Metrics whose value (ours or baseline) is not a finite number: the smoke run fails on any. */
export const missing = (metrics: readonly Metric[]): string[] =>
  metrics.flatMap((metric) => [
    ...(Number.isFinite(metric.ours) ? [] : [`${metric.id} (ours)`]),
    ...(metric.oursOnly || Number.isFinite(metric.baseline) ? [] : [`${metric.id} (baseline)`]),
  ]);
