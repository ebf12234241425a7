// Against a 2.42-era server (no finished conversations): Finish chat answers "no such route", so the console says the
// server cannot, turns the menu item off, and the chat stays open.
import { expect, test } from '../csp';
import { askAndWait, signIn, unique } from '../support';

test('Finish chat on a server without the route: said once, the item goes off, the chat stays open', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  const title = unique('Cannot finish me');
  await askAndWait(page, title);
  const rail = page.getByRole('region', { name: 'Conversations' });
  const row = rail.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await row.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Finish chat…' }).click();
  await row
    .getByRole('group', { name: `Finish ${title}` })
    .getByRole('button', { name: 'Finish chat' })
    .click();
  await expect(rail.getByRole('status')).toHaveText(
    'This server cannot finish chats (it has no finish route); nothing was changed.',
  );
  await expect(page.getByRole('status').filter({ hasText: /^Finished on / })).toHaveCount(0);
  await expect(page.getByLabel('Message')).toBeEnabled();
  await row.getByRole('button', { name: `More actions for ${title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Finish chat (this server cannot)' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await askAndWait(page, 'Still open here');
});
