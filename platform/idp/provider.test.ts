import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../server';
import { passwordToken, startTestPlatform, tokenUrl } from '../test-support';

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const audience = () => `${platform.origin}/code-assistant-api`;

describe('identity provider', () => {
  it('publishes a discovery document with Keycloak-style endpoints', async () => {
    const response = await fetch(`${platform.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Record<string, unknown>;
    const base = `${platform.issuer}/protocol/openid-connect`;
    expect(doc).toMatchObject({
      issuer: platform.issuer,
      authorization_endpoint: `${base}/auth`,
      token_endpoint: `${base}/token`,
      jwks_uri: `${base}/certs`,
      userinfo_endpoint: `${base}/userinfo`,
      end_session_endpoint: `${base}/logout`,
    });
    expect(doc['grant_types_supported']).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'password', 'client_credentials']),
    );
  });

  it('issues an RS256 JWT for the API through the password grant, verifiable with the JWKS', async () => {
    const token = await passwordToken(platform, 'analyst');
    expect(decodeProtectedHeader(token).alg).toBe('RS256');
    const jwks = createRemoteJWKSet(new URL(`${platform.issuer}/protocol/openid-connect/certs`));
    const { payload } = await jwtVerify(token, jwks, { issuer: platform.issuer, audience: audience() });
    expect(payload).toMatchObject({
      preferred_username: 'analyst',
      name: 'Ada Analyst',
      email: 'analyst@example.test',
      client_id: 'sdk-client',
    });
  });

  it('rejects a wrong password with invalid_grant', async () => {
    const response = await fetch(tokenUrl(platform), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'sdk-client',
        username: 'analyst',
        password: 'nope',
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('issues a service-account token through client credentials, and refuses a wrong secret', async () => {
    const call = (secret: string) =>
      fetch(tokenUrl(platform), {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`service-account:${secret}`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
    const ok = await call('local-service-account-secret');
    expect(ok.status).toBe(200);
    const { access_token: token } = (await ok.json()) as { access_token: string };
    const jwks = createRemoteJWKSet(new URL(`${platform.issuer}/protocol/openid-connect/certs`));
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      issuer: platform.issuer,
      audience: audience(),
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload['preferred_username']).toBe('service-account');

    const user = await fetch(`${platform.apiBaseUrl}/v1/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await user.json()).toMatchObject({ username: 'service-account' });

    const wrong = await call('wrong-secret');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
  });
});
