// Header profiles: kept over a reload, switched, edited while another is in use; a call reproduced by its curl.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  addHeader,
  askAndWait,
  chooseHeaderProfile,
  consoleOrigin,
  headerAssistants,
  lastTurn,
  openChat,
  openDetails,
  openHeaders,
  pickAssistant,
  platformOrigin,
  signIn,
} from './support';

const run = promisify(execFile);

test.beforeEach(async ({ page }) => {
  await signIn(page, 'analyst');
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
  await (await openDetails(page)).getByRole('link', { name: /^Request/ }).click();

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
