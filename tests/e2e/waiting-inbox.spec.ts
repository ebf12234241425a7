// "Waiting for you": one list, with a count in the rail and the tab's title, of everything that waits for the person
// (a paused tool call, a form, a workflow run paused for approval); each row opens its place, and the count drops
// as each is answered.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  ask,
  consoleOrigin,
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
/** The rail link's name with its count ("Waiting for you, 2"). */
const counted = (count: number) => new RegExp(`^Waiting for you\\s*,\\s*${count}$`);
const rows = (page: Page) => page.getByRole('list', { name: /waiting$/ }).getByRole('listitem');

test('the inbox counts a paused call, a form and a paused run, and drops to 0 as each is answered', async ({
  page,
}) => {
  // An account whose server conversations no other test shares: the inbox reads the server's pending calls too.
  await signIn(page, 'reviewer');
  await pickAssistant(page, 'Records Keeper');
  await ask(page, 'Delete the inactive customers');
  await expect(lastStatus(page)).toHaveText('Waiting for you');
  await expect(inboxLink(page)).toHaveAccessibleName(counted(1));

  await page.getByRole('button', { name: 'New chat' }).click();
  await pickAssistant(page, 'Asking Assistant');
  await ask(page, 'Deploy the release');
  await expect(lastStatus(page)).toHaveText('Waiting for you');
  await expect(inboxLink(page)).toHaveAccessibleName(counted(2));

  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.approval.name);
  await form.getByRole('textbox', { name: 'Input', exact: true }).fill('The office opens on Monday');
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText(/Interrupted|Waiting for you/, { timeout: 25_000 });
  await expect(inboxLink(page)).toHaveAccessibleName(counted(3));
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
  // The keyboard goes to what waits there, not to the page's body.
  await expect(page.getByRole('region', { name: /Waiting for you/ })).toBeFocused();
  await page.getByRole('button', { name: 'Deny…' }).click();
  await page.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(inboxLink(page)).toHaveAccessibleName(counted(2));

  await inboxLink(page).click();
  await rows(page).filter({ hasText: 'Form to fill in' }).getByRole('link').click();
  const asks = page.getByRole('form', { name: 'Asking Assistant asks' });
  await asks.getByRole('textbox', { name: /^Reason/ }).fill('Tests pass');
  await asks.getByRole('button', { name: 'Approve' }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(inboxLink(page)).toHaveAccessibleName(counted(1));

  await inboxLink(page).click();
  await rows(page).filter({ hasText: 'Workflow run to continue' }).getByRole('link').click();
  await page
    .getByRole('region', { name: 'Waiting for you' })
    .getByRole('button', { name: 'Continue', exact: true })
    .click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 25_000 });
  await expect(inboxLink(page)).toHaveAccessibleName(/^Waiting for you$/);
  await inboxLink(page).click();
  await expect(page.getByText('Nothing waits for you.')).toBeVisible();
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
});

test('a tool call paused on another device (or before Clear local data) is in the list, read from the server', async ({
  page,
  browser,
}) => {
  await signIn(page, 'reviewer');
  await pickAssistant(page, 'Records Keeper');
  await ask(page, 'Delete the stale orders, from the first device');
  await expect(lastStatus(page)).toHaveText('Waiting for you');

  // Another device of the same person: nothing of this chat is in its browser.
  const device = await browser.newContext({ baseURL: consoleOrigin });
  const other = await device.newPage();
  await signIn(other, 'reviewer', { fresh: true });
  await expect(inboxLink(other)).toHaveAccessibleName(counted(1), { timeout: 15_000 });
  await inboxLink(other).click();
  const row = rows(other).filter({ hasText: 'Tool call to allow or deny' });
  await expect(row).toContainText('Records Keeper wants to run Delete Records');
  await row.getByRole('link').click();
  await expect(other.getByRole('region', { name: /Waiting for you/ })).toContainText('Delete Records', {
    timeout: 15_000,
  });
  await other.getByRole('button', { name: 'Deny…' }).click();
  await other.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(lastStatus(other)).toHaveText('Completed', { timeout: 20_000 });
  await expect(inboxLink(other)).toHaveAccessibleName(/^Waiting for you$/);
  await device.close();
});

test('a run paused on another device is in the list, read from the server, and opens as a run to continue', async ({
  page,
  browser,
}) => {
  await signIn(page, 'reviewer');
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.approval.name);
  await form.getByRole('textbox', { name: 'Input', exact: true }).fill('Started on the first device');
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText(/Interrupted|Waiting for you/, { timeout: 25_000 });

  // Another device of the same person: this run is in no history of its browser.
  const device = await browser.newContext({ baseURL: consoleOrigin });
  const other = await device.newPage();
  await signIn(other, 'reviewer', { fresh: true });
  await expect(inboxLink(other)).toHaveAccessibleName(counted(1), { timeout: 15_000 });
  await inboxLink(other).click();
  const row = rows(other).filter({ hasText: 'Workflow run to continue' });
  await expect(row).toContainText(workflows.approval.name);
  await expect(row).toContainText('The run waits for approval: Started on the first device');
  await row.getByRole('link').click();
  await expect(other).toHaveURL(/\/workflows\/runs\/[^/]+$/);
  await other
    .getByRole('region', { name: 'Waiting for you' })
    .getByRole('button', { name: 'Continue', exact: true })
    .click();
  await expect(statusIn(runHeader(other))).toHaveText('Succeeded', { timeout: 25_000 });
  await expect(inboxLink(other)).toHaveAccessibleName(/^Waiting for you$/);
  // Back on the first device (a reload), the run continued elsewhere is read again and followed to its end.
  await page.reload();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 25_000 });
  await expect(inboxLink(page)).toHaveAccessibleName(/^Waiting for you$/);
  await device.close();
});

/** A page whose visibility the test decides, and whose browser notifications are recorded. */
async function withRecordedNotices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { __hidden: boolean; __notices: Array<{ title: string; body: string }> };
    state.__hidden = false;
    state.__notices = [];
    Object.defineProperty(document, 'visibilityState', { get: () => (state.__hidden ? 'hidden' : 'visible') });
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string, options?: { body?: string }) {
        state.__notices.push({ title, body: options?.body ?? '' });
      }
    }
    Object.defineProperty(window, 'Notification', { value: RecordedNotification });
  });
}

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => {
    (window as unknown as { __hidden: boolean }).__hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
const notices = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notices: Array<{ title: string; body: string }> }).__notices);

test('opted in, one notification comes for a run that ends while the tab is hidden, none while it is visible', async ({
  page,
}) => {
  await withRecordedNotices(page);
  await signIn(page, 'analyst');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Tell me when it waits or ends' }).check();
  await expect(page.getByRole('checkbox', { name: 'Tell me when it waits or ends' })).toBeChecked();

  // Visible: an answer ends, and nothing is notified.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat', exact: true }).click();
  await ask(page, 'Hello');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(await notices(page)).toEqual([]);

  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.summarize.name);
  await form.getByRole('textbox', { name: 'Input', exact: true }).fill('A short text to summarize while away.');
  const live = form.getByRole('checkbox', { name: /Stream live/ });
  if (await live.isChecked()) await live.click();
  await form.getByRole('button', { name: 'Start run' }).click();
  await setHidden(page, true);
  await expect
    .poll(() => notices(page), { timeout: 30_000 })
    .toEqual([{ title: 'Run succeeded', body: workflows.summarize.name }]);
  await setHidden(page, false);
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded');
  expect(await notices(page)).toHaveLength(1);
});
