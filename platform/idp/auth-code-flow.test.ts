// The console's flow: authorization code + PKCE through the real login page, driven by fetch with a cookie jar.
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../server';
import { startTestPlatform, tokenUrl } from '../test-support';

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const consoleOrigin = 'http://localhost:5173';
const redirectUri = `${consoleOrigin}/auth/callback`;

class Browser {
  private readonly cookies = new Map<string, string>();

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const response = await fetch(new URL(url, platform.origin), {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers,
      ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((attr) => /expires=Thu, 01 Jan 1970/i.test(attr));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  /** Follows redirects until one leaves the platform; answers that location or the last page. */
  async follow(response: Response): Promise<{ location?: string; page?: Response }> {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.get('location');
      if (!location) return { page: current };
      const absolute = new URL(location, platform.origin).href;
      if (!absolute.startsWith(platform.origin)) return { location: absolute };
      current = await this.go(absolute);
    }
    throw new Error('too many redirects');
  }
}

const formAction = (html: string): string =>
  /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';

/** Signs in as the console does (code + PKCE through the login form); answers the token response and the browser. */
async function consoleSignIn(scope = 'openid profile email offline_access', username = 'analyst') {
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URL(`${platform.issuer}/protocol/openid-connect/auth`);
  auth.search = new URLSearchParams({
    client_id: 'assistant-console',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope,
    prompt: 'consent',
    state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const browser = new Browser();
  const login = await browser.follow(await browser.go(auth.href));
  const done = await browser.go(formAction((await login.page?.text()) ?? ''), {
    method: 'POST',
    form: { username, password: username },
  });
  const code = new URL((await browser.follow(done)).location ?? '').searchParams.get('code') ?? '';
  const exchange = await fetch(tokenUrl(platform), {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'assistant-console',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  const tokens = (await exchange.json()) as { access_token: string; refresh_token?: string; id_token?: string };
  return { browser, tokens };
}

const basic = `Basic ${Buffer.from('service-account:local-service-account-secret').toString('base64')}`;

/** RFC 7662 introspection by a confidential client (the service account), as a resource server would ask. */
async function introspect(token: string): Promise<{ active: boolean; client_id?: string; sub?: string }> {
  const response = await fetch(`${platform.issuer}/protocol/openid-connect/token/introspect`, {
    method: 'POST',
    headers: { Authorization: basic },
    body: new URLSearchParams({ token, token_type_hint: 'refresh_token' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { active: boolean };
}

describe('authorization code + PKCE for assistant-console', () => {
  it('signs in through the login page and exchanges the code for an API JWT and a refresh token', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const auth = new URL(`${platform.issuer}/protocol/openid-connect/auth`);
    auth.search = new URLSearchParams({
      client_id: 'assistant-console',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      state: 'state-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();

    const browser = new Browser();
    const login = await browser.follow(await browser.go(auth.href));
    const html = (await login.page?.text()) ?? '';
    expect(html).toContain('<h1>Sign in to Local Platform</h1>');
    expect(html).toContain('<label for="username">Username</label>');

    const wrong = await browser.go(formAction(html), {
      method: 'POST',
      form: { username: 'analyst', password: 'bad' },
    });
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toMatch(/role="alert">Invalid username or password\./);
    expect(wrongHtml).toContain('value="analyst"');

    const done = await browser.go(formAction(wrongHtml), {
      method: 'POST',
      form: { username: 'analyst', password: 'analyst' },
    });
    const { location } = await browser.follow(done);
    expect(location?.startsWith(redirectUri)).toBe(true);
    const callback = new URL(location ?? '');
    expect(callback.searchParams.get('state')).toBe('state-123');
    const code = callback.searchParams.get('code') ?? '';

    const exchange = await fetch(tokenUrl(platform), {
      method: 'POST',
      headers: { Origin: consoleOrigin },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'assistant-console',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    expect(exchange.status).toBe(200);
    expect(exchange.headers.get('access-control-allow-origin')).toBe(consoleOrigin);
    const tokens = (await exchange.json()) as { access_token: string; refresh_token?: string; id_token?: string };
    const jwks = createRemoteJWKSet(new URL(`${platform.issuer}/protocol/openid-connect/certs`));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: platform.issuer,
      audience: `${platform.origin}/code-assistant-api`,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload['preferred_username']).toBe('analyst');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();

    const refreshed = await fetch(tokenUrl(platform), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'assistant-console',
        refresh_token: tokens.refresh_token ?? '',
      }),
    });
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { access_token: string };
    await expect(
      jwtVerify(renewed.access_token, jwks, { audience: `${platform.origin}/code-assistant-api` }),
    ).resolves.toBeTruthy();

    // RP-initiated logout with the person's ID token as hint: as Keycloak, no question; the page posts itself.
    const logoutUrl = new URL(`${platform.issuer}/protocol/openid-connect/logout`);
    logoutUrl.search = new URLSearchParams({
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${consoleOrigin}/`,
      state: 'back',
    }).toString();
    const logoutPage = await (await browser.go(logoutUrl.href)).text();
    expect(logoutPage).not.toContain('Do you want to log out?');
    expect(logoutPage).toContain(`document.getElementById('op.logoutForm').submit()`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logoutPage)?.[1] ?? '';
    expect(logoutPage).toContain('name="logout" value="yes"');
    const confirm = /id="op.logoutForm" method="post" action="([^"]+)"/.exec(logoutPage)?.[1] ?? '';
    const out = await browser.go(confirm, { method: 'POST', form: { xsrf, logout: 'yes' } });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe(`${consoleOrigin}/?state=back`);
    // The session is over: a new sign-in shows the login form.
    const again = await browser.follow(await browser.go(authorizeUrl({ state: 's3' })));
    expect(again.location).toBeUndefined();
    expect(await again.page?.text()).toContain('name="password"');
  });

  it("revokes the refresh token on the console's request (RFC 7009): introspection then calls it inactive", async () => {
    const { tokens } = await consoleSignIn();
    const refreshToken = tokens.refresh_token ?? '';
    expect(refreshToken).not.toBe('');
    expect(await introspect(refreshToken)).toMatchObject({ active: true, client_id: 'assistant-console' });

    // A public client revokes its own token with its client_id, as oidc-client-ts's revokeTokens does.
    const revoked = await fetch(`${platform.issuer}/protocol/openid-connect/revoke`, {
      method: 'POST',
      headers: { Origin: consoleOrigin },
      body: new URLSearchParams({
        client_id: 'assistant-console',
        token: refreshToken,
        token_type_hint: 'refresh_token',
      }),
    });
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('access-control-allow-origin')).toBe(consoleOrigin);
    expect(await introspect(refreshToken)).toEqual({ active: false });
    const refused = await fetch(tokenUrl(platform), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'assistant-console',
        refresh_token: refreshToken,
      }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('asks before a logout without a hint; walked away from, the session lives on, but prompt=login asks anyway', async () => {
    const { browser } = await consoleSignIn();
    const logoutUrl = new URL(`${platform.issuer}/protocol/openid-connect/logout`);
    logoutUrl.search = new URLSearchParams({
      client_id: 'assistant-console',
      post_logout_redirect_uri: `${consoleOrigin}/`,
    }).toString();
    const question = await (await browser.go(logoutUrl.href)).text();
    expect(question).toContain('Do you want to log out?');
    expect(question).not.toContain('<script');
    // Unanswered, the provider still knows the person: a new sign-in goes through without the login form...
    const { location } = await browser.follow(await browser.go(authorizeUrl({ state: 's2' })));
    expect(location?.startsWith(redirectUri)).toBe(true);
    // ...unless the console asks for the password, as it does after a sign-out in this browser.
    const asked = await browser.follow(await browser.go(authorizeUrl({ state: 's4', prompt: 'login' })));
    expect(asked.location).toBeUndefined();
    expect(await asked.page?.text()).toContain('name="password"');
  });

  it("asks when the hint names someone else than the session's person", async () => {
    const { browser } = await consoleSignIn();
    const other = await consoleSignIn('openid', 'viewer');
    const logoutUrl = new URL(`${platform.issuer}/protocol/openid-connect/logout`);
    logoutUrl.search = new URLSearchParams({
      id_token_hint: other.tokens.id_token ?? '',
      post_logout_redirect_uri: `${consoleOrigin}/`,
    }).toString();
    expect(await (await browser.go(logoutUrl.href)).text()).toContain('Do you want to log out?');
  });
});

function authorizeUrl({ state, prompt }: { state: string; prompt?: string }): string {
  const url = new URL(`${platform.issuer}/protocol/openid-connect/auth`);
  url.search = new URLSearchParams({
    client_id: 'assistant-console',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid',
    state,
    code_challenge: createHash('sha256').update('x'.repeat(43)).digest('base64url'),
    code_challenge_method: 'S256',
    ...(prompt ? { prompt } : {}),
  }).toString();
  return url.href;
}
