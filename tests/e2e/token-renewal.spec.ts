// Short-lived access tokens (20 s, as on many Keycloak realms): over three minutes, with every answer streaming
// for about 50 s across several expiries, the console renews once per lifetime, never in a storm, and no call fails. A platform of its own with PLATFORM_ACCESS_TOKEN_TTL=20
// stands in for the one on :8080 (same public origin, so issuer, audience and the page's CSP stay the same).
import { createServer } from 'node:net';
import type { Route } from '@playwright/test';
import { expect, test } from './csp';
import { startPlatform, type RunningPlatform } from '../../platform/server';
import { ask, lastStatus, pickAssistant, platformOrigin, signIn } from './support';

const ttlSeconds = 20;
const watchSeconds = 180;

let shortLived: RunningPlatform;
let listening: string;

/** A port nobody listens on now (the platform binds it right after). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let consoleApi = '';
test.beforeAll(async ({ baseURL }) => {
  const consoleOrigin = new URL(baseURL ?? 'http://localhost:4173').origin;
  // The console reaches the API through its own origin (a proxy to :8080): that goes to the short-lived one too.
  consoleApi = `${consoleOrigin}/code-assistant-api`;
  const port = await freePort();
  shortLived = await startPlatform({
    port,
    publicOrigin: platformOrigin,
    consoleOrigins: [consoleOrigin],
    accessTokenTtl: ttlSeconds,
    streamDelayMs: 30,
    mcpPort: 0,
  });
  listening = `http://localhost:${port}`;
});
test.afterAll(() => shortLived.close());

/**
 * Sends what the page asks of :8080 (directly or through the console's API proxy) to the short-lived platform. A redirect of a navigation is answered with a
 * page that goes there itself: Playwright does not route the hops of a redirect, which would reach :8080.
 */
async function forwardToShortLived(route: Route): Promise<void> {
  const url = route
    .request()
    .url()
    .replace(platformOrigin, listening)
    .replace(consoleApi, `${listening}/code-assistant-api`);
  const response = await route.fetch({ url, maxRedirects: 0 });
  const location = response.headers()['location'];
  if (response.status() < 300 || response.status() >= 400 || !location || !route.request().isNavigationRequest())
    return route.fulfill({ response });
  const target = new URL(location, route.request().url()).href;
  const cookies = response.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie');
  await route.fulfill({
    status: 200,
    headers: {
      'content-type': 'text/html',
      ...(cookies.length ? { 'set-cookie': cookies.map((header) => header.value).join('\n') } : {}),
    },
    body: `<meta http-equiv="refresh" content="0;url=${target.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`,
  });
}

test('with 20 s access tokens, three minutes of use with streams open across expiries make one renewal per lifetime and no call fails', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await page.route(`${platformOrigin}/**`, forwardToShortLived);
  await page.route(`${consoleApi}/**`, forwardToShortLived);
  const refreshes: number[] = [];
  page.on('request', (request) => {
    if (
      request.url().endsWith('/protocol/openid-connect/token') &&
      /grant_type=refresh_token/.test(request.postData() ?? '')
    )
      refreshes.push(Date.now());
  });

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/code-assistant-api/') && response.status() >= 400)
      refused.push(`${response.status()} ${response.url()}`);
  });

  await signIn(page, 'analyst');
  const signedInAt = Date.now();
  await pickAssistant(page, 'Slow Storyteller');
  // Each story streams for about 50 s: every answer stays open across two or more token expiries.
  const streams: { from: number; to: number }[] = [];
  let questions = 0;
  while (Date.now() - signedInAt < watchSeconds * 1000) {
    questions += 1;
    const from = Date.now();
    await ask(page, `Tell me a story, part ${questions}`);
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 90_000 });
    streams.push({ from, to: Date.now() });
  }
  const elapsed = (Date.now() - signedInAt) / 1000;
  // Renewal starts a fifth of the lifetime before expiry: one every 16 s, never more often.
  const gaps = refreshes.slice(1).map((at, index) => (at - (refreshes[index] ?? at)) / 1000);
  expect(
    refreshes.length,
    `refresh grants at ${refreshes.map((at) => ((at - signedInAt) / 1000).toFixed(1)).join(', ')} s`,
  ).toBeGreaterThanOrEqual(Math.floor(elapsed / ttlSeconds));
  expect(refreshes.length).toBeLessThanOrEqual(Math.ceil(elapsed / (ttlSeconds * 0.8)) + 1);
  for (const gap of gaps) expect(gap).toBeGreaterThan(ttlSeconds * 0.5);
  // Renewals happened while an answer was streaming, and the answer went on to complete.
  const duringStreams = refreshes.filter((at) => streams.some((stream) => at > stream.from && at < stream.to));
  expect(duringStreams.length, 'renewals while a stream was open').toBeGreaterThanOrEqual(streams.length);
  expect(refused, 'API calls refused across the expiries').toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
