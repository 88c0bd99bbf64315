import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { PROJECT_ROOT } from '../config.js';
import { DEMO_MEMBER } from '../modules/accounts/accounts.seed.js';
import { apiProcessArgs } from '../test/api-processes.js';
import { freePort } from '../test/free-port.js';

// The shop as `npm start` runs its API (the bundle of src/main.ts, embedded database in DATA_DIR), killed
// the hard way under write load and started again with the same command.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
fs.chmodSync(dataDir, 0o755);
const pgDir = path.join(dataDir, 'postgres');
let port: number;
let pgPort: number;
let base: string;

interface Shop {
  child: ChildProcess;
  /** The process that runs main.ts (as the shop prints it). */
  apiPid: number;
  output: () => string;
}
const started: ChildProcess[] = [];

/** Starts the API like `npm start --workspace apps/api` does and waits until it is ready. */
async function startShop(): Promise<Shop> {
  const child = spawn(process.execPath, apiProcessArgs('main.ts'), {
    cwd: path.join(PROJECT_ROOT, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      SEED_DEMO: 'true',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const end = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop stopped (exit ${child.exitCode}):\n${output}`);
    const open = /the shop is open at .*process (\d+)\)/.exec(output);
    if (open && (await fetch(`${base}/ready`).then((r) => r.ok, () => false))) return { child, apiPid: Number(open[1]), output: () => output };
    if (Date.now() > end) throw new Error(`the shop did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const postmasterPid = () => Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

async function post(url: string, body: unknown) {
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
}
async function profile(token: string) {
  const res = await fetch(`${base}/user/info/index`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
}

async function until(what: string, check: () => Promise<boolean> | boolean, withinMs: number): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let shop: Shop;
beforeAll(async () => {
  port = await freePort();
  pgPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  shop = await startShop();
}, 120_000);

afterAll(async () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await until('the shop stops', () => started.every((c) => c.exitCode !== null || c.signalCode !== null), 20_000).catch(() => {});
  // Whatever still runs on the folder (a failed test) is stopped, never left behind.
  if (fs.existsSync(path.join(pgDir, 'postmaster.pid')) && alive(postmasterPid())) process.kill(postmasterPid(), 'SIGINT');
  await until('the database stops', () => !fs.existsSync(path.join(pgDir, 'postmaster.pid')), 20_000).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a crash of the API', () => {
  it('kill -9 under write load: the start command brings the shop back on its own and every acknowledged write is there', async () => {
    // Logins are writes: each acknowledged one is a session row the member's token stands for.
    const acknowledged: string[] = [];
    let running = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (running) {
        const res = await post('/user/no_auth/login', { account: DEMO_MEMBER.user_name, password: DEMO_MEMBER.password }).catch(() => undefined);
        if (res?.body.code === 200) acknowledged.push(res.body.data.token);
      }
    });
    await until('acknowledged writes', () => acknowledged.length >= 8, 20_000);
    const server = postmasterPid();
    process.kill(shop.apiPid, 'SIGKILL');
    await until('the API process ends', () => shop.child.exitCode !== null || shop.child.signalCode !== null, 10_000);
    running = false;
    await Promise.all(writers);
    // The embedded server outlived its parent, holding the port and its pid file.
    expect(alive(server)).toBe(true);

    shop = await startShop();
    expect(shop.output()).toMatch(/left running by a shop process that ended abruptly/);
    expect(alive(server)).toBe(false);
    for (const token of acknowledged) expect((await profile(token)).body.code).toBe(200);
  }, 60_000);

  it('a killed database under load: the API lives on answering the 503 envelope, starts its database again and serves as before', async () => {
    const token = (await post('/user/no_auth/login', { account: DEMO_MEMBER.user_name, password: DEMO_MEMBER.password })).body.data.token as string;
    const answers: { status: number; body: { code: number; msg: string } }[] = [];
    let running = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (running) answers.push(await profile(token));
    });
    await until('answers under load', () => answers.length >= 10, 10_000);
    process.kill(postmasterPid(), 'SIGKILL');
    await until('the loss is noticed', () => answers.some((a) => a.status !== 200), 15_000);
    await until('the database is back', () => fetch(`${base}/ready`).then((r) => r.ok, () => false), 30_000);
    running = false;
    await Promise.all(readers);
    expect(alive(shop.apiPid)).toBe(true);
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.filter((a) => a.status !== 503 || a.body.code !== ResponseCode.serviceUnavailable)).toEqual([]);
    expect((await profile(token)).body.code).toBe(200);
  }, 60_000);
});
