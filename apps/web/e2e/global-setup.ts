import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { keepExitCode } from '../../../apps/api/src/test/keep-exit-code.js';
import { cloneTemplate, dropDatabase, startTestPostgres } from '../../../apps/api/src/test/test-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shop under test: the real API server serving the built app at /h5/. */
    baseUrl: string;
    /** Its database, for tests that arrange data directly (sessions, orders …). */
    databaseUrl: string;
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

async function waitForReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the API server stopped (exit ${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API server did not become ready within ${timeoutMs} ms:\n${output()}`);
}

/**
 * For the browser tests: PostgreSQL with a fresh database, the real API server (demo data
 * seeded) serving the built web app, ready before the first test.
 */
export default async function setup(project: TestProject) {
  keepExitCode();
  const webDist = path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is not built: run "npm run build --workspace apps/web" (npm test does it first)');
  }
  const pg = await startTestPostgres();
  const db = await cloneTemplate(pg.adminUrl, pg.template);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  let output = '';
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
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
  };

  try {
    await waitForReady(baseUrl, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', db.url);
  return stop;
}
