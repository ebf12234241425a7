// A partial copy of an answer kept in this browser gives way to the server's stored turn once the server says the
// turn ended, whatever the order of the reload, the read and the end (issue: answers left "Interrupted" for good); and
// a read that fails is said as such, never as a conversation this browser does not have.
import type { Route } from '@playwright/test';
import { expect, test } from './csp';
import { ask, consoleOrigin, lastStatus, pickAssistant, signIn, unique } from './support';
import { answerText, numbers } from './server-turn';

const writer = 'Slow Writer';
const conversationRead = (id: string) => new RegExp(`/v1/conversations/${id}$`);

/** The conversation as the server stores it, read with the page's own call: whether its last answer is still written. */
async function stillWriting(route: Route): Promise<{ writing: boolean; body: string }> {
  const response = await route.fetch();
  const body = await response.text();
  const { history = [] } = JSON.parse(body) as {
    history?: Array<{ role: string; inProgress?: boolean; in_progress?: boolean }>;
  };
  const last = history.filter((item) => item.role === 'Assistant').at(-1);
  return { writing: last?.inProgress === true || last?.in_progress === true, body };
}

test('a reload whose read comes after the server ended the answer shows the whole stored answer, not the partial copy', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, writer);
  await ask(page, 'Partial here, whole there, words 30');
  await expect(answerText(page)).toContainText('word-3', { timeout: 15_000 });
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1) ?? '';
  const replays: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/conversations/${id}/stream`)) replays.push(request.url());
  });
  // The page's read of the conversation after the reload is held until the server has written the whole answer.
  await page.route(conversationRead(id), async (route) => {
    for (;;) {
      const read = await stillWriting(route);
      if (!read.writing) return route.fulfill({ status: 200, contentType: 'application/json', body: read.body });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  });
  await page.reload();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
  expect(await numbers(page)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  // The server said the turn ended: nothing was re-attached to.
  expect(replays).toHaveLength(0);
  // And it stays so: another reload reads the same whole answer.
  await page.unroute(conversationRead(id));
  await page.reload();
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 15_000 });
  expect(await numbers(page)).toHaveLength(30);
});

test('a conversation whose read fails says it could not be read, with the reason, and Try again opens it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'analyst');
  const question = unique('Read me on another device');
  await ask(page, question);
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1) ?? '';

  // Another device of the same person (nothing of this chat in its browser), whose server answers 503 for now.
  const device = await browser.newContext({ baseURL: consoleOrigin });
  const other = await device.newPage();
  await signIn(other, 'analyst', { fresh: true });
  let failing = true;
  await other.route(conversationRead(id), (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { message: 'Service Unavailable', details: null, help: null } }),
        })
      : route.continue(),
  );
  await other.goto(`/chat/${id}`);
  const alert = other
    .getByRole('alert')
    .filter({ has: other.getByRole('heading', { name: 'This conversation could not be read' }) });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText('Service Unavailable');
  await expect(other.getByText('This conversation is not in this browser')).toHaveCount(0);
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(other.locator('.turn-question-text')).toHaveText(question, { timeout: 15_000 });
  await device.close();
});
