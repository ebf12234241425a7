// The dev and preview servers over real HTTP: the production policy in preview, the dev exceptions only in dev.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, preview } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './vite-security-headers';

const config = {
  apiBaseUrl: 'https://api.example.com/code-assistant-api',
  auth: { oidc: { authority: 'https://sso.example.com/realms/x' } },
};

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'csp-plugin-'));
  roots.push(root);
  for (const dir of ['public', 'dist']) {
    mkdirSync(join(root, dir));
    writeFileSync(join(root, dir, 'config.json'), JSON.stringify(config));
  }
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
  return root;
}

const portOf = (address: AddressInfo | string | null | undefined): number =>
  typeof address === 'object' && address ? address.port : 0;

describe('securityHeadersPlugin', () => {
  it('preview sends the production policy, connect-src from the served config.json', async () => {
    const root = project();
    const server = await preview({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [securityHeadersPlugin()],
      preview: { port: 0, host: '127.0.0.1' },
    });
    try {
      const response = await fetch(`http://127.0.0.1:${portOf(server.httpServer.address())}/`);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'; style-src 'self';");
      expect(policy).toContain("connect-src 'self' https://api.example.com https://sso.example.com;");
      expect(policy).not.toMatch(/nonce|unsafe|ws:/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await server.close();
    }
  });

  it('dev adds only a nonce for its own inline preamble and styles, and its HMR socket', async () => {
    const root = project();
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [securityHeadersPlugin()],
      server: { port: 0, host: '127.0.0.1', ws: false },
    });
    await server.listen();
    try {
      const port = portOf(server.httpServer?.address());
      const response = await fetch(`http://127.0.0.1:${port}/`);
      const policy = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
      expect(nonce).not.toBe('');
      expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}';`);
      expect(policy).toContain(
        `connect-src 'self' https://api.example.com https://sso.example.com ws://127.0.0.1:${port};`,
      );
      expect(policy).not.toContain('unsafe');
      // Vite gives its injected tags the same nonce.
      expect(await response.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}"`);
    } finally {
      await server.close();
    }
  });
});
