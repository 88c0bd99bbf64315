import os from 'node:os';
import { sql, type RawBuilder } from 'kysely';
import type { AppDeps } from '../apps/api/src/app-deps.js';
import { loadConfig } from '../apps/api/src/config.js';
import { createDatabase, type Database } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { ensureDatabase } from '../apps/api/src/db/connect.js';
import { withDatabase } from '../apps/api/src/test/test-postgres.js';
import { depsFor } from '../apps/api/src/deps.js';
import type { Actor } from '../apps/api/src/lib/actor.js';
import { operatorCliActor } from '../apps/api/src/lib/actor.js';
import { buildGoodsInfo, findGoods } from '../apps/api/src/modules/catalogue/catalogue.service.js';
import { newGoods } from '../apps/api/src/modules/cart/__tests__/fixtures.js';
import { ledgerCheck } from '../apps/api/src/modules/ledger/ledger.service.js';
import { newAddress } from '../apps/api/src/modules/orders/__tests__/fixtures.js';
import { listMemberOrders, placeOrder } from '../apps/api/src/modules/orders/orders.service.js';
import { assets, grantPoints } from '../apps/api/src/modules/wallet/wallet.service.js';
import { decideApproval } from '../apps/api/src/modules/approvals/approvals.service.js';
import { seedDemoData } from '../apps/api/src/seed/index.js';
// The request context's type augmentation, which the API's actor module relies on (the API's own build includes it).
import type {} from '../apps/api/src/plugins/context.js';
import { benchDatabaseUrl, benchMembers, drive, mean } from './ledger.js';
import type { LoadResult } from './load.js';

/** The generated shop (`npm run bench -- --large`; LARGE_SCALE=0.1 for a tenth of it). */
const SCALE = Number(process.env.LARGE_SCALE ?? 1);
const MEMBERS = Math.round(1_000_000 * SCALE);
const GOODS = Math.round(100_000 * SCALE);
const ORDERS = Math.round(2_000_000 * SCALE);
const ROUNDS = 3;
/** Budgets: each read within 1.5× of its small-data figure; the whole ledger checked within 60 s. */
const MAX_SLOWDOWN = 1.5;
const MAX_LEDGER_CHECK_MS = 60_000;

const memberActor = (memberId: number, i: number): Actor => ({ kind: 'member', memberId, ip: '127.0.0.1', lang: 'en-us', requestId: `large-${i}` });

interface Probe {
  /** Members with 200 orders each (the order list) and a few hundred ledger entries (the wallet). */
  listers: number[];
  /** Buyers with an address. */
  buyers: Array<{ id: number; addressId: number }>;
  goodsIds: number[];
  hot: { goodsId: number; skuIds: number[] };
}

/** The members, goods and orders the measured calls read, made through the shop's own services. */
async function prepareProbe(deps: AppDeps, tag: string): Promise<Probe> {
  const db = deps.db;
  const listers = await benchMembers(db, 20, `list${tag}`);
  const buyers = await Promise.all((await benchMembers(db, 200, `buy${tag}`)).map(async (id) => ({ id, addressId: await newAddress(db, id) })));
  const hot = await newGoods(db, Array.from({ length: 20 }, (_, i) => ({ price: 1000 + i, stock: 1_000_000_000 })), { name: `Probe ${tag}` });
  for (const [n, m] of listers.entries()) {
    const addressId = await newAddress(db, m);
    for (let i = 0; i < 200; i++) await placeOrder(deps, memberActor(m, n * 1000 + i), { goods_id: hot.goodsId, sku_id: hot.skuIds[i % 20]!, num: 1, address_id: addressId, remarks: '' });
    for (let i = 0; i < 30; i++) {
      const asked = await grantPoints(db, operatorCliActor('bench', undefined, `large-${tag}-${m}-${i}`), { user_id: m, kind: 'points', amount: 10 + i, reason: 'bench' });
      await decideApproval(db, operatorCliActor('bench-approver'), 'owner', { id: asked.request.id, decision: 'approve' });
    }
  }
  const goodsIds = (await db.selectFrom('goods').select('id').where('status', '=', 'on_sale').orderBy('id', 'desc').limit(5000).execute()).map((g) => g.id);
  return { listers, buyers, goodsIds, hot };
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

interface Shop {
  deps: AppDeps;
  probe: Probe;
}

/** The measured calls of one shop, each as the work of a cache miss. */
function callsOf({ deps, probe }: Shop): Array<[string, (i: number) => Promise<unknown>]> {
  return [
    ['goods info (a goods, built)', () => buildGoodsInfo(deps.db, 'en-us', pick(probe.goodsIds))],
    ['goods list (a page, built)', () => findGoods(deps, 'en-us', { page: 1 + Math.floor(Math.random() * 5), limit: 20 } as never)],
    ['order list (200 orders, built)', (i) => listMemberOrders(deps.db, memberActor(pick(probe.listers), i), { view: 'all', page: 1, limit: 10 } as never)],
    ['wallet assets (built)', (i) => assets(deps.db, memberActor(pick(probe.listers), i), {} as never)],
    [
      'checkout (createOrder), random SKUs',
      (i) => {
        const b = pick(probe.buyers);
        return placeOrder(deps, memberActor(b.id, i), { goods_id: probe.hot.goodsId, sku_id: pick(probe.hot.skuIds), num: 1, address_id: b.addressId, remarks: '' });
      },
    ],
  ];
}

/**
 * The same calls on both shops (two databases of one server), in alternating rounds so a change in
 * the machine's load weighs on both alike. The API keeps answers, so a warm process serves these
 * from memory whatever the data's size: measured here is what a miss costs (a new member, a new
 * goods page, an order list after a change).
 */
async function measure(small: Shop, large: Shop): Promise<Array<{ small: LoadResult; large: LoadResult }>> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const smallCalls = callsOf(small);
  const largeCalls = callsOf(large);
  const rows: Array<{ small: LoadResult; large: LoadResult }> = [];
  for (const [c, [name, onSmall]] of smallCalls.entries()) {
    const onLarge = largeCalls[c]![1];
    await drive('warm-up', 1, onSmall);
    await drive('warm-up', 1, onLarge);
    const s: LoadResult[] = [];
    const l: LoadResult[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      s.push(await drive(name, seconds, (i) => onSmall(r * 1_000_000 + i)));
      l.push(await drive(name, seconds, (i) => onLarge(r * 1_000_000 + i)));
    }
    rows.push({ small: mean(s), large: mean(l) });
  }
  return rows;
}

/** The whole ledger checked (`npm run ops -- ledger check`): how long, and how many findings. */
async function timeLedgerCheck(db: Database): Promise<{ ms: number; findings: number }> {
  const started = Date.now();
  const findings = (await ledgerCheck(db)).length;
  return { ms: Date.now() - started, findings };
}

/** Columns of `table` other than `id`, for cloning rows. */
async function columnsOf(db: Database, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = ${table} and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`.execute(db);
  return rows.map((r) => r.column_name);
}

/** `count` copies of row `id` of `table`, `overrides` giving some columns an expression of `g` (1…count) and `t` (the template). */
async function cloneRows(db: Database, table: string, id: number, count: number, overrides: Record<string, RawBuilder<unknown>>, batch = 250_000): Promise<void> {
  const cols = await columnsOf(db, table);
  const select = cols.map((c) => (overrides[c] ? sql`${overrides[c]}` : sql.ref(`t.${c}`)));
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))})
      select ${sql.join(select)} from ${sql.table(table)} t, generate_series(${from}::bigint, ${to}::bigint) g where t.id = ${id}`.execute(db);
  }
}

/**
 * Generates the large shop in the database itself (minutes, not hours): members, goods with a SKU
 * each, orders with one line each spread over the members and two years, and the ledger of their
 * payments (a top-up and a payment per order), balances kept equal to the postings. Copies of rows
 * the shop's own code made, so every column is as the shop writes it. Triggers are off while it
 * loads (a bulk load's usual way); the ledger check afterwards verifies what they would have.
 */
async function generate(deps: AppDeps, tag: string, log: (line: string) => void): Promise<void> {
  const db = deps.db;
  const [templateMember] = await benchMembers(db, 1, `tpl${tag}`);
  const goods = await newGoods(db, [{ price: 1500, stock: 1000 }], { name: `Generated ${tag}` });
  const addressId = await newAddress(db, templateMember!);
  const order = await placeOrder(deps, memberActor(templateMember!, 0), { goods_id: goods.goodsId, sku_id: goods.skuIds[0]!, num: 1, address_id: addressId, remarks: '' });
  const step = async (what: string, work: () => Promise<unknown>) => {
    const started = Date.now();
    await work();
    log(`  ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await sql`set session_replication_role = replica`.execute(db);
  try {
    const firstMember = Number((await sql<{ n: string }>`select coalesce(max(id), 0) + 1 as n from users`.execute(db)).rows[0]!.n);
    await step(`${MEMBERS.toLocaleString('en')} members`, () =>
      cloneRows(db, 'users', templateMember!, MEMBERS, { user_name: sql`'gen${sql.raw(tag)}_' || g`, invite_code: sql`'Z' || lpad(upper(to_hex(g)), 7, '0')`, created_at: sql`now() - (g % 730) * interval '1 day'` }),
    );
    const firstGoods = Number((await sql<{ n: string }>`select coalesce(max(id), 0) + 1 as n from goods`.execute(db)).rows[0]!.n);
    await step(`${GOODS.toLocaleString('en')} goods and their SKUs`, async () => {
      await cloneRows(db, 'goods', goods.goodsId, GOODS, { name: sql`jsonb_build_object('en-us', 'Generated goods ' || g)`, sort: sql`g % 100` });
      await sql`insert into goods_skus (goods_id, spec_key, spec_value_ids, price_minor, market_price_minor, stock)
        select g.id, '10', '[10]'::jsonb, 500 + g.id % 10000, 500 + g.id % 10000, 1000 from goods g where g.id >= ${firstGoods}`.execute(db);
    });
    const firstOrder = Number((await sql<{ n: string }>`select coalesce(max(id), 0) + 1 as n from orders`.execute(db)).rows[0]!.n);
    await step(`${ORDERS.toLocaleString('en')} orders with a line each`, async () => {
      await cloneRows(db, 'orders', order.order_id, ORDERS, {
        order_no: sql`'G${sql.raw(tag)}' || g`,
        user_id: sql`${firstMember}::bigint + (g * 7919) % ${MEMBERS}`,
        status: sql`(array['completed','completed','completed','shipped','paid','closed','cancelled'])[1 + g % 7]`,
        created_at: sql`now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'`,
        expires_at: sql`now() - (g % 730) * interval '1 day'`,
      });
      const line = (await sql<{ id: number }>`select id from order_lines where order_id = ${order.order_id}`.execute(db)).rows[0]!.id;
      await cloneRows(db, 'order_lines', line, ORDERS, { order_id: sql`${firstOrder}::bigint + g - 1`, goods_id: sql`${firstGoods}::bigint + g % ${GOODS}` });
    });
    await step(`ledger: ${ORDERS.toLocaleString('en')} top-ups and payments (${(ORDERS * 4).toLocaleString('en')} postings)`, async () => {
      await sql`insert into ledger_accounts (owner_kind, member_id, asset, currency)
        select 'member', id, 'cash', 'USD' from users where id >= ${firstMember} and id < ${firstMember + MEMBERS}
        on conflict do nothing`.execute(db);
      for (const code of ['gateway_clearing', 'sales']) {
        await sql`insert into ledger_accounts (owner_kind, system_code, asset, currency, allow_negative) values ('system', ${code}, 'cash', 'USD', true) on conflict do nothing`.execute(db);
      }
      await sql`create temporary table gen_orders as
        select o.id as order_id, o.user_id, o.total_minor as amount, a.id as account_id, o.created_at from orders o join ledger_accounts a on a.member_id = o.user_id and a.owner_kind = 'member' and a.asset = 'cash' and a.currency = 'USD'
        where o.id >= ${firstOrder}`.execute(db);
      const clearing = sql`(select id from ledger_accounts where owner_kind = 'system' and system_code = 'gateway_clearing' and asset = 'cash' and currency = 'USD')`;
      const sales = sql`(select id from ledger_accounts where owner_kind = 'system' and system_code = 'sales' and asset = 'cash' and currency = 'USD')`;
      for (const [kind, from, to] of [
        ['recharge', clearing, sql`o.account_id`],
        ['order_payment', sql`o.account_id`, sales],
      ] as const) {
        await sql`with e as (
            insert into journal_entries (kind, reference_type, reference_id, idempotency_key, actor_kind, actor_id, created_at)
            select ${kind}, 'order', o.order_id::text, ${kind} || ':gen:' || o.order_id, 'system', 'bench', o.created_at from gen_orders o
            returning id, reference_id
          )
          insert into postings (entry_id, account_id, amount, currency)
          select e.id, x.account_id, x.amount, 'USD' from e join gen_orders o on o.order_id::text = e.reference_id,
            lateral (values (${from}, -o.amount), (${to}, o.amount)) x(account_id, amount)`.execute(db);
      }
      // Balances as the postings say (the member's top-up and payment cancel out; the system accounts carry the sums).
      await sql`update ledger_accounts a set balance = s.total from (select account_id, sum(amount) as total from postings group by account_id) s where s.account_id = a.id and a.balance <> s.total`.execute(db);
    });
  } finally {
    await sql`set session_replication_role = origin`.execute(db);
  }
  await step('vacuum analyze', () => sql`vacuum analyze`.execute(db));
}

/**
 * `npm run bench -- --large`: the calls that read a growing shop, measured on the demo shop and on
 * a generated shop of 1,000,000 members, 100,000 goods and 2,000,000 orders with their ledger: two
 * databases of one throw-away server, measured in the same run; the ratios say what the size costs.
 */
export async function benchLarge(): Promise<string[]> {
  const log = (line: string) => console.log(line);
  // A server of its own, set as a production server of this machine's size would be (the same for both shops).
  const { url, stop } = await benchDatabaseUrl('large', {
    shared_buffers: '2GB',
    effective_cache_size: '12GB',
    work_mem: '64MB',
    maintenance_work_mem: '1GB',
    max_wal_size: '16GB',
    checkpoint_timeout: '30min',
    max_connections: '200',
  });
  const open: Database[] = [];
  const failures: string[] = [];
  try {
    const shopOn = async (name: string): Promise<Shop> => {
      await ensureDatabase(url, name);
      const db = createDatabase(withDatabase(url, name), 60, { statementMs: 0, connectMs: 60_000 });
      open.push(db);
      await migrateToLatest(db);
      const deps = await depsFor(loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: withDatabase(url, name), LOG_LEVEL: 'silent', UNPAID_ORDERS_PER_MEMBER: '0' }), db);
      await seedDemoData(deps);
      return { deps, probe: await prepareProbe(deps, name) };
    };
    const small = await shopOn('shop_demo');
    const large = await shopOn('shop_large');
    log(`generating the large shop (scale ${SCALE}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}…`);
    const started = Date.now();
    await generate(large.deps, Date.now().toString(36), log);
    log(`  in all ${((Date.now() - started) / 60_000).toFixed(1)} min`);
    large.probe.goodsIds = (await large.deps.db.selectFrom('goods').select('id').where('status', '=', 'on_sale').orderBy('id', 'desc').limit(50_000).execute()).map((g) => g.id);
    log(`load average before measuring: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const rows = await measure(small, large);
    const smallCheck = await timeLedgerCheck(small.deps.db);
    const largeCheck = await timeLedgerCheck(large.deps.db);
    log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const sizes = (
      await sql<{ name: string; rows: string; size: string }>`
      select c.relname as name, c.reltuples::bigint::text as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as size from pg_class c
      where c.relname in ('users', 'goods', 'goods_skus', 'orders', 'order_lines', 'order_events', 'journal_entries', 'postings') and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc`.execute(large.deps.db)
    ).rows;

    console.log('\nlarge data: the same calls on the demo shop and on the generated one, alternating rounds (50 concurrent clients, in-process, per second)');
    console.log('call'.padEnd(40), 'demo/s'.padStart(8), 'large/s'.padStart(8), 'p99 demo'.padStart(9), 'p99 large'.padStart(10), 'slowdown'.padStart(9));
    for (const { small: s, large: l } of rows) {
      const slowdown = s.requestsPerSecond / Math.max(1, l.requestsPerSecond);
      console.log(s.name.padEnd(40), String(s.requestsPerSecond).padStart(8), String(l.requestsPerSecond).padStart(8), `${s.p99Ms} ms`.padStart(9), `${l.p99Ms} ms`.padStart(10), slowdown.toFixed(2).padStart(9));
      if (s.errors || l.errors) failures.push(`${s.name}: ${s.errors + l.errors} errors`);
      if (!s.name.startsWith('checkout') && slowdown > MAX_SLOWDOWN) failures.push(`${s.name}: ${slowdown.toFixed(2)}× slower on the large shop (budget ${MAX_SLOWDOWN}×)`);
    }
    console.log(`ledger check: demo ${smallCheck.ms} ms, large ${(largeCheck.ms / 1000).toFixed(1)} s (budget ${MAX_LEDGER_CHECK_MS / 1000} s), findings ${smallCheck.findings} / ${largeCheck.findings}`);
    if (largeCheck.ms > MAX_LEDGER_CHECK_MS) failures.push(`ledger check ${(largeCheck.ms / 1000).toFixed(1)} s > ${MAX_LEDGER_CHECK_MS / 1000} s`);
    if (smallCheck.findings || largeCheck.findings) failures.push(`the ledger check found ${smallCheck.findings + largeCheck.findings} problem(s)`);
    console.log('\ntable sizes (large shop):');
    for (const t of sizes) console.log(`  ${t.name.padEnd(16)} ${Number(t.rows).toLocaleString('en').padStart(12)} rows  ${t.size}`);
  } finally {
    for (const db of open) await db.destroy();
    await stop();
  }
  return failures;
}
