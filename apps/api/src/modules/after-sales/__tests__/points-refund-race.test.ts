import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useHeldSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// Several operators refund the cases of one order at the same moment: the points the order spent at
// checkout come back and the points it earned are taken back, each case its share of the running
// total of what the order's cases refunded, so together they come to exactly what was spent and earned.

let t: TestApp;
let kit: AfterSalesKit;
let sandboxes: ReturnType<typeof useHeldSandboxes>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
  sandboxes = useHeldSandboxes(t);
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
const UNITS = 4;
const SPENT = 777;

/** `UNITS` units bought with `SPENT` points off at checkout, the rest by card through a gateway's sandbox; shipped and received (its points earned credited). */
async function pointsAndCardOrder(m: Member, card: 'stripe_card' | 'airwallex_card') {
  const g = await newGoods(t.db, [{ price: 9517, stock: 10 }]);
  await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: UNITS });
  await fund(t.db, m.userId, SPENT, 'XXX', 'points');
  const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId, points: SPENT, pay_password: PAY_PASSWORD })).body.data;
  const pay = await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: card });
  expect(pay.body.code).toBe(200);
  if (card === 'stripe_card') await (sandboxes.fakes.stripe as FakeStripe).decide(pay.body.data.payment_no, 'pay');
  else await t.app.inject({ method: 'POST', url: new URL(pay.body.data.redirect_url).pathname, payload: 'choice=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `PR0000${order.order_id}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
  const row = await t.db.selectFrom('orders').select(['points_used', 'points_earned', 'total_minor']).where('id', '=', order.order_id).executeTakeFirstOrThrow();
  const line = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
  return { orderId: order.order_id as number, lineId: line.id, total: Number(row.total_minor), spent: Number(row.points_used), earned: Number(row.points_earned) };
}

/** Returns of one unit each, approved, sent back and received: ready to refund. */
async function receivedReturns(m: Member, orderId: number, lineId: number) {
  const ids: number[] = [];
  for (let k = 0; k < UNITS; k++) {
    const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty: 1 }] });
    expect(res.body).toMatchObject({ code: 200 });
    ids.push(res.body.data.case_id);
  }
  for (const id of ids) {
    expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
    expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `PR${id}XX` })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  }
  return ids;
}

/** The points moved to and from the member by the order's journal entries of `kind`, summed. */
async function pointsMoved(userId: number, orderId: number, kind: string) {
  const rows = await t.db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select('p.amount')
    .where('e.kind', '=', kind)
    .where('e.reference_type', '=', 'order')
    .where('e.reference_id', '=', String(orderId))
    .where('a.member_id', '=', userId)
    .execute();
  return rows.reduce((s, r) => s + Number(r.amount), 0);
}

/** Every point spent came back and every point earned was taken back: the member holds what they had before buying. */
async function expectPointsSquare(m: Member, o: Awaited<ReturnType<typeof pointsAndCardOrder>>, ids: number[]) {
  const cases = await Promise.all(ids.map((id) => kit.caseRow(id)));
  expect(cases.map((c) => c.status)).toEqual(ids.map(() => 'refunded'));
  expect(cases.reduce((s, c) => s + Number(c.refunded_minor), 0)).toBe(o.total);
  expect({ returned: await pointsMoved(m.userId, o.orderId, 'order.points.refund'), reversed: -(await pointsMoved(m.userId, o.orderId, 'order.points.reverse')) }).toEqual({ returned: o.spent, reversed: o.earned });
  expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(SPENT);
}

describe('the cases of one order paid with points and a card, refunded at once', () => {
  it('the points spent all come back and the points earned are all taken back, whatever the order the refunds finish in (five rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await kit.shopper();
      const o = await pointsAndCardOrder(m, 'stripe_card');
      expect(o.spent).toBe(SPENT);
      expect(o.earned).toBeGreaterThan(0);
      expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(o.earned);
      const ids = await receivedReturns(m, o.orderId, o.lineId);
      // Four operators, one case each, at the same moment.
      const answers = await Promise.all(ids.map((id) => kit.admin('/admin/api/after-sales/refund', { id })));
      expect(answers.map((a) => a.body.data?.status)).toEqual(ids.map(() => 'refunded'));
      await expectPointsSquare(m, o, ids);
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 180_000);

  it('refunds the gateway confirms later, finished at once: the same points come back and go (five rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await kit.shopper();
      const o = await pointsAndCardOrder(m, 'airwallex_card');
      const ids = await receivedReturns(m, o.orderId, o.lineId);
      // The gateway takes every refund and confirms it later: the cases wait, refunding.
      const late = await sandboxes.held(async () => {
        const answers = await Promise.all(ids.map((id) => kit.admin('/admin/api/after-sales/refund', { id })));
        expect(answers.map((a) => a.body.data?.status)).toEqual(ids.map(() => 'refunding'));
      });
      expect(late.length).toBeGreaterThanOrEqual(ids.length);
      await Promise.all(late.map((d) => sandboxes.deliver(d)));
      // Four operators finish the cases at the same moment.
      const answers = await Promise.all(ids.map((id) => kit.admin('/admin/api/after-sales/refund', { id })));
      expect(answers.map((a) => a.body.data?.status)).toEqual(ids.map(() => 'refunded'));
      await expectPointsSquare(m, o, ids);
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 180_000);
});
