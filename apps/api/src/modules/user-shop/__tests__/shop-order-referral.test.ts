import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.js';
import { systemActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { widePool } from '../../../test/test-database.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { referralKit } from '../../referral/__tests__/fixtures.js';
import { placeDownline } from '../../referral/referral.service.js';
import { settleShopOrder } from '../shop-orders.service.js';
import { shopKit, type ShopKit } from './fixtures.js';

// Member-shop orders count for the referral team like regular orders: pending commissions for the
// buyer's uplines when paid, PV and posted commissions when settled, void when refused before.

let t: TestApp;
let k: ShopKit;
let kit: ReturnType<typeof referralKit>;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let wide: Database;
let a: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  kit = referralKit(t);
  a = await afterSalesKit(t);
  operator = await newOperatorSession(t.db, 'owner');
  wide = widePool(t.db, 10);
});
afterAll(async () => {
  await wide?.destroy();
  await t.close();
});

const job = systemActor('shop-referral-test');

/** A placed sponsor A, a buyer B invited by A and placed on A's left leg, a shop offering goods of 20.00 with 100 PV. */
async function team() {
  const sponsor = await kit.placedSponsor('Sponsor A');
  const buyer = await k.buyer(10_000);
  await t.db.updateTable('users').set({ referrer_id: sponsor.userId } as never).where('id', '=', buyer.userId).execute();
  await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: buyer.userId, parent_id: sponsor.userId, side: 'L' });
  const owner = await k.owner();
  const goods = await k.offered(owner, { price: 2000, stock: 5, pv: 100 });
  return { sponsor, buyer, owner, goods };
}

const commissionsOf = (shopOrderId: number) =>
  t.db.selectFrom('commissions').select(['beneficiary_id', 'level', 'status', 'amount_minor', 'base_minor', 'entry_id']).where('shop_order_id' as never, '=', shopOrderId as never).orderBy('level').execute();

/** Approved, ready for pickup, confirmed by the buyer, its settle moment come. */
async function completed(x: Awaited<ReturnType<typeof team>>, id: number) {
  expect((await k.post(x.owner, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data).toEqual({ id, status: 'approved' });
  expect((await k.post(x.owner, '/attractive/shop/changeOrderState', { id, to: 'ready_for_pickup' })).body.data.status).toBe('ready_for_pickup');
  expect((await k.post(x.buyer, '/attractive/order/confirm', { id })).body.data).toEqual({ id, status: 'completed' });
  await t.db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
}

describe('shop orders in the referral team', () => {
  it('paid: pending commissions for the buyer’s uplines (goods value as base), listed in the console under the shop order’s number', async () => {
    const x = await team();
    const id = await k.paidOrder(x.buyer, x.owner.shopId, x.goods.skuId, 1, { pickup: true });
    const rows = await commissionsOf(id);
    expect(rows[0]).toMatchObject({ beneficiary_id: x.sponsor.userId, level: 1, status: 'pending', base_minor: 2000, amount_minor: 100 });
    expect(rows.every((r) => r.status === 'pending' && r.entry_id === null)).toBe(true);
    // The sponsor sees it pending on their team page; the console lists it under the shop order's number.
    expect((await kit.get(x.sponsor, '/user/spread/total')).body.data.commission_pending).toEqual([{ currency: 'USD', amount: 100 }]);
    const listed = await call(t, 'GET', `/admin/api/referral/commissions?member_id=${x.sponsor.userId}`, { headers: operator.headers });
    expect(listed.body.code, listed.body.msg).toBe(200);
    expect(listed.body.data.list).toEqual([expect.objectContaining({ order_no: (await k.orderRow(id)).order_no, shop_order_id: id, order_id: null, amount: 100, status: 'pending' })]);
  });

  it('settled: PV in the buyer’s personal PV and the sponsor’s left leg, listed with the shop order’s number; commissions posted; the ledger balances', async () => {
    const x = await team();
    const id = await k.paidOrder(x.buyer, x.owner.shopId, x.goods.skuId, 1, { pickup: true });
    const orderNo = (await k.orderRow(id)).order_no;
    await completed(x, id);
    expect(await settleShopOrder(t.deps, job, id)).toBe(true);
    expect((await kit.get(x.buyer, '/attractive/user/userDepInfo')).body.data.personal_pv).toBe(100);
    expect((await kit.get(x.sponsor, '/attractive/user/userDepInfo')).body.data).toMatchObject({ left: { pv_total: 100, pv_today: 100 }, right: { pv_total: 0 } });
    expect((await kit.get(x.sponsor, '/attractive/user/pvChangeSet')).body.data.list).toEqual([expect.objectContaining({ source: 'team_order', order_no: orderNo, leg: 'L', pv: 100 })]);
    expect((await kit.get(x.buyer, '/attractive/user/pvChangeSet')).body.data.list).toEqual([expect.objectContaining({ source: 'own_order', order_no: orderNo, pv: 100 })]);
    const rows = await commissionsOf(id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'settled' && r.entry_id !== null)).toBe(true);
    expect(await k.usd(x.sponsor.userId, 'rewards')).toBe(100);
    // The owner's earnings beside them, as before.
    expect(await k.usd(x.owner.userId, 'rewards')).toBe(1800);
    expect((await kit.get(x.sponsor, '/user/spread/total')).body.data.commission_total).toEqual([{ currency: 'USD', amount: 100 }]);
    await k.ledgerClean();
  });

  it('rejected by the owner before settling: its commissions are void with no ledger entry and it never brings PV', async () => {
    const x = await team();
    const id = await k.paidOrder(x.buyer, x.owner.shopId, x.goods.skuId, 1, { pickup: true });
    expect((await commissionsOf(id)).length).toBeGreaterThan(0);
    expect((await k.post(x.owner, '/attractive/shop/shopOrderAuth', { id, decision: 'reject', reason: 'Out of stock this week' })).body.data).toEqual({ id, status: 'rejected' });
    const rows = await commissionsOf(id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'void' && r.entry_id === null)).toBe(true);
    expect(await settleShopOrder(t.deps, job, id)).toBe(false);
    expect((await kit.get(x.buyer, '/attractive/user/userDepInfo')).body.data.personal_pv).toBe(0);
    expect((await kit.get(x.sponsor, '/attractive/user/userDepInfo')).body.data.left.pv_total).toBe(0);
    expect((await kit.get(x.sponsor, '/user/spread/total')).body.data.commission_pending).toEqual([]);
    expect(await k.usd(x.sponsor.userId, 'rewards')).toBe(0);
    await k.ledgerClean();
  });

  it('one of two units returned and refunded before settling: the sponsor sees half pending, and settling pays half and counts half the PV', async () => {
    const x = await team();
    const id = await k.paidOrder(x.buyer, x.owner.shopId, x.goods.skuId, 2, { addressId: x.buyer.addressId });
    expect((await commissionsOf(id))[0]).toMatchObject({ level: 1, base_minor: 4000, amount_minor: 200 });
    expect((await k.post(x.owner, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
    expect((await k.post(x.owner, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: `DHL${id}` })).body.data.status).toBe('shipped');
    expect((await k.post(x.buyer, '/attractive/order/confirm', { id })).body.data.status).toBe('completed');
    const line = await t.db.selectFrom('shop_order_lines').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
    const opened = await k.post(x.buyer, '/shop/order/afterSaleSubmit', { shop_order_id: id, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: Number(line.id), qty: 1 }] });
    expect(opened.body.code, opened.body.msg).toBe(200);
    for (const step of ['approve', 'receive']) expect((await a.admin(`/admin/api/after-sales/${step}`, { id: opened.body.data.case_id })).body.code).toBe(200);
    expect((await a.admin('/admin/api/after-sales/refund', { id: opened.body.data.case_id })).body.data).toMatchObject({ status: 'refunded' });
    expect((await kit.get(x.sponsor, '/user/spread/total')).body.data.commission_pending).toEqual([{ currency: 'USD', amount: 100 }]);
    await t.db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect(await settleShopOrder(t.deps, job, id)).toBe(true);
    expect((await kit.get(x.buyer, '/attractive/user/userDepInfo')).body.data.personal_pv).toBe(100);
    expect((await kit.get(x.sponsor, '/attractive/user/userDepInfo')).body.data.left.pv_total).toBe(100);
    expect(await k.usd(x.sponsor.userId, 'rewards')).toBe(100);
    await k.ledgerClean();
  });

  it('settled by six at once, round after round: one set of PV and commissions each time', async () => {
    for (let round = 0; round < 5; round++) {
      const x = await team();
      const id = await k.paidOrder(x.buyer, x.owner.shopId, x.goods.skuId, 1, { pickup: true });
      await completed(x, id);
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => settleShopOrder({ db: wide }, job, id)));
      expect(outcomes.filter(Boolean), `round ${round}`).toHaveLength(1);
      expect((await kit.get(x.buyer, '/attractive/user/userDepInfo')).body.data.personal_pv, `round ${round}`).toBe(100);
      expect((await kit.get(x.sponsor, '/attractive/user/userDepInfo')).body.data.left.pv_total, `round ${round}`).toBe(100);
      expect(await k.usd(x.sponsor.userId, 'rewards'), `round ${round}`).toBe(100);
      await k.ledgerClean();
    }
  }, 60_000);
});
