import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf } from '../../ledger/ledger.service.js';
import { revokeMemberRole } from '../../members/roles.queries.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

// A shop that takes no orders now (its owner banned or no longer a shop owner, the shop closed:
// "not found", 8102; paused: 8107) takes no payment of an order placed before either: by any method,
// through any of the calls that pay or price a shop order. Nothing moves and the order stays as it was.

let t: TestApp;
let k: ShopKit;
let stripe: FakeStripe;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let n = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  stripe = useSandboxes(t).stripe as FakeStripe;
  operator = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Buyer = Awaited<ReturnType<ShopKit['buyer']>>;
const ZH_NOT_FOUND = '在本店中未找到';

const admin = (url: string, body: unknown) => call(t, 'POST', url, { headers: { ...operator.headers, 'idempotency-key': `pay-refusal-${n++}` }, body, lang: 'en-us' });
/** A money call from its own client address (the pay calls' own rate limit is not what this is about). */
const pay = (b: Buyer, url: string, body: unknown) => call(t, 'POST', url, { headers: b.keyed(), body, lang: 'en-us', ip: `10.9.${(n >> 8) & 255}.${n++ & 255}` });

/** An owner's shop with goods in stock, and a buyer with cash and points who placed an order there, not paid yet. */
async function placedOrder() {
  const o = await k.owner();
  const g = await k.offered(o, { price: 1500, stock: 5 });
  const b = await k.buyer(10_000);
  await fund(t.db, b.userId, 10_000, 'XXX', 'points');
  const placed = await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, num: 1, pickup: true });
  expect(placed.body.code, placed.body.msg).toBe(200);
  return { o, g, b, id: placed.body.data.order_id as number };
}

/** What paying would have moved: the buyer's cash and points, the order's payments, the order itself. */
async function moneyAndOrder(b: Buyer, id: number) {
  return {
    cash: await balanceOf(t.db, b.userId, 'cash', 'USD'),
    points: await balanceOf(t.db, b.userId, 'points', 'XXX'),
    payments: await t.db.selectFrom('payments').select(['status', 'method_code']).where('payable_type', '=', 'shop_order').where('payable_id', '=', id).execute(),
    order: await t.db.selectFrom('shop_orders').select(['status', 'paid_at', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow(),
  };
}

/** Every way to pay (or price the payment of) the order answers `code` with its message, and changes nothing. */
async function everyPaymentRefused(b: Buyer, id: number, code: number, msg: string) {
  const before = await moneyAndOrder(b, id);
  const attempts: Array<[string, unknown]> = [
    ['/attractive/buy/payOrder', { order_id: id, pay_way: 'points', pay_password: PAY_PASSWORD }],
    ['/attractive/buy/payOrder', { order_id: id, pay_way: 'balance', pay_password: PAY_PASSWORD }],
    ['/attractive/buy/payOrder', { order_id: id, pay_way: 'stripe_card' }],
    ['/attractive/buy/payOrder', { order_id: id, pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD }],
    ['/shop/buy/payOrder', { order_id: id, order_type: 'shop_order', pay_way: 'balance', pay_password: PAY_PASSWORD }],
    ['/shop/buy/payOrder', { order_id: id, order_type: 'shop_order', pay_way: 'stripe_card' }],
    ['/oms/onlinepay/order/createToken', { order_id: id, order_type: 'shop_order' }],
    ['/airwallex/index/createPaymentIntent', { order_id: id, order_type: 'shop_order' }],
    ['/shop/order/choosePayWay', { order_id: id, order_type: 'shop_order', pay_way: 'stripe_card' }],
    ['/shop/order/payWayCostTotal', { order_id: id, order_type: 'shop_order' }],
  ];
  for (const [url, body] of attempts) {
    const res = await pay(b, url, body);
    expect(res.body, `${url} ${JSON.stringify(body)}`).toMatchObject({ code, msg });
  }
  expect(await moneyAndOrder(b, id)).toEqual(before);
  // The buyer's order offers no payment while it would be refused.
  expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data).toMatchObject({ status: before.order.status, actions: { pay: false } });
  const listed = (await k.get(b, '/attractive/order/list?view=all')).body.data.list.find((x: { id: number }) => x.id === id);
  expect(listed.actions.pay).toBe(false);
  return before;
}

const paidWithPoints = async (b: Buyer, id: number) => (await pay(b, '/attractive/buy/payOrder', { order_id: id, pay_way: 'points', pay_password: PAY_PASSWORD })).body;

describe('paying a shop order its shop no longer takes', () => {
  it('the owner banned: every payment is refused as "not found", nothing moves', async () => {
    const { o, b, id } = await placedOrder();
    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data.actions.pay).toBe(true);
    expect((await admin('/admin/api/members/ban', { id: o.userId, banned: true, reason: 'fraud' })).body.code).toBe(200);
    expect((await everyPaymentRefused(b, id, ResponseCode.shopItemNotFound, 'Not found in this shop')).order.status).toBe('awaiting_payment');
    const zh = await call(t, 'POST', '/attractive/buy/payOrder', { headers: b.keyed(), body: { order_id: id, pay_way: 'points', pay_password: PAY_PASSWORD }, lang: 'zh-cn', ip: '10.8.0.1' });
    expect(zh.body).toMatchObject({ code: ResponseCode.shopItemNotFound, msg: ZH_NOT_FOUND });
    await k.ledgerClean();
  });

  it('the owner no longer a shop owner: refused as "not found"', async () => {
    const { o, b, id } = await placedOrder();
    await revokeMemberRole(t.db, o.userId, 'shop_owner', 'left the programme');
    expect((await everyPaymentRefused(b, id, ResponseCode.shopItemNotFound, 'Not found in this shop')).order.status).toBe('awaiting_payment');
  });

  it('the shop closed by an operator: its unpaid order closes, and paying it is refused as "not found"', async () => {
    const { o, b, id } = await placedOrder();
    const closed = await admin('/admin/api/shops/status', { id: o.shopId, status: 'closed', reason: 'left the programme' });
    expect(closed.body.data).toMatchObject({ status: 'closed', closed_orders: 1 });
    expect((await everyPaymentRefused(b, id, ResponseCode.shopItemNotFound, 'Not found in this shop')).order.status).toBe('closed');
  });

  it('the shop paused: refused as "not taking orders"; opened again, the same order is paid', async () => {
    const { o, b, id } = await placedOrder();
    expect((await k.post(o, '/attractive/shop/editShop', { name: 'Resting', paused: true })).body.data.status).toBe('paused');
    expect((await everyPaymentRefused(b, id, ResponseCode.shopNotTakingOrders, 'This shop is not taking orders now')).order.status).toBe('awaiting_payment');
    // Anyone else paying it is told it is not there, not what its shop is doing.
    const stranger = await k.buyer(10_000);
    expect((await pay(stranger, '/attractive/buy/payOrder', { order_id: id, pay_way: 'balance', pay_password: PAY_PASSWORD })).body.code).toBe(ResponseCode.orderNotFound);
    expect((await k.post(o, '/attractive/shop/editShop', { name: 'Resting', paused: false })).body.data.status).toBe('open');
    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data.actions.pay).toBe(true);
    expect(await paidWithPoints(b, id)).toMatchObject({ code: 200, data: { state: 'success', order_type: 'shop_order' } });
    expect((await k.orderRow(id)).status).toBe('awaiting_audit');
    expect(await balanceOf(t.db, b.userId, 'points', 'XXX')).toBe(10_000 - 1500);
    await k.ledgerClean();
  });

  it('a card payment begun before the ban and completed after it does not pay the order: it is flagged and owed back', async () => {
    const { o, b, id } = await placedOrder();
    const started = await pay(b, '/attractive/buy/payOrder', { order_id: id, pay_way: 'stripe_card' });
    expect(started.body.data).toMatchObject({ state: 'in_progress', order_type: 'shop_order' });
    expect((await admin('/admin/api/members/ban', { id: o.userId, banned: true, reason: 'fraud' })).body.code).toBe(200);
    await stripe.decide(started.body.data.payment_no, 'pay');
    const payment = await t.db.selectFrom('payments').selectAll().where('reference', '=', started.body.data.payment_no).executeTakeFirstOrThrow();
    expect(payment.status).toBe('succeeded');
    const flags = await t.db.selectFrom('payment_flags').select('kind').where('payment_id', '=', payment.id).execute();
    expect(flags.map((f) => f.kind)).toEqual(['payable_not_payable']);
    expect(await k.orderRow(id)).toMatchObject({ status: 'awaiting_payment', paid_at: null });
    await k.ledgerClean();
  });
});
