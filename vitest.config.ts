import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Browser tests need Chromium; CI (and REQUIRE_BROWSER=1) makes its absence a failure, not a silent gap. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = process.env.CI === 'true' || process.env.REQUIRE_BROWSER === '1';
const withBrowser = requireBrowser || fs.existsSync(chromium);
if (!withBrowser) console.warn(`\n[test] ${chromium} not found: browser tests are not run (apt-get install -y chromium).\n`);

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // A worker imports the app once and runs file after file in it: importing the app's modules
          // per file cost more than the tests themselves. Each file still gets its own database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      ...(withBrowser
        ? [
            {
              test: {
                name: 'e2e',
                include: ['apps/web/e2e/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['apps/web/e2e/global-setup.ts'],
                setupFiles: ['apps/web/e2e/ready.ts'],
                fileParallelism: false,
                testTimeout: 90_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
    ],
  },
});
