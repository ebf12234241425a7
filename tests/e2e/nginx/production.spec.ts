// Production serving (playwright.nginx.config.ts): dist/ behind nginx with deploy/nginx.conf, the API through its proxy.
import type { APIRequestContext } from '@playwright/test';
import { originsFromConfig, readNginxTemplate, securityHeaders } from '../../../deploy/security-headers';
import { expect, test } from '../csp';
import { answerLengthsUntilDone, ask, assistantField, assistants, growthSteps, lastTurn, signIn } from '../support';

interface ServedConfig {
  apiBaseUrl: string;
  auth: { oidc: { authority: string } };
}

const servedConfig = async (request: APIRequestContext): Promise<ServedConfig> =>
  (await (await request.get('/config.json')).json()) as ServedConfig;

/** The policy as a map of directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

test('the shell, config and bundles carry the security headers and the right caching', async ({ request }) => {
  const config = await servedConfig(request);
  expect(config.apiBaseUrl).toBe('/code-assistant-api');
  const idp = new URL(config.auth.oidc.authority).origin;

  const shell = await request.get('/');
  const headers = shell.headers();
  const policy = directives(headers['content-security-policy'] ?? '');
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('style-src')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'", idp]);
  expect(policy.get('form-action')).toEqual(["'self'", idp]);
  for (const name of ['frame-ancestors', 'object-src', 'base-uri']) expect(policy.get(name), name).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cache-control']).toBe('no-cache');

  // The dev and preview servers send the same headers: they read them from the same file.
  const expected = securityHeaders(readNginxTemplate(), originsFromConfig(config));
  for (const [name, value] of expected) expect(headers[name.toLowerCase()]?.replace(/\s+/g, ' '), name).toBe(value);

  expect((await request.get('/config.json')).headers()['cache-control']).toBe('no-cache');

  // A client-side route gets the app shell, uncached.
  const route = await request.get('/workflows/runs/some-run');
  expect(route.status()).toBe(200);
  expect(route.headers()['cache-control']).toBe('no-cache');
  expect(await route.text()).toContain('<div id="root"></div>');

  const html = await shell.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const bundle = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  expect(bundle).not.toBe('');
  const script = await request.get(bundle);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['content-security-policy']).toBeDefined();
  expect(await script.text()).not.toContain('sourceMappingURL');
  expect((await request.get(`${bundle}.map`)).status()).toBe(404);
  expect((await request.get('/assets/missing-bundle.js')).status()).toBe(404);
  // The build's manifest names the source modules: the bench reads it from dist/, the public does not.
  expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
});

test('signs in, and an answer streams in through the proxy with no CSP violation', async ({ page, baseURL }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/code-assistant-api/')) apiCalls.push(request.url());
  });
  await signIn(page, 'analyst');
  await expect(assistantField(page)).toHaveValue(assistants.general.name);
  await ask(page, 'How do refresh tokens work?');
  const lengths = await answerLengthsUntilDone(page);
  expect(growthSteps(lengths), `answer length samples: ${lengths.join(', ')}`).toBeGreaterThanOrEqual(3);
  await expect(lastTurn(page).getByText('Completed', { exact: true })).toBeVisible();
  expect(apiCalls.length).toBeGreaterThan(0);
  for (const url of apiCalls) expect(url.startsWith(`${baseURL}/code-assistant-api/`), url).toBe(true);
});

test('the proxy hands a stream on event by event, not in buffered batches', async ({ request, baseURL }) => {
  const config = await servedConfig(request);
  const grant = await request.post(`${config.auth.oidc.authority}/protocol/openid-connect/token`, {
    form: { grant_type: 'password', client_id: 'sdk-client', username: 'analyst', password: 'analyst' },
  });
  const { access_token: token } = (await grant.json()) as { access_token: string };

  const started = Date.now();
  const response = await fetch(`${baseURL}/code-assistant-api/v1/assistants/${assistants.general.id}/model`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text: 'How do refresh tokens work?', stream: true }),
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no response body');
  const arrivals: number[] = [];
  let events = 0;
  const decoder = new TextDecoder();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    arrivals.push(Date.now() - started);
    events += decoder.decode(read.value, { stream: true }).split('\n\n').length - 1;
  }
  const total = arrivals.at(-1) ?? 0;
  const summary = `${arrivals.length} reads, ${events} events, first at ${arrivals[0]} ms, last at ${total} ms`;
  expect(total, summary).toBeGreaterThan(1_000);
  // Buffered, the first bytes would wait for a full proxy buffer and arrive in a handful of big reads.
  expect(arrivals[0] ?? total, summary).toBeLessThan(total / 4);
  expect(arrivals.length, summary).toBeGreaterThan(events / 2);
});
