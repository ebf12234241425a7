// Building a console for the bench and serving it beside the local platform, on ports of the bench's own
// (the platform :8280, its MCP server :8290, consoles from :4280), so a running `npm start` is left alone.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start, waitForUrl } from './processes';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const logDir = join(root, 'bench/dist/logs');
export const ports = { platform: 8280, mcp: 8290, console: 4280 };
export const platformOrigin = `http://localhost:${ports.platform}`;
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `vite <args>` with this checkout's Vite, run in `cwd` (another checkout builds with its own config). */
export function vite(args: readonly string[], cwd = root): void {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), ...args], {
    cwd,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed`);
}

/** The same build, pointed at the bench's platform. */
export function pointAtPlatform(appDir: string): void {
  const file = join(appDir, 'config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as {
    apiBaseUrl: string;
    auth: { oidc?: { authority: string } };
  };
  config.apiBaseUrl = `${platformOrigin}/code-assistant-api`;
  if (config.auth.oidc) config.auth.oidc.authority = `${platformOrigin}/auth/realms/local`;
  writeFileSync(file, JSON.stringify(config, null, 2));
}

/** The local platform, taking requests from consoles at these ports; resolves once its provider answers. */
export async function startPlatform(consolePorts: readonly number[]): Promise<void> {
  const origins = consolePorts.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
  const platform = start(
    'platform',
    process.execPath,
    ['--import', 'tsx', join(root, 'platform/main.ts')],
    {
      PLATFORM_PORT: String(ports.platform),
      MCP_PORT: String(ports.mcp),
      CONSOLE_ORIGINS: origins.join(','),
      PLATFORM_ACCESS_TOKEN_TTL: '3600',
    },
    logDir,
  );
  await waitForUrl(platform, `${platformOrigin}/auth/realms/local/.well-known/openid-configuration`, 60_000);
}

/** `vite preview` of a built console at `port`; resolves with its address once it serves its config. */
export async function startPreview(name: string, appDir: string, port: number): Promise<string> {
  const preview = start(
    name,
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--outDir',
      appDir,
      '--port',
      String(port),
      '--strictPort',
    ],
    {},
    logDir,
  );
  const url = `http://localhost:${port}`;
  await waitForUrl(preview, `${url}/config.json`, 60_000);
  return url;
}
