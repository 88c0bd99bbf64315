import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const src = fileURLToPath(new URL('./src', import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:8080';
// Every API path prefix the app calls; `npm run dev` proxies them to the API server.
const apiPrefixes = ['/user', '/web', '/attractive', '/shop', '/coin', '/oms', '/airwallex', '/upload2', '/health', '/ready'];

export default defineConfig({
  base: '/h5/',
  plugins: [react()],
  resolve: { alias: { '@': src } },
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
        manualPureFunctions: ['endpoint', 'z', 'Object.freeze'],
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: api, changeOrigin: true }])),
  },
});
