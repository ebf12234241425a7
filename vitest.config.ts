import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
// A time limit for a test that hangs, not a speed target (those are benchmarks): on two cores under load, files that
// take 1–2 s alone (jsdom set-up, the whole-tree scans of scripts/) passed 5 s, and CI failed for no fault.
const testTimeout = 15_000;

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    // Threads, three of them on two cores: most files wait on jsdom set-up and imports, so a third worker fills the gaps
    // (110 s → 60 s on the CI machine).
    pool: 'threads',
    maxWorkers: 3,
    // `npm run test:unit` measures what the unit tests reach; scripts/coverage-by-folder.mjs prints it per folder.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}', 'platform/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', 'src/test/**', 'platform/contract/**', 'platform/test-support.ts'],
      reporter: ['json-summary'],
      reportsDirectory: 'coverage',
    },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          testTimeout,
          include: [
            'src/**/*.test.ts',
            'platform/**/*.test.ts',
            'scripts/**/*.test.ts',
            'deploy/**/*.test.ts',
            'bench/lib/**/*.test.ts',
          ],
          benchmark: { include: ['tests/bench/**/*.bench.ts'] },
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'dom',
          environment: 'jsdom',
          testTimeout,
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup-dom.ts'],
          // The official A2UI cases beside the checkout, for the conformance replay.
          globalSetup: ['scripts/a2ui-cases.ts'],
          benchmark: { include: ['tests/bench/**/*.bench.{ts,tsx}'] },
        },
      },
    ],
  },
});
