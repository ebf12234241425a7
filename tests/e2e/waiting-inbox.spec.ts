// "Waiting for you": one list, with a count in the rail and the tab's title, of everything that waits for the person
// (a paused tool call, a form, a workflow run paused for approval); each row opens its place, and the count drops
// as each is answered.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  ask,
  lastStatus,
  openWorkflows,
  pickAssistant,
  pickWorkflow,
  runHeader,
  signIn,
  statusIn,
  workflows,
} from './support';

const inboxLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Waiting for you/ });
const rows = (page: Page) => page.getByRole('list', { name: /waiting$/ }).getByRole('listitem');

test('the inbox counts a paused call, a form and a paused run, and drops to 0 as each is answered', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Records Keeper');
  await ask(page, 'Delete the inactive customers');
  await expect(lastStatus(page)).toHaveText('Waiting for you');
  await expect(inboxLink(page)).toHaveAccessibleName('Waiting for you, 1');

  await page.getByRole('button', { name: 'New chat' }).click();
  await pickAssistant(page, 'Asking Assistant');
  await ask(page, 'Deploy the release');
  await expect(lastStatus(page)).toHaveText('Waiting for you');
  await expect(inboxLink(page)).toHaveAccessibleName('Waiting for you, 2');

  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.approval.name);
  await form.getByRole('textbox', { name: 'Input', exact: true }).fill('The office opens on Monday');
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText(/Interrupted|Waiting for you/, { timeout: 25_000 });
  await expect(inboxLink(page)).toHaveAccessibleName('Waiting for you, 3');
  await expect(page).toHaveTitle(/^\(3\) /);

  await inboxLink(page).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).filter({ hasText: 'Tool call to allow or deny' })).toContainText(
    'Records Keeper wants to run Delete Records',
  );
  await expect(rows(page).filter({ hasText: 'Form to fill in' })).toContainText('Asking Assistant asks you');
  await expect(rows(page).filter({ hasText: 'Workflow run to continue' })).toContainText('The run waits for approval');

  // Each row opens its place; answering it takes it off the list.
  await rows(page).filter({ hasText: 'Tool call to allow or deny' }).getByRole('link').click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(inboxLink(page)).toHaveAccessibleName('Waiting for you, 2');

  await inboxLink(page).click();
  await rows(page).filter({ hasText: 'Form to fill in' }).getByRole('link').click();
  const asks = page.getByRole('form', { name: 'Asking Assistant asks' });
  await asks.getByRole('textbox', { name: /^Reason/ }).fill('Tests pass');
  await asks.getByRole('button', { name: 'Approve' }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(inboxLink(page)).toHaveAccessibleName('Waiting for you, 1');

  await inboxLink(page).click();
  await rows(page).filter({ hasText: 'Workflow run to continue' }).getByRole('link').click();
  await page
    .getByRole('region', { name: 'Waiting for you' })
    .getByRole('button', { name: 'Continue', exact: true })
    .click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 25_000 });
  await expect(inboxLink(page)).toHaveAccessibleName('Waiting for you');
  await inboxLink(page).click();
  await expect(page.getByText('Nothing waits for you.')).toBeVisible();
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
});
