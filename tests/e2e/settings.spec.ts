import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastStatus, signIn } from './support';

const rail = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const conversations = (page: Page) => page.getByRole('region', { name: 'Conversations' });
const background = (page: Page) =>
  page.evaluate(
    () => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor,
  );
const rootBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

async function openSettings(page: Page): Promise<void> {
  await rail(page).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test('the theme follows the system, can be forced dark or light from the rail, and stays so after a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, 'analyst');
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-theme');
  expect(await rootBackground(page)).toBe('rgb(255, 255, 255)');

  await rail(page).getByLabel('Theme').selectOption('Dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await rootBackground(page)).toBe('rgb(21, 23, 27)');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await rootBackground(page)).toBe('rgb(21, 23, 27)');
  await expect(rail(page).getByLabel('Theme')).toHaveValue('dark');

  // Forced light holds on a dark device; System follows the device again.
  await page.emulateMedia({ colorScheme: 'dark' });
  await openSettings(page);
  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Light', exact: true }).check();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await rootBackground(page)).toBe('rgb(255, 255, 255)');
  await page
    .getByRole('group', { name: 'Theme' })
    .getByRole('radio', { name: /System/ })
    .check();
  await expect(html).not.toHaveAttribute('data-theme');
  expect(await rootBackground(page)).toBe('rgb(21, 23, 27)');
  expect(await background(page)).not.toBe('rgb(255, 255, 255)');
});

test('Settings shows the API and identity provider from config.json and how much space is used', async ({ page }) => {
  await signIn(page, 'analyst');
  await openSettings(page);
  const connection = page.getByRole('region', { name: 'Connection' });
  await expect(connection).toContainText('http://localhost:4173/code-assistant-api');
  await expect(connection).toContainText('http://localhost:8080/auth/realms/local');
  await expect(connection).toContainText('assistant-console');
  await expect(connection).toContainText('config.json');

  await expect(page.getByTestId('storage-estimate')).toHaveText(/^[\d,.]+ MB of [\d,.]+ MB \(/);
  await page.getByRole('button', { name: 'Keep data on this device' }).click();
  await expect(page.getByRole('region', { name: 'Storage on this device' }).getByRole('status')).toHaveText(/browser/);
});

test('the default stream mode chosen in Settings sets the chat’s Stream switch, now and after a reload', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await expect(page.getByLabel('Stream', { exact: true })).toBeChecked();
  await openSettings(page);
  await page.getByLabel('Stream answers by default').uncheck();
  await rail(page).getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page.getByLabel('Stream', { exact: true })).not.toBeChecked();

  // Switched on for now in the chat; the next visit starts from the default again.
  await page.getByLabel('Stream', { exact: true }).check();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await expect(page.getByLabel('Stream', { exact: true })).not.toBeChecked();
  await openSettings(page);
  await expect(page.getByLabel('Stream answers by default')).not.toBeChecked();
});

test('Clear local data counts only what goes: conversations the server keeps are named as kept there', async ({
  page,
}) => {
  await signIn(page, 'analyst', { fresh: true });
  await page.getByLabel('Stream').uncheck();
  await ask(page, 'Kept by the server?');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await openSettings(page);
  await page.getByRole('button', { name: 'Clear local data…' }).click();
  const dialog = page.getByRole('dialog', { name: /Clear local data/ });
  await expect(dialog).toContainText('0 conversations kept only in this browser');
  // It opens on its safe answer.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(dialog).toContainText(/The server keeps \d+ conversations?: only this browser’s copy goes/);
  await dialog.getByRole('button', { name: 'Clear local data' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Local data cleared' })).toContainText(
    '0 conversations kept only in this browser',
  );
  // And back it comes, from the server.
  await expect(conversations(page).getByRole('link', { name: 'Kept by the server?' })).toBeVisible({ timeout: 15_000 });
});

test('Clear local data names what will go, then removes the conversations', async ({ page }) => {
  // Where the server keeps conversations they stay there (and listed) after a clear: this is the console whose
  // server has no conversations endpoints, where this browser is their only store.
  await page.route(
    (url) => /\/v1\/conversations(\/|$)/.test(url.pathname),
    (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"Not Found"}' }),
  );
  await signIn(page, 'analyst');
  await page.getByLabel('Stream').uncheck();
  await ask(page, 'Remember me?');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await expect(conversations(page).getByRole('link', { name: 'Remember me?' })).toBeVisible();

  await openSettings(page);
  await page.getByRole('button', { name: 'Clear local data…' }).click();
  const dialog = page.getByRole('dialog', { name: /Clear local data/ });
  await expect(dialog).toContainText('1 conversation kept only in this browser');
  await expect(dialog).not.toContainText('The server keeps');
  await expect(dialog.getByRole('link', { name: 'Conversations' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Workflow runs' })).toBeVisible();
  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(conversations(page).getByRole('link', { name: 'Remember me?' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear local data…' }).click();
  await dialog.getByRole('button', { name: 'Clear local data' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Local data cleared' })).toContainText(
    '1 conversation kept only in this browser',
  );
  await expect(conversations(page).getByRole('link', { name: 'Remember me?' })).toHaveCount(0);
  await expect(conversations(page)).toContainText('Your conversations will appear here.');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await expect(conversations(page)).toContainText('Your conversations will appear here.');
});

test('a full storage quota is said on screen, and the draft typed stays', async ({ page }) => {
  // Every IndexedDB write fails as a full disk does, once the test says so.
  await page.addInitScript(() => {
    const flagged = () => (window as unknown as { __storageFull?: boolean }).__storageFull === true;
    for (const method of ['put', 'add'] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (flagged()) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  });
  await signIn(page, 'analyst');
  await page.evaluate(() => {
    (window as unknown as { __storageFull?: boolean }).__storageFull = true;
  });

  const draft = 'A long question I must not lose';
  await page.getByLabel('Message').fill(draft);
  const banner = page.getByRole('alert').filter({ hasText: 'Storage is full' });
  await expect(banner).toContainText('Storage is full: the last change was not saved on this device.');
  await expect(banner).toContainText('the draft');
  await expect(page.getByLabel('Message')).toHaveValue(draft);
  await expect(banner.getByRole('link', { name: 'Export conversations' })).toBeVisible();

  await banner.getByRole('button', { name: 'Free space…' }).click();
  await expect(banner).toContainText('questions and answers stay');
  await banner.getByRole('button', { name: 'Drop older thought trees' }).click();
  await expect(banner.getByRole('status')).toContainText('Nothing left to drop');

  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByLabel('Message')).toHaveValue(draft);
});
