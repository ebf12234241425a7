import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  addHeader,
  openHeaders,
  openWorkflows,
  pickWorkflow,
  runFact,
  runHeader,
  runResult,
  signIn,
  statusIn,
  workflows,
} from './support';

const headerRelay = 'Header relay';

/** The row of one header in the run's Headers panel. */
const runProofRow = (page: Page, name: string) =>
  page.locator('.proof-table tbody tr').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test('a workflow run carries the header profile to the tool server, and its Headers panel proves it', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Auth-Token', 'never-forwarded');
  await openWorkflows(page);
  const form = await pickWorkflow(page, headerRelay);
  await expect(form.getByRole('group', { name: 'Custom headers' })).toBeVisible();
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 20_000 });

  await expect(runProofRow(page, 'X-Tenant-ID')).toContainText('acme');
  await expect(runProofRow(page, 'X-Tenant-ID')).toContainText('forwarded');
  await expect(runProofRow(page, 'X-Auth-Token')).toContainText('stripped by the platform');
  // The profile's X-Tenant-ID and the console's own X-Request-ID: real servers forward every X-* header but the blocked ones.
  await expect(runResult(page)).toContainText('Forwarded 2 X-* header(s) to the tool server.');
  await expect(runFact(page, 'Headers')).toHaveText(/ · 2 headers sent, propagate_headers: true$/);
});

test('with forwarding off a workflow run sends no custom header, and the tool server receives none', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await openWorkflows(page);
  const form = await pickWorkflow(page, headerRelay);
  await form.getByRole('switch', { name: 'Forward headers' }).uncheck();
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 20_000 });
  await expect(runResult(page)).toContainText('Forwarded no header: propagate_headers was not true.');
  await expect(runProofRow(page, 'X-Tenant-ID')).toContainText('not sent');
  await expect(runFact(page, 'Headers')).toHaveText(/ · forwarding off: 1 header not sent$/);
});

test('a run started with forwarding on from a profile with no headers says it sent none, not “forwarding off”', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.tagEcho.name);
  await expect(form.getByRole('switch', { name: 'Forward headers' })).toBeChecked();
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 20_000 });
  await expect(runFact(page, 'Headers')).toHaveText(/ · none sent: the profile has no enabled headers$/);
});
