// A pasted token opens a person's local data only once the API has accepted it and named that person: a token no
// provider signed, carrying someone's subject, sees nothing of theirs and is told why.
import { generateKeyPair, SignJWT } from 'jose';
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastStatus, platformOrigin, signIn, signOut } from './support';

const issuer = `${platformOrigin}/auth/realms/local`;
const analystId = 'c3000000-0000-4000-8000-000000000001';
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOfAda = () => ({
  sub: analystId,
  name: 'Ada Analyst',
  preferred_username: 'analyst',
  iss: issuer,
  aud: `${platformOrigin}/code-assistant-api`,
  exp: Math.floor(Date.now() / 1000) + 3600,
});

async function pasteToken(page: Page, token: string): Promise<void> {
  await page.getByText('Use an access token (service accounts)').click();
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Use token' }).click();
}

test('a hand-made token carrying a signed-in person’s subject opens nothing of theirs, and says why', async ({
  page,
  request,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const question = `A private question ${tag}`;
  await signIn(page, 'analyst');
  await page.getByLabel('Stream').uncheck();
  await ask(page, question);
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  await page.getByLabel('Message').fill(`A private draft ${tag}`);
  await signOut(page, { abandon: true });

  // alg "none": no signature at all. The API's answer is held back a moment, to see what shows meanwhile.
  await page.route('**/v1/user', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await pasteToken(page, `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claimsOfAda())}.`);
  await expect(page.getByRole('status')).toContainText('Checking who you are with the API');
  await expect(page.getByText(tag)).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('The API refused this token (HTTP 401');
  await expect(page.getByRole('alert')).toContainText('Nothing of anyone’s data in this browser was opened.');
  await expect(page.getByText(tag)).toHaveCount(0);
  await expect(page.getByLabel('Message')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await page.unroute('**/v1/user');

  // Signed with a key of its own under the provider's key id: the signature does not hold.
  const jwks = (await (await request.get(`${issuer}/protocol/openid-connect/certs`)).json()) as {
    keys: Array<{ kid: string }>;
  };
  const { privateKey } = await generateKeyPair('RS256');
  const forged = await new SignJWT(claimsOfAda())
    .setProtectedHeader({ alg: 'RS256', kid: jwks.keys[0]?.kid ?? '' })
    .sign(privateKey);
  await pasteToken(page, forged);
  await expect(page.getByRole('alert')).toContainText(
    'The API refused this token (HTTP 401: Authentication failed: Access token signature is invalid',
  );
  await expect(page.getByText(tag)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
});

test('when the API cannot be reached the check says so, and Retry asks again', async ({ page, request }) => {
  const response = await request.post(`${issuer}/protocol/openid-connect/token`, {
    form: {
      grant_type: 'client_credentials',
      client_id: 'service-account',
      client_secret: 'local-service-account-secret',
    },
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  await page.goto('/');
  await page.route('**/v1/user', (route) => route.abort('connectionrefused'));
  await pasteToken(page, token);
  await expect(page.getByRole('alert')).toContainText('Could not reach the API to check who this token belongs to');
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

  await page.unroute('**/v1/user');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Service Account');
  // A reload asks the API again before anything opens, and the answer is the same.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Service Account');
});
