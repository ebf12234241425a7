import { expect, test } from './csp';
import { ask, lastTurn, signIn } from './support';

test('an invalid runtime config shows a full-page error naming the bad fields', async ({ page }) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        apiBaseUrl: 'ftp://nope',
        auth: { oidc: { authority: 'http://localhost:8080/auth/realms/local' } },
      }),
    }),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'The console’s configuration is not usable' })).toBeVisible();
  const problems = page.getByRole('alert');
  await expect(problems).toContainText('apiBaseUrl: must be an absolute http(s) URL or a path on this origin');
  await expect(problems).toContainText('auth.oidc.clientId: is required');
});

test('a config that is not JSON says so', async ({ page }) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<html>proxy error</html>' }),
  );
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('/config.json: is not valid JSON');
});

test('an unreachable API gives a network message and keeps the question for a retry', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.route('**/code-assistant-api/v1/assistants/*/model', (route) => route.abort('connectionrefused'));
  await ask(page, 'Is anybody there?');
  const alert = lastTurn(page).getByRole('alert');
  await expect(alert).toContainText('Could not reach the API');
  await expect(alert).toContainText('/code-assistant-api/v1/assistants/');
  await page.unroute('**/code-assistant-api/v1/assistants/*/model');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(lastTurn(page).locator('.status-label')).toHaveText('Completed', { timeout: 20_000 });
  await expect(lastTurn(page)).toContainText('Is anybody there?');
});

test('a proxy answering with an HTML error page is called out as such', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.route('**/code-assistant-api/v1/assistants/*/model', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'text/html',
      body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
    }),
  );
  await ask(page, 'Through the proxy');
  const alert = lastTurn(page).getByRole('alert');
  await expect(alert).toContainText('Unexpected page instead of an API answer (HTTP 502)');
  await expect(alert).toContainText('text/html');
});
