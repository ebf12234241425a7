// The runs under Workflows in the rail: a few, the newest, and the way to all of them (issue 40: five runs crowded
// the conversations out of the rail).
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithServices, servicesForTest, type ConsoleServices } from '@/test/render-with-services';
import type { Run } from '@/features/workflows/saved-runs/run';
import { RecentRuns } from './recent-runs';

const run = (index: number): Run => ({
  id: `run-${index}`,
  workflowId: 'w1',
  workflowName: `Workflow ${index}`,
  userInput: `input ${index}`,
  tags: [],
  forwarded: null,
  executionId: `e${index}`,
  status: 'Succeeded',
  startedAt: Date.parse('2026-11-01T00:00:00Z') + index * 60_000,
});

let services: ConsoleServices | undefined;
// The router scrolls to the top on navigation; jsdom has no scrolling.
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(() => services?.stop());

/** The rail's runs beside the screens their links open. */
function renderRail() {
  const built = servicesForTest({ start: false });
  services = built.services;
  const root = createRootRoute({
    component: () => (
      <>
        <nav aria-label="Main">
          <RecentRuns />
        </nav>
        <Outlet />
      </>
    ),
  });
  const page = (path: string, title: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <h1>{title}</h1> });
  const router = createRouter({
    routeTree: root.addChildren([
      page('/chat', 'Chat'),
      page('/workflows/runs', 'Runs'),
      page('/workflows/runs/$runId', 'A run'),
    ]),
    history: createMemoryHistory({ initialEntries: ['/chat'] }),
  });
  renderWithServices(<RouterProvider router={router} />, { with: built });
  return built.services.workflows.runs;
}

describe('RecentRuns', () => {
  it('shows nothing before the first run', async () => {
    renderRail();
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recent runs' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'All runs' })).toBeNull();
  });

  it('lists the three newest of five runs, and All runs opens the runs list', async () => {
    const runs = renderRail();
    await screen.findByRole('heading', { name: 'Chat' });
    // Started oldest first, as a batch starts them.
    act(() => [0, 1, 2, 3, 4].forEach((index) => runs.getState().runAdded(run(index))));
    const recent = screen.getByRole('list', { name: 'Recent runs' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Workflow 4Succeeded', 'Workflow 3Succeeded', 'Workflow 2Succeeded']);
    const all = screen.getByRole('link', { name: 'All runs' });
    expect(all).toHaveAttribute('href', '/workflows/runs');
    expect(all).not.toHaveAttribute('aria-current');
    await userEvent.click(all);
    expect(await screen.findByRole('heading', { name: 'Runs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All runs' })).toHaveAttribute('aria-current', 'page');
  });
});
