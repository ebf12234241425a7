import type { TrendPoint } from '@/domain/workflows/trends/batch-trend';
import { formatDuration } from '@/domain/workflows/history/run-history';

// How the trend's figures read, in the chart's ticks and in the table: a figure no run reported is "not known".

const count = new Intl.NumberFormat();
export const notKnown = 'not known';

export const percentText = (rate: number) => `${Math.round(rate)} %`;
export const secondsText = (seconds: number) => formatDuration(seconds * 1000);
export const countText = (value: number) => count.format(value);

/** "2 of 3 · 67 %", or "not known" while no row is judged. */
export const passText = (point: TrendPoint) =>
  point.passRate === undefined ? notKnown : `${point.passed} of ${point.judged} · ${percentText(point.passRate * 100)}`;

/** A figure known for only some rows says for how many. */
const partial = (text: string, known: number, rows: number) =>
  known < rows ? `${text} (${known} of ${rows} rows)` : text;

export const durationFigure = (point: TrendPoint) =>
  point.medianDurationMs === undefined
    ? notKnown
    : partial(formatDuration(point.medianDurationMs), point.durationsKnown, point.rows);

export const tokensFigure = (point: TrendPoint) =>
  point.totalTokens === undefined ? notKnown : partial(countText(point.totalTokens), point.tokensKnown, point.rows);
