// A run whose status reads kept failing, as a person finds it: the note on the run, and Check again.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { ConsoleServices } from '@/lib/services-context';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import type { Run } from '@/features/workflows/model/run';
import { RunPage } from './run-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const run: Run = {
  id: 'run-1',
  workflowId: 'w1',
  workflowName: 'Summarize document',
  userInput: 'Cats sleep.',
  tags: [],
  forwarded: null,
  executionId: 'e1',
  status: 'In Progress',
  startedAt: Date.parse('2026-11-25T09:00:00Z'),
  pollStopped: { at: Date.parse('2026-11-25T09:20:00Z'), failures: 10, reason: 'Service unavailable' },
};

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(() => services?.stop());

it(
  'says checking stopped after failed reads, and Check again reads the status and follows the run',
  { timeout: 30_000 },
  async () => {
    const reads: string[] = [];
    const built = servicesForTest({
      fetch: async (input) => {
        const path = new URL(String(input)).pathname;
        reads.push(path);
        if (path.endsWith('/states')) return json({ data: [] });
        if (path.endsWith('/output')) return json({ output: 'Cats sleep a lot.' });
        return json({ execution_id: 'e1', overall_status: 'Succeeded' });
      },
    });
    services = built.services;
    services.workflows.runs.getState().runAdded(run);
    const root = createRootRoute();
    const runRoute = createRoute({
      getParentRoute: () => root,
      path: '/workflows/runs/$runId',
      component: function RunRoute() {
        return <RunPage runId={runRoute.useParams().runId} traceUrlTemplate={undefined} />;
      },
    });
    const router = createRouter({
      routeTree: root.addChildren([runRoute]),
      history: createMemoryHistory({ initialEntries: ['/workflows/runs/run-1'] }),
    });
    renderWithServices(<RouterProvider router={router} />, { with: built });

    const note = await screen.findByText(
      /Stopped checking the status after 10 failed reads \(Service unavailable\)/,
      {},
      { timeout: 10_000 },
    );
    expect(note).toBeInTheDocument();
    // The page has read the run's states (shown beside the note); the status, whose checking stopped, is not read.
    await waitFor(() => expect(reads.some((path) => path.endsWith('/states'))).toBe(true));
    expect(reads.filter((path) => !path.endsWith('/states'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.queryByText(/Stopped checking/)).not.toBeInTheDocument(), { timeout: 10_000 });
    await waitFor(() => expect(services?.workflows.runs.getState().runs[0]?.status).toBe('Succeeded'), {
      timeout: 10_000,
    });
    expect(reads.some((path) => path.endsWith('/executions/e1'))).toBe(true);
  },
);
