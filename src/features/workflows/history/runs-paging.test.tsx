// The runs history over a long local history, as a person sees it: the newest runs first, older ones on request,
// and a search that looks through all of them.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleServices } from '@/test/render-with-services';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import type { Run } from '@/features/workflows/saved-runs/run';
import { runsPageSize } from '@/features/workflows/saved-runs/runs-archive';
import { RunsPage } from './runs-page';

const shownRun = (input: string) => screen.queryAllByText(input).length > 0;

const saved = (index: number): Run & { owner: string } => ({
  owner: 'tester',
  id: `run-${index}`,
  workflowId: 'w1',
  workflowName: 'Summarize',
  userInput: `input number ${index}`,
  tags: [],
  forwarded: null,
  executionId: `e${index}`,
  status: 'Succeeded',
  startedAt: Date.parse('2026-11-01T00:00:00Z') + index * 60_000,
});

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(() => services?.stop());

async function openRunsPage(count: number, search = '') {
  const built = servicesForTest({
    start: false,
    fetch: async () => new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } }),
  });
  services = built.services;
  await services.db.runs.bulkPut(Array.from({ length: count }, (_, index) => saved(index)));
  services.start();
  const root = createRootRoute();
  const runs = createRoute({ getParentRoute: () => root, path: '/workflows/runs', component: RunsPage });
  const router = createRouter({
    routeTree: root.addChildren([runs]),
    history: createMemoryHistory({ initialEntries: [`/workflows/runs${search}`] }),
  });
  renderWithServices(<RouterProvider router={router} />, { with: built });
}

// Reading 130 runs from IndexedDB and drawing them takes a few seconds on a busy machine.
const slow = { timeout: 10_000 };

describe('the runs history over a long history', { timeout: 30_000 }, () => {
  it('shows the newest runs first and reads older ones when asked', async () => {
    await openRunsPage(runsPageSize + 30);
    expect(
      await screen.findByText(`${runsPageSize} of ${runsPageSize} runs, the newest`, {}, slow),
    ).toBeInTheDocument();
    expect(shownRun('input number 0')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Load older runs' }));
    expect(await screen.findByText(`${runsPageSize + 30} of ${runsPageSize + 30} runs`, {}, slow)).toBeInTheDocument();
    expect(shownRun('input number 0')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load older runs' })).not.toBeInTheDocument();
  });

  it('searches every saved run, older ones too', async () => {
    await openRunsPage(runsPageSize + 30, '?text=number%203');
    await waitFor(() => expect(shownRun('input number 3')).toBe(true), slow);
    expect(await screen.findByText(/of 130 runs match$/, {}, slow)).toBeInTheDocument();
    expect(shownRun('input number 30')).toBe(true);
    expect(shownRun('input number 39')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load older runs' })).not.toBeInTheDocument();
  });
});
