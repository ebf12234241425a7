import { expect, test } from './csp';
import { copied, downloaded, formsOf, storedText } from './secret-places';
import {
  addHeader,
  ask,
  headerAssistants,
  lastStatus,
  lastTurn,
  openChat,
  openDetails,
  openHeaders,
  pickAssistant,
  signIn,
} from './support';

const mask = '••••••';

test('a header named like a credential is secret on first entry; made plain, it stays plain after a reload', async ({
  page,
}) => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const apiKey = `key-${unique}`;
  const session = `sess-${unique}`;
  await signIn(page, 'analyst');
  await openHeaders(page);

  await addHeader(page, 'X-Api-Key', apiKey);
  const keyRow = page.getByTestId('header-row').nth(0);
  await expect(keyRow).toContainText('Secret because its name looks like a credential');
  await expect(keyRow.getByRole('checkbox', { name: /^Secret/ })).toBeChecked();
  await expect(page.getByLabel('Header 1 value')).toHaveAttribute('type', 'password');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(mask);
  await expect(preview).not.toContainText(apiKey);

  await addHeader(page, 'X-Session-Id', session);
  const sessionRow = page.getByTestId('header-row').nth(1);
  await expect(sessionRow).toContainText('Secret because its name looks like a credential');
  await sessionRow.getByRole('button', { name: 'Make header 2 plain' }).click();
  await expect(sessionRow.getByRole('checkbox', { name: /^Secret/ })).not.toBeChecked();
  await expect(sessionRow).not.toContainText('Secret because');
  await expect(preview).toContainText(session);

  // A plain header whose value looks like a token is warned about.
  await addHeader(page, 'X-Upstream', 'ghp_0123456789abcdefghijABCDEFGHIJ');
  await expect(page.getByTestId('header-row').nth(2)).toContainText('looks like a GitHub token');

  // The choices are remembered.
  await page.reload();
  await openHeaders(page);
  await expect(page.getByLabel('Header 2 value')).toHaveValue(session);
  await expect(page.getByLabel('Header 1 value')).toHaveAttribute('type', 'password');
  await expect(
    page
      .getByTestId('header-row')
      .nth(0)
      .getByRole('checkbox', { name: /^Secret/ }),
  ).toBeChecked();
  await expect(page.getByLabel('Header 2 value')).toHaveAttribute('type', 'text');
  await expect(
    page
      .getByTestId('header-row')
      .nth(1)
      .getByRole('checkbox', { name: /^Secret/ }),
  ).not.toBeChecked();
  await expect(page.getByTestId('header-row').nth(1)).not.toContainText('Secret because');
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText(session);
  await expect(page.getByRole('region', { name: 'Preview' })).not.toContainText(apiKey);
});

test('Leaky Echo’s tool writes a secret header raw, base64, percent-encoded, in Basic auth and Markdown-escaped: no form of it reaches the page, the exports or the copies', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const token = `tt_live/${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}+x`;
  await signIn(page, 'analyst');
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Tool-Token', token);
  await expect(page.getByTestId('header-row').nth(1)).toContainText('Secret because its name looks like a credential');

  await openChat(page);
  await pickAssistant(page, 'Leaky Echo');
  await ask(page, 'Leak my headers');
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });
  const answer = lastTurn(page).getByTestId('answer-text');
  await expect(answer).toContainText('Inside Basic auth');
  await expect(answer).toContainText('acme');
  await expect(answer).toContainText(mask);
  // The agent thought aloud with the value in pieces of five characters: the thought they assemble shows the mask.
  const thoughts = lastTurn(page).getByRole('region', { name: 'Thoughts' });
  const summary = thoughts.getByRole('button', { name: /^Thoughts · / });
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
  await thoughts.getByRole('button', { name: 'Expand all' }).click();
  await expect(thoughts).toContainText(`Noted x-tool-token = ${mask} (percent: ${mask})`);
  const seen: Record<string, string> = {
    chat: await page.locator('body').innerText(),
    'answer html': await answer.innerHTML(),
  };
  const details = await openDetails(page);
  seen['copy as Python'] = await copied(page, details, 'Copy as Python');
  seen['copy as Node.js'] = await copied(page, details, 'Copy as Node.js');
  for (const format of ['JSON', 'Markdown'])
    seen[`conversation ${format} export`] = await downloaded(page, async () => {
      await page
        .getByRole('button', { name: /^More actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: `Export as ${format}` }).click();
    });
  expect(seen['conversation JSON export']).toContain('leaky_echo');
  expect(seen['conversation Markdown export']).toContain('Inside Basic auth');

  // The server's copy holds the value (the tool said it to the server): its PDF would show it, so the panel asks, and
  // offers the JSON, masked by the console.
  await page
    .getByRole('button', { name: /^More actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Export PDF / DOCX / JSON (server)…' }).click();
  const serverExport = page.getByRole('form', { name: /^Export .* from the server$/ });
  await serverExport.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(serverExport.getByRole('alert')).toContainText('holds a secret header value in clear');
  await expect(serverExport.getByRole('button', { name: 'Download PDF with the secret value' })).toBeVisible();
  seen['server JSON export'] = await downloaded(page, () =>
    serverExport.getByRole('button', { name: 'Download JSON instead (masked)' }).click(),
  );
  expect(seen['server JSON export']).toContain('Inside Basic auth');
  await serverExport.getByRole('button', { name: 'Close' }).click();
  // Nor is the chat shared (whoever opens the link reads the server's copy) until the person says so.
  await page
    .getByRole('button', { name: /^More actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Share link' }).click();
  const share = page.getByRole('group', { name: /^Share / });
  await expect(share.getByRole('alert')).toContainText('whoever opens a share link reads the server');
  await expect(share.getByRole('button', { name: 'Share with the secret value' })).toBeVisible();
  await expect(share.getByLabel('Share link')).toHaveCount(0);
  await share.getByRole('button', { name: 'Close' }).click();

  await (await openDetails(page)).getByRole('link', { name: /^Request/ }).click();
  const detail = page.getByRole('article', { name: 'Request details' });
  await detail.getByRole('tab', { name: 'Response' }).click();
  seen['inspector response'] = await page.locator('body').innerText();
  seen['copy as curl'] = await copied(page, detail, 'Copy as curl');
  seen['copy as fetch'] = await copied(page, detail, 'Copy as fetch');
  expect(seen['copy as curl']).toContain('-H "X-Tool-Token: $X_TOOL_TOKEN"');

  const stored = await storedText(page);
  for (const place of Object.keys(stored)) if (place.endsWith('.headerProfiles')) delete stored[place];
  for (const [where, text] of Object.entries({ ...seen, ...stored }))
    for (const [form, written] of Object.entries(formsOf(token)))
      expect(text.includes(written), `the token written ${form} appears in ${where}`).toBe(false);
});

test('the Header Inspector’s Markdown-escaped report of a secret value with “_” shows the mask, not the value', async ({
  page,
}) => {
  const token = `tt_live_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, 'analyst');
  await openHeaders(page);
  await addHeader(page, 'X-Tool-Token', token);
  await openChat(page);
  await pickAssistant(page, headerAssistants.inspector.name);
  await ask(page, 'Which headers reached the tool server? (underscores)');
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });
  const answer = lastTurn(page).getByTestId('answer-text');
  await expect(answer).toContainText('x-tool-token');
  await expect(answer).toContainText(mask);
  const seen = { chat: await page.locator('body').innerText(), 'answer html': await answer.innerHTML() };
  const stored = await storedText(page);
  for (const place of Object.keys(stored)) if (place.endsWith('.headerProfiles')) delete stored[place];
  for (const [where, text] of Object.entries({ ...seen, ...stored }))
    for (const [form, written] of Object.entries(formsOf(token)))
      expect(text.includes(written), `the token written ${form} appears in ${where}`).toBe(false);
});
