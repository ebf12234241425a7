import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run screenshots`: the README's pictures, taken from the real console on the local platform. Not part of
// `npm test` (it checks nothing); run it after a change that alters what they show.
export default defineConfig({
  ...base,
  testDir: 'tests/screenshots',
  testIgnore: [],
  testMatch: '*.shots.ts',
  projects: [{ name: 'screenshots' }],
  workers: 1,
  use: { ...base.use, viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
});
