// Custom headers from the editor to the MCP tool server: what is sent, who set what was received, what is refused.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './csp';
import {
  addHeader,
  askAndWait,
  assistants,
  headerAssistants,
  lastTurn,
  openChat,
  openDetails,
  openHeaders,
  openProof,
  pickAssistant,
  proofPanel,
  proofRow,
  setForwarding,
  signIn,
} from './support';

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
  await openProof(page);

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
  await openProof(page);
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
  const traceId = /Trace ID ([0-9a-f]{32})/.exec(await (await openDetails(page)).innerText())?.[1] ?? '';
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
  await openProof(page);
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
  await openProof(page);
  await expect(proofRow(page, 'X-Correlation-ID')).toContainText('forwarded');
  const first = await received();
  expect(first).toMatch(uuid);
  await askAndWait(page, 'And now?');
  await openProof(page);
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

test('the proof panel reads on a projector: its column heads on one line, nothing in it cut, at 1440 and 1024 px', async ({
  page,
}) => {
  await openHeaders(page);
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Correlation-ID', '{{uuid}}');
  await openChat(page);
  await pickAssistant(page, headerAssistants.inspector.name);
  await askAndWait(page, 'Which headers reached the tool server?');
  await openProof(page);
  await expect(proofRow(page, 'X-Correlation-ID')).toContainText('forwarded');
  await expect(lastTurn(page).locator('.proof-summary')).toContainText('arrived at the tool server as sent');
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    const heads = lastTurn(page).locator('.proof-table thead th');
    const tall = await heads.evaluateAll((elements) =>
      elements
        .filter(
          (element) =>
            element.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(element).fontSize) * 1.3,
        )
        .map((element) => element.textContent),
    );
    expect(tall, `column heads on more than one line at ${width} px`).toEqual([]);
    // Names, values and who set them wrap in their cells where they must: none runs out of its box.
    const cut = await lastTurn(page)
      .locator('.proof-table th, .proof-table td, .proof-value > .mono, .proof-setter-detail')
      .evaluateAll((elements) =>
        elements
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.textContent),
      );
    expect(cut, `cut at ${width} px`).toEqual([]);
  }
});

test('the Headers panel is one closed line under each answer, and opens on demand into a table that wraps, never cuts', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHeaders(page);
  await page.getByLabel('Profile name').fill('Tenant A');
  await addHeader(page, 'X-Tenant-ID', 'acme');
  await addHeader(page, 'X-Correlation-ID', '{{uuid}}');
  await openChat(page);

  // An answer whose tools report nothing: one line says what was sent, and that no tool reported; no table.
  await pickAssistant(page, assistants.general.name);
  await askAndWait(page, 'Say hello');
  const panel = proofPanel(page);
  const summary = panel.locator('summary');
  await expect(summary).toHaveText('Headers · Tenant A · 2 headers sent · no tool reported what it received');
  await expect(panel.getByRole('table')).toBeHidden();
  const line = await summary.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  expect((await summary.boundingBox())?.height ?? 0).toBeLessThan(line * 1.5);

  // Where a tool reports, the line gives the verdict; the reader opens the table.
  await pickAssistant(page, headerAssistants.inspector.name);
  await askAndWait(page, 'Which headers reached the tool server?');
  await expect(summary).toContainText('Headers · Tenant A · 2 headers sent · all arrived as sent');
  await expect(panel.getByRole('table')).toBeHidden();
  await summary.click();
  await expect(panel.getByRole('table')).toBeVisible();
  // "Set by" is read whole: it wraps in its cell rather than being cut.
  const setBy = proofRow(page, 'X-Correlation-ID').locator('td[data-label="Set by"] .proof-setter-detail');
  await expect(setBy).toContainText(/^\s*template \{\{uuid\}\} → [0-9a-f-]{36}, profile “Tenant A”$/);
  const cut = await lastTurn(page)
    .locator('.proof-setter-detail, .proof-table th[scope="row"]')
    .evaluateAll((elements) =>
      elements.filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent),
    );
  expect(cut).toEqual([]);
  // Closed again by its line.
  await summary.click();
  await expect(panel.getByRole('table')).toBeHidden();
});
