import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';
import { ensureDatabase } from '../db/connect.js';
import { createDatabase, type Database } from '../db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.js';
import { migrateToLatest } from '../db/migrate.js';
import type { AppDeps } from '../app-deps.js';
import { depsFor } from '../deps.js';
import { responseCache } from '../lib/cache.js';
import { CacheTag } from '../modules/catalogue/response-cache.js';
import { DEMO_MEMBER, seedDemoMember } from '../modules/accounts/accounts.seed.js';
import { freePort } from '../test/free-port.js';

// The shop on a PostgreSQL server of this test's own (not the shared test cluster), so the server
// can be killed and frozen under load.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-faults-'));
fs.chmodSync(root, 0o755);
const dir = path.join(root, 'postgres');
let port: number;
let server: EmbeddedServer;
let db: Database;
let app: BuiltApp;
let deps: AppDeps;
let token: string;

const startServer = () => startEmbeddedPostgres({ dir, port, settings: { fsync: 'off', synchronous_commit: 'off' } });
const postmasterPid = () => Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
/** The server and every process it started (its backends, writer, checkpointer …). */
const serverProcesses = (pid: number): number[] => {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...children];
};

beforeAll(async () => {
  port = await freePort();
  server = await startServer();
  await ensureDatabase(server.url('postgres'), 'shop');
  // The schema first, without the short limits (loading the geography takes longer than one second).
  const migrator = createDatabase(server.url('shop'), 1);
  await migrateToLatest(migrator);
  await migrator.destroy();
  // Short limits so a stalled server shows within the test's time; production's are in DatabaseLimits.
  db = createDatabase(server.url('shop'), 4, { connectMs: 1_000, statementMs: 1_000 });
  // The app's document from a built app of this test's own.
  const web = path.join(root, 'web');
  fs.mkdirSync(web);
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: root, WEB_DIST: web, RATE_LIMIT_PER_MINUTE: '0' } as NodeJS.ProcessEnv);
  deps = await depsFor(config, db);
  await seedDemoMember(deps);
  app = await buildApp(deps);
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/user/no_auth/login', payload: { account: DEMO_MEMBER.user_name, password: DEMO_MEMBER.password } });
  token = login.json().data.token;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A member's call that reads the database on every request (the session). */
const profile = () => app.inject({ method: 'GET', url: '/user/info/index', headers: { authorization: `Bearer ${token}` } });

/** Calls `profile` from `clients` loops until `stop()` is called; returns every answer. */
function load(clients: number) {
  const answers: { status: number; body: { code: number; msg: string } }[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const res = await profile();
      answers.push({ status: res.statusCode, body: res.json() });
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

async function until(what: string, check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A refusal of a missing database: HTTP 503, the envelope, the localized "busy" message. */
const isBusyEnvelope = (a: { status: number; body: { code: number; msg: string } }) =>
  a.status === 503 && a.body.code === ResponseCode.serviceUnavailable && a.body.msg === 'The service is busy, please try again later';

describe('database faults under load', () => {
  it('a killed database: every failed answer is the 503 envelope, never a 500, and the shop answers again once the server is back', async () => {
    expect((await profile()).statusCode).toBe(200);
    const traffic = load(6);
    await until('answers under load', async () => traffic.answers.length >= 20, 10_000);
    process.kill(postmasterPid(), 'SIGKILL');
    await until('the loss is noticed', async () => traffic.answers.some((a) => a.status !== 200), 10_000);
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);

    // The database comes back (its folder still holds the dead server's pid file); the pool reconnects by itself.
    server = await startServer();
    await until('answers again', async () => (await profile()).statusCode === 200, 15_000);
    const answers = await traffic.stop();
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.filter((a) => !isBusyEnvelope(a))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  }, 40_000);

  it('a frozen database: /ready says not ready within its limit, calls answer 503 instead of hanging, and all recovers when it resumes', async () => {
    expect((await profile()).statusCode).toBe(200);
    const frozen = serverProcesses(postmasterPid());
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      // Without limits these never answer: a deadline well above the limits tells a slow answer from none.
      const noAnswer = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer from a frozen database')), 15_000).unref());
      const ready = await Promise.race([app.inject({ method: 'GET', url: '/ready' }), noAnswer]);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ data: { status: 'unavailable' } });
      const answers = await Promise.race([Promise.all(Array.from({ length: 6 }, () => profile())), noAnswer]);
      for (const res of answers) expect(isBusyEnvelope({ status: res.statusCode, body: res.json() })).toBe(true);
      // The app's document does not wait for the database: the home's picture it names, when the shop
      // has to look it up, is left out rather than waited for.
      responseCache(deps).invalidate(CacheTag.home);
      const asked = Date.now();
      const page = await Promise.race([app.inject({ method: 'GET', url: '/h5/' }), noAnswer]);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.body).not.toContain('shop-home-picture');
      expect(Date.now() - asked).toBeLessThan(800);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    await until('answers after the database resumes', async () => (await profile()).statusCode === 200, 15_000);
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  }, 40_000);

  it('an unreachable Redis (shared rate limits) leaves calls answered, not refused with 503, and /ready says 503', async () => {
    const closedPort = await freePort();
    const redis = new Redis(`redis://127.0.0.1:${closedPort}`, { maxRetriesPerRequest: 2 });
    redis.on('error', () => {});
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: root } as NodeJS.ProcessEnv);
    const withRedis = await buildApp(await depsFor(config, db, redis));
    try {
      const res = await withRedis.inject({ method: 'GET', url: '/user/info/index', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).not.toBe(ResponseCode.serviceUnavailable);
      // The load balancer takes the process out until its Redis answers (it cannot hear other processes' changes).
      expect((await withRedis.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);
    } finally {
      await withRedis.close();
      redis.disconnect();
    }
  }, 20_000);
});
