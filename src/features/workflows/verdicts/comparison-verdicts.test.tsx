// A comparison judged as a person does it: keys on the focused row, the rates in the header, the verdict filter and
// a threshold kept in the address, a bad threshold refused in words.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type RouterHistory,
} from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { createBatch } from '@/domain/workflows/batches/batch';
import type { BatchSide, SideRow } from '@/domain/workflows/batches/batch-comparison';
import { batchCompareSearch } from '@/domain/workflows/batches/batch-comparison-address';
import { BatchComparison } from '@/features/workflows/compare/batch-comparison-view';
import { renderWithServices, servicesForTest, type ConsoleServices } from '@/test/render-with-services';

let services: ConsoleServices | undefined;
beforeAll(() => void (window.scrollTo = () => undefined));
afterEach(() => services?.stop());

const row = (index: number, durationMs: number): SideRow => ({
  index,
  input: `question ${index}`,
  status: 'succeeded',
  output: `answer ${index}`,
  durationMs,
  tokens: 100,
});
const side = (id: string, durations: number[]): BatchSide => ({
  id,
  workflowId: 'w1',
  workflowName: 'Summarize',
  ...(id === 'next' ? { name: 'prompt v2' } : {}),
  createdAt: id === 'base' ? 1 : 2,
  finished: true,
  rows: durations.map((duration, index) => row(index, duration)),
});
// Row 2 is 60 % slower, row 4 30 % faster; the others as before.
const baseline = side('base', [1000, 1000, 1000, 1000]);
const next = side('next', [1000, 1600, 1000, 700]);

function renderComparison(): { history: RouterHistory } {
  const built = servicesForTest({ fetch: async () => new Response('{}', { status: 404 }) });
  services = built.services;
  for (const { id } of [baseline, next]) {
    const batch = createBatch({ id, workflowId: 'w1', inputs: [{ input: 'x' }], concurrency: 1 });
    services.workflows.batches.getState().batchCreated({ id, workflowName: 'Summarize', createdAt: 1, batch });
  }
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/workflows/compare/batches',
    validateSearch: batchCompareSearch,
    component: function Page() {
      const { only } = page.useSearch();
      return (
        <BatchComparison
          baseline={baseline}
          compared={[next]}
          filter={only ?? 'all'}
          onFilter={() => {}}
          reading={false}
        />
      );
    },
  });
  const history = createMemoryHistory({ initialEntries: ['/workflows/compare/batches?baseline=base&batches=next'] });
  const router = createRouter({ routeTree: root.addChildren([page]), history });
  renderWithServices(<RouterProvider router={router} />, { with: built });
  return { history };
}

const table = () => screen.getByRole('table', { name: /^Batch “prompt v2” against the baseline/ });
const shown = () =>
  within(table())
    .getAllByRole('row', { name: /^Row \d$/ })
    .map((item) => item.getAttribute('aria-label'));
const search = (history: RouterHistory) => new URLSearchParams(history.location.search);

it('judges rows with 1 / 2 / 3 and J, counts the win rate, and filters by verdict and by a threshold in the address', async () => {
  const user = userEvent.setup();
  const { history } = renderComparison();
  const rates = await screen.findByRole('status', { name: 'Verdicts on the Batch “prompt v2”' });
  expect(rates).toHaveTextContent('Win rate — · 0 better, 0 same, 0 worse · 4 not judged');

  within(table()).getByRole('row', { name: 'Row 1' }).focus();
  await user.keyboard('1j1j3');
  expect(rates).toHaveTextContent('Win rate 67 % · 2 better, 0 same, 1 worse · 1 not judged');
  expect(rates).toHaveTextContent('Pass rate — · 0 pass, 0 fail · 4 not judged');
  expect(services?.workflows.batches.getState().batches.find((item) => item.id === 'next')?.verdicts).toEqual({
    against: { base: { '0:0': { verdict: 'better' }, '1:1': { verdict: 'better' }, '2:2': { verdict: 'worse' } } },
  });

  await user.selectOptions(screen.getByRole('combobox', { name: 'Verdict' }), 'worse');
  await waitFor(() => expect(shown()).toEqual(['Row 3']));
  expect(search(history).get('verdict')).toBe('worse');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Verdict' }), 'all');
  await waitFor(() => expect(shown()).toHaveLength(4));

  const change = screen.getByRole('textbox', { name: 'at least' });
  await user.type(change, 'slower{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('Write a change like +50 % or −20 %.');
  expect(change).toHaveAttribute('aria-invalid', 'true');
  await user.clear(change);
  await user.type(change, '+50%{Enter}');
  await waitFor(() => expect(shown()).toEqual(['Row 2']));
  expect(search(history).get('change')).toBe('+50%');
  expect(change).toHaveValue('+50 %');
  await user.clear(change);
  await user.type(change, '-20 %{Enter}');
  await waitFor(() => expect(shown()).toEqual(['Row 4']));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Verdict' }), 'unjudged');
  await waitFor(() => expect(shown()).toEqual(['Row 4']));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Change of' }), 'tokens');
  await waitFor(() => expect(screen.getByText('No row matches these filters.')).toBeInTheDocument());
  expect(search(history).get('metric')).toBe('tokens');
  await user.click(screen.getByRole('button', { name: 'Clear threshold' }));
  await waitFor(() => expect(shown()).toEqual(['Row 4']));
  expect(search(history).get('change')).toBeNull();
});
