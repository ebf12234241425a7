import type { RowChange } from '@/domain/workflows/batches/batch-comparison';
import { formatDuration } from '@/domain/workflows/history/run-history';

// How the batch comparison writes its numbers: "—" for a value nobody reported, a signed change with a real minus.

const count = new Intl.NumberFormat();
const unknown = '—';

const signed = (value: number, format: (magnitude: number) => string) =>
  value === 0 ? `±${format(0)}` : `${value > 0 ? '+' : '−'}${format(Math.abs(value))}`;

export const durationText = (ms: number | undefined) => (ms === undefined ? unknown : formatDuration(ms));
export const tokensText = (tokens: number | undefined) => (tokens === undefined ? unknown : count.format(tokens));
export const costText = (cost: number | undefined) => (cost === undefined ? unknown : `$${cost.toFixed(4)}`);

export const durationDelta = (ms: number | undefined) => (ms === undefined ? '' : signed(ms, formatDuration));
export const tokensDelta = (tokens: number | undefined) =>
  tokens === undefined ? '' : signed(tokens, (value) => count.format(value));
export const costDelta = (cost: number | undefined) =>
  cost === undefined ? '' : signed(cost, (value) => `$${value.toFixed(4)}`);

export const changeLabel: Record<RowChange, string> = {
  same: 'same',
  changed: 'changed',
  regression: 'regression',
  fixed: 'fixed',
  added: 'added',
  removed: 'removed',
  pending: 'not finished',
};
