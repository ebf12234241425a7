// Sign out signs out: the refresh token is revoked at the provider, the provider's session is ended with the ID
// token as hint, and a confirmation the person walks away from leaves nobody signed in; other tabs follow.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './csp';
import { logoutConfirmation, platformOrigin, signIn, signOut } from './support';

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

test('Sign out revokes the refresh token and sends the ID token as hint; the unanswered confirmation leaves nobody signed in', async ({
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
  // The provider asks "Do you want to log out?", as Keycloak does; the refresh token is already dead.
  await expect(logoutConfirmation(page)).toBeVisible();
  expect(await isActive(request, tokens.refresh ?? '')).toBe(false);

  // The person walks away from the provider's question: the console, opened again, is signed out.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  expect(await storedTokens(page)).toEqual({});
});

test('Log out at the provider ends its session: the next sign-in asks for the password again', async ({ page }) => {
  await signIn(page, 'analyst', { fresh: true });
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('signing out in one tab signs the same person out in their other tabs', async ({ page, context }) => {
  await signIn(page, 'analyst', { fresh: true });
  // A second tab of the same person (its session copied, as a duplicated tab has it).
  const items = await page.evaluate(() =>
    Object.entries(sessionStorage).filter(([key]) => key.startsWith('oidc.user:')),
  );
  const other = await context.newPage();
  await other.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e:copied')) return;
    for (const [key, value] of entries) sessionStorage.setItem(key, value);
    sessionStorage.setItem('e2e:copied', '1');
  }, items);
  await other.goto('/');
  await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await signOut(page, { abandon: true });
  await expect(other.getByRole('alert')).toContainText('You signed out in another tab.');
  await expect(other.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await storedTokens(other)).toEqual({});
});
