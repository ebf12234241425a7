// Password guessing over real HTTP: the password grant and the login form answer 429 with Retry-After.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../server';
import { startTestPlatform, tokenUrl } from '../test-support';
import { defaultSignInLimits } from './sign-in-limiter';

// A platform per test: the limiter's memory is per platform, so each test starts with a clean count.
let platform: RunningPlatform;
beforeEach(async () => {
  platform = await startTestPlatform();
});
afterEach(() => platform.close());

const passwordGrant = (username: string, password: string) =>
  fetch(tokenUrl(platform), {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', client_id: 'sdk-client', username, password }),
  });

/** Starts the console's sign-in and answers the login form's address and the interaction cookies. */
async function openLoginForm(): Promise<{ action: string; cookie: string }> {
  const auth = new URL(`${platform.issuer}/protocol/openid-connect/auth`);
  auth.search = new URLSearchParams({
    client_id: 'assistant-console',
    response_type: 'code',
    redirect_uri: 'http://localhost:5173/auth/callback',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }).toString();
  const start = await fetch(auth, { redirect: 'manual' });
  const cookie = start.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const login = await fetch(new URL(start.headers.get('location') ?? '', platform.origin), { headers: { cookie } });
  const action = /<form method="post" action="([^"]+)"/.exec(await login.text())?.[1]?.replace(/&amp;/g, '&') ?? '';
  return { action: new URL(action, platform.origin).href, cookie };
}

describe('sign-in rate limit', () => {
  it('the password grant answers 429 with Retry-After once a username has too many failures, even to the right password', async () => {
    for (let attempt = 0; attempt < defaultSignInLimits.perUsername; attempt += 1) {
      expect((await passwordGrant('analyst', `guess-${attempt}`)).status).toBe(400);
    }
    const blocked = await passwordGrant('analyst', 'analyst');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await blocked.json()).toMatchObject({
      error: 'slow_down',
      error_description: expect.stringMatching(/Too many failed sign-in attempts/),
    });

    // Another user is not locked out by analyst's failures.
    expect((await passwordGrant('viewer', 'viewer')).status).toBe(200);
  });

  it('the login form says so in words, with 429 and Retry-After, and the failures of both paths count together', async () => {
    for (let attempt = 0; attempt < defaultSignInLimits.perUsername - 1; attempt += 1) {
      expect((await passwordGrant('viewer', `guess-${attempt}`)).status).toBe(400);
    }
    const { action, cookie } = await openLoginForm();
    const post = (password: string) =>
      fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie },
        body: new URLSearchParams({ username: 'viewer', password }),
      });

    const lastTry = await post('still-wrong');
    expect(lastTry.status).toBe(200);
    expect(await lastTry.text()).toContain('Invalid username or password.');

    const blocked = await post('viewer');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50);
    const html = await blocked.text();
    expect(html).toMatch(/role="alert">Too many failed sign-in attempts\. Try again in \d+ seconds\./);
    expect(html).toContain('value="viewer"');
  });

  it('a successful sign-in clears the count', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < defaultSignInLimits.perUsername - 1; attempt += 1) {
        expect((await passwordGrant('analyst', 'wrong')).status).toBe(400);
      }
      expect((await passwordGrant('analyst', 'analyst')).status).toBe(200);
    }
  });
});
