// What people ask of tool-call approval (issue 42): allow a tool for the rest of a chat, deny and tell the agent why,
// one resume per decision, and a resume that fails said plainly with the server's state shown again.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastStatus, lastTurn, pickAssistant, platformOrigin, resumeCalls, signIn } from './support';

const keeper = 'Records Keeper';
const migrator = 'Two-step Migrator';
const auditor = 'Locked Auditor';

/** The questions this page sends to assistants' /model, by text. */
function questions(page: Page): string[] {
  const texts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && /\/assistants\/[^/]+\/model$/.test(request.url()))
      texts.push(String((request.postDataJSON() as { text?: unknown }).text));
  });
  return texts;
}

const card = (page: Page) => lastTurn(page).getByRole('region', { name: /Waiting for you/ });
const conversationId = (page: Page) => page.url().split('/').at(-1) ?? '';

test('Allow for the rest of this chat: the next pause of that tool is allowed at once, another tool (or another assistant’s) still asks, and taking it back asks again', async ({
  page,
}) => {
  const resumes = resumeCalls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, keeper);
  await ask(page, 'Delete the inactive customers');
  await card(page).getByRole('button', { name: 'Allow Delete Records for the rest of this chat' }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(resumes).toHaveLength(1);

  // The same tool again in this chat: one resume, sent by the standing choice, and no card.
  await ask(page, 'Delete the stale orders');
  await expect(lastTurn(page)).toContainText('Delete the stale orders');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Deleted 2 records from orders');
  await expect(card(page)).toHaveCount(0);
  expect(resumes.map((body) => body['action'])).toEqual(['allow', 'allow']);
  await expect(lastTurn(page).getByRole('note')).toHaveText(
    'Delete Records ran without asking: you allowed it for the rest of this chat.',
  );

  // Another assistant in the same chat: its List Records asks, and so does its own Delete Records.
  await pickAssistant(page, migrator);
  await ask(page, 'Migrate the invoices table');
  await expect(card(page)).toContainText('wants to run List Records');
  await card(page).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(card(page)).toContainText('Two-step Migrator wants to run Delete Records', { timeout: 20_000 });
  await card(page).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(resumes).toHaveLength(4);

  // Read again from the server (another chat opened, then this one): the allowance stays.
  const chatUrl = page.url();
  await page.getByRole('button', { name: 'New chat' }).click();
  await page.goto(chatUrl);
  await expect(page.getByRole('button', { name: /^Extra tools/ })).toContainText('1 allowed', { timeout: 15_000 });

  // The Extra tools menu lists the allowance and takes it back: the next pause asks again.
  const chip = page.getByRole('button', { name: /^Extra tools/ });
  await expect(chip).toContainText('1 allowed');
  await chip.click();
  const menu = page.getByRole('dialog', { name: 'Extra tools' });
  await expect(menu.getByRole('region', { name: 'Allowed for the rest of this chat' })).toContainText('Delete Records');
  await expect(menu.getByRole('region', { name: 'Allowed for the rest of this chat' })).toContainText('Records Keeper');
  await menu.getByRole('button', { name: 'Ask again before Delete Records of Records Keeper' }).click();
  await page.keyboard.press('Escape');
  await pickAssistant(page, keeper);
  await ask(page, 'Delete the inactive customers once more');
  await expect(card(page)).toContainText('wants to run Delete Records');
  expect(resumes).toHaveLength(4);
});

test('Allow for the rest of the chat is not offered where the assistant does not let a chat loosen its policy', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, auditor);
  await ask(page, 'Audit the invoices');
  await expect(card(page)).toContainText('wants to run List Records');
  await expect(card(page).getByRole('button', { name: 'Allow', exact: true })).toBeVisible();
  await expect(card(page).getByRole('button', { name: /for the rest of this chat/ })).toHaveCount(0);
});

test('Deny with a reason: one deny resume, then one question with the reason; a double click sends one resume', async ({
  page,
}) => {
  const resumes = resumeCalls(page);
  const asked = questions(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, keeper);
  await ask(page, 'Delete the legacy orders');
  await card(page).getByRole('button', { name: 'Deny…' }).click();
  const reason = card(page).getByLabel(/Why deny Delete Records\?/);
  await expect(reason).toBeFocused();
  await reason.fill('use the staging copy');
  await card(page).getByRole('button', { name: 'Deny and send reason' }).dblclick();
  await expect(page.getByRole('article')).toHaveCount(2, { timeout: 20_000 });
  await expect(lastTurn(page)).toContainText('Denied: use the staging copy');
  await expect(lastStatus(page)).toHaveText(/^(Completed|Waiting for you)$/, { timeout: 20_000 });
  expect(resumes.map((body) => body['action'])).toEqual(['deny']);
  await expect(page.getByRole('article').first().getByTestId('answer-text')).toContainText('I did not delete anything');
  expect(asked).toEqual(['Delete the legacy orders', 'Denied: use the staging copy']);
});

test('Allow double-clicked, or Enter pressed twice on it, sends one resume each time', async ({ page }) => {
  const resumes = resumeCalls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, migrator);
  await ask(page, 'Migrate the orders table');
  await expect(card(page)).toContainText('wants to run List Records');
  await card(page).getByRole('button', { name: 'Allow', exact: true }).dblclick();
  // The answer goes on and pauses again on the next tool: a new card, from the keyboard this time.
  await expect(card(page)).toContainText('wants to run Delete Records', { timeout: 20_000 });
  expect(resumes).toHaveLength(1);
  await card(page).getByRole('button', { name: 'Allow', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(resumes.map((body) => body['action'])).toEqual(['allow', 'allow']);
});

test('a resume that fails inside the stream says the approval did not go through and shows the call as the server has it', async ({
  page,
  request,
}) => {
  const resumes = resumeCalls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, keeper);
  await ask(page, 'Delete the inactive customers, the failing way');
  await expect(card(page)).toContainText('wants to run Delete Records');
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  const knob = `${platformOrigin}/__test/refusal?conversation=${conversationId(page)}`;
  await request.post(`${knob}&code=tool_call_not_pending`);
  try {
    await card(page).getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'did not go through' })).toContainText(
      'Your Allow did not go through: the server said “No pending tool call found for this conversation.”',
    );
    // The server still holds the call: the card is back, live, and nothing was sent again by itself.
    await expect(card(page).getByRole('button', { name: 'Allow', exact: true })).toBeEnabled({ timeout: 15_000 });
    expect(resumes).toHaveLength(1);
  } finally {
    await request.post(`${knob}&code=off`);
  }
  await card(page).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(resumes).toHaveLength(2);
});

test('a Deny with a reason whose resume fails sends no “Denied:” question; denied again, the reason goes once', async ({
  page,
  request,
}) => {
  const resumes = resumeCalls(page);
  const asked = questions(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, keeper);
  await ask(page, 'Delete the archived invoices');
  await expect(card(page)).toContainText('wants to run Delete Records');
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  const knob = `${platformOrigin}/__test/refusal?conversation=${conversationId(page)}`;
  await request.post(`${knob}&code=tool_call_not_pending`);
  try {
    await card(page).getByRole('button', { name: 'Deny…' }).click();
    await card(page)
      .getByLabel(/Why deny Delete Records\?/)
      .fill('use the staging copy');
    await card(page).getByRole('button', { name: 'Deny and send reason' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'did not go through' })).toContainText(
      'Your reason (“use the staging copy”) was not sent.',
    );
    await expect(card(page).getByRole('button', { name: 'Deny…' })).toBeEnabled({ timeout: 15_000 });
    expect(resumes).toHaveLength(1);
    await expect(page.getByRole('article')).toHaveCount(1);
    expect(asked).toEqual(['Delete the archived invoices']);
  } finally {
    await request.post(`${knob}&code=off`);
  }
  await card(page).getByRole('button', { name: 'Deny…' }).click();
  await card(page)
    .getByLabel(/Why deny Delete Records\?/)
    .fill('keep them for now');
  await card(page).getByRole('button', { name: 'Deny and send reason' }).click();
  await expect(page.getByRole('article')).toHaveCount(2, { timeout: 20_000 });
  await expect(lastStatus(page)).toHaveText(/^(Completed|Waiting for you)$/, { timeout: 20_000 });
  expect(resumes.map((body) => body['action'])).toEqual(['deny', 'deny']);
  expect(asked).toEqual(['Delete the archived invoices', 'Denied: keep them for now']);
});
