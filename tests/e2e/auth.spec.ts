import { expect, test } from './csp';
import { ask, lastTurn, platformOrigin, signIn, signOut } from './support';

test('a wrong password is refused on the login form, then the right one signs in and out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill('analyst');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password.');
  await page.getByLabel('Password').fill('analyst');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Ada Analyst');
  expect(page.url()).not.toMatch(/[?&](code|state)=/);
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).not.toContain('access_token');

  await page.getByLabel('Message').fill('a private draft');
  await signOut(page);
  // The next person signing in on this tab starts with an empty chat.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill('viewer');
  await page.getByLabel('Password').fill('viewer');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Victor Viewer');
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test('a service account signs in by pasting an access token', async ({ page, request }) => {
  const response = await request.post(`${platformOrigin}/auth/realms/local/protocol/openid-connect/token`, {
    form: {
      grant_type: 'client_credentials',
      client_id: 'service-account',
      client_secret: 'local-service-account-secret',
    },
  });
  expect(response.ok()).toBe(true);
  const { access_token: token } = (await response.json()) as { access_token: string };

  await page.goto('/');
  await page.getByText('Use an access token (service accounts)').click();
  await page.getByLabel('Access token').fill('not-a-token');
  await page.getByRole('button', { name: 'Use token' }).click();
  await expect(page.getByRole('alert')).toContainText('This is not a JWT');
  await page.getByLabel('Access token').fill(`Bearer ${token}`);
  await page.getByRole('button', { name: 'Use token' }).click();
  // The API names the owner: the console shows the server's name for it, not the token's word.
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Service Account');
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Access token');

  await page.getByLabel('Stream').uncheck();
  await ask(page, 'Hello from a service account');
  await expect(lastTurn(page).getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
});

test.describe('renewal on reload', () => {
  // Seen once (2026-11-29, CI): the provider answered the refresh invalid_grant while another worker signed the same
  // person in and out; not reproduced alone. One retry keeps that from failing a run; the retry shows in the report.
  test.describe.configure({ retries: 1 });
  test('an expired session renews with the refresh token on reload', async ({ page }) => {
    await signIn(page, 'analyst', { fresh: true });
    // Age the stored session so the console must renew before calling the API.
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
    await page.getByLabel('Stream').uncheck();
    await ask(page, 'Still there?');
    await expect(lastTurn(page).getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
  });
});
