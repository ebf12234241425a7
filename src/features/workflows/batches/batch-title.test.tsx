import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { createBatch } from '@/domain/workflows/batches/batch';
import type { ConsoleServices } from '@/test/render-with-services';
import { renderWithServices, servicesForTest } from '@/test/render-with-services';
import { BatchTitle } from './batch-title';
import { findBatch, useBatchesStore } from './batches-store';

let services: ConsoleServices | undefined;
afterEach(async () => {
  await services?.stop();
});

/** The batch page's heading of the one batch, as the page renders it: from the store. */
function Title() {
  const record = useBatchesStore((state) => state.batches[0]);
  return record ? <BatchTitle record={record} /> : null;
}

it('names a batch in place, renames it, and takes the name away with a blank one', async () => {
  const built = servicesForTest({ start: false });
  services = built.services;
  const batch = createBatch({ id: 'b1', workflowId: 'w1', inputs: [{ input: 'one' }], concurrency: 1 });
  services.workflows.batches.getState().batchCreated({ id: 'b1', workflowName: 'Tag echo', createdAt: 7, batch });
  renderWithServices(<Title />, { with: built });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Batch of Tag echo');

  await userEvent.click(screen.getByRole('button', { name: 'Name this batch' }));
  const field = screen.getByRole('textbox', { name: 'Batch name' });
  expect(field).toHaveFocus();
  await userEvent.type(field, '  prompt v2 {Enter}');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('prompt v2');
  expect(findBatch('b1')(services.workflows.batches.getState())?.name).toBe('prompt v2');

  await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Batch name' }), ' (old){Escape}');
  expect(findBatch('b1')(services.workflows.batches.getState())?.name).toBe('prompt v2');

  await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
  await userEvent.clear(screen.getByRole('textbox', { name: 'Batch name' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Batch of Tag echo');
  expect(findBatch('b1')(services.workflows.batches.getState())).not.toHaveProperty('name');
});
