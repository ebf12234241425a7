// The window never scrolls (UX.md): with many conversations the rail's list scrolls inside its own area, and the
// screens below it in the rail stay reachable with one click.
import { expect, test } from './csp';
import { signIn } from './support';

test('two hundred conversations scroll inside the rail at 1440×900; the page does not, navigation and Sign out stay in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.route(/\/v1\/conversations(\?.*)?$/, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: Array.from({ length: 200 }, (_, index) => ({
            id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
            name: `Conversation ${index}`,
            date: '2026-11-25T10:00:00',
            update_date: '2026-11-25T10:00:00',
            assistant_ids: [],
          })),
        })
      : route.continue(),
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
