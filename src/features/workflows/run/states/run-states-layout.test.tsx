// The run page's List | Timeline is its own: the chat's Tree | Timeline does not change it, and a view with no times
// (states the server sent no times for, stored thoughts) offers no timeline at all.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleServices } from '@/test/render-with-services';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import type { Run } from '@/features/workflows/saved-runs/run';
import { RunPage } from '@/features/workflows/run/run-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const run: Run = {
  id: 'run-1',
  workflowId: 'w1',
  workflowName: 'Summarize document',
  userInput: 'Cats sleep.',
  tags: [],
  forwarded: null,
  executionId: 'e1',
  status: 'Succeeded',
  startedAt: Date.parse('2026-11-25T09:00:00Z'),
  endedAt: Date.parse('2026-11-25T09:00:04Z'),
};

const state = (id: string, name: string, times: boolean) => ({
  id,
  name,
  status: 'Succeeded',
  ...(times ? { started_at: '2026-11-25T09:00:00', completed_at: '2026-11-25T09:00:02' } : {}),
  thoughts: [{ id: `${id}-t`, author_name: name, author_type: 'WorkflowState' }],
});

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(async () => {
  await services?.stop();
  window.localStorage.clear();
});

/** The run page of `run`, its server's states with times or without; the chat's choice set to `chat` first. */
async function openRun({ times, chat }: { times: boolean; chat: 'tree' | 'timeline' }) {
  const built = servicesForTest({
    fetch: async (input) => {
      const path = new URL(String(input)).pathname;
      if (path.endsWith('/states'))
        return json({ data: [state('s1', 'Read input', times), state('s2', 'Write summary', times)] });
      if (path.endsWith('/thoughts'))
        return json([{ id: 's1-t', author_type: 'WorkflowState', author_name: 'Read input', content: 'Read it.' }]);
      if (path.endsWith('/output')) return json({ output: 'Cats sleep a lot.' });
      return json({ execution_id: 'e1', overall_status: 'Succeeded' });
    },
  });
  services = built.services;
  services.thoughts.view.getState().layoutChosen(chat);
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
  const view = renderWithServices(<RouterProvider router={router} />, { with: built });
  const states = await screen.findByRole('region', { name: 'States' });
  // Read from the server (the list may be hidden behind the timeline).
  await within(states).findByRole('listitem', { name: 'State Write summary', hidden: true });
  return { states, view };
}

describe('the run page’s states', () => {
  it('open as the list whatever the chat chose, and keep their own Timeline choice on this device', async () => {
    const { states, view } = await openRun({ times: true, chat: 'timeline' });
    const show = within(states).getByRole('group', { name: 'Show as' });
    expect(within(show).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(states).queryByRole('list', { name: 'Timeline of states' })).toBeNull();

    services?.thoughts.view.getState().layoutChosen('tree');
    await userEvent.click(within(show).getByRole('button', { name: 'Timeline' }));
    expect(within(states).getByRole('list', { name: 'Timeline of states' })).toBeInTheDocument();
    // The chat's choice is left as it was; the run page's is remembered for the next run page.
    expect(services?.thoughts.view.getState().layout).toBe('tree');
    view.unmount();
    await services?.stop();
    const again = await openRun({ times: true, chat: 'tree' });
    expect(within(again.states).getByRole('button', { name: 'Timeline' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(again.states).getByRole('list', { name: 'Timeline of states' })).toBeInTheDocument();
  });

  it('offer no timeline when the server sent no times, even when one was chosen', async () => {
    window.localStorage.setItem('assistant-console.run-states-layout', 'timeline');
    const { states } = await openRun({ times: false, chat: 'timeline' });
    expect(within(states).queryByRole('group', { name: 'Show as' })).toBeNull();
    expect(within(states).queryByRole('list', { name: 'Timeline of states' })).toBeNull();
    expect(within(states).getByRole('listitem', { name: 'State Read input' })).toBeVisible();
  });

  it('show a state’s stored thoughts as a tree, with no timeline to switch to (they carry no times)', async () => {
    const { states } = await openRun({ times: true, chat: 'timeline' });
    const read = within(states).getByRole('listitem', { name: 'State Read input' });
    await userEvent.click(within(read).getByRole('button', { name: 'Show thoughts (1 agent)' }));
    const thoughts = await within(read).findByRole('region', { name: 'Thoughts' });
    await waitFor(() => expect(within(thoughts).getByRole('tree', { name: 'Thought tree' })).toBeInTheDocument());
    expect(within(thoughts).queryByRole('group', { name: 'Show as' })).toBeNull();
    expect(within(thoughts).queryByRole('list', { name: 'Timeline of thoughts' })).toBeNull();
  });
});
