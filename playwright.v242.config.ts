import { defineConfig } from '@playwright/test';
import base, { prebuilt } from './playwright.config';

// The console against a 2.42-era server (DEPLOYED-API.md): the local platform started with PLATFORM_SERVER=2.42
// (interactive_request forms, no tool policies, answers that end with the client). Same ports as the main suite,
// which has finished when this run starts; never a server left running, which could be of the other generation.
const consolePort = 4173;

export default defineConfig({
  ...base,
  testDir: 'tests/e2e/v242',
  testIgnore: [],
  projects: [{ name: 'server-2.42' }],
  webServer: [
    {
      command: 'node --import tsx platform/main.ts',
      env: { PLATFORM_SERVER: '2.42' },
      url: 'http://localhost:8080/auth/realms/local/.well-known/openid-configuration',
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: `${prebuilt ? '' : 'npx vite build --logLevel warn && '}npx vite preview --port ${consolePort} --strictPort`,
      url: `http://localhost:${consolePort}`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
});
