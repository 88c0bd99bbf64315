import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../db/database.js';
import { jobActor } from '../../../lib/actor.js';
import type { TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { newAddress } from '../../orders/__tests__/fixtures.js';
import { settleOrder } from '../../orders/order-settlement.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { ensureRoot, placeAutomatically } from '../referral.service.js';

let keySeq = 0;
/** A fresh Idempotency-Key. */
export const key = () => `ref-${Date.now().toString(36)}-${keySeq++}-${Math.random().toString(36).slice(2, 8)}`;

/** The calls of a referral test: a member's GET and POST (with a fresh key) through the real app. */
export function referralKit(t: TestApp) {
  const get = (m: { headers: Record<string, string> }, url: string) => call(t, 'GET', url, { headers: m.headers, lang: 'en-us' });
  const post = (m: { headers: Record<string, string> }, url: string, body: unknown) => call(t, 'POST', url, { headers: { ...m.headers, 'idempotency-key': key() }, body, lang: 'en-us' });

  /** A member invited by `referrerId` (the sponsor tree), optionally joined `daysAgo`. */
  async function invitee(referrerId: number | null, opts: { daysAgo?: number; nickname?: string } = {}) {
    const m = await newMember(t, opts.nickname ?? '');
    await t.db.updateTable('users').set({ referrer_id: referrerId, ...(opts.daysAgo ? { created_at: new Date(Date.now() - opts.daysAgo * 86_400_000) } : {}) } as never).where('id', '=', m.userId).execute();
    return m;
  }

  /** The tree's root (the shop's first member). */
  async function root() {
    if (!(await t.db.selectFrom('users').select('id').executeTakeFirst())) await newMember(t, 'root');
    return (await ensureRoot(t.db))!;
  }

  /** A member placed automatically somewhere under the root: a sponsor with an empty subtree of their own. */
  async function placedSponsor(nickname = '') {
    const rootId = await root();
    const m = await invitee(rootId, { nickname });
    await placeAutomatically(t.deps, jobActor('test', 'sponsor'), m.userId, 'operator');
    return m;
  }
  return { get, post, invitee, root, placedSponsor };
}

/**
 * Buying as the earnings tests need it, through the real calls: a member ready to buy, an order of one
 * unit of new goods with its PV, paid from the balance, and (by `operator`) shipped, received and
 * settled by its job once its window is over.
 */
export function buyingKit(t: TestApp, operator: { headers: Record<string, string> }) {
  /** A member ready to buy (real name, pay password, an address), invited by `referrerId`. */
  async function shopper(referrerId: number | null) {
    const m = await walletMember(t);
    await t.db.updateTable('users').set({ referrer_id: referrerId } as never).where('id', '=', m.userId).execute();
    return { ...m, addressId: await newAddress(t.db, m.userId) };
  }
  type Shopper = Awaited<ReturnType<typeof shopper>>;

  /** An order of one unit of new goods at `price` with `pv`, created and not paid yet. */
  async function unpaidOrder(m: Shopper, price: number, pv: number) {
    const g = await newGoods(t.db, [{ price, stock: 99 }]);
    await t.db.updateTable('goods_skus').set({ pv } as never).where('id', '=', g.skuIds[0]!).execute();
    const res = await call(t, 'POST', '/shop/buy/createOrder', { headers: m.keyed(), body: { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, remarks: '' } });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { order_id: number; total: number; currency: string };
  }

  /** Paid from the member's balance through the real payment call. */
  async function paidOrder(m: Shopper, price: number, pv: number) {
    const o = await unpaidOrder(m, price, pv);
    await fund(t.db, m.userId, o.total, o.currency);
    const paid = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: o.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD } });
    expect(paid.body.data).toMatchObject({ state: 'success' });
    return o;
  }

  /** Shipped, received, its window over, settled by its job. */
  async function settle(m: Shopper, orderId: number) {
    const admin = (url: string, body: unknown) => call(t, 'POST', url, { headers: { ...operator.headers, 'idempotency-key': key() }, body });
    expect((await admin('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `RF0000${orderId}` })).body.code).toBe(200);
    expect((await call(t, 'POST', '/shop/order/confirmReceipt', { headers: m.keyed(), body: { id: orderId } })).body.code).toBe(200);
    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', orderId).execute();
    expect(await settleOrder(t.deps, jobActor('settle_order', orderId), orderId)).toBe(true);
  }

  /** A settled order of one unit at `price` with `pv` bought by `m`. */
  async function settledOrder(m: Shopper, price: number, pv: number) {
    const o = await paidOrder(m, price, pv);
    await settle(m, o.order_id);
    return o;
  }
  return { shopper, unpaidOrder, paidOrder, settle, settledOrder };
}
export type Shopper = Awaited<ReturnType<ReturnType<typeof buyingKit>['shopper']>>;

/** Moves every PV bucket and entry of `from` back `days` days: the PV settled that many days ago. */
export async function shiftDay(db: Database, from: string, days: number) {
  await sql`update leg_pv_days set day = day - ${days}::int where day = ${from}::date`.execute(db);
  await sql`update pv_entries set day = day - ${days}::int where day = ${from}::date`.execute(db);
}
/** Today in the plan's time zone (`YYYY-MM-DD`). */
export const pvToday = async (db: Database) => (await sql<{ d: string }>`select (now() at time zone (select time_zone from referral_settings))::date::text as d`.execute(db)).rows[0]!.d;
/** The day `n` days before `day` (`YYYY-MM-DD`). */
export const daysBefore = (day: string, n: number) => new Date(new Date(`${day}T00:00:00Z`).getTime() - n * 86_400_000).toISOString().slice(0, 10);

/** The whole tree is a valid binary tree: ≤ 2 children per node, one parent, no cycle, depths and the closure table consistent. */
export async function expectValidTree(db: Database) {
  const nodes = await db.selectFrom('placements').select(['member_id', 'parent_id', 'side', 'depth']).execute();
  const paths = await db.selectFrom('placement_paths').selectAll().execute();
  const byId = new Map(nodes.map((n) => [n.member_id, n]));
  const roots = nodes.filter((n) => n.parent_id === null);
  expect(roots).toHaveLength(1);
  const slots = new Set<string>();
  const expected = new Set<string>();
  // Checked plainly and asserted once: a tree of thousands of nodes, each walked up to the root.
  const problems: string[] = [];
  for (const n of nodes) {
    if (n.parent_id === null) continue;
    const slot = `${n.parent_id}:${n.side}`;
    if (slots.has(slot)) problems.push(`slot ${slot} taken twice`);
    slots.add(slot);
    // Walk up: reaches the root without a cycle, one step of depth each time.
    let cur = n;
    let dist = 0;
    const seen = new Set<number>();
    while (cur.parent_id !== null) {
      if (seen.has(cur.member_id)) {
        problems.push(`cycle through ${cur.member_id}`);
        break;
      }
      seen.add(cur.member_id);
      const parent = byId.get(cur.parent_id);
      if (!parent) {
        problems.push(`parent ${cur.parent_id} not placed`);
        break;
      }
      if (cur.depth !== parent.depth + 1) problems.push(`depth of ${cur.member_id}: ${cur.depth}, its parent's ${parent.depth}`);
      dist++;
      // The ancestor's leg is the side of its child on the way down to the node.
      expected.add(`${parent.member_id}>${n.member_id}:${dist}:${cur.side}`);
      cur = parent;
    }
  }
  expect(problems.slice(0, 20)).toEqual([]);
  // The closure table holds exactly every (ancestor, descendant, distance, leg of the ancestor).
  const actual = new Set(paths.map((p) => `${p.ancestor_id}>${p.descendant_id}:${p.depth}:${p.side}`));
  expect(actual.size).toBe(paths.length);
  expect([...actual].sort()).toEqual([...expected].sort());
}
