// Against a 2.42-era server (no share or export routes): Share link and the server's export answer "no such route",
// so the console says the server cannot and turns both menu items off.
import type { Page } from '@playwright/test';
import { expect, test } from '../csp';
import { askAndWait, signIn, unique } from '../support';

const rail = (page: Page) => page.getByRole('region', { name: 'Conversations' });

test('Share link and the server export on a server without the routes: said once, both items go off', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  const title = unique('Cannot share me');
  await askAndWait(page, title);
  const row = rail(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title }) });
  const more = row.getByRole('button', { name: `More actions for ${title}` });
  await more.click();
  await page.getByRole('menuitem', { name: 'Share link' }).click();
  await expect(rail(page).getByRole('status')).toHaveText(
    'This server cannot share chats by link (it has no such route).',
  );
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Share link (this server cannot)' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Export PDF / DOCX / JSON (server)…' }).click();
  await row.getByRole('button', { name: 'Download' }).click();
  await expect(rail(page).getByRole('status')).toHaveText(
    'This server cannot share chats by link or export chats as files (it has no such route).',
  );
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Export from the server (this server cannot)' })).toBeDisabled();
  await page.keyboard.press('Escape');
});
