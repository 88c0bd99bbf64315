import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../apps/api/src/config.js';
import { createDatabase, type Database } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { depsFor } from '../apps/api/src/deps.js';
import { systemActor } from '../apps/api/src/lib/actor.js';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.js';
import { withTransaction } from '../apps/api/src/lib/transaction.js';
import { newGoods } from '../apps/api/src/modules/cart/__tests__/fixtures.js';
import { post } from '../apps/api/src/modules/ledger/ledger.service.js';
import { hashPassword } from '../apps/api/src/modules/members/identity.js';
import { newAddress } from '../apps/api/src/modules/orders/__tests__/fixtures.js';
import { placeOrder } from '../apps/api/src/modules/orders/orders.service.js';
import { seedDemoData } from '../apps/api/src/seed/index.js';
// The request context's type augmentation, which the API's actor module relies on (the API's own build includes it).
import type {} from '../apps/api/src/plugins/context.js';
import { benchDatabaseUrl, benchMembers } from './ledger.js';
import { freePort, ROOT } from './servers.js';

const TICK_MS = 1000 / 100; // /proc counts CPU time in clock ticks of 10 ms on Linux
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAY_PASSWORD = '246810';

/** CPU time (ms) a process has used, with its children that ended. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name: state(0) … utime(11) stime(12) cutime(13) cstime(14).
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
}

/** CPU time (ms) of a PostgreSQL server: the postmaster and every process it started. */
function serverCpuMs(postmaster: number): number {
  let total = cpuMs(postmaster);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) total += cpuMs(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

interface Counters {
  statements: number;
  commits: number;
  written: number;
}
/** From pg_stat_statements (updated as each statement ends): statements, committed transactions, rows written. */
async function counters(db: Database): Promise<Counters> {
  const { rows } = await sql<{ statements: string; commits: string; written: string }>`
    select coalesce(sum(calls) filter (where query !~* '^\s*(begin|commit|rollback)'), 0)::text as statements,
      coalesce(sum(calls) filter (where query ~* '^\s*commit'), 0)::text as commits,
      coalesce(sum(rows) filter (where query ~* '^\s*(insert|update|delete)'), 0)::text as written
    from pg_stat_statements s join pg_database d on d.oid = s.dbid
    where d.datname = current_database() and s.query not like '%pg_stat_statements%'`.execute(db);
  return { statements: Number(rows[0]!.statements), commits: Number(rows[0]!.commits), written: Number(rows[0]!.written) };
}

export interface CapacityRow {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  /** Requests one API core serves per second (requests ÷ API CPU seconds). */
  perApiCore: number;
  apiCpuShare: number;
  dbCpuMsPerRequest: number;
  dbCpuShare: number;
  statements: number;
  transactions: number;
  rowsWritten: number;
}

/**
 * `npm run bench -- --capacity`: one API process on its own PostgreSQL (statements counted by
 * pg_stat_statements), each hot call loaded for a few seconds at 50 connections: requests per
 * second, per API core (from the process's CPU time), PostgreSQL CPU per request, statements,
 * transactions and rows written per request. The figures of docs/scaling.md.
 */
export async function benchCapacity(): Promise<CapacityRow[]> {
  const { url, dataDir, stop } = await benchDatabaseUrl('capacity', { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all', max_connections: '200' });
  if (!dataDir) throw new Error('the capacity bench measures a PostgreSQL server of its own: unset DATABASE_URL');
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const db = createDatabase(url, 10);
  const rows: CapacityRow[] = [];
  let api: ReturnType<typeof spawn> | undefined;
  try {
    await sql`create extension if not exists pg_stat_statements`.execute(db);
    await migrateToLatest(db);
    const deps = await depsFor(loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: url, LOG_LEVEL: 'silent', UNPAID_ORDERS_PER_MEMBER: '0' }), db);
    await seedDemoData(deps);
    // A member with 200 orders and some ledger history, a session, a pay password and money; goods with plenty of stock.
    const [member] = await benchMembers(db, 1, `cap${Date.now().toString(36)}`);
    const addressId = await newAddress(db, member!);
    const goods = await newGoods(db, Array.from({ length: 50 }, (_, i) => ({ price: 1000 + i, stock: 1_000_000_000 })), { name: 'Capacity' });
    const actor = { kind: 'member' as const, memberId: member!, ip: '127.0.0.1', lang: 'en-us' as const, requestId: 'cap' };
    for (let i = 0; i < 200; i++) await placeOrder(deps, actor, { goods_id: goods.goodsId, sku_id: goods.skuIds[i % 50]!, num: 1, address_id: addressId, remarks: '' });
    await withTransaction(db, (tx) =>
      post(tx, {
        kind: 'recharge',
        reference: { type: 'test-bench', id: member! },
        idempotencyKey: `cap-fund:${member}`,
        actor: systemActor('bench'),
        postings: [
          { account: { system: 'gateway_clearing', gateway: 'bench', currency: 'USD' }, amount: -1_000_000_000 },
          { account: { member: member!, asset: 'cash', currency: 'USD' }, amount: 1_000_000_000 },
        ],
      }),
    );
    await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', member!).execute();
    const token = newToken();
    await db.insertInto('sessions').values({ user_id: member!, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3_600_000) }).execute();
    // Orders to pay, one per payment request.
    const toPay: number[] = [];
    for (let i = 0; i < 3000; i++) toPay.push((await placeOrder(deps, actor, { goods_id: goods.goodsId, sku_id: goods.skuIds[i % 50]!, num: 1, address_id: addressId, remarks: '' })).order_id);

    const port = await freePort();
    api = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, DATA_DIR: path.dirname(dataDir), JOBS_WORKER: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000', UNPAID_ORDERS_PER_MEMBER: '0' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (let end = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 250))) {
      if (await fetch(`${base}/ready`).then((r) => r.ok, () => false)) break;
      if (Date.now() > end) throw new Error('the API did not start');
    }
    const headers = { 'think-lang': 'en-us', Area: '1', source: 'H5', 'content-type': 'application/json' };
    const signed = { ...headers, authorization: `Bearer ${token}` };
    let n = 0;
    const keyed = (body: () => unknown): autocannon.Request[] => [{ method: 'POST', setupRequest: (req) => ({ ...req, headers: { ...signed, 'idempotency-key': `cap-${++n}` }, body: JSON.stringify(body()) }) }];
    const calls: Array<{ name: string; path: string; headers: Record<string, string>; requests?: autocannon.Request[]; connections?: number; amount?: number }> = [
      { name: 'GET /attractive/page/indexApiData', path: '/attractive/page/indexApiData', headers },
      { name: 'GET /shop/goods/list (page 1)', path: '/shop/goods/list?page=1&limit=20', headers },
      { name: 'GET /shop/goods/info', path: `/shop/goods/info?id=${goods.goodsId}`, headers },
      { name: 'GET /shop/order/list (member)', path: '/shop/order/list?view=all&page=1&limit=10', headers: signed },
      { name: 'GET /user/wallet/asset (member)', path: '/user/wallet/asset', headers: signed },
      { name: 'POST /shop/buy/createOrder, 50 SKUs', path: '/shop/buy/createOrder', headers: signed, requests: keyed(() => ({ goods_id: goods.goodsId, sku_id: goods.skuIds[n % 50], num: 1, address_id: addressId })) },
      { name: 'POST /shop/buy/createOrder, one hot SKU', path: '/shop/buy/createOrder', headers: signed, requests: keyed(() => ({ goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 1, address_id: addressId })) },
      // Paying from the wallet: the pay password is checked with Argon2 at every payment.
      { name: 'POST /shop/buy/payOrder (wallet balance)', path: '/shop/buy/payOrder', headers: signed, connections: 10, amount: toPay.length, requests: keyed(() => ({ order_id: toPay.pop(), order_type: 'order', pay_way: 'balance', pay_password: PAY_PASSWORD })) },
    ];
    for (const call of calls) {
      await autocannon({ url: `${base}${call.path}`, connections: 10, duration: 1, headers: call.headers, requests: call.requests });
      const before = { api: cpuMs(api.pid!), db: serverCpuMs(postmaster), counters: await counters(db), at: Date.now() };
      const result = await autocannon({ url: `${base}${call.path}`, connections: call.connections ?? 50, ...(call.amount ? { amount: Math.min(call.amount - 50, 1500) } : { duration: SECONDS }), headers: call.headers, requests: call.requests });
      const after = { api: cpuMs(api.pid!), db: serverCpuMs(postmaster), counters: await counters(db), at: Date.now() };
      const requests = result.requests.total;
      const wallMs = after.at - before.at;
      rows.push({
        name: call.name,
        requestsPerSecond: Math.round((requests / wallMs) * 1000),
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        perApiCore: Math.round(requests / ((after.api - before.api) / 1000)),
        apiCpuShare: (after.api - before.api) / wallMs,
        dbCpuMsPerRequest: (after.db - before.db) / requests,
        dbCpuShare: (after.db - before.db) / wallMs,
        statements: (after.counters.statements - before.counters.statements) / requests,
        transactions: (after.counters.commits - before.counters.commits) / requests,
        rowsWritten: (after.counters.written - before.counters.written) / requests,
      });
    }
  } finally {
    if (api && api.exitCode === null) {
      const gone = new Promise((r) => api!.once('exit', r));
      api.kill('SIGTERM');
      await gone;
    }
    await db.destroy();
    await stop();
  }
  console.log(`\ncapacity: one API process, its own PostgreSQL, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('call'.padEnd(42), 'req/s'.padStart(7), 'p99'.padStart(6), '/API core'.padStart(10), 'API cpu'.padStart(8), 'DB ms/req'.padStart(10), 'DB cpu'.padStart(7), 'stmts'.padStart(6), 'txns'.padStart(5), 'writes'.padStart(7), 'errors'.padStart(7));
  for (const r of rows) {
    console.log(
      r.name.padEnd(42),
      String(r.requestsPerSecond).padStart(7),
      `${r.p99Ms}`.padStart(6),
      String(r.perApiCore).padStart(10),
      `${Math.round(r.apiCpuShare * 100)}%`.padStart(8),
      r.dbCpuMsPerRequest.toFixed(2).padStart(10),
      `${Math.round(r.dbCpuShare * 100)}%`.padStart(7),
      r.statements.toFixed(1).padStart(6),
      r.transactions.toFixed(2).padStart(5),
      r.rowsWritten.toFixed(1).padStart(7),
      String(r.errors).padStart(7),
    );
  }
  return rows;
}
