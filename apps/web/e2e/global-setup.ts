import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { keepExitCode } from '../../../apps/api/src/test/keep-exit-code.js';
import { acquireTestPostgres, cloneTemplate, dropDatabase } from '../../../apps/api/src/test/test-postgres.js';
import { EXITED_MARK } from './server-log.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shop under test: the real API server serving the built app at /h5/. */
    baseUrl: string;
    /** Its database, for tests that arrange data directly (sessions, orders …). */
    databaseUrl: string;
    /** Where the API server's output goes (shown when it does not become ready). */
    apiLog: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * For the browser tests: PostgreSQL (the run's shared server) with a fresh database, and the real
 * API server (demo data seeded) serving the built web app. The server boots while the other
 * projects' tests run; `ready.ts` (a setup file of the project) waits for it before each file.
 */
export default async function setup(project: TestProject) {
  keepExitCode();
  const webDist = path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is not built: run "npm run build --workspace apps/web" (npm test does it first)');
  }
  const pg = await acquireTestPostgres();
  const db = await cloneTemplate(pg.adminUrl, pg.template);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const apiLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-api-')), 'api.log');
  const log = fs.openSync(apiLog, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  // A server that stops early says so in its log, so the waiting test files fail at once.
  child.once('exit', (code, signal) => {
    try {
      fs.appendFileSync(apiLog, `\n${EXITED_MARK} (${signal ?? `exit ${code}`})\n`);
    } catch {
      // the run is over and its log removed
    }
  });
  // If the test run itself is killed, the server must not outlive it.
  const killChild = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', killChild);

  const stop = async () => {
    process.off('exit', killChild);
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await dropDatabase(pg.adminUrl, db.name).catch(() => {});
    await pg.stop();
    fs.rmSync(path.dirname(apiLog), { recursive: true, force: true });
  };

  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', db.url);
  project.provide('apiLog', apiLog);
  return stop;
}
