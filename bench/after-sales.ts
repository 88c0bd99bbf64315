import { randomUUID } from 'node:crypto';
import { loadConfig } from '../apps/api/src/config.js';
import { embeddedDatabaseUrl } from '../apps/api/src/db/connect.js';
import { createDatabase } from '../apps/api/src/db/database.js';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.js';
import { newGoods } from '../apps/api/src/modules/cart/__tests__/fixtures.js';
import { fund } from '../apps/api/src/modules/ledger/__tests__/ledger-helpers.js';
import { hashPassword } from '../apps/api/src/modules/members/identity.js';
import { newAddress } from '../apps/api/src/modules/orders/__tests__/fixtures.js';
import { httpCall } from './http.js';
import { benchMembers, drive } from './ledger.js';
import { load, warm, type LoadResult } from './load.js';
import type { RunningServer } from './servers.js';

/** Members asking for returns at once (one drive loop each), and the cases of the member whose list is read. */
const SUBMITTERS = 50;
const LISTED_CASES = 50;
/** Units bought per order (the most one line takes); each case asks for one. */
const UNITS = 99;
/** Cases a second the orders are bought for (more than the fastest machine seen opens: about 1,000). */
const MOST_PER_SECOND = 1_500;
const PAY_PASSWORD = '246810';

/**
 * After-sales at 50 connections through the running shop: members opening a return of one unit of
 * an order they received (`POST /shop/order/afterSaleSubmit`, p99 < 50 ms), and a member's case
 * list when they have 50 cases (`GET /attractive/AfterSales/list`, p99 < 20 ms). The orders are
 * bought, paid from the balance, shipped and received through the shop's own calls first.
 */
export async function benchAfterSales(shop: RunningServer): Promise<Array<LoadResult & { maxP99Ms: number }>> {
  if (!shop.env) throw new Error('the after-sales bench needs the shop’s database');
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  // Orders each member received: room for the warm-up and the timed run (as long each) at MOST_PER_SECOND.
  const ORDERS_PER_MEMBER = Math.ceil((2 * seconds * MOST_PER_SECOND) / (SUBMITTERS * UNITS));
  const db = createDatabase(embeddedDatabaseUrl(loadConfig({ ...process.env, ...shop.env })), 4);
  const call = async (method: 'GET' | 'POST', path: string, token: string, body?: unknown, from?: string) => {
    const res = await httpCall(`${shop.url}${path}`, {
      method,
      from,
      // Each call is a new request of its own, as the app sends it (a repeated body is otherwise an idempotent repeat).
      headers: { authorization: `Bearer ${token}`, 'think-lang': 'en-us', ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = JSON.parse(res.text) as { code: number; data: any };
    if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
  /** Each member's token and received orders, with the units of each not yet in a case. */
  let buyers: Array<{ token: string; orders: Array<{ orderId: number; lineId: number; left: number }> }>;
  try {
    const tag = Date.now().toString(36);
    const goods = await newGoods(db, [{ price: 100, stock: (SUBMITTERS + 1) * ORDERS_PER_MEMBER * UNITS }], { name: `After-sales ${tag}`, currency: 'USD' });
    const ids = await benchMembers(db, SUBMITTERS + 1, `aftersale${tag}`);
    await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', 'in', ids).execute();
    const tokens = ids.map(() => newToken());
    await db.insertInto('sessions').values(ids.map((id, i) => ({ user_id: id, token_hash: hashToken(tokens[i]!), expires_at: new Date(Date.now() + 3_600_000) }))).execute();
    const op = await db.insertInto('operators').values({ user_name: `aftersale${tag}`, role: 'owner', password_hash: null, totp_secret: null, totp_pending_secret: null, totp_last_step: null, setup_token_hash: null, setup_expires_at: null, created_by: 'bench', last_sign_in_at: null }).returning('id').executeTakeFirstOrThrow();
    const opToken = newToken();
    await db.insertInto('operator_sessions').values({ operator_id: op.id, token_hash: hashToken(opToken), expires_at: new Date(Date.now() + 3_600_000), last_seen_at: new Date(), revoked_at: null, ip: null, user_agent: null }).execute();
    buyers = [];
    for (const [i, id] of ids.entries()) {
      const token = tokens[i]!;
      await fund(db, id, ORDERS_PER_MEMBER * (UNITS * 100 + 10_000), 'USD');
      const addressId = await newAddress(db, id);
      const orders = [];
      // Each member from an address of their own: the money calls' limit per address stays out of the way.
      const from = `127.0.1.${i + 1}`;
      for (let n = 0; n < ORDERS_PER_MEMBER; n++) {
        const order = await call('POST', '/shop/buy/createOrder', token, { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: UNITS, address_id: addressId }, from);
        await call('POST', '/shop/buy/payOrder', token, { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD }, from);
        await call('POST', '/admin/api/orders/ship', opToken, { order_id: order.order_id, carrier: 'DHL', tracking_number: `BA${order.order_id}X` }, from);
        await call('POST', '/shop/order/confirmReceipt', token, { id: order.order_id }, from);
        const line = await db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
        orders.push({ orderId: order.order_id, lineId: line.id, left: UNITS });
      }
      buyers.push({ token, orders });
    }
  } finally {
    await db.destroy();
  }
  /** A return of one unit of the member's first order with units left (one loop per member, so no two calls take the same unit). */
  const submit = (b: (typeof buyers)[number]) => {
    const o = b.orders.find((x) => x.left > 0);
    if (!o) throw new Error(`a member opened ${ORDERS_PER_MEMBER * UNITS} returns: the run needs more orders`);
    o.left--;
    return call('POST', '/shop/order/afterSaleSubmit', b.token, { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', description: 'Bench return', lines: [{ order_line_id: o.lineId, qty: 1 }] });
  };

  // The listed member's 50 cases, then the list at 50 connections.
  const listed = buyers[SUBMITTERS]!;
  for (let i = 0; i < LISTED_CASES; i++) await submit(listed);
  const headers = { 'think-lang': 'en-us', Area: '1', source: 'H5', authorization: `Bearer ${listed.token}` };
  const listUrl = `${shop.url}/attractive/AfterSales/list?page=1&limit=10`;
  const first = await call('GET', '/attractive/AfterSales/list?page=1&limit=10', listed.token);
  if (first.total !== LISTED_CASES) throw new Error(`/attractive/AfterSales/list answered ${first.total} cases, not ${LISTED_CASES}`);
  await warm(listUrl, headers);
  const list = { ...(await load(`GET /attractive/AfterSales/list (${LISTED_CASES} cases)`, listUrl, { headers })), maxP99Ms: 20 };

  // Each of the 50 loops is one member opening returns of one unit, one after another.
  // As long a warm-up as the run, as the journey's: a process that has served a second of these is still being optimised.
  await drive('warm-up', seconds, (_, loop) => submit(buyers[loop % SUBMITTERS]!));
  const opened = { ...(await drive('POST /shop/order/afterSaleSubmit (a return)', seconds, (_, loop) => submit(buyers[loop % SUBMITTERS]!))), maxP99Ms: 50 };
  return [opened, list];
}
