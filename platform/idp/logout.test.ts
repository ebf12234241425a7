// RP-initiated logout without an ID token hint: client_id + post_logout_redirect_uri identify the client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../server';
import { startTestPlatform } from '../test-support';

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const consoleOrigin = 'http://localhost:5173';

/** GET the logout endpoint, then post its confirmation form with the cookie it set, as the person's click does. */
async function logout(params: Record<string, string>): Promise<{ page: Response; html: string; confirmed?: Response }> {
  const url = new URL(`${platform.issuer}/protocol/openid-connect/logout`);
  url.search = new URLSearchParams(params).toString();
  const page = await fetch(url, { redirect: 'manual' });
  const html = await page.text();
  // With a session the provider renders our logout page (id="op.logoutForm"), without one its own auto-submit form.
  const action = /<form[^>]*method="post" action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !xsrf) return { page, html };
  const cookie = page.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const confirmed = await fetch(new URL(action, platform.origin), {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie },
    body: new URLSearchParams({ xsrf, logout: 'yes' }),
  });
  return { page, html, confirmed };
}

describe('logout without id_token_hint', () => {
  it('accepts client_id + post_logout_redirect_uri and sends the browser back to the console', async () => {
    const { page, confirmed } = await logout({
      client_id: 'assistant-console',
      post_logout_redirect_uri: `${consoleOrigin}/`,
    });
    expect(page.status).toBe(200);
    expect(confirmed?.status).toBe(303);
    expect(confirmed?.headers.get('location')).toBe(`${consoleOrigin}/`);
  });

  it('refuses a post-logout address the client did not register', async () => {
    const { page, confirmed } = await logout({
      client_id: 'assistant-console',
      post_logout_redirect_uri: 'https://evil.test/',
    });
    expect(page.status).toBe(400);
    expect(confirmed).toBeUndefined();
  });
});
