import { render, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { compareBatches, type BatchSide, type SideRow } from '@/domain/workflows/batches/batch-comparison';
import type { ChartProps } from '@/features/workflows/trends/chart-props';
import { DurationDistribution } from './duration-distribution';

// jsdom has no canvas: the chart stands in as its labelled image, with the ticks and counts it was given.
vi.mock('@/features/workflows/trends/uplot-chart', () => ({
  UplotChart: ({ label, x, y, xText }: ChartProps) => (
    <div
      role="img"
      aria-label={label}
      data-ticks={JSON.stringify(x.map((at) => xText?.(at)))}
      data-y={JSON.stringify(y)}
    />
  ),
}));

const row = (index: number, durationMs?: number): SideRow => ({
  index,
  input: `q${index}`,
  status: 'succeeded',
  ...(durationMs !== undefined ? { durationMs } : {}),
});
const side = (id: string, rows: SideRow[]): BatchSide => ({
  id,
  workflowId: 'w1',
  workflowName: 'Summarize document',
  createdAt: 1,
  finished: true,
  rows,
});

it('shows the rows’ duration changes as bars and as a table with the same counts', async () => {
  const { rows } = compareBatches(
    side('base', [row(0, 1000), row(1, 1000), row(2, 1000), row(3)]),
    side('new', [row(0, 3000), row(1, 1010), row(2, 700), row(3, 500)]),
  );
  render(<DurationDistribution rows={rows} />);
  const chart = await screen.findByRole('img', {
    name: 'Duration change per row against the baseline: 3 rows with a duration on both sides',
  });
  expect(JSON.parse(chart.dataset.y ?? '')).toEqual([0, 1, 0, 1, 0, 0, 1]);
  expect(JSON.parse(chart.dataset.ticks ?? '')).toEqual([
    '< −50 %',
    '−50…−20',
    '−20…−5',
    '±5',
    '+5…+20',
    '+20…+50',
    '> +50 %',
  ]);
  const table = screen.getByRole('table', { name: 'Rows by duration change' });
  expect(within(table).getByRole('row', { name: '−50 % to −20 % 1' })).toBeVisible();
  expect(within(table).getByRole('row', { name: 'more than +50 % 1' })).toBeVisible();
});

it('shows nothing when no row has a duration on both sides', () => {
  const { rows } = compareBatches(side('base', [row(0)]), side('new', [row(0, 500)]));
  const { container } = render(<DurationDistribution rows={rows} />);
  expect(container).toBeEmptyDOMElement();
});
