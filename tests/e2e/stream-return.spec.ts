// Current servers go on writing an answer whatever the browser does (CURRENT-SERVERS.md §2, §7): a stream silent past
// the console's idle limit is re-attached to and followed to its end, and a stream cut while the browser was offline
// (or the tab hidden) is picked up when the network (or the tab) is back: the whole answer, one POST, no word twice.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastStatus, lastTurn, pickAssistant, platformOrigin, signIn } from './support';

const answerText = (page: Page) => lastTurn(page).getByTestId('answer-text');

/** The calls to /model (POST) and /stream (GET) this page makes. */
function calls(page: Page): { posts: string[]; replays: string[] } {
  const seen = { posts: [] as string[], replays: [] as string[] };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/model')) seen.posts.push(request.url());
    if (request.method() === 'GET' && /\/conversations\/[^/]+\/stream$/.test(request.url()))
      seen.replays.push(request.url());
  });
  return seen;
}

/** config.json as served, with a short idle limit. */
async function idleLimit(page: Page, seconds: number) {
  await page.route('**/config.json', async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ...config, streamIdleTimeoutSeconds: seconds }),
    });
  });
}

test('a tool silent past the idle limit is not the end: the answer is re-attached to and ends whole', async ({
  page,
}) => {
  await idleLimit(page, 2);
  const seen = calls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Tool');
  await ask(page, 'Run the slow task, silent 3.5');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  await expect(lastTurn(page).getByRole('alert')).toHaveCount(0);
  await expect(answerText(page)).not.toBeEmpty();
  expect(seen.posts).toHaveLength(1);
  expect(seen.replays).toHaveLength(1);
});

test('a stream cut while offline is picked up when the network is back: whole answer, one POST, no word twice', async ({
  page,
  context,
  request,
}) => {
  const seen = calls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'Write for me, words 40');
  await expect(answerText(page)).toContainText('word-5', { timeout: 15_000 });
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  // The browser goes offline and the connection under the answer drops (the server writes on).
  await context.setOffline(true);
  const cut = await request.post(`${platformOrigin}/__test/cut-stream?conversation=${page.url().split('/').at(-1)}`);
  expect(cut.ok()).toBe(true);
  await expect(lastTurn(page)).toContainText('The connection was lost while this tab was away', { timeout: 15_000 });
  await context.setOffline(false);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  const words = [...((await answerText(page).textContent()) ?? '').matchAll(/word-(\d+)/g)].map((m) => Number(m[1]));
  expect(words).toEqual(Array.from({ length: 40 }, (_, at) => at + 1));
  expect(seen.posts).toHaveLength(1);
  expect(seen.replays).toHaveLength(1);
});

/** The page as hidden (another tab in front) or shown again, with the event browsers send. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('a stream cut while the tab was hidden is picked up when it is shown again: whole answer, one POST, no word twice', async ({
  page,
  request,
}) => {
  const seen = calls(page);
  await signIn(page, 'analyst');
  await pickAssistant(page, 'Slow Writer');
  await ask(page, 'Write for me, words 40');
  await expect(answerText(page)).toContainText('word-5', { timeout: 15_000 });
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await setHidden(page, true);
  const cut = await request.post(`${platformOrigin}/__test/cut-stream?conversation=${page.url().split('/').at(-1)}`);
  expect(cut.ok()).toBe(true);
  await expect(lastTurn(page)).toContainText('The connection was lost while this tab was away', { timeout: 15_000 });
  // Nothing is asked of the server while the tab stays hidden.
  expect(seen.replays).toHaveLength(0);
  await setHidden(page, false);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  const words = [...((await answerText(page).textContent()) ?? '').matchAll(/word-(\d+)/g)].map((m) => Number(m[1]));
  expect(words).toEqual(Array.from({ length: 40 }, (_, at) => at + 1));
  expect(seen.posts).toHaveLength(1);
  expect(seen.replays).toHaveLength(1);
});
