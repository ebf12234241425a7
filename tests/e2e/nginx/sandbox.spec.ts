// What the API proxy serves is data, never a page of the console's origin: deploy/nginx.conf in front of a stub API
// that serves an uploaded HTML file inline, as a careless file store would. The browser saves it as a file, and even
// where it is shown it runs on an opaque origin with no script: it reaches neither the console's storage nor its
// channels.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { findNginx, startNginx, type RunningNginx } from '../../../scripts/nginx-runtime';
import { expect, test } from '../csp';

const filePath = '/code-assistant-api/v1/files/report.html';
// What an attacker would have the file do on the console's origin, each step marking the page if it ran.
const attackerPage = `<!doctype html><title>report</title><script>
document.title = 'script ran';
try { localStorage.setItem('planted', 'by the served file'); } catch {}
try { new BroadcastChannel('assistant-console.session').postMessage({ type: 'signed-out', sub: 'analyst' }); } catch {}
</script><p>Quarterly report</p>`;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

let stub: Server;
let nginx: RunningNginx;
let consoleUrl = '';

test.beforeAll(async () => {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is needed for this suite');
  stub = createHttpServer((req, res) => {
    if (req.url === filePath) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Disposition': 'inline' });
      res.end(attackerPage);
      return;
    }
    if (req.url?.endsWith('/logo.svg')) {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Disposition': 'inline; filename="logo.svg"' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>parent.postMessage(1, "*")</script></svg>');
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="run.zip"',
    });
    res.end('zip');
  });
  await new Promise<void>((done) => stub.listen(0, '127.0.0.1', done));
  const address = stub.address();
  if (typeof address !== 'object' || !address) throw new Error('stub API has no port');
  const port = await freePort();
  consoleUrl = `http://127.0.0.1:${port}`;
  nginx = startNginx(binary, {
    listen: `127.0.0.1:${port}`,
    root: resolve('dist'),
    config: { apiBaseUrl: '/code-assistant-api' },
    apiUpstream: `http://127.0.0.1:${address.port}`,
  });
  await expect
    .poll(() =>
      fetch(`${consoleUrl}/config.json`).then(
        (response) => response.status,
        () => 0,
      ),
    )
    .toBe(200);
});

test.afterAll(async () => {
  await nginx?.stop();
  await new Promise((done) => stub?.close(done));
});

test('the API proxy serves files sandboxed and as attachments, with the console headers repeated', async ({
  request,
}) => {
  const served = await request.get(`${consoleUrl}${filePath}`);
  expect(await served.text()).toBe(attackerPage);
  const headers = served.headers();
  expect(headers['content-security-policy']).toMatch(/^sandbox; default-src 'none';/);
  expect(headers['content-disposition']).toBe('attachment');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  // The API's own attachment keeps its file name.
  const zip = await request.get(`${consoleUrl}/code-assistant-api/v1/workflows/w/executions/e/export`);
  expect(zip.headers()['content-disposition']).toBe('attachment; filename="run.zip"');
  // One sent "inline" with a file name becomes an attachment of that name.
  const svg = await request.get(`${consoleUrl}/code-assistant-api/v1/files/logo.svg`);
  expect(svg.headers()['content-disposition']).toBe('attachment; filename="logo.svg"');
  expect(svg.headers()['content-security-policy']).toMatch(/^sandbox;/);
  // The console itself is isolated from windows it opens.
  expect((await request.get(`${consoleUrl}/`)).headers()['cross-origin-opener-policy']).toBe('same-origin');
});

test('an HTML file from the API is downloaded, and shown anyway it runs no script on an opaque origin', async ({
  page,
  context,
  csp,
}) => {
  // The blocked inline script is the point of the test.
  csp.expectViolations();
  // A tab of the console's origin, listening on the session channel the file would post on.
  const consoleTab = await context.newPage();
  await consoleTab.goto(`${consoleUrl}/config.json`);
  await consoleTab.evaluate(() => {
    const heard: unknown[] = [];
    (window as unknown as { heard: unknown[] }).heard = heard;
    new BroadcastChannel('assistant-console.session').onmessage = (event) => heard.push(event.data);
  });

  // Opened as it is served: a download, no page.
  const download = page.waitForEvent('download');
  await page.goto(`${consoleUrl}${filePath}`).catch(() => undefined);
  expect((await download).suggestedFilename()).toBe('report.html');

  // A browser that showed it anyway (here: the same response with only its Content-Disposition taken away).
  const shown = await context.newPage();
  await shown.route(`${consoleUrl}${filePath}`, async (route) => {
    const response = await route.fetch();
    const { 'content-disposition': _attachment, ...headers } = response.headers();
    await route.fulfill({ response, headers });
  });
  await shown.goto(`${consoleUrl}${filePath}`);
  await expect(shown.getByText('Quarterly report')).toBeVisible();
  expect(await shown.title()).toBe('report');
  expect(await shown.evaluate(() => window.origin)).toBe('null');
  await expect(shown.evaluate(() => localStorage.length)).rejects.toThrow(/SecurityError|denied|sandboxed/i);

  expect(await consoleTab.evaluate(() => localStorage.getItem('planted'))).toBeNull();
  expect(await consoleTab.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([]);
});
