import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { ConsoleServices } from '@/test/render-with-services';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import type { Run } from '@/features/workflows/saved-runs/run';
import { ComparePage } from './compare-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const run = (id: string, fields: Partial<Run> = {}): Run => ({
  id,
  workflowId: 'w1',
  workflowName: 'Summarize document',
  userInput: `input of ${id}`,
  tags: [],
  forwarded: null,
  executionId: `e-${id}`,
  status: 'Succeeded',
  startedAt: Date.parse('2026-11-25T09:00:00Z'),
  ...fields,
});

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(async () => {
  await services?.stop();
});

function renderCompare(a: string, b: string) {
  const built = servicesForTest({
    fetch: async (input) =>
      new URL(String(input)).pathname.endsWith('/states')
        ? json({ data: [] })
        : json({ execution_id: 'e', overall_status: 'Succeeded' }),
  });
  services = built.services;
  services.workflows.runs.getState().runAdded(run('parent'));
  services.workflows.runs.getState().runAdded(run('fork', { parentRunId: 'parent' }));
  const root = createRootRoute({ component: () => <ComparePage a={a} b={b} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderWithServices(<RouterProvider router={router} />, { with: built });
}

it('says which run is the parent and which the fork, in the order they were given', async () => {
  renderCompare('parent', 'fork');
  expect(await screen.findByRole('group', { name: 'Run A (Parent)' })).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Run B (Fork of A)' })).getByText('Fork of A')).toBeVisible();
  expect(screen.getByText(/^B was forked from A/)).toHaveTextContent(
    'B was forked from A (Run again with changes): what differs is what the fork changed.',
  );
  expect(screen.queryByRole('link', { name: 'Put the parent first' })).toBeNull();
});

it('offers to put the parent first when the fork is A', async () => {
  renderCompare('fork', 'parent');
  expect(await screen.findByRole('group', { name: 'Run A (Fork of B)' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Run B (Parent)' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Put the parent first' })).toHaveAttribute(
    'href',
    '/workflows/compare?a=parent&b=fork',
  );
});
