import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { placeOrder } from '../../orders/orders.service.js';
import { settleOrder } from '../../orders/order-settlement.js';
import type { Fake2c2p } from '../../payments/gateways/2c2p/fake.js';
import { flagsOf, paymentRow, useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { refundOwedBack } from '../../payments/reconcile.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { placeDownline } from '../referral.service.js';
import { referralKit } from './fixtures.js';

// Money owed back to a member who paid an order twice (a 2C2P page still open after they switched
// to their balance and paid there) is given back on the payment that did not pay the order: the
// buyer kept every item, so the uplines' commissions, the PV and the team's sales stay whole.

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let sales: AfterSalesKit;
let twoC2p: Fake2c2p;
beforeAll(async () => {
  t = await buildTestApp();
  twoC2p = useSandboxes(t)['2c2p'] as unknown as Fake2c2p;
  kit = referralKit(t);
  sales = await afterSalesKit(t);
}, 60_000);
afterAll(() => t.close());

const commissionsOf = (orderId: number) => t.db.selectFrom('commissions').selectAll().where('order_id', '=', orderId).orderBy('level').execute();
const statsOf = (id: number) => t.db.selectFrom('referral_stats').selectAll().where('member_id', '=', id).executeTakeFirstOrThrow();
type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;

/** A buyer under a level-1 sponsor under a level-2 sponsor, each placed under their sponsor. */
async function twoLevelUpline(name: string) {
  const level2 = await kit.placedSponsor(`${name} two`);
  const level1 = await kit.invitee(level2.userId, { nickname: `${name} one` });
  await placeDownline(t.deps, memberActor(level2.userId), { user_id: level1.userId, parent_id: level2.userId, side: 'L' });
  const buyer = await sales.shopper();
  await t.db.updateTable('users').set({ referrer_id: level1.userId } as never).where('id', '=', buyer.userId).execute();
  await placeDownline(t.deps, memberActor(level1.userId), { user_id: buyer.userId, parent_id: level1.userId, side: 'R' });
  return { level1, level2, buyer };
}

/**
 * The buyer opens 2C2P's page for an order of 100.00 MYR (100 PV), switches to the balance and pays
 * the order there, then presses Pay on the 2C2P page still open: that money is owed back. Answers
 * the order and the owed-back payment.
 */
async function paidTwice(buyer: Member) {
  const g = await newGoods(t.db, [{ price: 10_000, stock: 10 }], { currency: 'MYR' });
  const placed = await placeOrder(t.deps, memberActor(buyer.userId), { goods_id: g.goodsId, sku_id: g.skuIds[0]!, num: 1, address_id: buyer.addressId, remarks: '' });
  const order = await t.db.selectFrom('orders').selectAll().where('id', '=', placed.order_id).executeTakeFirstOrThrow();
  await t.db.updateTable('order_lines').set({ pv: 100 } as never).where('order_id', '=', order.id).execute();
  const first = (await sales.post(buyer, '/oms/onlinepay/order/createToken', { order_id: order.id })).body.data;
  expect(first).toMatchObject({ gateway: '2c2p', state: 'in_progress' });
  await fund(t.db, buyer.userId, Number(order.total_minor), 'MYR');
  const paid = await sales.post(buyer, '/shop/buy/payOrder', { order_id: order.id, pay_way: 'balance', pay_password: PAY_PASSWORD });
  expect(paid.body.data, paid.body.msg).toMatchObject({ state: 'success' });
  await twoC2p.decide(first.payment_no, 'pay');
  const owed = await paymentRow(t, first.payment_no);
  expect(owed.status).toBe('canceled');
  expect(await flagsOf(t, owed.id)).toEqual(['paid_after_cancel']);
  return { orderId: order.id, total: Number(order.total_minor), freight: Number(order.freight_minor), owed };
}

/** Ships the order, the buyer confirms receipt, and its after-sales window closes: it settles. */
async function receivedAndSettled(buyer: Member, orderId: number) {
  expect((await sales.admin('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `OB0000${orderId}` })).body.code).toBe(200);
  expect((await sales.post(buyer, '/shop/order/confirmReceipt', { id: orderId })).body.code).toBe(200);
  await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', orderId).execute();
  expect(await settleOrder(t.deps, jobActor('settle_order', orderId), orderId)).toBe(true);
}

const refundedOf = async (paymentId: number) =>
  (await t.db.selectFrom('payment_refunds').select(['status', 'amount_minor']).where('payment_id', '=', paymentId).execute()).map((r) => [r.status, Number(r.amount_minor)]);

describe('money owed back on a second payment of an order', () => {
  it('refunded by the reconciliation job: the sponsors see and are paid their commissions in full, the PV and the team sales are whole', async () => {
    const { level1, level2, buyer } = await twoLevelUpline('job');
    const rewards1 = await balanceOf(t.db, level1.userId, 'rewards', 'MYR');
    const rewards2 = await balanceOf(t.db, level2.userId, 'rewards', 'MYR');
    const o = await paidTwice(buyer);
    expect(o.freight).toBe(0);
    const pending = await commissionsOf(o.orderId);
    expect(pending.map((c) => [c.level, c.beneficiary_id, c.status, Number(c.amount_minor)])).toEqual([
      [1, level1.userId, 'pending', 500],
      [2, level2.userId, 'pending', 200],
    ]);

    // The shop gives the second payment's money back in full, through 2C2P.
    await refundOwedBack(t.deps, jobActor('reconcile_payments', o.orderId), 10, 0);
    expect(await refundedOf(o.owed.id)).toEqual([['succeeded', o.owed.gateway_minor]]);
    expect(o.owed.gateway_minor).toBeGreaterThanOrEqual(o.total);

    // Before settling: the sponsor sees the whole commission pending, the console lists it due in full, the team's sales are whole.
    const before = (await kit.get(level1, '/user/spread/total')).body.data;
    expect(before.commission_pending).toEqual([{ currency: 'MYR', amount: 500 }]);
    expect(before.team_sales_month).toEqual([{ currency: 'MYR', amount: 10_000 }]);
    const listed = (await sales.adminGet(`/admin/api/referral/commissions?order_id=${o.orderId}`)).body.data.list;
    expect(listed.map((c: { level: number; amount: number }) => [c.level, c.amount]).sort()).toEqual([
      [1, 500],
      [2, 200],
    ]);

    await receivedAndSettled(buyer, o.orderId);
    const settled = await commissionsOf(o.orderId);
    expect(settled.map((c) => [c.level, c.status, Number(c.posted_minor)])).toEqual([
      [1, 'settled', 500],
      [2, 'settled', 200],
    ]);
    expect(await balanceOf(t.db, level1.userId, 'rewards', 'MYR')).toBe(rewards1 + 500);
    expect(await balanceOf(t.db, level2.userId, 'rewards', 'MYR')).toBe(rewards2 + 200);
    expect(Number((await statsOf(buyer.userId)).personal_pv)).toBe(100);
    expect(Number((await statsOf(level1.userId)).right_pv)).toBe(100);
    expect((await kit.get(level1, '/user/spread/total')).body.data.commission_total).toEqual([{ currency: 'MYR', amount: 500 }]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('refunded by an operator deciding its flag in the console: the order still earns in full', async () => {
    const { level1, buyer } = await twoLevelUpline('operator');
    const rewards1 = await balanceOf(t.db, level1.userId, 'rewards', 'MYR');
    const o = await paidTwice(buyer);
    const flag = await t.db.selectFrom('payment_flags').select('id').where('payment_id', '=', o.owed.id).executeTakeFirstOrThrow();
    const refunded = await sales.admin('/admin/api/payments/flags/decide', { id: flag.id, decision: 'refund', reason: 'paid twice, given back' });
    expect(refunded.body.code, refunded.body.msg).toBe(200);
    expect(await refundedOf(o.owed.id)).toEqual([['succeeded', o.owed.gateway_minor]]);

    expect((await kit.get(level1, '/user/spread/total')).body.data.commission_pending).toEqual([{ currency: 'MYR', amount: 500 }]);
    await receivedAndSettled(buyer, o.orderId);
    expect((await commissionsOf(o.orderId)).map((c) => [c.level, c.status, Number(c.posted_minor)])).toEqual([
      [1, 'settled', 500],
      [2, 'settled', 200],
    ]);
    expect(await balanceOf(t.db, level1.userId, 'rewards', 'MYR')).toBe(rewards1 + 500);
    expect(Number((await statsOf(buyer.userId)).personal_pv)).toBe(100);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
