import { expect, test } from './csp';
import { copied, downloaded, storedText } from './secret-places';
import {
  addHeader,
  ask,
  headerAssistants,
  lastStatus,
  openChat,
  openDetails,
  openHeaders,
  openProof,
  openWorkflows,
  pickAssistant,
  pickWorkflow,
  proofRow,
  runHeader,
  signIn,
  statusIn,
} from './support';

const mask = '••••••';

test('a secret header value goes on the wire and nowhere else: not the page, exports, copied commands or storage', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const apiKey = `key-${unique}`;
  const toolToken = `tok-${unique}`;
  // What left the browser: the real values must travel.
  const wire: { key: string | undefined; token: string | undefined; tenant: string | undefined }[] = [];
  page.on('request', (request) => {
    const headers = request.headers();
    if (headers['x-api-key'] || headers['x-tool-token'])
      wire.push({ key: headers['x-api-key'], token: headers['x-tool-token'], tenant: headers['x-tenant-id'] });
  });

  await signIn(page, 'analyst');
  await openHeaders(page);
  await addHeader(page, 'X-Api-Key', apiKey);
  const keyRow = page.getByTestId('header-row').nth(0);
  // Secret by default: its name looks like a credential.
  await expect(keyRow).toContainText('Secret because its name looks like a credential');
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await expect(page.getByTestId('header-row').nth(1)).not.toContainText('Secret because');
  await addHeader(page, 'X-Tool-Token', toolToken);
  await expect(
    page
      .getByTestId('header-row')
      .nth(2)
      .getByRole('checkbox', { name: /^Secret/ }),
  ).toBeChecked();
  await expect(page.getByLabel('Header 1 value')).toHaveAttribute('type', 'password');
  await expect(page.getByLabel('Header 3 value')).toHaveAttribute('type', 'password');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('acme');
  await expect(preview).toContainText(mask);
  const seen: Record<string, string> = { 'headers screen': await page.locator('body').innerText() };

  // A chat turn: the tool server gets the forwarded secret (the proof says "forwarded", comparing it masked).
  await openChat(page);
  await pickAssistant(page, headerAssistants.inspector.name);
  await ask(page, 'Which headers reached the tool server?');
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });
  await openProof(page);
  await expect(proofRow(page, 'X-Tenant-ID')).toContainText('acme');
  await expect(proofRow(page, 'X-Tool-Token')).toContainText('forwarded');
  await expect(proofRow(page, 'X-Tool-Token')).toContainText(mask);
  await expect(proofRow(page, 'X-Api-Key')).toContainText('stripped by the platform');
  seen['chat'] = await page.locator('body').innerText();
  expect(wire.at(-1)).toEqual({ key: apiKey, token: toolToken, tenant: 'acme' });

  const conversationTitle = 'Which headers reached the tool server?';
  seen['conversation export'] = await downloaded(page, async () => {
    await page
      .getByRole('button', { name: `More actions for ${conversationTitle}`, exact: true })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
  });
  expect(seen['conversation export']).toContain('X-Tool-Token');

  // The Inspector: the call masked, Copy as curl with variables, Copy with secrets with the values.
  await (await openDetails(page)).getByRole('link', { name: /^Request/ }).click();
  const detail = page.getByRole('article', { name: 'Request details' });
  await expect(detail.getByRole('table', { name: 'Request headers' })).toContainText(mask);
  seen['inspector'] = await page.locator('body').innerText();
  seen['copy as curl'] = await copied(page, detail, 'Copy as curl');
  expect(seen['copy as curl']).toContain('-H "X-Api-Key: $X_API_KEY"');
  expect(seen['copy as curl']).toContain('-H "X-Tool-Token: $X_TOOL_TOKEN"');
  seen['copy as fetch'] = await copied(page, detail, 'Copy as fetch');
  const withSecrets = await copied(page, detail, 'Copy with secrets');
  expect(withSecrets).toContain(`'X-Api-Key: ${apiKey}'`);
  expect(withSecrets).toContain(`'X-Tool-Token: ${toolToken}'`);

  // A workflow run with the same profile.
  await openWorkflows(page);
  const form = await pickWorkflow(page, 'Header relay');
  await form.getByText('Request preview', { exact: true }).click();
  seen['launcher curl'] = await copied(page, form, 'Copy as curl');
  expect(seen['launcher curl']).toContain('"X-Api-Key: $X_API_KEY"');
  expect(await copied(page, form, 'Copy with secrets')).toContain(`'X-Api-Key: ${apiKey}'`);
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 20_000 });
  const runRow = (name: string) =>
    page.locator('.proof-table tbody tr').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(runRow('X-Tool-Token')).toContainText('forwarded');
  await expect(runRow('X-Api-Key')).toContainText('stripped by the platform');
  expect(wire.at(-1)).toEqual({ key: apiKey, token: toolToken, tenant: 'acme' });
  seen['run page'] = await page.locator('body').innerText();
  const actions = page.locator('.run-actions');
  seen['run curl'] = await copied(page, actions, 'Copy as curl');
  expect(seen['run curl']).toContain('"X-Tool-Token: $X_TOOL_TOKEN"');
  expect(await copied(page, actions, 'Copy with secrets')).toContain(`'X-Tool-Token: ${toolToken}'`);

  await page.getByRole('link', { name: 'Runs', exact: true }).click();
  seen['runs export'] = await downloaded(page, () => page.getByRole('button', { name: /^Export JSON/ }).click());
  expect(seen['runs export']).toContain('X-Tool-Token');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inspector', exact: true }).click();
  seen['inspector export'] = await downloaded(page, () => page.getByRole('button', { name: /^Export log/ }).click());
  expect(seen['inspector export']).toContain(mask);

  // Storage: the profile is the one place that keeps the values.
  const stored = await storedText(page);
  const profileStores = Object.keys(stored).filter((place) => place.endsWith('.headerProfiles'));
  expect(profileStores.some((place) => stored[place]?.includes(apiKey))).toBe(true);
  for (const place of profileStores) delete stored[place];
  expect(Object.keys(stored).some((place) => place.endsWith('.turns'))).toBe(true);
  for (const [where, text] of Object.entries({ ...seen, ...stored })) {
    expect(text.includes(apiKey), `the API key appears in ${where}`).toBe(false);
    expect(text.includes(toolToken), `the tool token appears in ${where}`).toBe(false);
  }
});

test('a header name proxies act on is accepted, with a warning in its row', async ({ page }) => {
  await signIn(page, 'analyst');
  await openHeaders(page);
  await addHeader(page, 'X-Forwarded-For', '10.0.0.1');
  await expect(page.getByTestId('header-row').first()).toContainText('Proxies and frameworks act on X-Forwarded-For');
  await expect(page.getByLabel('Header 1 name')).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('10.0.0.1');
});

test('copies kept before a value was marked secret are masked then, and deleting the profile leaves none', async ({
  page,
}) => {
  const token = `early-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, 'analyst');
  await openHeaders(page);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await addHeader(page, 'X-Tool-Token', token);
  // Secret by its name: made plain first, so the copies below are kept before it is marked.
  await page.getByRole('button', { name: 'Make header 1 plain' }).click();
  await page.getByRole('button', { name: 'Use this profile' }).click();
  await openChat(page);
  await pickAssistant(page, headerAssistants.inspector.name);
  await ask(page, 'Which headers reached the tool server? (before the secret)');
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });
  await openProof(page);
  await expect(proofRow(page, 'X-Tool-Token')).toContainText(token.slice(0, 10));
  const outsideProfiles = async () => {
    const stored = await storedText(page);
    return Object.entries(stored)
      .filter(([place]) => !place.endsWith('.headerProfiles'))
      .filter(([, text]) => text.includes(token))
      .map(([place]) => place);
  };
  // Sent before it was secret: the turn keeps it.
  await expect.poll(outsideProfiles).toContain('assistant-console.turns');

  await openHeaders(page);
  await page
    .getByTestId('header-row')
    .first()
    .getByRole('checkbox', { name: /^Secret/ })
    .check();
  await expect.poll(outsideProfiles).toEqual([]);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete profile' })
    .getByRole('button', { name: 'Delete profile' })
    .click();
  await expect.poll(async () => Object.values(await storedText(page)).some((text) => text.includes(token))).toBe(false);
});
