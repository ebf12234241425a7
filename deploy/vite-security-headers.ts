// The Vite dev and preview servers send deploy/nginx.conf's security headers, with connect-src taken from the
// config.json each server serves, so a CSP violation shows up while developing and in e2e, not first in
// production.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { extendDirective, originsFromConfig, readNginxTemplate, securityHeaders } from './security-headers.ts';

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

type Loosen = (policy: string, req: IncomingMessage) => string;

// Read on every request: an edit of nginx.conf or config.json applies without a restart.
function middleware(configFile: string, loosen: Loosen) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    for (const [name, value] of securityHeaders(readNginxTemplate(), originsFromConfig(readJson(configFile)))) {
      res.setHeader(name, name.toLowerCase() === 'content-security-policy' ? loosen(value, req) : value);
    }
    next();
  };
}

export function securityHeadersPlugin(): Plugin {
  // Dev only, and only as loose as Vite needs: @vitejs/plugin-react injects the Fast Refresh preamble as an
  // inline module script, and Vite's client injects every imported CSS file as a <style> element. Both carry
  // this nonce (Vite's html.cspNonce), so the dev policy still refuses any other inline script or style. A
  // nonce fixed per server start would be weak in production (every page load shows it); production builds
  // need neither exception and get no nonce.
  const nonce = randomBytes(18).toString('base64');
  const devPolicy: Loosen = (policy, req) => {
    const host = (req.headers.host ?? '').replace(/[^\w.:[\]-]/g, '');
    const withNonce = extendDirective(
      extendDirective(policy, 'script-src', `'nonce-${nonce}'`),
      'style-src',
      `'nonce-${nonce}'`,
    );
    // Hot module replacement talks over a WebSocket to the dev server itself.
    return host ? extendDirective(withNonce, 'connect-src', `ws://${host}`) : withNonce;
  };
  return {
    name: 'assistant-console:security-headers',
    config: (_config, env) => (env.command === 'serve' && !env.isPreview ? { html: { cspNonce: nonce } } : {}),
    configureServer(server) {
      server.middlewares.use(middleware(resolve(server.config.publicDir, 'config.json'), devPolicy));
    },
    configurePreviewServer(server) {
      // Preview serves the build exactly as nginx does: the production policy, unchanged.
      const configFile = resolve(server.config.root, server.config.build.outDir, 'config.json');
      server.middlewares.use(middleware(configFile, (policy) => policy));
    },
  };
}
