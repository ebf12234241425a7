// Finished conversations (current servers, CURRENT-SERVERS.md §7): a chat finished mid-session by an administrator or
// a job (here the platform's knob) refuses the next question with 409; the console says so after one POST, keeps the
// question and carries it into a new chat with the same assistant. The owner finishes a chat from the rail's menu, and
// the rail shows all, open or finished chats. Each test looks only for its own unique titles.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, askAndWait, assistantField, lastTurn, platformOrigin, signIn, unique } from './support';

const rail = (page: Page) => page.getByRole('region', { name: 'Conversations' });
const conversationIdOf = async (page: Page) => {
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1) ?? '';
};
const finishedNotice = (page: Page) => page.getByRole('status').filter({ hasText: /^Finished on / });

test('a chat finished mid-session: one POST, the 409 explained, and the question carried into a new chat', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await askAndWait(page, unique('Before the finish'));
  const conversationId = await conversationIdOf(page);
  const knob = await page.request.post(`${platformOrigin}/__test/finish-conversation?conversation=${conversationId}`);
  expect(knob.ok()).toBe(true);

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/assistants\/[^/]+\/model$/.test(request.url())) posts.push(request.url());
  });
  const question = unique('Still there after the finish?');
  await ask(page, question);
  const refusal = lastTurn(page).getByRole('alert');
  await expect(refusal).toContainText('This conversation is finished');
  await expect(refusal).toContainText('Your question is kept');
  await expect(refusal).toContainText('Start a new conversation to continue.');
  // Nothing retries it: no Retry, no Edit, and no second POST.
  await expect(refusal.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(lastTurn(page).getByRole('button', { name: 'Edit question' })).toHaveCount(0);
  await expect(finishedNotice(page)).toContainText('this conversation no longer takes messages');
  await expect(page.getByLabel('Message')).toBeDisabled();
  await expect(page.getByLabel('Message')).toHaveValue(question);
  await page.waitForTimeout(1000);
  expect(posts).toHaveLength(1);

  await finishedNotice(page).getByRole('button', { name: 'Start a new chat with General Assistant' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByLabel('Message')).toBeEnabled();
  await expect(page.getByLabel('Message')).toHaveValue(question);
  await expect(assistantField(page)).toHaveValue('General Assistant');
  await page.getByLabel('Message').press('Enter');
  await expect(lastTurn(page).locator('.status-label')).toHaveText(/^Completed/, { timeout: 20_000 });
  expect(await conversationIdOf(page)).not.toBe(conversationId);
  expect(posts).toHaveLength(2);
});

test('the owner finishes a chat from the rail’s menu, and the rail shows open or finished chats', async ({ page }) => {
  await signIn(page, 'analyst');
  const title = unique('Finish me from the menu');
  await askAndWait(page, title);
  const row = rail(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title }) });
  await row.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Finish chat…' }).click();
  const confirm = row.getByRole('group', { name: `Finish ${title}` });
  await expect(confirm).toContainText('It will take no more messages.');
  await confirm.getByRole('button', { name: 'Finish chat' }).click();
  await expect(finishedNotice(page)).toBeVisible();
  await expect(page.getByLabel('Message')).toBeDisabled();
  await expect(row).toContainText('finished');
  await expect(lastTurn(page).getByRole('button', { name: 'Regenerate' })).toHaveCount(0);

  const show = rail(page).getByLabel('Show chats');
  await show.selectOption('open');
  await expect(rail(page).getByRole('link', { name: title })).toHaveCount(0);
  await show.selectOption('finished');
  await expect(rail(page).getByRole('link', { name: title })).toBeVisible();
  await show.selectOption('all');
  await expect(rail(page).getByRole('link', { name: title })).toBeVisible();
});
