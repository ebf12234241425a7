// Share link (current servers, CURRENT-SERVERS.md §4): the analyst shares a chat with a file from the rail's menu; the
// viewer opens the link in their own browser and reads the chat read-only (no composer), its file through the share;
// an unknown link says so.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { consoleOrigin, lastStatus, pickAssistant, signIn, unique } from './support';

const rail = (page: Page) => page.getByRole('region', { name: 'Conversations' });
const rowOf = (page: Page, title: string) =>
  rail(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title }) });

test('the analyst shares a chat with a file; the viewer reads it read-only and downloads the file through the share', async ({
  page,
  browser,
}) => {
  await signIn(page, 'analyst');
  await pickAssistant(page, 'File Reader');
  const fileName = unique('shared-notes.txt');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('shared line\n') });
  const title = unique('Share this chat');
  // Send waits while a file uploads (the button says why): the question goes once it is enabled.
  await page.getByLabel('Message').fill(title);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });

  await rowOf(page, title)
    .getByRole('button', { name: `More actions for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Share link' }).click();
  const panel = rowOf(page, title).getByRole('group', { name: `Share ${title}` });
  await expect(panel.getByRole('status')).toHaveText(/^(Link copied|Copy this link)/);
  const link = await panel.getByLabel('Share link').inputValue();
  expect(link).toMatch(new RegExp(`^${consoleOrigin}/share/[A-Za-z0-9_-]{20,}$`));
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);

  const context = await browser.newContext({ baseURL: consoleOrigin });
  try {
    const viewer = await context.newPage();
    await signIn(viewer, 'viewer');
    await viewer.goto(new URL(link).pathname);
    await expect(viewer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(viewer.getByText('Shared read-only by')).toBeVisible();
    await expect(viewer.getByRole('region', { name: 'Question' }).first()).toContainText(title);
    await expect(viewer.getByRole('region', { name: 'Answer' }).first()).not.toBeEmpty();
    for (const colorScheme of ['light', 'dark'] as const) {
      await viewer.emulateMedia({ colorScheme });
      const { violations } = await new AxeBuilder({ page: viewer }).include('.shared-page').analyze();
      const serious = violations.filter((found) => found.impact === 'serious' || found.impact === 'critical');
      expect(
        serious.map((found) => found.id),
        `the shared page (${colorScheme})`,
      ).toEqual([]);
    }
    // Read-only: no composer, no turn actions.
    await expect(viewer.getByLabel('Message')).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
    // The file, through shared_file_urls (the viewer's own reads carry the share token).
    const fileReads: string[] = [];
    viewer.on('request', (request) => {
      if (request.url().includes('/v1/files/')) fileReads.push(request.url());
    });
    const downloading = viewer.waitForEvent('download');
    await viewer.getByRole('button', { name: `Download ${fileName}` }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(fileName);
    const path = await file.path();
    expect(await readFile(path, 'utf8')).toBe('shared line\n');
    expect(fileReads.some((url) => url.includes('share_token='))).toBe(true);

    await viewer.goto('/share/no-such-share');
    await expect(viewer.getByRole('alert')).toHaveText(/This link is unknown or no longer shared/);
  } finally {
    await context.close();
  }
});
