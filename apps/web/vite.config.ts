import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:8080';
// Every API path prefix the app calls; `npm run dev` proxies them to the API server.
const apiPrefixes = ['/user', '/web', '/attractive', '/shop', '/coin', '/oms', '/airwallex', '/upload2', '/health', '/ready'];

/** `react`, `react-dom` and their entry points, answered by `preact/compat`. */
export const reactToPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

const config: UserConfig = {
  base: '/h5/',
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // Preact's React layer instead of React DOM: the same components at a tenth of the size on
      // the first screen (docs/decisions/2026-11-23-first-paint-budget.md). Exact names only.
      ...reactToPreact,
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The contract declares 240 calls with zod schemas; a page keeps only the ones it imports.
        moduleSideEffects: (id) => (id.includes('/packages/contract/src/') ? false : undefined),
        // Names are matched in every module, minified libraries included: no one-letter names here
        // (`z` once matched Preact's own diff function and removed its calls).
        manualPureFunctions: ['endpoint', 'Object.freeze'],
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: api, changeOrigin: true }])),
  },
};

export default defineConfig(({ command }) => {
  // A build is always the production bundle: NODE_ENV=development left in a shell would otherwise
  // build React's development bundle (three times larger). Vite reads it after loading this file,
  // so no shell-specific `NODE_ENV=…` prefix is needed (Windows included).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
