import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { securityHeadersPlugin } from './deploy/vite-security-headers.ts';

// API_PROXY_TARGET (e.g. https://codemie.example.com) serves a real deployment's API from the console's own
// origin under /code-assistant-api, because real deployments allow CORS only for their own UI.
// BUILD_SOURCEMAP=hidden writes source maps for an error tracker without linking them from the bundles
// (nginx refuses to serve *.map); by default none are written, so dist/ never publishes the source.
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const target = env.API_PROXY_TARGET;
  const proxy = target
    ? { '/code-assistant-api': { target, changeOrigin: true, secure: env.API_PROXY_INSECURE !== 'true' } }
    : undefined;
  return {
    plugins: [react(), securityHeadersPlugin()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: { port: 5173, strictPort: true, ...(proxy ? { proxy } : {}) },
    preview: { port: 4173, strictPort: true, ...(proxy ? { proxy } : {}) },
    build: { sourcemap: env.BUILD_SOURCEMAP === 'hidden' ? 'hidden' : false },
    // The highlighter worker loads its grammars on demand: chunks need ES module workers.
    worker: { format: 'es' },
  };
});
