// The channels a person's tabs talk on (renewals, sign-out, Clear local data) are open to every page of the console's
// origin. A page there that is not one of those tabs (here: /config.json opened in a tab of its own, its scripts
// run by the test) hears a renewal but reads no token in it, and what it posts signs nobody out and clears nothing.
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { openDuplicatedTab, openWorkflows, pickWorkflow, signIn, signOut, workflows } from './support';

/** The tokens of this tab's sign-in (old and new ones, as the test collects them). */
const tokensOf = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    const user = JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as Record<string, unknown>;
    return {
      sub: (user['profile'] as { sub?: string } | undefined)?.sub ?? '',
      tokens: ['access_token', 'refresh_token', 'id_token'].map((name) => String(user[name] ?? '')),
    };
  });

const webStorageText = (page: Page) =>
  page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));

test('a same-origin page outside the sign-in reads no token of a renewal, and its forged sign-out and clear are ignored', async ({
  page,
  context,
}) => {
  await signIn(page, 'analyst', { fresh: true });
  const before = await tokensOf(page);
  // A second tab of the same sign-in (its session copied, as a duplicated tab has it), with a draft typed.
  const other = await openDuplicatedTab(page);
  await openWorkflows(other);
  const form = await pickWorkflow(other, workflows.summarize.name);
  await form.getByLabel('Input', { exact: true }).fill('DRAFT-OF-THE-OTHER-TAB');
  await expect.poll(() => webStorageText(other)).toContain('DRAFT-OF-THE-OTHER-TAB');

  // The listener: a page of the console's origin that is not signed in, on every channel the tabs use.
  const spy = await context.newPage();
  await spy.goto('/config.json');
  await spy.evaluate((sub) => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    for (const name of ['assistant-console.session', `assistant-console.local-data:${encodeURIComponent(sub)}`])
      new BroadcastChannel(name).onmessage = (event) => heard.push(JSON.stringify(event.data));
  }, before.sub);

  // A renewal in the first tab: its session aged, then reloaded.
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) {
      if (!key.startsWith('oidc.user:')) continue;
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { expires_at?: number };
      user.expires_at = Math.floor(Date.now() / 1000) - 10;
      sessionStorage.setItem(key, JSON.stringify(user));
    }
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const after = await tokensOf(page);
  expect(after.tokens[1]).not.toBe(before.tokens[1]);
  // The other tab of the grant took the renewed tokens from the channel…
  await expect.poll(async () => (await tokensOf(other)).tokens[1]).toBe(after.tokens[1]);
  // …and the listener heard that message, with no token in it.
  const heard = await spy.evaluate(() => (window as unknown as { heard: string[] }).heard);
  expect(heard.some((message) => message.includes('"renewed"'))).toBe(true);
  for (const token of [...before.tokens, ...after.tokens].filter((value) => value.length > 20))
    for (const message of heard) expect(message).not.toContain(token);

  // What the listener posts as the person's tabs would, without their secret: nothing happens.
  await spy.evaluate((sub) => {
    const session = new BroadcastChannel('assistant-console.session');
    session.postMessage({ type: 'signed-out', sub });
    session.postMessage({ type: 'signed-out', sub, proof: btoa('x'.repeat(32)) });
    const local = new BroadcastChannel(`assistant-console.local-data:${encodeURIComponent(sub)}`);
    local.postMessage('cleared');
    local.postMessage({ type: 'cleared', at: Date.now(), nonce: 'forged', proof: btoa('x'.repeat(32)) });
  }, before.sub);
  await other.waitForTimeout(1_000);
  await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(other.getByRole('alert')).toHaveCount(0);
  expect(await webStorageText(other)).toContain('DRAFT-OF-THE-OTHER-TAB');

  // The control: the first tab's own sign-out reaches the other tab.
  await signOut(page, { abandon: true });
  await expect(other.getByRole('alert')).toContainText('You signed out in another tab.');
});
