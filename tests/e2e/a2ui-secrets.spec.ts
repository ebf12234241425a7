// An obscured A2UI field (a password, a token the agent asks for) is a secret: its value goes to the server on the
// wire and nowhere else: not the turn, the conversation export, the Inspector or its copies, the client-library
// copies, web storage or IndexedDB; and Regenerate does not send it again until the person types it again.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { copied, downloaded, storedText } from './secret-places';
import { ask, lastStatus, lastTurn, openDetails, pickAssistant, signIn } from './support';

const asking = 'Asking Assistant';
const form = (page: Page) => page.getByRole('form', { name: `${asking} asks` }).last();

test('an obscured answer goes on the wire only, and Regenerate asks for it again', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const secret = 'obscured-123';
  const wire: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/model')) return;
    const body = request.postDataJSON() as { a2uiDataModel?: Record<string, unknown> };
    if (body.a2uiDataModel) wire.push(body.a2uiDataModel['secret']);
  });

  await signIn(page, 'analyst');
  await pickAssistant(page, asking);
  await ask(page, `Show me everything (secret ${Date.now().toString(36)})`);
  await expect(form(page)).toContainText('Every component');
  await form(page).getByRole('tab', { name: 'Details' }).click();
  await form(page).getByRole('textbox', { name: /^Name/ }).fill('Ada');
  const passphrase = form(page).getByLabel('Passphrase');
  await expect(passphrase).toHaveAttribute('type', 'password');
  await expect(passphrase).toHaveAttribute('autocomplete', 'off');
  await passphrase.fill(secret);
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('name: Ada', { timeout: 20_000 });
  await expect(lastStatus(page)).toHaveText(/^Completed/);
  expect(wire).toEqual([secret]);

  const seen: Record<string, string> = { chat: await page.locator('body').innerText() };
  const details = await openDetails(page);
  seen['copy as Node.js'] = await copied(page, details, 'Copy as Node.js');
  seen['copy as Python'] = await copied(page, details, 'Copy as Python');
  seen['conversation export'] = await downloaded(page, async () => {
    await page
      .getByRole('button', { name: /^More actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
  });
  expect(seen['conversation export']).toContain('"secretFields"');

  // Regenerate asks for the secret again: nothing goes without it, and it goes when typed.
  await lastTurn(page).getByRole('button', { name: 'Regenerate' }).click();
  const again = lastTurn(page).getByRole('form', { name: 'Send the answer again' });
  await expect(again.getByLabel('Passphrase')).toBeFocused();
  await again.getByRole('button', { name: 'Send again' }).click();
  await expect(again.getByRole('alert')).toHaveText('Type Passphrase again to send the answer, or Cancel.');
  expect(wire).toHaveLength(1);
  await again.getByLabel('Passphrase').fill(secret);
  await again.getByRole('button', { name: 'Send again' }).click();
  await expect.poll(() => wire.length).toBe(2);
  expect(wire[1]).toBe(secret);
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });

  const chat = page.url();
  // The Inspector shows the call as everything else does: masked, in the page and in its copies.
  await (await openDetails(page)).getByRole('link', { name: /^Request/ }).click();
  const detail = page.getByRole('article', { name: 'Request details' });
  await detail.getByRole('tab', { name: 'Payload' }).click();
  await expect(detail).toContainText('"secret": "••••••"');
  seen['inspector'] = await page.locator('body').innerText();
  seen['copy as curl'] = await copied(page, detail, 'Copy as curl');
  seen['copy as fetch'] = await copied(page, detail, 'Copy as fetch');
  expect(seen['copy as curl']).toContain('a2uiDataModel');

  // Back in the chat, loaded anew (the server's copy of the answer joins the stored one).
  await page.goto(chat);
  await expect(form(page)).toContainText('Answered', { timeout: 15_000 });
  seen['after a reload'] = await page.locator('body').innerText();
  const stored = await storedText(page);
  expect(Object.keys(stored).some((place) => place.endsWith('.turns'))).toBe(true);
  for (const [where, text] of Object.entries({ ...seen, ...stored }))
    expect(text.includes(secret), `the obscured answer appears in ${where}`).toBe(false);
});
