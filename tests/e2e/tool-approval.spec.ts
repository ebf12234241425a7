// A current server pauses a tool call for the person's approval (CURRENT-SERVERS.md §1): the turn waits with the tool
// and its arguments, Allow or Deny sends exactly one resume call and the answer goes on in the same turn; a reload
// brings the card back from the conversation's pending_tool_call; the chat's policy is saved on the server.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastStatus, lastTurn, pickAssistant, signIn } from './support';

const keeper = 'Records Keeper';
const migrator = 'Two-step Migrator';
const auditor = 'Locked Auditor';

/** The resume calls this page sends, with their bodies. */
function resumeCalls(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().includes('/model/tool-call/resume'))
      bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

const card = (page: Page) => lastTurn(page).getByRole('region', { name: /Waiting for you/ });

test('Deny sends one resume call and the answer goes on; the paused call was shown with its arguments', async ({
  page,
}) => {
  const resumes = resumeCalls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, keeper);
  await ask(page, 'Delete the inactive customers');
  await expect(card(page)).toBeVisible();
  await expect(card(page)).toContainText('Delete Records');
  await expect(card(page).getByLabel('Arguments of Delete Records')).toContainText('"table": "customers"');
  await expect(lastStatus(page)).toHaveText('Waiting for you');
  // The pause takes the keyboard.
  await expect(card(page)).toBeFocused();

  await card(page).getByRole('button', { name: 'Deny' }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('I did not delete anything');
  await expect(card(page)).toHaveCount(0);
  expect(resumes).toHaveLength(1);
  expect(resumes[0]).toMatchObject({ action: 'deny', stream: true });
  expect(resumes[0]?.['conversation_id']).toBe(page.url().split('/').at(-1));
  // Still one answer, in the same turn.
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('a reload before choosing brings the card back; Allow works, and a second pause asks again', async ({ page }) => {
  const resumes = resumeCalls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, migrator);
  await ask(page, 'Migrate the orders table');
  await expect(card(page)).toContainText('List Records');
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);

  await page.reload();
  await expect(card(page)).toContainText('List Records', { timeout: 15_000 });
  await card(page).getByRole('button', { name: 'Allow' }).click();
  // The continuation streams into the same turn, then pauses again on the next tool.
  await expect(card(page)).toContainText('Delete Records', { timeout: 20_000 });
  await card(page).getByRole('button', { name: 'Allow' }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(resumes.map((body) => body['action'])).toEqual(['allow', 'allow']);
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('the chat’s tool policy is saved on the server and read back; a locked assistant says why', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, keeper);
  // The chip says when agents ask first; its popover holds the choice.
  const chip = page.getByRole('button', { name: /^Tools/ });
  await expect(chip).toContainText('off · Manual');
  await chip.click();
  const policy = page.getByRole('button', { name: /^Tool calls/ });
  await expect(policy).toContainText('Manual');
  await policy.click();
  await page.getByRole('listbox').getByRole('option', { name: /^Auto/ }).click();
  await expect(policy).toContainText('Auto');
  await page.keyboard.press('Escape');
  await expect(chip).toHaveText(/off▾$/);
  // Auto: the tool runs without asking.
  await ask(page, 'Delete the inactive customers');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Deleted 3 records');
  await expect(card(page)).toHaveCount(0);

  // Read back from the server when the conversation is opened again.
  const address = page.url();
  const saved = page.waitForRequest(
    (request) => request.method() === 'GET' && /\/v1\/conversations\/[0-9a-f-]{36}$/.test(request.url()),
  );
  await page.goto(address);
  await saved;
  await chip.click();
  await expect(policy).toContainText('Auto');
  await page.keyboard.press('Escape');

  await pickAssistant(page, auditor);
  await expect(chip).toContainText('off · Manual');
  await chip.click();
  await expect(policy).toContainText('Manual');
  await expect(policy).toBeDisabled();
  await expect(
    page.getByRole('note').filter({ hasText: 'Locked Auditor does not let a chat change its tool policy.' }),
  ).toHaveCount(1);
});

test('an assistant whose integration needs the person’s account names it, and the question waits in the composer', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Jira Helper');
  await ask(page, 'What is in my sprint?');
  const failure = lastTurn(page).getByRole('alert');
  await expect(failure).toContainText('Connect Jira (acme) to continue');
  await expect(failure.getByRole('list', { name: 'Integrations to connect' })).toContainText(
    'Jira (acme): connect your Jira account in the platform, then retry.',
  );
  await expect(failure.getByRole('button', { name: 'Sign in again' })).toHaveCount(0);
  await expect(page.getByLabel('Message')).toHaveValue('What is in my sprint?');
});
