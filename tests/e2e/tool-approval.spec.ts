// A current server pauses a tool call for the person's approval (CURRENT-SERVERS.md §1): the turn waits with the tool
// and its arguments, Allow or Deny sends exactly one resume call and the answer goes on in the same turn; a reload
// brings the card back from the conversation's pending_tool_call; the chat's policy is saved on the server.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  addHeader,
  ask,
  consoleOrigin,
  lastStatus,
  lastTurn,
  openChat,
  openHeaders,
  pickAssistant,
  resumeCalls,
  signIn,
} from './support';

const keeper = 'Records Keeper';
const migrator = 'Two-step Migrator';
const auditor = 'Locked Auditor';

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
  // The rail says so from any screen.
  const row = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Delete the inactive customers' })
    .first();
  await expect(row).toHaveAccessibleDescription(/^waits for you/);

  await card(page).getByRole('button', { name: 'Deny…' }).click();
  await card(page).getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('I did not delete anything');
  await expect(card(page)).toHaveCount(0);
  await expect(row).not.toHaveAccessibleDescription(/waits for you|answering/);
  expect(resumes).toHaveLength(1);
  expect(resumes[0]).toMatchObject({ action: 'deny', stream: true });
  expect(resumes[0]?.['conversation_id']).toBe(page.url().split('/').at(-1));
  // Still one answer, in the same turn.
  await expect(page.getByRole('article')).toHaveCount(1);

  // The decision stays on the tool's node; the timeline draws the wait for the person and the denial as such.
  const turn = lastTurn(page);
  const thoughts = turn.getByRole('button', { name: /^Thoughts · / });
  if ((await thoughts.getAttribute('aria-expanded')) !== 'true') await thoughts.click();
  await expect(
    turn.getByRole('tree', { name: 'Thought tree' }).getByRole('treeitem', { name: /^Delete Records\b/ }),
  ).toContainText(/Denied by you at \d{1,2}:\d{2}/);
  await turn.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Timeline' }).click();
  const bar = turn
    .getByRole('list', { name: 'Timeline of thoughts' })
    .getByRole('button', { name: /^Delete Records, / });
  await expect(bar).toHaveAccessibleName(/denied by you, waited \d+\.\d s for you/);
  await expect(bar.getByTestId('timebar-wait')).toBeVisible();
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
  // Read back from the server, the paused call still names who asks.
  await expect(card(page)).toContainText(`${migrator} wants to run List Records`);
  await card(page).getByRole('button', { name: 'Allow', exact: true }).click();
  // The continuation streams into the same turn, then pauses again on the next tool.
  await expect(card(page)).toContainText('Delete Records', { timeout: 20_000 });
  await card(page).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(resumes.map((body) => body['action'])).toEqual(['allow', 'allow']);
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('a card left open on another device decides no newer call: it shows that one and says the call changed', async ({
  page,
  browser,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, migrator);
  await ask(page, 'Migrate the orders table, then check it elsewhere');
  await expect(card(page)).toContainText('List Records');
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);

  // The same person on another device opens the chat while it waits on the first call.
  const device = await browser.newContext({ baseURL: consoleOrigin });
  const other = await device.newPage();
  const otherResumes = resumeCalls(other);
  await signIn(other, 'analyst');
  await other.goto(page.url());
  await expect(card(other)).toContainText('List Records', { timeout: 15_000 });

  // Here the first call is allowed, and the answer pauses on the next one; the other device still shows the first.
  await card(page).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(card(page)).toContainText('Delete Records', { timeout: 20_000 });
  await expect(card(other)).toContainText('List Records');

  await card(other).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(card(other).getByRole('alert')).toContainText(
    'The call changed since this card was shown (it was List Records',
  );
  await expect(card(other)).toContainText('wants to run Delete Records');
  expect(otherResumes).toEqual([]);
  // Looked at, the new call can be decided there.
  await card(other).getByRole('button', { name: 'Deny…' }).click();
  await card(other).getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(lastStatus(other)).toHaveText('Completed', { timeout: 20_000 });
  expect(otherResumes.map((body) => body['action'])).toEqual(['deny']);
  await device.close();
});

test('the chat’s tool policy is saved on the server and read back; a locked assistant says why', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, keeper);
  // Approval is a control of its own in the bar, apart from the extra tools' chip.
  const policy = page.getByRole('button', { name: /^Approval/ });
  await expect(policy).toContainText('Manual');
  await expect(policy).toHaveAccessibleDescription('Agents ask you before every tool call.');
  await policy.click();
  await page.getByRole('listbox').getByRole('option', { name: /^Auto/ }).click();
  await expect(policy).toContainText('Auto');
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
  await expect(policy).toContainText('Auto');

  await pickAssistant(page, auditor);
  await expect(policy).toContainText('Manual');
  await expect(policy).toBeDisabled();
  await expect(
    page.getByRole('note').filter({ hasText: 'Locked Auditor does not let a chat change its tool policy.' }),
  ).toHaveCount(1);
});

test('Auto stands out and says what it means; the extra tools’ chip never reads “off” for it', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, keeper);
  const policy = page.getByRole('button', { name: /^Approval/ });
  const chip = page.getByRole('button', { name: /^Extra tools/ });
  await expect(chip).toHaveText(/^Extra tools▾$/);
  await expect(policy).toContainText('Manual');
  const quiet = await policy.evaluate((button) => getComputedStyle(button.parentElement as Element).backgroundColor);

  await policy.click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /^Auto\b/ })
    .click();
  await expect(policy).toHaveAccessibleDescription(/^Every tool call runs without asking you/);
  // The riskiest policy is the highlighted one: a warning background Manual does not have, a sign before its value.
  const loud = await policy.evaluate((button) => getComputedStyle(button.parentElement as Element).backgroundColor);
  expect(loud).not.toBe(quiet);
  const sign = await policy.locator('.control-value').evaluate((value) => getComputedStyle(value, '::before').content);
  expect(sign).toContain('⚠');
  // The chip speaks of the extra tools only, whatever the policy.
  await expect(chip).not.toContainText(/off|Auto|Manual/);
  await chip.click();
  await page.getByRole('switch', { name: 'Web search' }).click();
  await page.keyboard.press('Escape');
  await expect(chip).toHaveText(/^Extra toolsweb search▾$/);
  await expect(policy).toContainText('Auto');

  // On a phone the bar folds into the settings sheet: its button carries the warning, the sheet the control.
  await page.setViewportSize({ width: 375, height: 812 });
  const settings = page.getByRole('button', { name: /^Chat settings \(Approval: Auto/ });
  await expect(settings).toContainText('⚠');
  await settings.click();
  await expect(
    page.getByRole('dialog', { name: 'Chat settings' }).getByRole('button', { name: /^Approval/ }),
  ).toContainText('Auto');
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

test('at 375 px the card that takes the keyboard is in view, Allow with it, though the open Headers panel lies below', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  // Headers forwarded with the question: their panel sits under the card.
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Correlation-ID', '{{uuid}}');
  await addHeader(page, 'X-Session-ID', 'migration-42');
  await addHeader(page, 'X-Locale', 'en-GB');
  await openChat(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await pickAssistant(page, migrator);
  await ask(page, 'Migrate the orders table');
  await expect(card(page)).toContainText('List Records');
  await expect(card(page)).toBeFocused();
  // The reader opens the Headers panel under the card, then allows from the keyboard.
  const proof = lastTurn(page).locator('details.header-proof');
  await proof.locator('summary').click();
  await expect(proof.getByRole('table')).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(card(page).getByRole('button', { name: 'Allow', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');

  // The second pause takes the keyboard, with more of the turn below it than the view holds.
  await expect(card(page)).toContainText('Delete Records', { timeout: 20_000 });
  await expect(card(page)).toBeFocused();
  // Going on to the end would take Allow out of view: what lies below it is more than the view holds.
  const below = await card(page)
    .getByRole('button', { name: 'Allow', exact: true })
    .evaluate((button) => {
      const scroller = button.closest('[role="log"]') as HTMLElement;
      const bottom = button.getBoundingClientRect().bottom - scroller.getBoundingClientRect().top + scroller.scrollTop;
      return { below: scroller.scrollHeight - bottom, view: scroller.clientHeight };
    });
  expect(below.below).toBeGreaterThan(below.view);
  // Still there once the transcript has settled (the finished answer is drawn once more, a frame later).
  for (let frame = 0; frame < 3; frame += 1) await page.evaluate(() => new Promise(requestAnimationFrame));
  await expect(card(page).getByRole('button', { name: 'Allow', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(card(page).getByRole('button', { name: 'Deny…' })).toBeInViewport({ ratio: 1 });
  await expect(card(page)).toBeFocused();
  await card(page).getByRole('button', { name: 'Deny…' }).click();
  await card(page).getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
});
