import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// An order whose goods all came back through refunded returns (one case or several) gives its
// coupon use back, once, with the refund that takes back the last unit: a once-per-member coupon can
// be used again, as after a cancelled order. A partial return keeps the use. Two last returns
// refunded at once give it back once.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
let codes = 0;

/** A coupon of 5.00 off USD orders, `perMember` uses for each member (the operator's code, as issued). */
async function coupon(perMember: number) {
  const code = `BACK${Date.now() % 100_000}${codes++}`;
  await t.db
    .insertInto('coupons')
    .values({ code, kind: 'amount', amount_minor: 500, percent_bp: null, currency: 'USD', min_spend_minor: 0, per_member_limit: perMember, starts_at: new Date(Date.now() - 60_000), ends_at: new Date(Date.now() + 86_400_000), total_limit: null, created_by: 'test' })
    .execute();
  return code;
}

/** Places an order of `units` (SKU and number) with the coupon; answers the envelope. */
async function placeWithCoupon(m: Member, code: string, units: Array<{ goodsId: number; skuId: number; num: number }>) {
  for (const u of units) expect((await kit.post(m, '/shop/cart/add', { goods_id: u.goodsId, sku_id: u.skuId, num: u.num })).body.code).toBe(200);
  return kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId, coupon_code: code });
}

/** Two units of one SKU and one of another, bought with the coupon, paid from the balance, shipped and (unless told) received. */
async function boughtWithCoupon(m: Member, code: string, opts: { receive?: boolean } = {}) {
  const g = await newGoods(t.db, [{ price: 1_000, stock: 20 }, { price: 800, stock: 20 }]);
  const placed = await placeWithCoupon(m, code, [{ goodsId: g.goodsId, skuId: g.skuIds[0]!, num: 2 }, { goodsId: g.goodsId, skuId: g.skuIds[1]!, num: 1 }]);
  expect(placed.body.code, placed.body.msg).toBe(200);
  const orderId = placed.body.data.order_id as number;
  expect(Number((await t.db.selectFrom('orders').select('coupon_discount_minor').where('id', '=', orderId).executeTakeFirstOrThrow()).coupon_discount_minor)).toBe(500);
  await fund(t.db, m.userId, placed.body.data.total, 'USD');
  expect((await kit.post(m, '/shop/buy/payOrder', { order_id: orderId, pay_way: 'balance', pay_password: PAY_PASSWORD })).body.data).toMatchObject({ state: 'success' });
  expect((await kit.admin('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `CB0000${orderId}` })).body.code).toBe(200);
  if (opts.receive !== false) expect((await kit.post(m, '/shop/order/confirmReceipt', { id: orderId })).body.code).toBe(200);
  const lines = await t.db.selectFrom('order_lines').select(['id', 'quantity']).where('order_id', '=', orderId).orderBy('id').execute();
  return { orderId, lines, goods: g };
}

/** A return of these units, approved and received (ready for its refund): its case id. */
async function receivedReturn(m: Member, orderId: number, lines: Array<{ order_line_id: number; qty: number }>) {
  const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines });
  expect(res.body.code, res.body.msg).toBe(200);
  const id = res.body.data.case_id as number;
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  return id;
}

const refund = async (id: number) => {
  const done = await kit.admin('/admin/api/after-sales/refund', { id });
  expect(done.body.data?.status, done.body.msg).toBe('refunded');
};

/** What a new order with the coupon answers (a fresh goods, so nothing else stands in the way). */
async function tryCouponAgain(m: Member, code: string) {
  const g = await newGoods(t.db, [{ price: 1_200, stock: 5 }]);
  return (await placeWithCoupon(m, code, [{ goodsId: g.goodsId, skuId: g.skuIds[0]!, num: 1 }])).body;
}

const usesOf = async (code: string, userId: number) => {
  const c = await t.db.selectFrom('coupons').select(['id', 'used']).where('code', '=', code).executeTakeFirstOrThrow();
  const mine = await t.db.selectFrom('coupon_member_uses').select('uses').where('coupon_id', '=', c.id).where('user_id', '=', userId).executeTakeFirst();
  return { used: c.used, mine: mine?.uses ?? 0 };
};

describe('the coupon of an order returned through after-sales', () => {
  it('every unit returned in two cases and both refunded: the once-per-member coupon can be used again (not after the first case alone)', async () => {
    const m = await kit.shopper();
    const code = await coupon(1);
    const o = await boughtWithCoupon(m, code);
    const first = await receivedReturn(m, o.orderId, [{ order_line_id: o.lines[0]!.id, qty: 2 }]);
    const second = await receivedReturn(m, o.orderId, [{ order_line_id: o.lines[1]!.id, qty: 1 }]);

    // The first refund leaves the member one unit: the use stays taken.
    await refund(first);
    expect(await tryCouponAgain(m, code)).toMatchObject({ code: ResponseCode.couponUsedUp, msg: 'You have already used this coupon' });

    // The second takes back the last unit: the member kept nothing of the order, the use is theirs again.
    await refund(second);
    const info = (await kit.get(m, `/shop/order/info?id=${o.orderId}`)).body.data;
    expect(info).toMatchObject({ status: 'completed', returned: { all: true } });
    expect(await usesOf(code, m.userId)).toEqual({ used: 0, mine: 0 });
    const again = await tryCouponAgain(m, code);
    expect(again.code, again.msg).toBe(200);
    expect(await usesOf(code, m.userId)).toEqual({ used: 1, mine: 1 });
    // Used again, it is used: a third order is refused as before.
    expect((await tryCouponAgain(m, code)).code).toBe(ResponseCode.couponUsedUp);
  });

  it('a partial return, refunded: the coupon stays used', async () => {
    const m = await kit.shopper();
    const code = await coupon(1);
    const o = await boughtWithCoupon(m, code);
    // One unit of the first line kept: the rest came back and was refunded.
    await refund(await receivedReturn(m, o.orderId, [{ order_line_id: o.lines[0]!.id, qty: 1 }, { order_line_id: o.lines[1]!.id, qty: 1 }]));
    expect((await kit.get(m, `/shop/order/info?id=${o.orderId}`)).body.data).toMatchObject({ status: 'completed', returned: { all: false } });
    expect(await usesOf(code, m.userId)).toEqual({ used: 1, mine: 1 });
    expect(await tryCouponAgain(m, code)).toMatchObject({ code: ResponseCode.couponUsedUp, msg: 'You have already used this coupon' });
  });

  it('the two last returns refunded at once give the use back once', async () => {
    const m = await kit.shopper();
    // Two uses each: the member uses both, then one order comes back whole through two returns refunded together.
    const code = await coupon(2);
    const kept = await boughtWithCoupon(m, code);
    const o = await boughtWithCoupon(m, code, { receive: false });
    expect(kept.orderId).not.toBe(o.orderId);
    expect(await usesOf(code, m.userId)).toEqual({ used: 2, mine: 2 });
    const a = await receivedReturn(m, o.orderId, [{ order_line_id: o.lines[0]!.id, qty: 2 }]);
    const b = await receivedReturn(m, o.orderId, [{ order_line_id: o.lines[1]!.id, qty: 1 }]);

    await Promise.all([refund(a), refund(b)]);

    // The order still on its way is now refunded; one use came back, not two.
    expect((await kit.get(m, `/shop/order/info?id=${o.orderId}`)).body.data).toMatchObject({ status: 'refunded', returned: { all: true } });
    expect(await usesOf(code, m.userId)).toEqual({ used: 1, mine: 1 });
    const again = await tryCouponAgain(m, code);
    expect(again.code, again.msg).toBe(200);
    expect(await tryCouponAgain(m, code)).toMatchObject({ code: ResponseCode.couponUsedUp });
    expect(await usesOf(code, m.userId)).toEqual({ used: 2, mine: 2 });
  });
});
