// Judging as a person does it: keys on a focused row of a batch, toggle buttons, a note, and a run's own verdict.
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { createBatch } from '@/domain/workflows/batches/batch';
import type { Run } from '@/features/workflows/saved-runs/run';
import { BatchRows } from '@/features/workflows/batches/batch-rows';
import { renderWithServices, servicesForTest, type ConsoleServices } from '@/test/render-with-services';
import { RunVerdict } from './run-verdict';
import { BatchImport } from '@/features/workflows/batches/batch-import';
import { batchFileText } from '@/features/workflows/batches/batch-file';
import { cancel } from '@/domain/workflows/batches/batch';
import { judgeRow } from '@/domain/workflows/verdicts/verdicts';

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(() => services?.stop());

function renderPage(ui: () => ReactNode) {
  const built = servicesForTest({ fetch: async () => new Response('{}', { status: 404 }) });
  services = built.services;
  const router = createRouter({
    routeTree: createRootRoute({ component: ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderWithServices(<RouterProvider router={router} />, { with: built });
  return built.services;
}

const batch = createBatch({
  id: 'b1',
  workflowId: 'w1',
  inputs: ['one', 'two', 'three'].map((input) => ({ input })),
  concurrency: 1,
});

it('judges the focused row with 1 / 2, moves with J / K, keeps one row in the tab order, and counts the pass rate', async () => {
  const user = userEvent.setup();
  const kept = renderPage(() => <BatchRows batch={batch} />);
  kept.workflows.batches.getState().batchCreated({ id: 'b1', workflowName: 'Summarize', createdAt: 1, batch });
  const row = (name: string) => screen.getByRole('row', { name });
  await screen.findByText('Pass rate — · 0 pass, 0 fail · 3 not judged');
  expect(row('Row 1')).toHaveAttribute('tabindex', '0');
  expect(row('Row 2')).toHaveAttribute('tabindex', '-1');

  row('Row 1').focus();
  await user.keyboard('1j2');
  expect(row('Row 2')).toHaveFocus();
  expect(row('Row 2')).toHaveAttribute('tabindex', '0');
  expect(row('Row 1')).toHaveAttribute('tabindex', '-1');
  expect(within(row('Row 1')).getByRole('button', { name: 'Pass' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(row('Row 2')).getByRole('button', { name: 'Fail' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('Pass rate 50 % · 1 pass, 1 fail · 1 not judged')).toBeInTheDocument();

  // K goes back; 0 takes the verdict away; a digit typed into the note is the note's.
  await user.keyboard('k0');
  expect(row('Row 1')).toHaveFocus();
  expect(within(row('Row 1')).getByRole('button', { name: 'Pass' })).toHaveAttribute('aria-pressed', 'false');
  await user.click(screen.getByRole('button', { name: 'Add a note on Row 2' }));
  await user.keyboard('2 dates wrong{Enter}');
  expect(row('Row 2')).toHaveFocus();
  expect(kept.workflows.batches.getState().batches[0]?.verdicts?.rows).toEqual({
    '1': { verdict: 'fail', note: '2 dates wrong' },
  });
  // Esc leaves the note as it was.
  await user.click(screen.getByRole('button', { name: 'Edit the note on Row 2' }));
  await user.keyboard(' and more{Escape}');
  expect(row('Row 2')).toHaveFocus();
  expect(kept.workflows.batches.getState().batches[0]?.verdicts?.rows?.['1']?.note).toBe('2 dates wrong');

  // A pressed button pressed again takes its verdict away.
  const pass = within(row('Row 3')).getByRole('button', { name: 'Pass' });
  await user.click(pass);
  expect(pass).toHaveAttribute('aria-pressed', 'true');
  await user.click(pass);
  expect(pass).toHaveAttribute('aria-pressed', 'false');
});

const run: Run = {
  id: 'run-1',
  workflowId: 'w1',
  workflowName: 'Summarize',
  userInput: 'Cats sleep.',
  tags: [],
  forwarded: null,
  executionId: 'e1',
  status: 'Succeeded',
  startedAt: 1,
};

it('keeps a lone run’s verdict with the run, and a batch run’s as its batch row', async () => {
  const user = userEvent.setup();
  const kept = renderPage(() => (
    <>
      <RunVerdict run={run} />
      <RunVerdict run={{ ...run, id: 'run-2', batchId: 'b1', batchRow: 2 }} />
    </>
  ));
  kept.workflows.runs.getState().runAdded(run);
  kept.workflows.batches.getState().batchCreated({ id: 'b1', workflowName: 'Summarize', createdAt: 1, batch });
  await screen.findByText(/as row 3 of its batch/);
  const [lone, inBatch] = screen.getAllByRole('group', { name: 'Verdict on this run' });
  await user.click(within(lone as HTMLElement).getByRole('button', { name: 'Fail' }));
  await user.click(within(inBatch as HTMLElement).getByRole('button', { name: 'Pass' }));
  await waitFor(() => expect(kept.workflows.runs.getState().runs[0]?.verdict).toEqual({ verdict: 'fail' }));
  expect(kept.workflows.batches.getState().batches[0]?.verdicts?.rows).toEqual({ '2': { verdict: 'pass' } });
});

it('imports a batch file with its verdicts as this person’s, once, and says what is wrong with a bad file', async () => {
  const user = userEvent.setup();
  const kept = renderPage(() => <BatchImport />);
  const record = {
    id: 'b9',
    workflowName: 'Summarize',
    createdAt: 9,
    batch: cancel({ ...batch, id: 'b9' }),
    verdicts: judgeRow(undefined, 0, { verdict: 'pass', note: 'clear' }),
  };
  const file = (text: string) => new File([text], 'batch.json', { type: 'application/json' });
  const input = await screen.findByLabelText('Import a batch (JSON)');
  await user.upload(input, file('{"format":"something else"}'));
  expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a batch exported by this console');
  await user.upload(input, file(batchFileText(record, [{ ...run, batchId: 'b9', batchRow: 0 }])));
  await waitFor(() => expect(kept.workflows.batches.getState().batches.map((item) => item.id)).toEqual(['b9']));
  expect(kept.workflows.batches.getState().batches[0]?.verdicts).toEqual(record.verdicts);
  expect(kept.workflows.runs.getState().runs.map((item) => item.id)).toEqual(['run-1']);
  await user.upload(input, file(batchFileText(record, [])));
  expect(await screen.findByRole('alert')).toHaveTextContent('This batch is already in this browser.');
});
