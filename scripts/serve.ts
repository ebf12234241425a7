// npm run serve: the production build served by Debian's nginx with deploy/nginx.conf, in front of the local
// platform. The console calls the API through nginx's same-origin proxy, as in a real deployment.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { optionsFromEnv } from '../platform/config';
import { startPlatform } from '../platform/server';
import { apiServicePath } from '../platform/wire';
import { findNginx, startNginx } from './nginx-runtime';

const port = Number(process.env['SERVE_PORT'] ?? 4180);
const consoleUrl = `http://localhost:${port}`;

const nginx = findNginx();
if (!nginx) {
  console.error(`
npm run serve needs nginx (Debian's package):

    sudo apt-get update && sudo apt-get install -y nginx

or point NGINX_PATH at an nginx binary. (.ci/run installs it by itself.)
`);
  process.exit(1);
}

// --prebuilt: serve the dist/ a caller has just built (npm run test:e2e builds once for all its runs).
if (!process.argv.includes('--prebuilt')) {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const options = optionsFromEnv(process.env);
const platform = await startPlatform({
  ...options,
  consoleOrigins: [...options.consoleOrigins, consoleUrl, `http://127.0.0.1:${port}`],
});

// The built config.json, pointed at this platform: the API through the proxy, the identity provider direct.
type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {});
const built = asObject(JSON.parse(readFileSync(resolve('dist/config.json'), 'utf8')));
const auth = asObject(built['auth']);
const config = {
  ...built,
  apiBaseUrl: apiServicePath,
  auth: { ...auth, oidc: { ...asObject(auth['oidc']), authority: platform.issuer } },
};

const server = startNginx(nginx, {
  listen: `127.0.0.1:${port}`,
  root: resolve('dist'),
  config,
  apiUpstream: platform.origin,
});

let stopping = false;
const stop = (code: number): void => {
  if (stopping) return;
  stopping = true;
  void Promise.allSettled([server.stop(), platform.close()]).then(() => process.exit(code));
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
server.process.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`nginx stopped (${signal ?? `exit code ${code}`}); stopping the platform.`);
  stop(1);
});

let ready = false;
for (let attempt = 0; attempt < 100 && !stopping && !ready; attempt += 1) {
  ready = await fetch(`${consoleUrl}/config.json`).then(
    (response) => response.ok,
    () => false,
  );
  if (!ready) await delay(100);
}
if (!ready) {
  console.error(`nginx did not answer at ${consoleUrl} within 10 s.`);
  stop(1);
} else {
  console.log(`
  Assistant Console (production build, nginx with deploy/nginx.conf):  ${consoleUrl}
    API proxied at  ${consoleUrl}${apiServicePath}  →  ${platform.apiBaseUrl}
    identity provider  ${platform.issuer}

  Demo logins: analyst / analyst, viewer / viewer.  Ctrl+C stops both.
`);
}
