import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { fileURLToPath } from 'node:url';
import { securityHeadersPlugin } from './deploy/vite-security-headers.ts';

// The API is reached through the console's own origin under /code-assistant-api, as a real deployment must be
// (its CORS allows only its own UI and exposes no header but Content-Disposition): by default the local platform,
// API_PROXY_TARGET (e.g. https://codemie.example.com) for a real deployment.
// BUILD_SOURCEMAP=hidden writes source maps for an error tracker without linking them from the bundles
// (nginx refuses to serve *.map); by default none are written, so dist/ never publishes the source.
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const target = env.API_PROXY_TARGET || `http://localhost:${env.PLATFORM_PORT || '8080'}`;
  const proxy: Record<string, ProxyOptions> = {
    '/code-assistant-api': {
      target,
      changeOrigin: true,
      secure: env.API_PROXY_INSECURE !== 'true',
      // An answer the server cut short is cut short for the browser too (as nginx does), not left hanging open.
      configure: (server) => {
        server.on('proxyRes', (upstream, _request, response) => {
          upstream.on('close', () => {
            if (!upstream.complete) response.destroy();
          });
        });
        // As nginx does: the API learns the address the browser used (addresses it hands out point there). RFC 7239's
        // Forwarded, not X-Forwarded-Host: servers pass X-* headers on to tool servers, and this one is not the person's.
        server.on('proxyReq', (upstream, request) => {
          if (request.headers.host) upstream.setHeader('Forwarded', `host="${request.headers.host}";proto=http`);
        });
      },
    },
  };
  return {
    plugins: [
      react(),
      // The console speaks English: react-aria's own words for assistive technology ("Press Alt + ArrowDown to open
      // the menu"…) in some thirty other languages are left out, from the bundle and from every page's memory.
      { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
      securityHeadersPlugin(),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: { port: 5173, strictPort: true, proxy },
    preview: { port: 4173, strictPort: true, proxy },
    build: {
      sourcemap: env.BUILD_SOURCEMAP === 'hidden' ? 'hidden' : false,
      // Which chunks each screen needs, for the bench (dist/.vite/manifest.json; deploy/nginx.conf does not serve it).
      manifest: true,
      rolldownOptions: {
        output: {
          // Libraries in chunks of their own, named for them: they change far less often than the console, so a
          // deploy leaves them in the browser's cache. Only groups whose every module is needed by the same pages:
          // zod and TanStack are split across the sign-in page and the screens (a group would bring all of them to
          // the sign-in page), and react-aria's parts across the screens (a group made Settings 20 KB heavier).
          codeSplitting: {
            groups: [
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: 'dexie', test: /[\\/]node_modules[\\/]dexie[\\/]/ },
              // zod's shared config and the module that turns its eval probe off, in one small chunk: every chunk that
              // makes a schema imports it, so the probe is off before any schema exists, however the rest is split
              // (a schema made at the top of a module that lands in a chunk of its own would otherwise come first).
              {
                name: 'zod-config',
                test: /([\\/]zod[\\/]v4[\\/]core[\\/]core\.js|[\\/]src[\\/]lib[\\/]zod-without-eval\.ts)$/,
              },
            ],
          },
        },
      },
    },
    // The highlighter worker loads its grammars on demand: chunks need ES module workers.
    worker: { format: 'es' },
  };
});
