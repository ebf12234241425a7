import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

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
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup-dom.ts'],
          benchmark: { include: ['tests/bench/**/*.bench.{ts,tsx}'] },
        },
      },
    ],
  },
});
