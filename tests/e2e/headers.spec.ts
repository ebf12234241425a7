import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  addHeader,
  ask,
  chooseHeaderProfile,
  headerAssistants,
  lastStatus,
  lastTurn,
  openChat,
  openHeaders,
  pickAssistant,
  consoleOrigin,
  platformOrigin,
  proofRow,
  setForwarding,
  signIn,
} from './support';

const run = promisify(execFile);

async function askAndWait(page: Page, text: string): Promise<void> {
  await ask(page, text);
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
});

test('a header typed in the editor reaches the MCP tool server and shows as received', async ({ page }) => {
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Api-Key', 'secret-key');
  await expect(page.getByTestId('header-row').nth(1)).toContainText('will not be forwarded');
  await openChat(page);
  await pickAssistant(page, headerAssistants.inspector.name);
  await askAndWait(page, 'Which headers reached the tool server?');

  await expect(proofRow(page, 'X-Tenant-ID')).toContainText('acme');
  await expect(proofRow(page, 'X-Tenant-ID')).toContainText('forwarded');
  // The platform drops X-Api-Key whatever the flag: it is sent, never received.
  await expect(proofRow(page, 'X-Api-Key')).toContainText('stripped by the platform');
  await expect(proofRow(page, 'X-Api-Key').locator('td').nth(1)).toHaveText('—');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('acme');
  await expect(lastTurn(page).getByTestId('answer-text')).not.toContainText('secret-key');
});

test('the proof says who set each header the tool server received: you, the console, the MCP client', async ({
  page,
}) => {
  await openHeaders(page);
  await page.getByLabel('Profile name').fill('Tenant A');
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Correlation-ID', '{{uuid}}');
  await addHeader(page, 'X-Api-Key', 'secret-key');
  await openChat(page);
  await pickAssistant(page, headerAssistants.inspector.name);
  await askAndWait(page, 'Which headers reached the tool server?');
  const setBy = (name: string) => proofRow(page, name).locator('td[data-label="Set by"]');
  const setter = (name: string) => setBy(name).locator('.proof-setter-badge');

  // MCP 2026-07-28's standard headers, set by the platform's MCP client on its request to the tool server.
  await expect(proofRow(page, 'Mcp-Method')).toContainText('tools/call');
  await expect(setter('Mcp-Method')).toHaveText('MCP client');
  await expect(proofRow(page, 'Mcp-Name')).toContainText('echo_headers');
  await expect(setter('Mcp-Name')).toHaveText('MCP client');
  await expect(setter('MCP-Protocol-Version')).toHaveText('MCP client');
  // Yours: the profile row, and for a template what it resolved to.
  await expect(setter('X-Tenant-ID')).toHaveText('you');
  await expect(setBy('X-Tenant-ID')).toContainText('profile “Tenant A”, row X-Tenant-ID');
  const uuid = await proofRow(page, 'X-Correlation-ID')
    .locator('td')
    .nth(1)
    .locator('[data-full]')
    .getAttribute('data-full');
  expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
  await expect(setBy('X-Correlation-ID')).toContainText(`template {{uuid}} → ${uuid}, profile “Tenant A”`);
  // The console's own: its request id, and its trace, which reached the tool under the platform's span.
  await expect(proofRow(page, 'X-Request-ID')).toContainText('forwarded');
  await expect(setter('X-Request-ID')).toHaveText('console');
  const traceId = /Trace ID ([0-9a-f]{32})/.exec(await lastTurn(page).locator('.turn-trace-id').innerText())?.[1] ?? '';
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  await expect(proofRow(page, 'traceparent')).toContainText('passed on');
  await expect(setter('traceparent')).toHaveText('console');
  const arrived = await proofRow(page, 'traceparent')
    .locator('td')
    .nth(1)
    .locator('[data-full]')
    .getAttribute('data-full');
  expect(arrived).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  // Sent but stripped on the way, as before; nothing in the table is of unknown origin.
  await expect(proofRow(page, 'X-Api-Key')).toContainText('stripped by the platform');
  await expect(setter('X-Api-Key')).toHaveText('you');
  await expect(lastTurn(page).locator('.proof-setter-badge').filter({ hasText: 'unknown' })).toHaveCount(0);
  await expect(lastTurn(page).locator('.proof-summary')).toContainText('added on the way by the MCP client');
  const { violations } = await new AxeBuilder({ page }).include('.header-proof').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

test('with forwarding off no custom header is sent or received', async ({ page }) => {
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await openChat(page);
  await setForwarding(page, false);
  await pickAssistant(page, headerAssistants.inspector.name);
  await askAndWait(page, 'Which headers reached the tool server?');
  await expect(proofRow(page, 'X-Tenant-ID')).toContainText('not sent');
  await expect(lastTurn(page).getByTestId('answer-text')).not.toContainText('acme');
});

test('{{uuid}} is resolved afresh for every request, and never sent literally', async ({ page }) => {
  await openHeaders(page);
  await addHeader(page, 'X-Correlation-ID', '{{uuid}}');
  await openChat(page);
  await pickAssistant(page, headerAssistants.inspector.name);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  // A long value is cut in the middle on screen; the whole of it is on the cell's value.
  const received = async () =>
    (await proofRow(page, 'X-Correlation-ID').locator('td').nth(1).locator('[data-full]').getAttribute('data-full')) ??
    '';

  await askAndWait(page, 'Which headers reached the tool server?');
  await expect(proofRow(page, 'X-Correlation-ID')).toContainText('forwarded');
  const first = await received();
  expect(first).toMatch(uuid);
  await askAndWait(page, 'And now?');
  await expect(proofRow(page, 'X-Correlation-ID')).toContainText('forwarded');
  const second = await received();
  expect(second).toMatch(uuid);
  expect(second).not.toBe(first);
});

test('a bad header name is rejected in the editor and blocks sending until fixed', async ({ page }) => {
  await openHeaders(page);
  await addHeader(page, 'X-Tenant ID', 'acme');
  await expect(page.getByTestId('header-row').first()).toContainText(/space/i);
  await expect(page.getByLabel('Header 1 name')).toHaveAttribute('aria-invalid', 'true');
  await openChat(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Sending is blocked' })).toContainText('X-Tenant ID');
  await page.getByLabel('Message').fill('Hello');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByLabel('Message')).toHaveValue('Hello');

  await page.getByRole('link', { name: /Fix 1 header problem/ }).click();
  await page.getByLabel('Header 1 name').fill('X-Tenant-ID');
  await openChat(page);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('an imported profile with a line break in a value is refused with its row named', async ({ page }) => {
  await openHeaders(page);
  const file = join(tmpdir(), `profiles-${Date.now()}.json`);
  await writeFile(
    file,
    JSON.stringify({
      profiles: [{ name: 'Injected', headers: [{ name: 'X-Tenant-ID', value: 'acme\r\nX-Role: admin' }] }],
    }),
  );
  await page.getByLabel('Import profiles from a JSON file').setInputFiles(file);
  const refusal = page.getByRole('alert').filter({ hasText: 'was not imported' });
  await expect(refusal).toContainText('profiles[0].headers[0].value');
  await expect(refusal).toContainText(/line break/i);
  await expect(page.getByRole('button', { name: /^Injected/ })).toHaveCount(0);
});

/** A profile in the Headers screen's list, by the start of its name. */
const profileItem = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Header profiles' }).getByRole('button', { name: new RegExp(`^${name}`) });
const headersChip = (page: Page) => page.getByRole('button', { name: /^Headers/ });

test('profiles survive a reload, and switching profile changes what the tool server returns', async ({ page }) => {
  await openHeaders(page);
  await page.getByLabel('Profile name').fill('Tenant A');
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByLabel('Profile name').fill('Tenant B');
  await addHeader(page, 'X-Tenant-ID', 'globex');
  await page.getByRole('button', { name: 'Use this profile' }).click();

  await page.reload();
  await openHeaders(page);
  await expect(profileItem(page, 'Tenant A')).toBeVisible();
  await expect(profileItem(page, 'Tenant B')).toContainText('Active');
  // The screen opens on the profile in use.
  await expect(profileItem(page, 'Tenant B')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByLabel('Header 1 value')).toHaveValue('globex');

  await openChat(page);
  await pickAssistant(page, headerAssistants.tenant.name);
  await chooseHeaderProfile(page, 'Tenant A · 1');
  await askAndWait(page, 'Show our records');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Acme');
  await chooseHeaderProfile(page, 'Tenant B · 1');
  await askAndWait(page, 'Show our records again');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Globex');
  await expect(lastTurn(page).getByTestId('answer-text')).not.toContainText('Acme');
});

test('editing a profile leaves the active one in use, marked; "Use this profile" switches it', async ({ page }) => {
  await openHeaders(page);
  await page.getByLabel('Profile name').fill('Tenant A');
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await expect(profileItem(page, 'Tenant A')).toContainText('Active');
  // A new profile opens in the editor; the one calls use stays, and stays marked.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByLabel('Profile name').fill('Tenant B');
  await addHeader(page, 'X-Tenant-ID', 'globex');
  await expect(profileItem(page, 'Tenant B')).toHaveAttribute('aria-current', 'true');
  await expect(profileItem(page, 'Tenant B')).not.toContainText('Active');
  await expect(profileItem(page, 'Tenant A')).toContainText('Active');
  await expect(page.getByText('Calls use “Tenant A”')).toBeVisible();

  await openChat(page);
  await expect(headersChip(page)).toContainText('Tenant A · 1');
  await pickAssistant(page, headerAssistants.tenant.name);
  await askAndWait(page, 'Show our records');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Acme');

  // Opening Tenant A to edit and back to Tenant B changes nothing calls send.
  await openHeaders(page);
  await profileItem(page, 'Tenant A').click();
  await profileItem(page, 'Tenant B').click();
  await expect(page.getByLabel('Header 1 value')).toHaveValue('globex');
  await page.getByLabel('Header 1 value').fill('globex-2');
  await openChat(page);
  await expect(headersChip(page)).toContainText('Tenant A · 1');
  await askAndWait(page, 'Show our records again');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Acme');
  await expect(lastTurn(page).getByTestId('answer-text')).not.toContainText('Globex');

  await openHeaders(page);
  await page.getByRole('button', { name: 'Use this profile' }).click();
  await expect(profileItem(page, 'Tenant B')).toContainText('Active');
  await expect(profileItem(page, 'Tenant A')).not.toContainText('Active');
  await expect(page.getByText('Calls use this profile.')).toBeFocused();
  await page.getByLabel('Header 1 value').fill('globex');
  await openChat(page);
  await expect(headersChip(page)).toContainText('Tenant B · 1');
  await askAndWait(page, 'Show our records once more');
  await expect(lastTurn(page).getByTestId('answer-text')).toContainText('Globex');

  // The chat bar's chip switches the profile in use, and the list marks it.
  await chooseHeaderProfile(page, 'Tenant A · 1');
  await openHeaders(page);
  await expect(profileItem(page, 'Tenant A')).toContainText('Active');
  await expect(profileItem(page, 'Tenant B')).toHaveAttribute('aria-current', 'true');
});

test('the inspector shows the call, and its copied curl reproduces it against the platform', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme\'s "lab" $HOME `x`');
  await openChat(page);
  await page.getByLabel('Stream').uncheck();
  await pickAssistant(page, headerAssistants.inspector.name);
  await askAndWait(page, 'Which headers reached the tool server?');
  await lastTurn(page)
    .getByRole('link', { name: /^Request/ })
    .click();

  const detail = page.getByRole('article', { name: 'Request details' });
  await expect(detail.getByRole('heading', { level: 2 })).toContainText(
    `POST ${consoleOrigin}/code-assistant-api/v1/assistants/${headerAssistants.inspector.id}/model`,
  );
  await expect(detail.getByRole('table', { name: 'Request headers' })).toContainText('Bearer $ACCESS_TOKEN');
  await expect(detail.getByRole('table', { name: 'Resolved custom headers' })).toContainText("acme's");
  await detail.getByRole('tab', { name: 'Response' }).click();
  const served = JSON.parse(await detail.getByLabel('Response body').innerText()) as { generated: string };

  await detail.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(detail.getByRole('button', { name: 'Copied' })).toBeVisible();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain('$ACCESS_TOKEN');
  expect(curl).not.toMatch(/Bearer ey/);

  const token = await passwordToken('analyst');
  const { stdout } = await run('bash', ['-c', curl], { env: { ...process.env, ACCESS_TOKEN: token }, timeout: 20_000 });
  const replayed = JSON.parse(stdout) as { generated: string };
  expect(replayed.generated).toBe(served.generated);
  expect(replayed.generated).toContain("acme's");
});

async function passwordToken(username: string): Promise<string> {
  const response = await fetch(`${platformOrigin}/auth/realms/local/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'sdk-client',
      username,
      password: username,
      scope: 'openid profile email',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

test('a new header row takes the keyboard: its name, or its value when a suggestion named it', async ({ page }) => {
  await openHeaders(page);
  const rows = page.getByTestId('header-row');
  const position = (await rows.count()) + 1;
  await page.getByRole('button', { name: 'Add header' }).click();
  await expect(page.getByLabel(`Header ${position} name`)).toBeFocused();
  await page.keyboard.type('X-Team');
  await expect(page.getByLabel(`Header ${position} name`)).toHaveValue('X-Team');
  const suggestion = page.getByRole('group', { name: 'Suggested headers' }).getByRole('button').first();
  if (await suggestion.count()) {
    await suggestion.click();
    await expect(page.getByLabel(`Header ${position + 1} value`)).toBeFocused();
  }
});

test('the proof panel reads on a projector: its headers, names and values stay on one line at 1440 and 1024 px', async ({
  page,
}) => {
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Correlation-ID', '{{uuid}}');
  await openChat(page);
  await pickAssistant(page, headerAssistants.inspector.name);
  await askAndWait(page, 'Which headers reached the tool server?');
  await expect(proofRow(page, 'X-Correlation-ID')).toContainText('forwarded');
  await expect(lastTurn(page).locator('.proof-summary')).toContainText('arrived at the tool server as sent');
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    const cells = lastTurn(page).locator(
      '.proof-table thead th, .proof-table th[scope="row"], .proof-table .proof-value',
    );
    const tall = await cells.evaluateAll((elements) =>
      elements
        .filter(
          (element) =>
            element.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(element).fontSize) * 1.3,
        )
        .map((element) => element.textContent),
    );
    expect(tall, `cells on more than one line at ${width} px`).toEqual([]);
  }
});
