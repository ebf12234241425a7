// The batch form as an analyst uses it: a CSV whose rows show before they run (a "tag" column read as tags), a name
// for the batch, and a Start that does not send the same inputs twice by accident.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleServices } from '@/test/render-with-services';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { batchFingerprint } from '@/domain/workflows/batches/batch-draft';
import { BatchForm } from './batch-form';

const workflow = { id: 'w1', name: 'Tag echo' };
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(async () => {
  await services?.stop();
});

function renderForm() {
  const built = servicesForTest({
    fetch: async (_input, init) =>
      init?.method === 'POST'
        ? json({ execution_id: crypto.randomUUID(), overall_status: 'In Progress' })
        : json({ execution_id: 'e', overall_status: 'In Progress' }),
  });
  services = built.services;
  const root = createRootRoute();
  const form = createRoute({
    getParentRoute: () => root,
    path: '/workflows',
    component: () => <BatchForm workflow={workflow} />,
  });
  const batch = createRoute({
    getParentRoute: () => root,
    path: '/workflows/batches/$batchId',
    component: () => 'Batch page',
  });
  const router = createRouter({
    routeTree: root.addChildren([form, batch]),
    history: createMemoryHistory({ initialEntries: ['/workflows'] }),
  });
  renderWithServices(<RouterProvider router={router} />, { with: built });
  return router;
}

const batches = () => services?.workflows.batches.getState().batches ?? [];

describe('a CSV batch', () => {
  it('takes a "tag" column as the tags, and shows the first rows as they will run', async () => {
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: 'CSV file' }));
    const rows = Array.from({ length: 7 }, (_, index) => `"Question ${index + 1}",team-${index % 2 ? 'b' : 'a'}`);
    const file = new File([['prompt,tag', ...rows].join('\n')], 'questions.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('CSV file', { selector: 'input[type="file"]' }), file);

    expect(await screen.findByRole('combobox', { name: 'Tags column' })).toHaveDisplayValue('tag');
    expect(screen.getByRole('combobox', { name: 'Input column' })).toHaveDisplayValue('prompt');
    const preview = screen.getByRole('table', { name: 'The first 5 of 7 runs, as they will start' });
    const first = within(preview).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Question 1', 'team-a']);
    expect(within(preview).getByRole('columnheader', { name: 'Tags (from “tag”)' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tags column' }), 'None');
    expect(within(first).getAllByRole('cell')[2]).toHaveTextContent('—');
    await userEvent.click(screen.getByRole('button', { name: 'Start 7 runs' }));
    await waitFor(() => expect(batches()).toHaveLength(1));
    expect(batches()[0]?.batch.rows.map((row) => row.tags)).toEqual(Array.from({ length: 7 }, () => []));
  });
});

describe('a batch’s name and its Start', () => {
  it('names the batch; right after, the same inputs start again only by a deliberate click', async () => {
    const router = renderForm();
    await userEvent.type(await screen.findByRole('textbox', { name: 'One input per line' }), 'one{Enter}two');
    await userEvent.type(screen.getByRole('textbox', { name: 'Batch name' }), 'prompt v2');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/workflows\/batches\//));
    expect(batches()[0]).toMatchObject({ name: 'prompt v2', workflowName: 'Tag echo' });

    await act(() => router.navigate({ to: '/workflows' }));
    const again = await screen.findByRole('button', { name: 'Start 2 runs again' });
    expect(again).not.toHaveClass('button-primary');
    expect(screen.getByRole('textbox', { name: 'Batch name' })).toHaveValue('');
    expect(screen.getByText(/^These inputs started as/)).toHaveTextContent(
      'These inputs started as Batch “prompt v2” (2 runs).',
    );
    expect(screen.getByRole('link', { name: 'Batch “prompt v2”' })).toHaveAttribute(
      'href',
      `/workflows/batches/${batches()[0]?.id}`,
    );
    // The keyboard's Start does not send them twice; the button does, on purpose.
    await userEvent.type(screen.getByRole('textbox', { name: 'Batch name' }), 'prompt v3{Control>}{Enter}{/Control}');
    expect(batches()).toHaveLength(1);
    await userEvent.click(again);
    await waitFor(() => expect(batches()).toHaveLength(2));
    expect(batches()[0]).toMatchObject({ name: 'prompt v3' });

    // New inputs: Start is the primary action again.
    await act(() => router.navigate({ to: '/workflows' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'One input per line' }), '{Enter}three');
    expect(screen.getByRole('button', { name: 'Start 3 runs' })).toHaveClass('button-primary');
    expect(screen.queryByText(/^These inputs started as/)).toBeNull();
  });

  it('keeps Start armed for the same inputs in another workflow', async () => {
    renderForm();
    services?.workflows.batchDraft.getState().batchStarted('s2', {
      batchId: 'b0',
      workflowId: 'another workflow',
      label: 'Batch “prompt v2”',
      count: 2,
      fingerprint: batchFingerprint([{ input: 'one' }, { input: 'two' }], []),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'One input per line' }), 'one{Enter}two');
    expect(screen.getByRole('button', { name: 'Start 2 runs' })).toHaveClass('button-primary');
  });

  it('refuses a name over 60 characters, where it is typed', async () => {
    renderForm();
    await userEvent.type(await screen.findByRole('textbox', { name: 'One input per line' }), 'one');
    const name = screen.getByRole('textbox', { name: 'Batch name' });
    await userEvent.type(name, 'x'.repeat(61));
    expect(name).toHaveAccessibleDescription('The batch name is 61 characters; at most 60.');
    await userEvent.click(screen.getByRole('button', { name: 'Start 1 run' }));
    expect(screen.getByRole('alert', { name: 'Why the batch cannot start' })).toHaveTextContent(
      'The batch name is 61 characters; at most 60.',
    );
    expect(batches()).toHaveLength(0);
  });
});
