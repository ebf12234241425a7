// The person's conversations on the server (DEPLOYED-API.md §1) are the console's: listed, opened with their thought
// trees, continued with their id and index, renamed, pinned and deleted there. Another client here is the test itself,
// calling the platform's API with the same person's token. The platform's store is shared by every test of the run:
// each test looks only for its own unique titles.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, assistants, lastStatus, lastTurn, platformOrigin, signIn } from './support';

const research = 'a1000000-0000-4000-8000-000000000005';
const api = `${platformOrigin}/code-assistant-api/v1`;
const rail = (page: Page) => page.getByRole('region', { name: 'Conversations' });

interface StoredItem {
  role: string;
  message: string;
  historyIndex: number;
}

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post(`${platformOrigin}/auth/realms/local/protocol/openid-connect/token`, {
    form: { grant_type: 'password', client_id: 'sdk-client', username, password: username, scope: 'openid' },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Another client of the same person: it asks, reads and lists over HTTP. */
async function otherClient(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'analyst')}` };
  return {
    async ask(conversationId: string, text: string, assistantId: string = assistants.general.id) {
      const response = await request.post(`${api}/assistants/${assistantId}/model`, {
        headers,
        data: { text, conversation_id: conversationId },
      });
      expect(response.status()).toBe(200);
    },
    async conversation(conversationId: string) {
      const response = await request.get(`${api}/conversations/${conversationId}`, { headers });
      return {
        status: response.status(),
        body: response.ok()
          ? ((await response.json()) as { conversation_name: string; pinned: boolean; history: StoredItem[] })
          : null,
      };
    },
    async listed(conversationId: string) {
      const response = await request.get(`${api}/conversations`, { headers });
      return ((await response.json()) as Array<{ id: string }>).some((item) => item.id === conversationId);
    },
  };
}

async function actionsOf(page: Page, title: string | RegExp) {
  await rail(page).getByRole('button', { name: title }).click();
  return page.getByRole('menu');
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
  await page.getByLabel('Stream').uncheck();
});

test('a conversation made by another client is listed, opens with its thoughts, continues with its id and index, and is renamed, pinned and deleted on the server', async ({
  page,
  request,
}) => {
  const other = await otherClient(request);
  const id = randomUUID();
  const marker = `Tidal ${id.slice(0, 8)}`;
  await other.ask(id, `${marker} how do solar panels work?`, research);
  await other.ask(id, `${marker} and at night?`);

  await page.reload();
  const link = rail(page).getByRole('link', { name: new RegExp(`^${marker} how do solar`) });
  await expect(
    rail(page)
      .getByRole('region', { name: 'Today' })
      .getByRole('link', { name: new RegExp(`^${marker}`) }),
  ).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
  await expect(page.getByRole('article')).toHaveCount(2);
  const first = page.getByRole('article').first();
  await expect(first).toContainText(`${marker} how do solar panels work?`);
  await expect(first.getByTestId('answer-text')).toContainText(/solar/i);
  await first.getByRole('button', { name: /^Thoughts · / }).click();
  await expect(
    first.getByRole('tree', { name: 'Thought tree' }).getByRole('treeitem', { name: /^Research Agent\b/ }),
  ).toBeVisible();

  // Continuing it: the same conversation id, the next index (2), stored by the server as turn 2.
  const sent = page.waitForRequest(
    (call) => call.method() === 'POST' && /\/assistants\/[^/]+\/model$/.test(new URL(call.url()).pathname),
  );
  await ask(page, `${marker} and in winter?`);
  expect((await sent).postDataJSON()).toMatchObject({ conversation_id: id, history_index: 2 });
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(page.getByRole('article')).toHaveCount(3);
  const stored = (await other.conversation(id)).body?.history ?? [];
  expect(stored.map((item) => [item.role, item.historyIndex])).toEqual([
    ['User', 0],
    ['Assistant', 0],
    ['User', 1],
    ['Assistant', 1],
    ['User', 2],
    ['Assistant', 2],
  ]);
  expect(stored[4]?.message).toBe(`${marker} and in winter?`);

  // Rename and pin reach the server, and the rail shows them.
  const title = new RegExp(`^More actions for ${marker}`);
  await (await actionsOf(page, title)).getByRole('menuitem', { name: 'Rename' }).click();
  await rail(page).getByLabel('Conversation title').fill(`${marker} renamed`);
  await rail(page).getByLabel('Conversation title').press('Enter');
  await expect(rail(page).getByRole('link', { name: `${marker} renamed`, exact: true })).toBeVisible();
  await expect.poll(async () => (await other.conversation(id)).body?.conversation_name).toBe(`${marker} renamed`);
  await (await actionsOf(page, title)).getByRole('menuitem', { name: 'Pin' }).click();
  await expect.poll(async () => (await other.conversation(id)).body?.pinned).toBe(true);
  await expect(
    rail(page)
      .getByRole('region', { name: 'Pinned' })
      .getByRole('link', { name: `${marker} renamed`, exact: true }),
  ).toBeVisible();

  // Delete reaches the server; Undo writes it back there.
  await (await actionsOf(page, title)).getByRole('menuitem', { name: 'Delete' }).click();
  await expect(rail(page).getByRole('link', { name: `${marker} renamed`, exact: true })).toHaveCount(0);
  await expect.poll(() => other.listed(id)).toBe(false);
  await rail(page).getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => other.listed(id)).toBe(true);
  await expect(rail(page).getByRole('link', { name: `${marker} renamed`, exact: true })).toBeVisible();
  await (await actionsOf(page, title)).getByRole('menuitem', { name: 'Delete' }).click();
  await expect.poll(() => other.listed(id)).toBe(false);
});

test('a conversation continued elsewhere while open reloads from the server, and the draft typed here stays', async ({
  page,
  request,
}) => {
  const other = await otherClient(request);
  const id = randomUUID();
  const marker = `Ebb ${id.slice(0, 8)}`;
  await other.ask(id, `${marker} first question`);
  await page.goto(`/chat/${id}`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByLabel('Message').fill('a draft not sent yet');

  await other.ask(id, `${marker} asked in another tab`);
  // The tab comes back into view (the browser says so with visibilitychange, which TanStack's hidden-tab rule follows).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(lastTurn(page)).toContainText(`${marker} asked in another tab`);
  await expect(page.getByLabel('Message')).toHaveValue('a draft not sent yet');

  // Continuing after the reload sends the index after the other tab's turn.
  const sent = page.waitForRequest(
    (call) => call.method() === 'POST' && /\/assistants\/[^/]+\/model$/.test(new URL(call.url()).pathname),
  );
  await page.getByLabel('Message').press('Enter');
  expect((await sent).postDataJSON()).toMatchObject({
    conversation_id: id,
    history_index: 2,
    text: 'a draft not sent yet',
  });
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
});

test.describe('a server without the conversations endpoints', () => {
  test.beforeEach(async ({ page }) => {
    await page.route(
      (url) => /\/v1\/conversations(\/|$)/.test(url.pathname),
      (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"Not Found"}' }),
    );
    await page.reload();
  });

  test('keeps conversations in this browser only, and Settings says so', async ({ page, request }) => {
    const other = await otherClient(request);
    const elsewhere = `Neap ${randomUUID().slice(0, 8)}`;
    await other.ask(randomUUID(), `${elsewhere} only on the server`);
    const here = `Spring ${randomUUID().slice(0, 8)}`;
    await ask(page, here);
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
    await expect(rail(page).getByRole('link', { name: here, exact: true })).toBeVisible();
    await expect(rail(page).getByRole('link', { name: new RegExp(elsewhere) })).toHaveCount(0);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('row', { name: /^Conversations/ })).toContainText('In this browser only');
  });
});
