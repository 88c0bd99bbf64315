import fs from 'node:fs';
import path from 'node:path';
import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppDeps } from '../../apps/api/src/app-deps.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { createDatabase, type Database } from '../../apps/api/src/db/database.js';
import { depsFor } from '../../apps/api/src/deps.js';
import { enqueueJob } from '../../apps/api/src/jobs/enqueue.js';
import { jobTasks } from '../../apps/api/src/job-tasks.js';
import type { JobPayloads } from '../../apps/api/src/jobs/payloads.js';
import { SWEEP_EVERY_MS } from '../../apps/api/src/jobs/workers.js';
import { hashToken, newToken } from '../../apps/api/src/lib/tokens.js';
import { seedDemoMember } from '../../apps/api/src/modules/accounts/accounts.seed.js';
import { grantMemberRole } from '../../apps/api/src/modules/members/roles.queries.js';
import { newGoods, stockOf } from '../../apps/api/src/modules/cart/__tests__/fixtures.js';
import { newAddress, newOperatorSession } from '../../apps/api/src/modules/orders/__tests__/fixtures.js';
import { orderExpiryJobKey } from '../../apps/api/src/modules/orders/orders.queries.js';
import { Cluster, freePort, Proc, ROOT, sleep, type Answer } from './cluster.js';

// The production topology on this machine (deploy/README.md): nginx in front of two API processes,
// two job workers, PostgreSQL and Redis, every one a process of its own. Each scenario records
// which process answered each request (`servedBy`) and checks that both took part.

const RATE_LIMIT = 100;
const cluster = new Cluster();
let db: Database;
let deps: AppDeps;
let operator: Record<string, string>;
/** A second operator: approves what the first asks for (four eyes). */
let approver: Record<string, string>;
let workersReadyAt = 0;

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('the cluster test serves the built app: run `npm run build` first');
  await cluster.start({ apis: 2, workers: 2, env: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
  workersReadyAt = Date.now();
  db = createDatabase(cluster.databaseUrl, 10);
  deps = await depsFor(loadConfig({ ...cluster.env, LOG_LEVEL: 'silent' }), db);
  operator = (await newOperatorSession(db, 'owner')).headers;
  approver = (await newOperatorSession(db, 'owner')).headers;
});

afterAll(async () => {
  await db?.destroy();
  await cluster.stop();
});

/** Who answered a set of calls: process name → count. */
const spread = (answers: Answer[]) => answers.reduce<Record<string, number>>((m, a) => ({ ...m, [a.servedBy]: (m[a.servedBy] ?? 0) + 1 }), {});
const BOTH = { 'api-a': expect.any(Number), 'api-b': expect.any(Number) };
let keys = 0;
const key = () => ({ 'idempotency-key': `cluster-${Date.now().toString(36)}-${++keys}` });
/** Client address number `i` of a group: each simulated client comes from an address of its own. */
const address = (group: number, i: number) => `127.${group}.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

/** Members straight in the tables, each signed in (a session token) with a delivery address. */
async function newMembers(count: number, tag: string) {
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: count }, (_, i) => ({ user_name: `${tag}${Date.now().toString(36)}${i}`, password_hash: 'not-used' })))
    .returning('id')
    .execute();
  return Promise.all(
    users.map(async ({ id }) => {
      const token = newToken();
      await db.insertInto('sessions').values({ user_id: id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3_600_000) }).execute();
      return { id, token, addressId: await newAddress(db, id) };
    }),
  );
}

async function within<T>(ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  for (const end = Date.now() + ms; ; await sleep(25)) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
  }
}

describe('sessions', () => {
  it('a session made through one process works on the other; logout and a ban end it on both', async () => {
    await seedDemoMember(deps);
    const from = address(2, 0);
    const login = () => cluster.call('lb', 'POST', '/user/no_auth/login', { body: { account: 'demo001', password: 'Demo2026!' }, from });
    const signedIn = await login();
    expect(signedIn.body.code).toBe(200);
    const token = signedIn.body.data.token as string;
    const profile = (target: string) => cluster.call(target, 'GET', '/user/info/index', { token, from });
    expect((await profile('api-a')).body.data.user_name).toBe('demo001');
    expect((await profile('api-b')).body.data.user_name).toBe('demo001');
    const through = await Promise.all(Array.from({ length: 6 }, () => profile('lb')));
    expect(through.map((a) => a.body.code)).toEqual(Array(6).fill(200));
    expect(spread(through)).toEqual(BOTH);

    expect((await cluster.call('lb', 'POST', '/user/info/login_out', { token, from })).body.code).toBe(200);
    expect((await profile('api-a')).body.code).toBe(2001);
    expect((await profile('api-b')).body.code).toBe(2001);

    const again = (await login()).body.data.token as string;
    const member = await db.selectFrom('users').select('id').where('user_name', '=', 'demo001').executeTakeFirstOrThrow();
    expect((await cluster.call('api-a', 'GET', '/user/info/index', { token: again, from })).body.code).toBe(200);
    expect((await cluster.call('api-b', 'GET', '/user/info/index', { token: again, from })).body.code).toBe(200);
    const ban = await cluster.call('lb', 'POST', '/admin/api/members/ban', { body: { id: member.id, banned: true, reason: 'Chargeback fraud' }, headers: { ...operator, ...key() }, from });
    expect(ban.body.code).toBe(200);
    expect((await cluster.call('api-a', 'GET', '/user/info/index', { token: again, from })).body.code).toBe(2001);
    expect((await cluster.call('api-b', 'GET', '/user/info/index', { token: again, from })).body.code).toBe(2001);
  });
});

describe('cached answers', () => {
  it('a catalogue edit in the console is seen by both processes within a second', async () => {
    const goods = await newGoods(db, [{ price: 2500, stock: 50 }], { name: 'Cluster kettle' });
    const stockOn = async (target: string) => (await cluster.call(target, 'GET', `/shop/goods/info?id=${goods.goodsId}`, { from: address(3, 0) })).body.data.skus[0].stock as number;
    // Both processes hold the answer in their caches.
    expect([await stockOn('api-a'), await stockOn('api-b')]).toEqual([50, 50]);
    const edit = await cluster.call('lb', 'POST', '/admin/api/catalogue/stock/adjust', { body: { sku_id: goods.skuIds[0], delta: 7, reason: 'Delivery from the supplier' }, headers: { ...operator, ...key() }, from: address(3, 1) });
    expect(edit.body.code).toBe(200);
    const editedAt = Date.now();
    const seen = await Promise.all(['api-a', 'api-b'].map((target) => within(1_000, async () => ((await stockOn(target)) === 57 ? Date.now() - editedAt : undefined))));
    expect(Math.max(...seen)).toBeLessThan(1_000);
  });

  it('a member’s cached wallet and order list are dropped on both processes when they change', async () => {
    const [m] = await newMembers(1, 'cache');
    const from = address(3, 2);
    const goods = await newGoods(db, [{ price: 1200, stock: 100 }]);
    const points = async (target: string) => (await cluster.call(target, 'GET', '/user/wallet/asset', { token: m!.token, from })).body.data.points as number;
    const orders = async (target: string) => (await cluster.call(target, 'GET', '/shop/order/list?view=all&page=1&limit=10', { token: m!.token, from })).body.data.total as number;
    expect([await points('api-a'), await points('api-b'), await orders('api-a'), await orders('api-b')]).toEqual([0, 0, 0, 0]);

    const grant = await cluster.call('lb', 'POST', '/admin/api/wallet/points/grant', { body: { user_id: m!.id, kind: 'points', amount: 300, reason: 'Goodwill' }, headers: { ...operator, ...key() }, from });
    expect(grant.body.code).toBe(200);
    const approved = await cluster.call('lb', 'POST', '/admin/api/approvals/decide', { body: { id: grant.body.data.request.id, decision: 'approve' }, headers: { ...approver, ...key() }, from });
    expect(approved.body.data.status).toBe('approved');
    const order = await cluster.call('lb', 'POST', '/shop/buy/createOrder', { body: { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 1, address_id: m!.addressId }, token: m!.token, headers: key(), from });
    expect(order.body.code).toBe(200);
    for (const target of ['api-a', 'api-b']) {
      await within(1_000, async () => ((await points(target)) === 300 ? true : undefined));
      await within(1_000, async () => ((await orders(target)) === 1 ? true : undefined));
    }
  });
});

describe('shop owners', () => {
  it('an owner whose role is revoked by hand in the database is refused their order list on both processes within a second', async () => {
    const [o] = await newMembers(1, 'owner');
    const from = address(3, 3);
    await grantMemberRole(db, { member_id: o!.id, kind: 'shop_owner', granted_by: 'operator:cluster', reason: 'cluster test' });
    const opened = await cluster.call('lb', 'POST', '/attractive/shop/editShop', { body: { name: 'Cluster Corner' }, token: o!.token, headers: key(), from });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const list = async (target: string) => (await cluster.call(target, 'GET', '/attractive/shop/shopOrderList?view=all&page=1&limit=10', { token: o!.token, from })).body.code as number;
    // Both processes keep the list and which shop is the owner's.
    expect([await list('api-a'), await list('api-b'), await list('api-a'), await list('api-b')]).toEqual([200, 200, 200, 200]);
    await db.updateTable('member_roles').set({ status: 'revoked' }).where('member_id', '=', o!.id).execute();
    const revokedAt = Date.now();
    const refused = await Promise.all(['api-a', 'api-b'].map((target) => within(1_000, async () => ((await list(target)) === ResponseCode.shopMissing ? Date.now() - revokedAt : undefined))));
    expect(Math.max(...refused)).toBeLessThan(1_000);
  });
});

describe('rate limits', () => {
  it('the global limit counts a client’s requests over both processes as one', async () => {
    const from = address(4, 0);
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT + 30 }, () => cluster.call('lb', 'GET', '/web/version', { from })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RATE_LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
    expect(spread(answers)).toEqual(BOTH);
    // An address the client claims for itself changes nothing: the load balancer says where it comes from.
    const claimed = await cluster.call('lb', 'GET', '/web/version', { from, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(claimed.status).toBe(429);
    expect((await cluster.call('lb', 'GET', '/web/version', { from: address(4, 1) })).status).toBe(200);
  });

  it('a call’s own stricter limit is shared too (operator sign-in: 10 a minute)', async () => {
    const from = address(4, 2);
    const answers = await Promise.all(Array.from({ length: 14 }, () => cluster.call('lb', 'POST', '/admin/api/auth/sign-in', { body: { user_name: 'nobody-here', password: 'Wrong-password-2026' }, from })));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    expect(answers.filter((a) => a.status !== 429).every((a) => a.body.code !== 200)).toBe(true);
    expect(spread(answers)).toEqual(BOTH);
  });
});

describe('checkout', () => {
  it('200 members buying the last 10 units at once, over both processes, get exactly 10 orders', async () => {
    const buyers = await newMembers(200, 'hot');
    const hot = await newGoods(db, [{ price: 999, stock: 10 }], { name: 'Last ten' });
    const answers = await Promise.all(
      buyers.map((b, i) =>
        cluster.call('lb', 'POST', '/shop/buy/createOrder', { body: { goods_id: hot.goodsId, sku_id: hot.skuIds[0], num: 1, address_id: b.addressId }, token: b.token, headers: key(), from: address(5, i) }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(10);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(spread(answers)).toEqual(BOTH);
    expect(await stockOf(db, hot.skuIds[0]!)).toBe(0);
    const sold = await db.selectFrom('order_lines').select((eb) => eb.fn.sum<string>('quantity').as('n')).where('sku_id', '=', hot.skuIds[0]!).executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(10);
  });
});

describe('uploads', () => {
  it('go to storage both processes share (a folder here), readable through either', async () => {
    const [m] = await newMembers(1, 'upl');
    const from = address(6, 0);
    const token = (await cluster.call('lb', 'POST', '/user/upload/createToken', { body: { host_id: 1 }, token: m!.token, from })).body.data.token as string;
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: 10, g: 140, b: 90 } } })
      .png()
      .toBuffer();
    const boundary = '----clusterBoundary';
    const raw = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leaf.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await cluster.call('lb', 'POST', '/upload2', { raw, token: m!.token, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, from });
    expect(uploaded.body.code).toBe(200);
    // A member's upload is private: read by its signed address, the same on both processes.
    const signed = new URL(uploaded.body.data.url as string, 'http://shop.test');
    const urlPath = `${signed.pathname}${signed.search}`;
    expect(signed.search).toMatch(/sig=/);
    const other = uploaded.servedBy === 'api-a' ? 'api-b' : 'api-a';
    for (const target of [uploaded.servedBy, other]) {
      const read = await cluster.call(target, 'GET', urlPath, { from });
      expect(read.status).toBe(200);
      expect(read.headers['content-type']).toMatch(/^image\//);
      expect((await cluster.call(target, 'GET', signed.pathname, { from })).status).toBe(404);
    }
  });
});

describe('support chat', () => {
  /** A chat socket to one API process, authenticated, with the frames it got. */
  async function socket(target: string, socketPath: string, token: string, afterId?: number) {
    const frames: Array<Record<string, any>> = [];
    const ws = new WebSocket(`ws://127.0.0.1:${cluster.portOfApi(target)}${socketPath}`);
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as Record<string, any>));
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    ws.send(JSON.stringify({ type: 'auth', token, ...(afterId !== undefined ? { after_id: afterId } : {}) }));
    await within(5000, async () => (frames.some((f) => f.type === 'ready') ? true : undefined));
    const bodies = () => frames.filter((f) => f.type === 'message').map((f) => f.message.body as string);
    return { ws, frames, bodies, send: (frame: Record<string, unknown>) => ws.send(JSON.stringify(frame)) };
  }

  it('a member on one process and an operator on the other talk both ways; back on the other process with their last id, the member gets what they missed, once, in order', async () => {
    const [m] = await newMembers(1, 'chat');
    const agent = await newOperatorSession(db, 'support');
    const agentToken = agent.headers.authorization!.replace(/^Bearer /, '');
    const member = await socket('api-a', '/user/chat/socket', m!.token);
    const desk = await socket('api-b', '/admin/api/chat/socket', agentToken);

    member.send({ type: 'send', id: 'm1', kind: 'text', text: 'Hello from process A' });
    await within(5000, async () => (desk.frames.some((f) => f.type === 'desk') ? true : undefined));
    const conversation = await db.selectFrom('chat_conversations').select('id').where('member_id', '=', m!.id).executeTakeFirstOrThrow();
    desk.send({ type: 'open', conversation_id: Number(conversation.id) });
    await within(5000, async () => (desk.bodies().includes('Hello from process A') ? true : undefined));

    const reply = await cluster.call('api-b', 'POST', '/admin/api/chat/reply', { body: { conversation_id: conversation.id, text: 'Hello from process B' }, headers: { ...agent.headers, ...key() } });
    expect(reply.body.code).toBe(200);
    await within(5000, async () => (member.bodies().includes('Hello from process B') ? true : undefined));
    member.send({ type: 'typing' });
    await within(5000, async () => (desk.frames.some((f) => f.type === 'typing' && f.by === 'member') ? true : undefined));

    // The member goes away; two answers come meanwhile; they come back through the other process.
    const lastId = member.frames.filter((f) => f.type === 'message').at(-1)!.message.id as number;
    member.ws.close();
    for (const text of ['While you were away', 'One more thing']) {
      expect((await cluster.call('api-a', 'POST', '/admin/api/chat/reply', { body: { conversation_id: conversation.id, text }, headers: { ...agent.headers, ...key() } })).body.code).toBe(200);
    }
    const back = await socket('api-b', '/user/chat/socket', m!.token, lastId);
    await within(5000, async () => (back.bodies().includes('One more thing') ? true : undefined));
    await sleep(300);
    expect(back.bodies()).toEqual(['While you were away', 'One more thing']);
    expect(desk.bodies()).toEqual(['Hello from process A', 'Hello from process B', 'While you were away', 'One more thing']);
    back.ws.close();
    desk.ws.close();
  });
});

describe('static files', () => {
  it('the load balancer serves the built app’s hashed files from disk, precompressed', async () => {
    const asset = fs.readdirSync(path.join(ROOT, 'apps/web/dist/assets')).find((f) => f.endsWith('.js') && fs.existsSync(path.join(ROOT, 'apps/web/dist/assets', `${f}.gz`)))!;
    const res = await cluster.call('lb', 'GET', `/h5/assets/${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.servedBy).toBe('none (nginx)');
  });
});

// ---------------------------------------------------------------------------------------------
// Durable jobs with two workers. Every task of job-tasks.ts has an entry here: a new task (the
// pair-bonus jobs as they land) fails this file until it says how it is run.

type Coverage = { payload: () => Promise<unknown> | unknown } | { runsFrom: string };
const NOTHING_THERE = 2_000_000_000;
const EVERY_JOB: Record<keyof JobPayloads, Coverage> = {
  // Each enqueued below: every job must run once in all, on one of the two workers. A row the job
  // does not find is its "already done" path; expire_order's effect is checked in full further on.
  expire_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  expire_charity_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  expire_recharge: { payload: () => ({ rechargeId: NOTHING_THERE }) },
  auto_complete_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  refresh_tracking: { payload: () => ({ packageId: NOTHING_THERE }) },
  decide_group: { payload: () => ({ groupId: NOTHING_THERE }) },
  close_group_buy: { payload: () => ({ activityId: NOTHING_THERE }) },
  housekeeping: { payload: () => ({}) },
  prune_idempotency_keys: { payload: () => ({}) },
  expire_overdue_orders: { payload: () => ({}) },
  expire_overdue_recharges: { payload: () => ({}) },
  refresh_open_tracking: { payload: () => ({}) },
  reconcile_payments: { payload: () => ({}) },
  count_goods_sales: { payload: () => ({}) },
  // It asks the ECB, outside this machine: run by the crontab, whose slots are checked below.
  refresh_exchange_rates: { runsFrom: 'crontab' },
  settle_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  settle_due_orders: { payload: () => ({}) },
  place_overdue_invitees: { payload: () => ({}) },
  pair_due_days: { payload: () => ({}) },
  recheck_stars: { payload: () => ({}) },
  purge_old_messages: { payload: () => ({}) },
  close_unshipped_after_sale: { payload: () => ({ caseId: NOTHING_THERE }) },
  complete_after_sale: { payload: () => ({ caseId: NOTHING_THERE }) },
  finish_after_sale_refunds: { payload: () => ({}) },
  expire_shop_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  reject_overdue_shop_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  refund_unfulfilled_shop_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  auto_complete_shop_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  refund_shop_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  settle_shop_order: { payload: () => ({ orderId: NOTHING_THERE }) },
  sweep_shop_orders: { payload: () => ({}) },
  tell_away_chat_member: { payload: () => ({ conversationId: NOTHING_THERE, messageId: NOTHING_THERE }) },
  // Pair-bonus jobs: added here when they land.
};

/** The jobs a worker finished, by id, with when it said so (graphile-worker's own log lines). */
const finishedBy = (w: Proc, task?: string) =>
  w.chunks.flatMap(({ at, text }) => [...text.matchAll(/Completed task (\d+) \(([a-z_]+),/g)].filter((m) => !task || m[2] === task).map((m) => ({ id: m[1]!, at })));
/** Jobs this file enqueued itself (not from the crontab). */
const enqueued = new Set<string>();

describe('durable jobs', () => {
  it('every task has its place in this test', () => {
    expect(Object.keys(EVERY_JOB).sort()).toEqual(Object.keys(jobTasks).sort());
  });

  it('each job runs once in all, and both workers take part', async () => {
    const ids: string[] = [];
    for (const [task, how] of Object.entries(EVERY_JOB)) {
      if (!('payload' in how)) continue;
      for (let i = 0; i < 4; i++) ids.push(await enqueueJob(db, task as keyof JobPayloads, (await how.payload()) as never));
    }
    for (const id of ids) enqueued.add(id);
    await within(30_000, async () => {
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from graphile_worker.jobs where id = any(${ids}::bigint[])`.execute(db);
      return rows[0]!.n === '0' ? true : undefined;
    });
    const finished = () => cluster.workers.flatMap((w) => finishedBy(w).map((j) => j.id)).filter((id) => enqueued.has(id));
    // A worker writes "Completed task" after the job's row is gone: its last lines may still be on their way.
    await within(5_000, async () => (ids.every((id) => finished().includes(id)) ? true : undefined)).catch(() => undefined);
    const done = finished();
    expect(done.sort()).toEqual([...ids].sort());
    for (const w of cluster.workers) expect(finishedBy(w).filter((j) => enqueued.has(j.id)).length).toBeGreaterThan(0);
  });

  it('orders past their time close once each, their stock back once, however the two workers share them', async () => {
    const members = await newMembers(30, 'exp');
    const goods = await newGoods(db, [{ price: 700, stock: 1000 }]);
    const placed = await Promise.all(
      members.map((m, i) => cluster.call('lb', 'POST', '/shop/buy/createOrder', { body: { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 2, address_id: m.addressId }, token: m.token, headers: key(), from: address(7, i) })),
    );
    const orderIds = placed.map((a) => a.body.data.order_id as number);
    expect(await stockOf(db, goods.skuIds[0]!)).toBe(1000 - 60);
    // Their 30 minutes pass.
    await db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', 'in', orderIds).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() where key = any(${orderIds.map(orderExpiryJobKey)}::text[])`.execute(db);
    await within(20_000, async () => ((await db.selectFrom('orders').select('id').where('id', 'in', orderIds).where('status', '=', 'closed').execute()).length === 30 ? true : undefined));
    const events = await db.selectFrom('order_events').select(['order_id']).where('order_id', 'in', orderIds).where('kind', '=', 'closed').execute();
    expect(events.map((e) => e.order_id).sort()).toEqual([...orderIds].sort());
    expect(await stockOf(db, goods.skuIds[0]!)).toBe(1000);
  });

  it('a worker killed mid-job: the other notices within seconds and runs the job, once', async () => {
    const [m] = await newMembers(1, 'kill');
    const goods = await newGoods(db, [{ price: 800, stock: 20 }]);
    const placed = await cluster.call('lb', 'POST', '/shop/buy/createOrder', { body: { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 3, address_id: m!.addressId }, token: m!.token, headers: key(), from: address(8, 0) });
    const orderId = placed.body.data.order_id as number;
    // The order's row held by another transaction: whichever worker takes the job stops in the middle of it.
    const holder = new pg.Client({ connectionString: cluster.databaseUrl });
    await holder.connect();
    try {
      await db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', orderId).execute();
      await holder.query('begin');
      await holder.query('select id from orders where id = $1 for update', [orderId]);
      await sql`update graphile_worker._private_jobs set run_at = now() where key = ${orderExpiryJobKey(orderId)}`.execute(db);
      const pid = await within(10_000, async () => {
        const { rows } = await sql<{ pid: number }>`select w.pid from graphile_worker.jobs j join job_workers w on w.pool_id = j.locked_by where j.key = ${orderExpiryJobKey(orderId)}`.execute(db);
        return rows[0]?.pid;
      });
      const victim = cluster.workers.find((w) => w.pid === pid)!;
      await victim.stop('SIGKILL');
      await holder.query('rollback');
      const killedAt = Date.now();
      await within(SWEEP_EVERY_MS * 3, async () => ((await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status === 'closed' ? true : undefined));
      expect(Date.now() - killedAt).toBeLessThan(SWEEP_EVERY_MS * 2 + 3_000);
      await cluster.startWorker(victim);
    } finally {
      await holder.end();
    }
    expect(await db.selectFrom('order_events').select('id').where('order_id', '=', orderId).where('kind', '=', 'closed').execute()).toHaveLength(1);
    expect(await stockOf(db, goods.skuIds[0]!)).toBe(20);
  });
});

describe('an API process killed under load', () => {
  it('loses no answered write; the load balancer moves traffic to the other, and the process rejoins after a restart', async () => {
    const members = await newMembers(24, 'load');
    const goods = await newGoods(db, [{ price: 300, stock: 1_000_000 }]);
    const acknowledged = new Set<number>();
    const attempts: Answer[] = [];
    let unanswered = 0;
    let stop = false;
    // Each client places orders one after another. A call that got no answer (its process died
    // with it) is sent again with the same Idempotency-Key, as the app does; a repeat then waits
    // for the key the dead process held, and the client moves on without knowing (counted).
    const client = async (m: (typeof members)[number], i: number) => {
      while (!stop) {
        const headers = key();
        let answer: Answer | undefined;
        for (let tries = 0; tries < 4 && answer?.body.code !== 200; tries++) {
          answer = await cluster.call('lb', 'POST', '/shop/buy/createOrder', { body: { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 1, address_id: m.addressId }, token: m.token, headers, from: address(9, i) }).catch(() => undefined);
          if (answer) attempts.push(answer);
          if (answer && answer.status < 500) break;
        }
        if (answer?.body.code === 200) acknowledged.add(answer.body.data.order_id as number);
        else unanswered++;
      }
    };
    const running = Promise.all(members.map(client));
    await sleep(1_500);
    const [victim, survivor] = cluster.apis;
    const killedAt = attempts.length;
    await victim!.stop('SIGKILL');
    await sleep(2_000);
    const afterKill = attempts.slice(killedAt + 50);
    stop = true;
    await running;

    const placed = await db.selectFrom('orders').select('id').where('user_id', 'in', members.map((m) => m.id)).execute();
    const inDatabase = new Set(placed.map((o) => o.id));
    expect([...acknowledged].filter((id) => !inDatabase.has(id))).toEqual([]);
    // Any other order is one whose answer died with the process (at most one per such call).
    expect(placed.length - acknowledged.size).toBeLessThanOrEqual(unanswered);
    expect(afterKill.length).toBeGreaterThan(20);
    expect(new Set(afterKill.map((a) => a.servedBy))).toEqual(new Set([survivor!.name]));

    await cluster.startApi(victim!);
    const rejoined = await within(15_000, async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => cluster.call('lb', 'GET', '/web/version', { from: address(10, i) })));
      return answers.some((a) => a.servedBy === victim!.name) ? true : undefined;
    });
    expect(rejoined).toBe(true);
  });
});

describe('configuration', () => {
  it('an API process whose Redis does not answer refuses to start, saying so', async () => {
    const closed = await freePort();
    const api = new Proc('api-misconfigured', process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')], { ...cluster.env, PORT: String(await freePort()), REDIS_URL: `redis://127.0.0.1:${closed}` }).start();
    const code = await new Promise<number | null>((resolve) => api.child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(api.output).toContain(`REDIS_URL: Redis at 127.0.0.1:${closed} does not answer`);
  });
});

describe('recurring jobs', () => {
  it('each minute’s reconcile_payments ran once, on one worker of the two', async () => {
    // At least one minute boundary while both workers ran (this file usually takes longer anyway).
    const firstSlot = Math.ceil((workersReadyAt + 1_000) / 60_000) * 60_000;
    if (Date.now() < firstSlot + 8_000) await sleep(firstSlot + 8_000 - Date.now());
    const lastSlot = Math.floor((Date.now() - 8_000) / 60_000) * 60_000;
    const runs = cluster.workers.flatMap((w) => finishedBy(w, 'reconcile_payments')).filter((j) => !enqueued.has(j.id) && j.at >= firstSlot);
    const perSlot = new Map<number, number>();
    for (const run of runs) perSlot.set(Math.floor(run.at / 60_000) * 60_000, (perSlot.get(Math.floor(run.at / 60_000) * 60_000) ?? 0) + 1);
    const expected = new Map<number, number>();
    for (let slot = firstSlot; slot <= lastSlot; slot += 60_000) expected.set(slot, 1);
    expect(new Map([...perSlot].filter(([slot]) => slot <= lastSlot))).toEqual(expected);
  });
});
