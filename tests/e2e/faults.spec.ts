// What the person sees when things go wrong: errors sent inside a stream, an unreadable chunk, 429 with
// Retry-After, a wrong API URL, a wrong config, and an expired session (sign-out has its own spec).
import type { Page } from '@playwright/test';
import { expect, test } from './csp';
import { ask, lastStatus, lastTurn, pickAssistant, signIn } from './support';

const faultInjector = 'Fault Injector';

async function askFault(page: Page, question: string) {
  await pickAssistant(page, faultInjector);
  await ask(page, question);
}

test.describe('errors inside a stream', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'analyst'));

  // The error object and `event: error` cases (message, partial answer, draft, one POST, next question) are
  // rows of faults-matrix.spec.ts.

  test('an unknown event type before the end gives "completed with errors", naming the event', async ({ page }) => {
    await askFault(page, 'unknown event');
    await expect(lastStatus(page)).toHaveText('Completed with errors', { timeout: 20_000 });
    await expect(lastTurn(page)).toContainText('Server error: The server sent an event of unknown type "usage-report"');
    await expect(lastTurn(page).getByTestId('answer-text')).toContainText('finishes anyway.');
  });

  test('a thought nested 3,000 levels deep is skipped and counted; the answer completes', async ({ page }) => {
    await askFault(page, 'deep thought');
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
    await expect(lastTurn(page).getByText('1 stream chunk could not be read and was skipped.')).toBeVisible();
    await expect(lastTurn(page).getByTestId('answer-text')).toContainText('This answer arrived in full');
  });

  for (const form of ['busy', 'busy date'] as const) {
    test(`429 with Retry-After (${form === 'busy' ? 'seconds' : 'HTTP-date'}): Retry counts down, disabled, then works`, async ({
      page,
    }) => {
      await askFault(page, form);
      const alert = lastTurn(page).getByRole('alert');
      await expect(alert).toContainText('Too many requests', { timeout: 20_000 });
      const retry = alert.getByRole('button', { name: /^Retry/ });
      await expect(retry).toHaveText(/^Retry in [1-4] s$/);
      await expect(retry).toBeDisabled();
      await expect(retry).toHaveText('Retry', { timeout: 8_000 });
      await expect(retry).toBeEnabled();
    });
  }
});

test('an API URL that serves this console’s HTML is called out, on the assistant list and on the first call', async ({
  page,
  baseURL,
}) => {
  await page.route('**/config.json', async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...config, apiBaseUrl: baseURL }) });
  });
  await signIn(page, 'analyst');
  await page.getByRole('button', { name: 'Show list Assistant' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `This address does not look like the API: ${baseURL}/v1/assistants`,
  );
  await page.keyboard.press('Escape');
  await ask(page, 'Hello?');
  const alert = lastTurn(page).getByRole('alert');
  await expect(alert).toContainText(`This address does not look like the API: ${baseURL}/v1/assistants/`);
  await expect(alert).toContainText('apiBaseUrl in config.json');
  await expect(alert).not.toContainText('Assistant not found');
});

test('config errors name the field, the type expected and the type received', async ({ page }) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ apiBaseUrl: 42, auth: { allowAccessTokenPaste: true } }),
    }),
  );
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('apiBaseUrl: expected a string, received a number (42)');
  await page.unroute('**/config.json');
  await page.route('**/config.json', (route) => route.fulfill({ contentType: 'application/json', body: '[]' }));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(
    '(the whole file): expected a JSON object, received an empty array ([])',
  );
});

test('a refused renewal says "session expired, sign in again", keeping the draft and the transcript', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await page.getByLabel('Stream').uncheck();
  await ask(page, 'A question before the session ends');
  await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
  // The provider will refuse this refresh token (invalid_grant), as it does once a session has ended.
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) {
      if (!key.startsWith('oidc.user:')) continue;
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { expires_at?: number; refresh_token?: string };
      user.expires_at = Math.floor(Date.now() / 1000) - 10;
      user.refresh_token = 'revoked-refresh-token';
      sessionStorage.setItem(key, JSON.stringify(user));
    }
  });
  await ask(page, 'A question after it ended');
  const notice = page.getByRole('alert').filter({ hasText: 'Your session expired. Sign in again' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Message').fill('my unsent draft');
  await expect(page.getByRole('article', { name: 'Question: A question before the session ends' })).toBeVisible();

  await notice.getByRole('button', { name: 'Sign in again' }).click();
  // The provider's own session may still be alive (then it signs in without asking), or it asks again.
  const signedIn = page.getByRole('button', { name: 'Sign out' });
  await expect(page.getByLabel('Username').or(signedIn)).toBeVisible();
  if (await page.getByLabel('Username').isVisible()) {
    await page.getByLabel('Username').fill('analyst');
    await page.getByLabel('Password').fill('analyst');
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(signedIn).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Question: A question before the session ends' })).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('my unsent draft');
});
