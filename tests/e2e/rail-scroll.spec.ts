// The window never scrolls (UX.md): with many conversations the rail's list scrolls inside its own area, and the
// screens below it in the rail stay reachable with one click.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { openWorkflows, pickWorkflow, signIn, workflows } from './support';

/** The server's conversation list, `count` of them. */
const conversations = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Conversation ${index}`,
    date: '2026-11-25T10:00:00',
    update_date: '2026-11-25T10:00:00',
    assistant_ids: [],
  }));

test('two hundred conversations scroll inside the rail at 1440×900; the page does not, navigation and Sign out stay in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.route(/\/v1\/conversations(\?.*)?$/, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: conversations(200) }) : route.continue(),
  );
  await signIn(page, 'analyst');
  // The server's first page (50) is listed; the rest come as the list scrolls.
  await expect(page.getByRole('link', { name: 'Conversation 49', exact: true })).toBeAttached();
  const list = page.getByRole('region', { name: 'Conversations' });
  expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  const heights = await page.evaluate(() => ({
    page: document.scrollingElement?.scrollHeight ?? 0,
    window: window.innerHeight,
  }));
  expect(heights.page).toBeLessThanOrEqual(heights.window + 1);
  await expect(page.getByLabel('Message')).toBeInViewport();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Workflows', 'Headers', 'Inspector', 'Settings'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeInViewport();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Headers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Headers', level: 1 })).toBeVisible();
});

/** The rail's conversations fully in view inside their scrolling list. */
const conversationsInView = (page: Page) =>
  page.getByRole('region', { name: 'Conversations' }).evaluate((list) => {
    const area = list.getBoundingClientRect();
    return Array.from(list.querySelectorAll('a')).filter((link) => {
      const box = link.getBoundingClientRect();
      return box.height > 0 && box.top >= area.top - 1 && box.bottom <= area.bottom + 1;
    }).length;
  });

test('five runs leave the conversations the rail: three recent runs and All runs, at 1440 px and in the 375 px drawer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.route(/\/v1\/conversations(\?.*)?$/, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: conversations(60) }) : route.continue(),
  );
  await signIn(page, 'analyst');
  await openWorkflows(page);
  await pickWorkflow(page, workflows.tagEcho.name);
  await page.getByRole('group', { name: 'Launch mode' }).getByRole('button', { name: 'Batch' }).click();
  const batch = page.getByRole('form', { name: `Batch of ${workflows.tagEcho.name}` });
  await batch.getByLabel('One input per line').fill('one\ntwo\nthree\nfour\nfive\n');
  await batch.getByRole('button', { name: 'Start 5 runs' }).click();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-label', 'Batch progress: 5 of 5 finished', {
    timeout: 30_000,
  });

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('list', { name: 'Recent runs' }).getByRole('link')).toHaveCount(3);
  // Eight conversations and more in view, where five runs left seven.
  expect(await conversationsInView(page)).toBeGreaterThanOrEqual(8);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link', { name: 'All runs' })).toBeInViewport();
  // The drawer's list keeps rows, where five runs left it 42 px (not one row).
  expect(await conversationsInView(page)).toBeGreaterThanOrEqual(5);
  await nav.getByRole('link', { name: 'All runs' }).click();
  await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
});
