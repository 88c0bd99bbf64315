import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../web/precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:8080';

/** `texts-<lang>` for a console language pack of the contract, else no group of its own. */
const textsChunk = (id: string) => /\/i18n\/packs\/console-[^/]+\/([\w-]+)\.json$/.exec(id)?.[1]?.replace(/^/, 'texts-') ?? null;

const config: UserConfig = {
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@admin': src } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench reads which chunks the first screen needs (bench/web-size.ts).
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // A language's texts (its file of each console area) in one chunk: one request, better compressed.
      output: { codeSplitting: { groups: [{ name: (id: string) => textsChunk(id) }] } },
      treeshake: {
        // A page keeps only the contract calls it imports.
        moduleSideEffects: (id) => (id.includes('/packages/contract/src/') ? false : undefined),
        manualPureFunctions: ['endpoint', 'z', 'Object.freeze'],
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/admin/api': { target: api, changeOrigin: true }, '/media': { target: api, changeOrigin: true } },
  },
};

export default defineConfig(({ command }) => {
  // A build is always the production bundle, whatever NODE_ENV the shell holds.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
