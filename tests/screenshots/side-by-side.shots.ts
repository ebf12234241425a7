import { expect, test, type Page } from '@playwright/test';
import { ask, pickAssistant, signIn } from '../e2e/support';

const shot = (name: string) => ({ path: `docs/${name}.png`, animations: 'disabled' as const });
const ended = { timeout: 30_000 };

async function chooseSecond(page: Page, name: string) {
  await page.getByRole('button', { name: /^Second assistant/ }).click();
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
}

test('Ask two: one question, two assistants side by side', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'reviewer');
  await pickAssistant(page, 'General Assistant');
  await page.getByRole('link', { name: 'Ask two' }).click();
  await chooseSecond(page, 'Research Agent');
  await ask(page, 'Compare SSE and WebSockets in a table');
  await page.waitForURL(/left=/);
  await expect(page.locator('.status-label')).toHaveText([/^Completed/, /^Completed/], ended);
  await page.screenshot(shot('ask-two'));
});

test('a conversation replayed on another assistant, aligned by question', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'reviewer');
  await pickAssistant(page, 'Slow Writer');
  for (const question of ['words 12', 'words 20']) {
    await ask(page, question);
    await expect(page.getByRole('article').last().locator('.status-label')).toHaveText(/^Completed/, ended);
  }
  await page
    .getByRole('navigation', { name: 'Main' })
    .locator('li.conversation-item:has(> a[aria-current="page"])')
    .getByRole('button', { name: /^More actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Replay on another assistant…' }).click();
  await chooseSecond(page, 'General Assistant');
  await page.getByRole('button', { name: 'Replay 2 questions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'answered by both' })).toContainText('2 of 2', ended);
  await page.screenshot(shot('replay-aligned'));
});
