// The launcher as a person uses it with the keyboard, and a form filled from an earlier run (a fork).
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
import { LaunchFormView } from './launch-form';

const workflow = { id: 'w1', name: 'Summarize document' };
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(async () => {
  await services?.stop();
});

function renderLauncher(arrange: (services: ConsoleServices) => void = () => undefined) {
  const posts: unknown[] = [];
  const built = servicesForTest({
    fetch: async (input, init) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json({ execution_id: `e${posts.length}`, overall_status: 'In Progress' });
      }
      if (new URL(String(input)).pathname.endsWith(`/workflows/${workflow.id}`))
        return json({ id: workflow.id, name: workflow.name });
      return json({ execution_id: 'e1', overall_status: 'In Progress' });
    },
  });
  services = built.services;
  services.workflows.launcher.getState().streamLiveChanged(false);
  arrange(services);
  const root = createRootRoute();
  const launcher = createRoute({
    getParentRoute: () => root,
    path: '/workflows',
    component: () => <LaunchFormView workflow={workflow} />,
  });
  const run = createRoute({ getParentRoute: () => root, path: '/workflows/runs/$runId', component: () => 'Run page' });
  const router = createRouter({
    routeTree: root.addChildren([launcher, run]),
    history: createMemoryHistory({ initialEntries: ['/workflows'] }),
  });
  renderWithServices(<RouterProvider router={router} />, { with: built });
  return { posts, router };
}

const runs = () => services?.workflows.runs.getState().runs ?? [];

describe('the launcher', () => {
  it('starts the run with Ctrl+Enter from the input, where Enter alone is a new line', async () => {
    const { posts, router } = renderLauncher();
    const input = await screen.findByRole('textbox', { name: 'Input' });
    const start = screen.getByRole('button', { name: 'Start run' });
    expect(start).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');
    await userEvent.type(input, 'First line{Enter}second line');
    expect(input).toHaveValue('First line\nsecond line');
    expect(posts).toEqual([]);

    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/workflows\/runs\//));
    expect(posts).toEqual([{ user_input: 'First line\nsecond line' }]);
  });

  it('starts nothing on Ctrl+Enter while a field is wrong, and says which', async () => {
    const { posts } = renderLauncher();
    const session = await screen.findByLabelText('Session ID');
    await userEvent.type(session, 'has spaces in it{Control>}{Enter}{/Control}');
    expect(await screen.findByText(/Fix the field marked above first/)).toBeInTheDocument();
    expect(posts).toEqual([]);
  });
});

describe('a form filled from an earlier run', () => {
  const fromRun = (services: ConsoleServices) =>
    services.workflows.launcher.getState().prefilled(
      workflow,
      { userInput: 'Cats sleep.', tags: [], sessionId: '', fileName: '' },
      {
        runId: 'parent-run',
        label: '26/11/2026, 10:42:00',
      },
    );

  it('says what being a fork means and links to the parent; the run it starts records that parent', async () => {
    renderLauncher(fromRun);
    const notice = await screen.findByText((_, element) => /^A fork of/.test(element?.textContent ?? ''), {
      selector: 'p',
    });
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('A fork of the run of 26/11/2026, 10:42:00');
    expect(notice).toHaveTextContent('The new run records that run as its parent');
    expect(screen.getByRole('link', { name: 'the run of 26/11/2026, 10:42:00' })).toHaveAttribute(
      'href',
      '/workflows/runs/parent-run',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(runs()[0]).toMatchObject({ parentRunId: 'parent-run', userInput: 'Cats sleep.' }));
  });

  it('unlinks on request: the fields stay, the note says so, and the run records no parent', async () => {
    renderLauncher(fromRun);
    const unlink = await screen.findByRole('button', { name: 'Unlink: start an unrelated run' });
    expect(unlink).toHaveAccessibleDescription(/The new run records that run as its parent/);
    await userEvent.click(unlink);
    expect(screen.getByText(/^Unlinked from/)).toHaveTextContent(
      'Unlinked from the run of 26/11/2026, 10:42:00: the new run records no parent. The fields stay as they are.',
    );
    expect(screen.queryByText(/A fork of/)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Input' })).toHaveValue('Cats sleep.');
    await userEvent.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(runs()).toHaveLength(1));
    expect(runs()[0]?.parentRunId).toBeUndefined();
  });
});
