// Sign out signs out: the refresh token is revoked at the provider, the provider's session is ended with the ID
// token as hint (then it asks nothing), a provider that still asks and is walked away from leaves nobody signed in and
// the next sign-in asks for a password; other tabs follow.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './csp';
import {
  logoutConfirmation,
  openDuplicatedTab,
  openWorkflows,
  pickWorkflow,
  platformOrigin,
  signIn,
  signOut,
  workflows,
} from './support';

const realm = `${platformOrigin}/auth/realms/local/protocol/openid-connect`;
// The local platform's service account is a confidential client: it may introspect any token (RFC 7662).
const serviceAccount = `Basic ${Buffer.from('service-account:local-service-account-secret').toString('base64')}`;

async function isActive(request: APIRequestContext, refreshToken: string): Promise<boolean> {
  const response = await request.post(`${realm}/token/introspect`, {
    headers: { Authorization: serviceAccount },
    form: { token: refreshToken, token_type_hint: 'refresh_token' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { active: boolean }).active;
}

/** The tokens this tab holds (oidc-client-ts keeps them in sessionStorage). */
async function storedTokens(page: Page): Promise<{ refresh?: string; id?: string }> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    if (!key) return {};
    const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { refresh_token?: string; id_token?: string };
    return {
      ...(user.refresh_token ? { refresh: user.refresh_token } : {}),
      ...(user.id_token ? { id: user.id_token } : {}),
    };
  });
}

test('Sign out revokes the refresh token and sends the ID token as hint: the provider ends its session without asking', async ({
  page,
  request,
}) => {
  await signIn(page, 'analyst', { fresh: true });
  const tokens = await storedTokens(page);
  expect(tokens.refresh).toBeTruthy();
  expect(await isActive(request, tokens.refresh ?? '')).toBe(true);

  const logout = page.waitForRequest((sent) => sent.url().startsWith(`${realm}/logout`));
  await page.getByRole('button', { name: 'Sign out' }).click();
  const logoutUrl = new URL((await logout).url());
  expect(logoutUrl.searchParams.get('id_token_hint')).toBe(tokens.id);
  expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:4173/');
  // As Keycloak with a valid hint: no question, and the browser is back on the console, its state read and gone.
  await page.waitForURL((url) => url.origin === 'http://localhost:4173' && !url.searchParams.has('state'));
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(logoutConfirmation(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Finish signing out/ })).toHaveCount(0);
  expect(await isActive(request, tokens.refresh ?? '')).toBe(false);
  expect(await storedTokens(page)).toEqual({});
});

test('a provider that still asks, left unanswered: the console is signed out, shows the last step, and the next sign-in asks for the password', async ({
  page,
}) => {
  await signIn(page, 'analyst', { fresh: true });
  // A provider that asks even with a hint (as Keycloak does for a hint it cannot use): the hint is dropped on the way.
  await page.route(`${realm}/logout?*`, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.delete('id_token_hint');
    url.searchParams.set('client_id', 'assistant-console');
    return route.continue({ url: url.href });
  });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(logoutConfirmation(page)).toBeVisible();

  // The person in a hurry walks away; the next person opens the console.
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'One step left: finish signing out at Local platform' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  expect(await storedTokens(page)).toEqual({});
  // The provider still holds the last person's session, but signing in asks for a password all the same.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(platformOrigin);

  // Back on the console, the last step is finished: the provider asks, the person answers, the notice is gone.
  await page.goto('/');
  await page.getByRole('button', { name: 'Finish signing out at Local platform' }).click();
  await expect(logoutConfirmation(page)).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.origin === 'http://localhost:4173' && !url.searchParams.has('state'));
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /One step left/ })).toHaveCount(0);

  // And whoever signs in next is asked for the password, and the mark of the sign-out is gone with that sign-in.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Username').fill('viewer');
  await page.getByLabel('Password').fill('viewer');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('assistant-console.signed-out'))).toBeNull();
});

test('Log out at the provider ends its session: the next sign-in asks for the password again', async ({ page }) => {
  await signIn(page, 'analyst', { fresh: true });
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('signing out in one tab signs the same person out in their other tabs', async ({ page }) => {
  await signIn(page, 'analyst', { fresh: true });
  // A second tab of the same person (its session copied, as a duplicated tab has it).
  const other = await openDuplicatedTab(page);
  await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await signOut(page, { abandon: true });
  await expect(other.getByRole('alert')).toContainText('You signed out in another tab.');
  await expect(other.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await storedTokens(other)).toEqual({});
});

test('a tab that signed in on its own (another grant) is signed out too: the provider refuses its grant after the logout', async ({
  page,
  context,
}) => {
  await signIn(page, 'analyst', { fresh: true });
  // A tab opened at the console's address runs its own sign-in (the provider's session answers at once).
  const other = await context.newPage();
  await other.goto('/');
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await signOut(page);
  await expect(other.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await storedTokens(other)).toEqual({});
});

test('signed out in another tab, a tab keeps none of the person’s drafts in its storage', async ({ page }) => {
  await signIn(page, 'analyst', { fresh: true });
  const other = await openDuplicatedTab(page);
  await openWorkflows(other);
  const form = await pickWorkflow(other, workflows.summarize.name);
  // Typed and not yet written (drafts are written once typing pauses): the sign-out must not bring it back either.
  await form.getByLabel('Input', { exact: true }).fill('DRAFT-LEFT-IN-THE-OTHER-TAB');
  const storage = () =>
    other.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  await expect.poll(storage).toContain('DRAFT-LEFT-IN-THE-OTHER-TAB');

  await signOut(page, { abandon: true });
  await expect(other.getByRole('alert')).toContainText('You signed out in another tab.');
  await other.waitForTimeout(1_000);
  expect(await storage()).not.toContain('DRAFT-LEFT-IN-THE-OTHER-TAB');
  expect(await storage()).not.toContain('oidc.user:');
});
