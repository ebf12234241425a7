// Against a 2.42-era server an answer ends with the connection: Stop only closes it (no abort call), and a reload
// mid-answer keeps what arrived, marked interrupted (no re-attach), as before.
import type { Page } from '@playwright/test';
import { expect, test } from '../csp';
import { ask, lastStatus, lastTurn, pickAssistant, signIn } from '../support';

function requestsTo(page: Page, pattern: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (pattern.test(request.url())) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

test('Stop closes the connection only, and a reload keeps the partial answer as interrupted', async ({ page }) => {
  const newer = requestsTo(page, /\/(abort|stream)$/);
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'Write for me, words 300');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('word-3', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(lastStatus(page)).toHaveText(/^Stopped/);

  await ask(page, 'Again, words 300');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('word-3', { timeout: 15_000 });
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(lastStatus(page)).toHaveText(/^Interrupted/, { timeout: 15_000 });
  // What was saved before the page went (at least the first words; the last moment may be lost on reload).
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('word-1');
  expect(newer).toEqual([]);
});
