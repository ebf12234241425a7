// The issuer and every endpoint stay on the configured public origin whatever Host a client sends.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../server';
import { startTestPlatform } from '../test-support';

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

/** GET over node:http, which (unlike fetch) sends exactly the Host header it is given. */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const hostileHeaders = [
  { Host: 'evil.test' },
  { Host: 'evil.test:8443', 'X-Forwarded-Host': 'evil.test', 'X-Forwarded-Proto': 'https' },
  { Forwarded: 'host=evil.test;proto=https', 'X-Forwarded-Host': 'evil.test' },
];

describe('issuer pinned to the public origin', () => {
  it.each(hostileHeaders)('publishes discovery on the configured origin with %o', async (headers) => {
    const response = await get(`${platform.issuer}/.well-known/openid-configuration`, headers);
    expect(response.status).toBe(200);
    const doc = JSON.parse(response.body) as Record<string, unknown>;
    expect(doc['issuer']).toBe(platform.issuer);
    const urls = Object.entries(doc).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && /^https?:/.test(entry[1]),
    );
    expect(urls.map(([name]) => name)).toEqual(
      expect.arrayContaining(['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']),
    );
    for (const [name, url] of urls) expect(`${name} ${url}`).toBe(`${name} ${platform.origin}${new URL(url).pathname}`);
    expect(response.body).not.toContain('evil.test');
  });
});
