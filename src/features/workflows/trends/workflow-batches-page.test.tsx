import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { ChartProps } from './chart-props';
import type { ConsoleServices } from '@/test/render-with-services';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import type { BatchRecord } from '@/features/workflows/batches/batch-record';
import type { Run } from '@/features/workflows/saved-runs/run';
import type { BatchRowStatus } from '@/domain/workflows/batches/batch';
import { WorkflowBatchesPage } from './workflow-batches-page';

// jsdom has no canvas: the chart stands in as the labelled image it is, holding the figures it was given to draw
// (the real one is drawn in tests/e2e/batch-trends.spec.ts).
vi.mock('./uplot-chart', () => ({
  UplotChart: ({ label, x, y }: ChartProps) => (
    <div role="img" aria-label={label} data-x={JSON.stringify(x)} data-y={JSON.stringify(y)} />
  ),
}));

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(async () => {
  await services?.stop();
});

const hour = 3_600_000;
const start = Date.parse('2026-11-25T09:00:00Z');

function record(id: string, at: number, statuses: BatchRowStatus[], change: Partial<BatchRecord> = {}): BatchRecord {
  return {
    id,
    workflowName: 'Summarize document',
    createdAt: start + at * hour,
    batch: {
      id,
      workflowId: 'w1',
      rows: statuses.map((status, index) => ({
        index,
        input: `q${index}`,
        tags: [],
        status,
        executionId: `${id}-e${index}`,
      })),
      concurrency: 2,
      state: 'done',
      commonTags: [],
    },
    ...change,
  };
}

const run = (batchId: string, row: number, durationMs: number, tokens: number): Run => ({
  id: `${batchId}-run-${row}`,
  workflowId: 'w1',
  workflowName: 'Summarize document',
  userInput: `q${row}`,
  tags: [],
  forwarded: null,
  executionId: `${batchId}-e${row}`,
  status: 'Succeeded',
  startedAt: start,
  endedAt: start + durationMs,
  batchId,
  batchRow: row,
  tokens: { input: tokens, output: 0 },
});

function renderPage(records: BatchRecord[], runs: Run[]) {
  const built = servicesForTest();
  services = built.services;
  for (const kept of records) services.workflows.batches.getState().batchCreated(kept);
  for (const kept of runs) services.workflows.runs.getState().runAdded(kept);
  const root = createRootRoute({ component: () => <WorkflowBatchesPage workflowId="w1" /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderWithServices(<RouterProvider router={router} />, { with: built });
}

it('lists the workflow’s batches newest first with their figures, and hands the charts the same figures oldest first', async () => {
  renderPage(
    [
      record('old', 0, ['succeeded', 'failed']),
      record('new', 2, ['succeeded', 'succeeded', 'cancelled'], { name: 'prompt v2' }),
      record('middle', 1, ['succeeded']),
      { ...record('other', 3, ['failed']), batch: { ...record('other', 3, ['failed']).batch, workflowId: 'w2' } },
    ],
    [run('old', 0, 1000, 10), run('old', 1, 3000, 20), run('new', 0, 2000, 5), run('new', 1, 4000, 7)],
  );
  expect(await screen.findByRole('heading', { name: 'Batches of Summarize document', level: 1 })).toBeVisible();
  const table = await screen.findByRole('table', { name: /^Batches, newest first/ });
  const rows = within(table).getAllByRole('row').slice(1);
  // Each row's figures after its start: rows, pass rate, median duration, total tokens.
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['3', '2 of 2 · 100 %', '3.0 s (2 of 3 rows)', '12 (2 of 3 rows)'],
    ['1', '1 of 1 · 100 %', 'not known', 'not known'],
    ['2', '1 of 2 · 50 %', '2.0 s', '30'],
  ]);
  expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Batch “prompt v2”' })).toBeVisible();

  const pass = await screen.findByRole('img', { name: 'Pass rate per batch over time, 3 batches, oldest to newest' });
  expect(JSON.parse(pass.dataset.y ?? '')).toEqual([50, 100, 100]);
  expect(JSON.parse(pass.dataset.x ?? '')).toEqual([0, 1, 2].map((at) => (start + at * hour) / 1000));
  const duration = screen.getByRole('img', { name: /^Median row duration per batch/ });
  expect(JSON.parse(duration.dataset.y ?? '')).toEqual([2, null, 3]);
  const tokens = screen.getByRole('img', { name: /^Total tokens per batch/ });
  expect(JSON.parse(tokens.dataset.y ?? '')).toEqual([30, null, 12]);
});

it('counts a person’s Pass / Fail over the row’s status', async () => {
  renderPage(
    [record('one', 0, ['succeeded', 'succeeded', 'failed'], { verdicts: { rows: { '1': { verdict: 'fail' } } } })],
    [],
  );
  const table = await screen.findByRole('table', { name: /^Batches, newest first/ });
  // Started, rows, pass rate.
  expect(within(table).getAllByRole('cell')[2]).toHaveTextContent('1 of 3 · 33 %');
});

it('says so when this browser keeps no batch of the workflow', async () => {
  renderPage(
    [record('elsewhere', 0, ['succeeded'], {})].map((kept) => ({
      ...kept,
      batch: { ...kept.batch, workflowId: 'w9' },
    })),
    [],
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('No batch of this workflow is in this browser’s history.');
  expect(screen.queryByRole('img')).toBeNull();
});
