import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'platform/**/*.test.ts', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
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
