import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const consolePort = 4173;
// npm run test:e2e builds dist/ once for this run and the nginx run; run alone, each builds its own.
export const prebuilt = process.env.E2E_PREBUILT === '1';
export const platformRequestLog = '/tmp/e2e-platform-requests.log';

// e2e runs the production build (vite preview) against the real local platform, in Debian's Chromium.
export default defineConfig({
  testDir: 'tests/e2e',
  // Production serving has its own run (playwright.nginx.config.ts), and so has a 2.42-era server (playwright.v242.config.ts).
  testIgnore: ['nginx/**', 'v242/**'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two browsers at a time: the 3-minute renewal run (it mostly waits on an open stream) beside one console
  // worker, then two console workers. Tests never race the platform's pace (a busy machine is slower than it):
  // what a reader sees while something runs is sampled in the page every frame (support.ts), not polled.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  projects: [
    { name: 'renewal', testMatch: 'token-renewal.spec.ts', workers: 1 },
    { name: 'console', testIgnore: ['nginx/**', 'v242/**', 'token-renewal.spec.ts'], workers: 2 },
  ],
  use: {
    baseURL: `http://localhost:${consolePort}`,
    // A failing test keeps its trace (actions, DOM snapshots, network, console) but not the screencast: recording
    // frames for every test cost a quarter of the suite's CPU on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx platform/main.ts',
      url: 'http://localhost:8080/auth/realms/local/.well-known/openid-configuration',
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'pipe',
      // The platform's request log lines (trace-context.spec.ts reads the trace ids the platform logged).
      env: { PLATFORM_REQUEST_LOG: platformRequestLog },
    },
    {
      command: `${prebuilt ? '' : 'npx vite build --logLevel warn && '}npx vite preview --port ${consolePort} --strictPort`,
      url: `http://localhost:${consolePort}`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
});
