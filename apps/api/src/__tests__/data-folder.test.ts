import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { PROJECT_ROOT } from '../config.js';
import { apiProcessArgs } from '../test/api-processes.js';
import { freePort } from '../test/free-port.js';
import { dropDatabase, takeTestDatabase } from '../test/test-postgres.js';

// A process whose data folder it cannot write (a read-only system, as under systemd's
// ProtectSystem=strict without ReadWritePaths=, or a wrong DATA_DIR) says so in one line and exits,
// instead of dying on a stack trace at every restart. A folder under a regular file cannot be
// created even by root, so the test holds whoever runs it.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-folder-'));
const aFile = path.join(dir, 'not-a-folder');
const unwritable = path.join(aFile, 'data');
let database: { name: string; url: string };

/** An entry point (`main.ts`, `worker-main.ts`) on the test's database with DATA_DIR `dataDir`: its exit code and everything it said. */
async function start(entry: string, dataDir: string) {
  const child = spawn(process.execPath, apiProcessArgs(entry), {
    cwd: path.join(PROJECT_ROOT, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      STORAGE_PROVIDER: 'local',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      JOBS_WORKER: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

describe('a data folder the process cannot write', () => {
  beforeAll(async () => {
    fs.writeFileSync(aFile, 'a file where the data folder should be\n');
    database = await takeTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'));
  }, 60_000);

  afterAll(async () => {
    if (database) await dropDatabase(inject('pgAdminUrl'), database.name);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['an API process', 'main.ts', '[shop]'],
    ['a job worker', 'worker-main.ts', '[worker]'],
  ])('%s refuses to start in one line naming the folder and DATA_DIR', async (_who, entry, prefix) => {
    const p = await start(entry, unwritable);
    expect(p.code).toBe(1);
    const said = p.output.split('\n').filter((line) => line.trim() !== '');
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(prefix);
    expect(said[0]).toContain(`DATA_DIR: cannot write ${unwritable}`);
    expect(said[0]).toMatch(/uploads/);
    expect(said[0]).toMatch(/refusing to start: set DATA_DIR to a folder/);
    // No stack and no source line: the message is the whole story.
    expect(p.output).not.toMatch(/^\s+at /m);
    expect(p.output).not.toMatch(/\.ts:\d+/);
  }, 120_000);
});
