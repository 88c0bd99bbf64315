import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { testChromium } from './apps/web/e2e/chromium-path.js';

/** Browser tests need Chromium; CI (and REQUIRE_BROWSER=1) makes its absence a failure, not a silent gap. */
const chromium = testChromium();
const requireBrowser = process.env.CI === 'true' || process.env.REQUIRE_BROWSER === '1';
const withBrowser = requireBrowser || fs.existsSync(chromium);
if (!withBrowser) console.warn(`\n[test] ${chromium} not found: browser tests are not run (apt-get install -y chromium-headless-shell, or chromium).\n`);

/**
 * The order files start in. All projects share one queue and the workers take files from it in turn
 * (a worker that stays runs the next file only if it is of its own project). Vitest's default runs the
 * projects one after another by name, the browser files (over half the run) fourth, so the run ended
 * on a few long browser files with the other workers idle. Here the browser files go first, then the
 * API's, then the unit files of the app, the console, the contract and the shared client; each
 * project's files longest first (as the last run on this machine measured them, else as
 * `test-durations.json` records them, else the largest first), so that the run ends on short files.
 */
const PROJECT_ORDER = ['e2e', 'api', 'web', 'admin', 'contract', 'client'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // What each file took in a full run recorded with the project (`node scripts/test-durations.mjs`), for a clone without results of its own.
    const recordedFile = path.join(this.ctx.config.root, 'test-durations.json');
    const recorded: Record<string, number> = fs.existsSync(recordedFile) ? JSON.parse(fs.readFileSync(recordedFile, 'utf8')) : {};
    const cost = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
      // Milliseconds as measured here, else as recorded, else about one second for each 500 bytes of test (the browser files' ratio).
      return this.ctx.cache.getFileTestResults(key)?.duration ?? recorded[key] ?? fs.statSync(spec.moduleId).size * 2;
    };
    const costs = new Map(files.map((f) => [f, cost(f)]));
    const rank = (spec: TestSpecification) => PROJECT_ORDER.indexOf(spec.project.name);
    return [...files].sort((a, b) => rank(a) - rank(b) || costs.get(b)! - costs.get(a)!);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // One worker more than the cores: a test spends much of its time waiting on PostgreSQL, Chromium or
    // a spawned server, and with one worker per core the cores were still idle a fifth of the run
    // (two cores: 22 % idle with two workers, 8 % with three; the suite 406 s -> 376 s). Vitest's
    // default (cores - 1) leaves one of CI's two cores idle. Each api file has its own database, and
    // each browser file the shop of its worker (e2e/shop.ts), so files of every project run side by
    // side. (A project with file parallelism off would run as a group of its own, one file at a time,
    // after all the others, with the other cores idle.)
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'client', include: ['packages/client/src/**/*.test.ts'], environment: 'node' },
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
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Isolated per file: without it (dependencies imported once per worker, the app's modules
          // re-imported and the page emptied before each file) the project took a third of the time,
          // but page tests with dialogs and toasts failed now and then, depending on the file before.
          // Each file runs in a VM context of its own inside a worker that stays (vmForks): as isolated,
          // but the worker loads jsdom and Node's modules once, not once per file (a file's
          // environment 1.3 s → under 0.1 s; the project 151 s → 92 s wall on two cores).
          pool: 'vmForks',
          testTimeout: 20_000,
          // The setup's closing hook may be the first in its file to load antd-mobile: on busy cores, more than the default 10 s.
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts', 'apps/admin/src/test/setup.ts'],
          // As the web project's: a VM context per file in a worker that stays.
          pool: 'vmForks',
          // A file's first render loads antd, which on CI's two busy cores can take more than the default 5 s.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(withBrowser
        ? [
            {
              test: {
                name: 'e2e',
                // The member app's browser tests and the console's, sharing one shop per worker.
                include: ['apps/web/e2e/**/*.test.ts', 'apps/admin/e2e/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['apps/web/e2e/global-setup.ts'],
                setupFiles: ['apps/web/e2e/ready.ts'],
                // A worker imports the helpers (Playwright, the API's modules they call) once and runs
                // file after file in it: about 1.8 s of processor time less per file. Each file still
                // launches its own browser with a fresh profile, against its worker's shop.
                isolate: false,
                // A page read again after a decision may take more than expect.poll's default second
                // on CI's two busy cores.
                expect: { poll: { timeout: 15_000 } },
                testTimeout: 90_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
    ],
  },
});
