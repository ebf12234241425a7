// Follow-ups that queue: while an answer streams, the composer takes the next questions; they stand as chips and go
// one per turn, in order, when the answer ends; Send now stops the answer (on the server too) and sends at once;
// the queue survives a reload.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastStatus, pickAssistant, signIn } from './support';

const queued = (page: Page) => page.getByRole('region', { name: 'Queued questions' }).getByRole('listitem');
const questions = (page: Page) => page.locator('.turn-question-text');

function calls(page: Page, ending: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(ending)) seen.push(request.url());
  });
  return seen;
}

test('two questions typed during an answer go out in order, one per turn, reordered by keyboard and by pointer', async ({
  page,
}) => {
  const posts = calls(page, '/model');
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'First, words 200');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await ask(page, 'Second, words 3');
  await ask(page, 'Third, words 2');
  await expect(queued(page)).toHaveCount(2);
  await expect(queued(page).first()).toContainText('Second, words 3');
  // The rail says what goes on in the chat, from any screen.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'First, words 200' }).first(),
  ).toHaveAccessibleDescription(/^answering · 2 queued/);
  // A chip edited from the keyboard keeps the keyboard when the edit ends.
  await queued(page).first().getByRole('button', { name: 'Second, words 3', exact: true }).click();
  await page.getByRole('textbox', { name: 'Queued question 1' }).press('Enter');
  await expect(queued(page).first().getByRole('button', { name: 'Second, words 3', exact: true })).toBeFocused();
  // Reordered by keyboard: the third goes first.
  await page.getByRole('button', { name: 'Move “Third, words 2” earlier' }).press('Enter');
  await expect(queued(page).first()).toContainText('Third, words 2');
  // And back by pointer: the second dragged by its grip onto the first chip.
  await queued(page).nth(1).getByTitle('Drag to reorder').dragTo(queued(page).first());
  await expect(queued(page).first()).toContainText('Second, words 3');
  await expect(queued(page).nth(1)).toContainText('Third, words 2');

  await expect(questions(page)).toHaveText(['First, words 200', 'Second, words 3', 'Third, words 2'], {
    timeout: 30_000,
  });
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(queued(page)).toHaveCount(0);
  expect(posts).toHaveLength(3);
});

test('Send now stops the answer on the server and sends at once: one abort, one POST', async ({ page }) => {
  const posts = calls(page, '/model');
  const aborts = calls(page, '/abort');
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'Long one, words 300');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.getByLabel('Message').fill('Instead, words 3');
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(questions(page)).toHaveText(['Long one, words 300', 'Instead, words 3']);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(aborts).toHaveLength(1);
  expect(posts).toHaveLength(2);
  await expect(page.locator('.status-label').first()).toHaveText(/^Stopped/);
});

test('the queue survives a reload, and goes on when the answer ends', async ({ page }) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'Before, words 60');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await ask(page, 'After, words 2');
  await expect(queued(page)).toHaveCount(1);
  await page.reload();
  await expect(queued(page)).toHaveCount(1, { timeout: 15_000 });
  await expect(questions(page)).toHaveText(['Before, words 60', 'After, words 2'], { timeout: 30_000 });
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(queued(page)).toHaveCount(0);
});

test('queued questions go out while the person is on another screen, in order', async ({ page }) => {
  const posts = calls(page, '/model');
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'Away first, words 40');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  const chat = page.url();
  await ask(page, 'Away second, words 2');
  await ask(page, 'Away third, words 2');
  await expect(queued(page)).toHaveCount(2);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  // Both go while Settings is open: the queue needs no chat screen.
  await expect.poll(() => posts.length, { timeout: 30_000 }).toBe(3);
  await page.getByRole('link', { name: /Away first/ }).click();
  await expect(page).toHaveURL(chat);
  await expect(questions(page)).toHaveText(['Away first, words 40', 'Away second, words 2', 'Away third, words 2']);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(queued(page)).toHaveCount(0);
  expect(posts).toHaveLength(3);
});

test('Stop stops the queue too: it says why, is an item of Waiting for you, and Resume sends the next one', async ({
  page,
}) => {
  const posts = calls(page, '/model');
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'Cut short, words 300');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  await ask(page, 'Kept for later, words 2');
  await expect(queued(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  const queue = page.getByRole('region', { name: 'Queued questions' });
  // Paused before the answer's end was seen: nothing went out (and the last count below says nothing did later).
  await expect(queue.getByRole('status')).toContainText('Paused: you stopped the answer.');
  await expect(lastStatus(page)).toHaveText(/^Stopped/);
  expect(posts).toHaveLength(1);

  await page.getByRole('link', { name: /Waiting for you/ }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Queued questions to resume' });
  await expect(row).toContainText('1 queued question waits: you stopped the answer');
  await row.getByRole('link').click();
  await queue.getByRole('button', { name: 'Resume: send the next one' }).click();
  await expect(questions(page)).toHaveText(['Cut short, words 300', 'Kept for later, words 2']);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(queued(page)).toHaveCount(0);
  expect(posts).toHaveLength(2);
});

test('a second tab of the person shows the same queue; only the tab that queued sends', async ({ page, context }) => {
  const posts = calls(page, '/model');
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'Shared first, words 150');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await ask(page, 'Shared second, words 2');
  await expect(queued(page)).toHaveCount(1);

  const other = await context.newPage();
  const otherPosts = calls(other, '/model');
  await signIn(other, 'analyst');
  await other.goto(page.url());
  // One assertion for count and text: the first tab may send the queued question soon after.
  await expect(queued(other)).toHaveText([/Shared second, words 2/], { timeout: 15_000 });
  // Sent by the first tab when its answer ends; the second sees the queue empty.
  await expect(queued(other)).toHaveCount(0, { timeout: 40_000 });
  await expect(questions(page)).toHaveText(['Shared first, words 150', 'Shared second, words 2']);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(posts).toHaveLength(2);
  expect(otherPosts).toHaveLength(0);
});

test('Pause holds the queue past the answer’s end until Resume; Esc stops the answer and the queue; Clear queue empties it', async ({
  page,
}) => {
  const posts = calls(page, '/model');
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'Held behind a pause, words 40');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  await ask(page, 'Sent on Resume, words 2');
  await expect(queued(page)).toHaveCount(1);
  const queue = page.getByRole('region', { name: 'Queued questions' });
  await queue.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(queue.getByRole('status')).toContainText('Paused:');
  // The answer ends and the paused queue stays: nothing goes out until the person says so.
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(queue.getByRole('status')).toContainText('Paused:');
  expect(posts).toHaveLength(1);
  await queue.getByRole('button', { name: 'Resume: send the next one' }).click();
  await expect(questions(page).last()).toHaveText('Sent on Resume, words 2');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  expect(posts).toHaveLength(2);

  // Esc in the message box stops the answer, and the queue behind it with it.
  await ask(page, 'Stopped by Esc, words 300');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  await ask(page, 'Cleared, words 2');
  await expect(queued(page)).toHaveCount(1);
  await page.getByLabel('Message').press('Escape');
  await expect(lastStatus(page)).toHaveText(/^Stopped/);
  await expect(queue.getByRole('status')).toContainText('Paused: you stopped the answer.');
  await queue.getByRole('button', { name: 'Clear queue' }).click();
  await expect(queued(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Queued questions' })).toHaveCount(0);
  expect(posts).toHaveLength(3);
});
