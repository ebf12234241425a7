import { defineConfig } from '@playwright/test';
import base, { prebuilt } from './playwright.config';

// One run against production serving: dist/ behind Debian's nginx with deploy/nginx.conf (npm run serve), the
// API through its same-origin proxy. Own ports, so it never meets the main suite's servers.
const consolePort = 4180;

export default defineConfig({
  ...base,
  testDir: 'tests/e2e/nginx',
  testIgnore: [],
  // The main suite's projects split its own files; this run has one set.
  projects: [{ name: 'nginx' }],
  use: { ...base.use, baseURL: `http://localhost:${consolePort}` },
  webServer: {
    command: `node --import tsx scripts/serve.ts${prebuilt ? ' --prebuilt' : ''}`,
    env: { SERVE_PORT: String(consolePort), PLATFORM_PORT: '8180', MCP_PORT: '8190' },
    url: `http://localhost:${consolePort}/config.json`,
    // Always this build (or the one test:e2e just made) and this nginx.conf, never a server someone left running.
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
