// A reload of a conversation (issue 30, item 11): what this browser keeps shows at once, before the server answers,
// and the rail and the message box are laid out once, not pushed about as the reads and the server's list land.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './csp';
import { askAndWait, lastTurn, signIn } from './support';

/** Holds the server's conversation calls (its list, a conversation) until released; records what was held. */
async function holdConversations(page: Page) {
  const held: string[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/code-assistant-api\/v1\/conversations(\?|\/[^/?]+$|\/[^/?]+\?)/, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.continue();
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release };
}

interface Place {
  at: number;
  /** Tops of the rail's first conversation, the rail's Workflows link and the message box (null: not shown). */
  rail: number | null;
  workflows: number | null;
  composer: number | null;
}

/** Runs in the page before its scripts: notes every frame in which one of the watched elements moved or showed. */
function watchLayout(): void {
  if (!sessionStorage.getItem('e2e:watch-layout')) return;
  const places: Place[] = [];
  (window as unknown as { __places: Place[] }).__places = places;
  const top = (selector: string) => {
    const element = document.querySelector(selector);
    return element ? Math.round(element.getBoundingClientRect().top) : null;
  };
  const frame = () => {
    const place = {
      at: performance.now(),
      rail: top('.conversations a[href^="/chat/"]'),
      workflows: top('nav a[href="/workflows"]'),
      composer: top('#composer-input'),
    };
    const last = places.at(-1);
    if (!last || last.rail !== place.rail || last.workflows !== place.workflows || last.composer !== place.composer)
      places.push(place);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Where each watched element moved after it first showed, e.g. ["workflows 263 → 371"]. */
function movesIn(places: readonly Place[]): string[] {
  const moves: string[] = [];
  for (const key of ['rail', 'workflows', 'composer'] as const) {
    let seen: number | null = null;
    for (const place of places) {
      const value = place[key];
      if (value === null) continue;
      if (seen !== null && value !== seen) moves.push(`${key} ${seen} → ${value}`);
      seen = value;
    }
  }
  return moves;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
});

test('a reload shows the conversation kept in this browser while the server’s copy is still on its way', async ({
  page,
}) => {
  await askAndWait(page, 'Which fruit makes marmalade?');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const conversationId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const answer = ((await lastTurn(page).getByTestId('answer-text').textContent()) ?? '').trim().slice(0, 40);
  expect(answer).not.toBe('');

  const server = await holdConversations(page);
  await page.reload();
  await expect(lastTurn(page)).toContainText('Which fruit makes marmalade?');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText(answer);
  // It can be answered at once, too.
  await expect(page.getByLabel('Message')).toHaveAttribute('placeholder', 'Ask something…');
  // All this while the server has answered none of the console's conversation calls (whether it keeps conversations,
  // its list, this conversation): they are held.
  expect(server.held.length).toBeGreaterThan(0);
  // Once the server answers, the console reads its copy of this conversation, and the transcript stays as it was.
  server.release();
  await page.waitForResponse((response) => response.url().includes(`/conversations/${conversationId}`));
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText(answer);
});

test('on a reload the rail and the message box are laid out once: the server’s list arriving moves neither', async ({
  page,
}) => {
  await askAndWait(page, 'First question of the layout check');
  await page.getByRole('button', { name: 'New chat' }).click();
  await askAndWait(page, 'Second question of the layout check');
  await expect(page.getByRole('region', { name: 'Conversations' }).getByRole('link')).not.toHaveCount(0);

  await page.addInitScript(watchLayout);
  await page.evaluate(() => sessionStorage.setItem('e2e:watch-layout', '1'));
  const server = await holdConversations(page);
  await page.reload();
  await expect(lastTurn(page)).toContainText('Second question of the layout check');
  await expect(page.getByLabel('Message')).toHaveAttribute('placeholder', 'Ask something…');
  // Until the server answers, the whole screen is what this browser read: nothing moved since it first showed.
  await expect.poll(() => server.held.some((url) => /\/conversations\?/.test(url))).toBe(true);
  const beforeServer = await page.evaluate(() => (window as unknown as { __places: Place[] }).__places);
  expect(beforeServer.at(-1)?.rail).not.toBeNull();
  expect(movesIn(beforeServer)).toEqual([]);

  // The server's list lands in a rail already laid out: its first row and the message box stay where they were.
  const listed = page.waitForResponse((response) => /\/v1\/conversations\?/.test(response.url()));
  server.release();
  await listed;
  await page.waitForTimeout(500);
  const after = await page.evaluate(() => (window as unknown as { __places: Place[] }).__places);
  expect(movesIn(after).filter((move) => !move.startsWith('workflows'))).toEqual([]);
});
