import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { consoleOrigin, signIn } from './support';

// Each screen is a chunk of its own, fetched when it is first opened or when a link to it is hovered: the chunks are
// named after the module they start from (vite's build), e.g. /assets/settings-page-<hash>.js.
const rail = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The script chunks a page fetches, by the name they are built under. */
function chunksFetched(page: Page) {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) paths.push(pathname);
  });
  return (name: string) => paths.filter((path) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path)).length;
}

/** Runs before the console's scripts: the session signed in elsewhere, in this tab's sessionStorage. */
function restoreSession(items: Array<[string, string]>): void {
  for (const [key, value] of items) sessionStorage.setItem(key, value);
}

test('Settings opened by its address loads its own chunk only; hovering Chat fetches the chat and its markdown stack', async ({
  page,
  browser,
}) => {
  await signIn(page, 'analyst');
  const session = await page.evaluate(() =>
    Object.entries(sessionStorage).filter(([key]) => key.startsWith('oidc.user:')),
  );
  // A browser of its own: nothing fetched by the sign-in above is in its cache.
  const context = await browser.newContext({ baseURL: consoleOrigin });
  try {
    await context.addInitScript(restoreSession, session);
    const tab = await context.newPage();
    const fetched = chunksFetched(tab);
    await tab.goto('/settings');
    await expect(tab.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    // Until the network has gone quiet: anything the page fetched of itself has been asked for by then.
    await tab.waitForLoadState('networkidle');
    expect(fetched('settings-page')).toBe(1);
    for (const other of ['chat-screen', 'markdown-render', 'workflow-pages', 'inspector-page', 'headers-page'])
      expect(fetched(other), `${other} is not fetched`).toBe(0);

    // Intent: the chat's code and the markdown renderer are on their way before the click.
    await rail(tab).getByRole('link', { name: 'Chat', exact: true }).hover();
    await expect.poll(() => fetched('chat-screen')).toBe(1);
    await expect.poll(() => fetched('markdown-render')).toBe(1);
    await rail(tab).getByRole('link', { name: 'Chat', exact: true }).click();
    await expect(tab.getByLabel('Message')).toBeVisible();
    expect(fetched('workflow-pages')).toBe(0);
  } finally {
    await context.close();
  }
});

test('a screen whose code cannot load says so in its place, the rail still works, and Reload brings it', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  const inspectorChunk = /\/assets\/inspector-page-[\w-]+\.js$/;
  // As after a deploy that replaced the chunks the open page knows.
  await page.route(inspectorChunk, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await rail(page).getByRole('link', { name: 'Inspector', exact: true }).click();
  const problem = page.getByRole('alert').filter({ hasText: 'This part of the console could not load' });
  await expect(problem).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inspector', level: 1 })).toHaveCount(0);

  await rail(page).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(problem).toBeVisible();

  await page.unroute(inspectorChunk);
  await problem.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Inspector', level: 1 })).toBeVisible();
  await expect(problem).toHaveCount(0);
});
