import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { storedText } from './secret-places';
import { ask, lastStatus, openWorkflows, pickWorkflow, runHeader, signIn, statusIn, workflows } from './support';

/** The tokens oidc-client-ts holds for this tab (sessionStorage is their only home). */
async function tokensOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (let index = 0; index < sessionStorage.length; index += 1) {
      const key = sessionStorage.key(index) ?? '';
      if (!key.startsWith('oidc.user:')) continue;
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      for (const name of ['access_token', 'refresh_token', 'id_token']) {
        const value = user[name];
        if (typeof value === 'string' && value.length > 20) found.push(value);
      }
    }
    return found;
  });
}

/** Everything the console keeps outside sessionStorage: localStorage and every IndexedDB store, as text. */
async function persistedText(page: Page): Promise<string> {
  const places = await storedText(page);
  return Object.entries(places)
    .filter(([place]) => place !== 'sessionStorage')
    .map(([, text]) => text)
    .join('\n');
}

async function downloaded(page: Page, button: RegExp): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return readFile(await download.path(), 'utf8');
}

test('no token is kept or shown outside sessionStorage: not in storage, URLs, exports, the request log or the console', async ({
  page,
}) => {
  const urls: string[] = [];
  const consoleLines: string[] = [];
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  page.on('console', (message) => consoleLines.push(message.text()));
  await signIn(page, 'analyst', { fresh: true });
  const tokens = await tokensOf(page);
  expect(tokens.length).toBeGreaterThanOrEqual(2);

  await ask(page, 'Hello there');
  await expect(lastStatus(page)).toHaveText(/^Completed/, { timeout: 20_000 });
  await openWorkflows(page);
  const form = await pickWorkflow(page, workflows.tagEcho.name);
  await form.getByRole('button', { name: 'Start run' }).click();
  await expect(statusIn(runHeader(page))).toHaveText('Succeeded', { timeout: 20_000 });
  urls.push(page.url());

  const places: Record<string, string> = {
    'local storage and IndexedDB': await persistedText(page),
  };
  await page.getByRole('link', { name: 'Runs', exact: true }).click();
  places['runs export'] = await downloaded(page, /^Export JSON/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inspector', exact: true }).click();
  places['request log export'] = await downloaded(page, /^Export log/);
  places['inspector screen'] = await page.locator('main, body').first().innerText();
  places['addresses visited'] = urls.join('\n');
  places['console output'] = consoleLines.join('\n');

  // The exports hold the calls themselves (a proof the check looks at real content), with the token hidden.
  expect(places['request log export']).toContain('Bearer $ACCESS_TOKEN');
  for (const [where, text] of Object.entries(places)) {
    for (const token of tokens) {
      expect(text.includes(token), `a token appears in ${where}`).toBe(false);
      // A token cut short (a truncated log line) still leaks; its signature is the part unique to it.
      expect(text.includes(token.slice(-40)), `the end of a token appears in ${where}`).toBe(false);
    }
  }
});
