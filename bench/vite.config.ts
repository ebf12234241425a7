// Builds the bench's baseline page (bench/baseline, never part of the app's dist/) into the bench's copy of
// the app build, so one `vite preview` serves both under the same CSP.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('./baseline', import.meta.url)),
  base: '/bench-baseline/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./dist/app/bench-baseline', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
});
