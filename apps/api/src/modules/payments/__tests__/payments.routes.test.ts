import { generateSecret } from 'otplib';
import { codeAt } from '../../two-factor/__tests__/authenticator.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { jobActor, operatorCliActor } from '../../../lib/actor.js';
import { issueGiftCards } from '../../wallet/wallet.service.js';
import { decideApproval } from '../../approvals/approvals.service.js';
import { shopConfig } from '../../../deps.js';
import { readGatewaySettings } from '../gateways/registry.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { walletCurrencies } from '../../wallet/wallet.rules.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newAddress, newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { setOperatorRate } from '../../rates/rates.service.js';
import type { FakeStripe } from '../gateways/stripe/fake.js';
import { reconcilePayments, refundOwedBack } from '../reconcile.js';
import { refundPayment } from '../settlement.js';
import { countGoodsSales } from '../../catalogue/catalogue.service.js';
import { setGoodsPoints } from '../../promotions/goods-points.service.js';
import { expireOrder, placeOrder } from '../../orders/orders.service.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { entriesOf, memberWithOrder, orderStatus, paymentRow, useSandboxes } from './payments-helpers.js';

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  t = await buildTestApp();
  stripe = useSandboxes(t).stripe as FakeStripe;
}, 60_000);
afterAll(async () => {
  await t.close();
});

type M = Awaited<ReturnType<typeof memberWithOrder>>;
const pay = (m: M, body: Record<string, unknown>) => call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, ...body } });

/** A Stripe event about a PaymentIntent, signed now (or `ageSeconds` ago). */
function stripeEvent(type: string, pi: Record<string, unknown>, opts: { id?: string; ageSeconds?: number } = {}) {
  const created = Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0);
  const body = JSON.stringify({ id: opts.id ?? `evt_${Math.random().toString(36).slice(2)}`, object: 'event', created, type, livemode: false, data: { object: pi } });
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(body, created) } };
}
const deliver = (n: { body: string; headers: Record<string, string> }) => t.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: n.headers, payload: n.body });

describe('methods, fees and the notice', () => {
  it('payWayCostTotal lists the methods of the order\'s currency with fee and total; choosePayWay fixes one; payWayCost answers one', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 10_000 });
    await fund(t.db, m.userId, 2500, 'MYR');
    const all = await call(t, 'POST', '/shop/order/payWayCostTotal', { headers: m.headers, body: { order_id: m.order.id } });
    expect(all.body.code).toBe(200);
    const byCode = Object.fromEntries(all.body.data.list.map((x: { pay_way: string }) => [x.pay_way, x]));
    expect(byCode.stripe_fpx).toMatchObject({ fee: 150, total: 10_150, gateway: 'stripe' });
    expect(byCode.balance).toMatchObject({ balance: 2500, needed: 10_000, usable: false, fee: 0 });
    expect(byCode.points).toMatchObject({ needed: 10_000, usable: false });
    expect(byCode.stripe_card.name).toBe('Card (Visa, Mastercard, UnionPay, JCB, Apple Pay)');
    const chosen = await call(t, 'POST', '/shop/order/choosePayWay', { headers: m.headers, body: { order_id: m.order.id, pay_way: 'airwallex_tng' } });
    expect(chosen.body.data).toMatchObject({ pay_way: 'airwallex_tng', fee: 150, total: 10_150 });
    const again = await call(t, 'POST', '/shop/order/payWayCostTotal', { headers: m.headers, body: { order_id: m.order.id } });
    expect(again.body.data.chosen).toBe('airwallex_tng');
    expect((await t.db.selectFrom('payable_pay_choices').select(['method_code', 'fee_minor']).where('payable_type', '=', 'order').where('payable_id', '=', m.order.id).executeTakeFirstOrThrow())).toEqual({ method_code: 'airwallex_tng', fee_minor: 150 });
    const one = await call(t, 'GET', `/shop/order/payWayCost?order_id=${m.order.id}&pay_way=stripe_card`, { headers: m.headers });
    expect(one.body.data).toEqual({ pay_way: 'stripe_card', currency: 'MYR', amount: 10_000, balance_part: 0, gateway_part: 10_290, fee: 290, total: 10_290 });
    const other = await memberWithOrder(t);
    expect((await call(t, 'GET', `/shop/order/payWayCost?order_id=${m.order.id}&pay_way=stripe_card`, { headers: other.headers })).body.code).toBe(ResponseCode.orderNotFound);
    expect((await call(t, 'POST', '/shop/order/choosePayWay', { headers: other.headers, body: { order_id: m.order.id, pay_way: 'stripe_card' } })).body.code).toBe(ResponseCode.orderNotFound);
    // Paying with another method replaces the choice.
    expect((await pay(m, { pay_way: 'stripe_fpx', bank: 'maybank2u' })).body.code).toBe(200);
    expect((await call(t, 'POST', '/shop/order/payWayCostTotal', { headers: m.headers, body: { order_id: m.order.id } })).body.data.chosen).toBe('stripe_fpx');
  });

  it('the notice before paying online: the method\'s terms, fee and conversion in the member\'s language, and its reading recorded', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 10_000 });
    const first = await call(t, 'POST', '/oms/viewNotice/notice', { headers: m.headers, body: { pay_way: 'stripe_card', order_id: m.order.id }, lang: 'zh-cn' });
    expect(first.body.data).toMatchObject({ pay_way: 'stripe_card', title: '支付前须知', currency: 'MYR', amount: 10_000, fee: 290, reads: 1 });
    expect(first.body.data.paragraphs[0]).toContain('RM\u00a0102.90');
    expect(first.body.data.paragraphs[1]).toContain('2.90');
    const second = await call(t, 'POST', '/oms/viewNotice/notice', { headers: m.headers, body: { pay_way: 'stripe_card', order_id: m.order.id } });
    expect(second.body.data.reads).toBe(2);
    const methods = await call(t, 'GET', '/attractive/user/payWay?currency=MYR', { headers: m.headers });
    expect(methods.body.data.list.map((x: { pay_way: string }) => x.pay_way)).toEqual(expect.arrayContaining(['balance', 'stripe_card', 'airwallex_card']));
  });
});

describe('the member\'s methods and international orders', () => {
  it('/attractive/user/payWay: the methods a member can use in a currency with their fees (a country\'s own row over the shop-wide one), the wallet\'s with balances; an operator\'s change shows at once', async () => {
    const singaporean = await walletMember(t);
    const elsewhere = await walletMember(t);
    await t.db.updateTable('users').set({ country: 'SG' }).where('id', '=', singaporean.userId).execute();
    await fund(t.db, singaporean.userId, 2500, 'MYR');
    const listed = async (m: { headers: Record<string, string> }, currency?: string) => {
      const res = await call(t, 'GET', `/attractive/user/payWay${currency ? `?currency=${currency}` : ''}`, { headers: m.headers });
      expect(res.body.code, res.body.msg).toBe(200);
      return { currency: res.body.data.currency as string, byCode: Object.fromEntries(res.body.data.list.map((x: { pay_way: string }) => [x.pay_way, x])) as Record<string, Record<string, unknown>> };
    };
    expect((await listed(singaporean, 'MYR')).byCode.stripe_card).toMatchObject({ fee_rate_bp: 290, fee_fixed: 0 });
    // Singapore's own fee for ringgit cards (2.5 % + RM 1.00) instead of the shop-wide 2.9 %, written
    // straight into the table: its trigger tells every process to read the methods it keeps again.
    await t.db.insertInto('pay_methods').values({ code: 'stripe_card', gateway: 'stripe', method: 'card', currency: 'MYR', country_code: 'SG', fee_bp: 250, fee_fixed_minor: 100, sort: 10 } as never).execute();
    await t.changesHeard();
    const myr = await listed(singaporean, 'myr');
    expect(myr.currency).toBe('MYR');
    expect(Object.keys(myr.byCode)).toEqual(expect.arrayContaining(['balance', 'points', 'gift_card', 'stripe_card', 'stripe_fpx', 'airwallex_card', 'airwallex_tng', '2c2p_card']));
    expect(Object.keys(myr.byCode)).not.toEqual(expect.arrayContaining(['wechat_h5']));
    expect(myr.byCode.stripe_card).toMatchObject({ gateway: 'stripe', currency: 'MYR', fee_rate_bp: 250, fee_fixed: 100, fee: null, total: null, usable: true });
    expect(myr.byCode.stripe_fpx).toMatchObject({ fee_rate_bp: 150, fee_fixed: 0 });
    expect(myr.byCode.balance).toMatchObject({ gateway: null, balance: 2500, needed: null, usable: true, fee_rate_bp: 0 });
    expect((await listed(elsewhere, 'MYR')).byCode.stripe_card).toMatchObject({ fee_rate_bp: 290, fee_fixed: 0 });
    // WeChat Pay and Alipay take CNY only, CTBC TWD only (top-ups; the wallet has no TWD methods).
    const cny = await listed(elsewhere, 'CNY');
    expect(Object.keys(cny.byCode)).toEqual(expect.arrayContaining(['balance', 'stripe_card', 'wechat_h5', 'wechat_jsapi', 'alipay_wap']));
    expect(cny.byCode.alipay_wap).toMatchObject({ gateway: 'alipay', fee_rate_bp: 60 });
    expect(Object.keys((await listed(elsewhere, 'TWD')).byCode).sort()).toEqual(['ctbc_card', 'ctbc_installment']);
    expect((await listed(elsewhere, 'KHR')).byCode).toEqual({});
    // Without a currency: the wallet's settlement currency.
    expect((await listed(elsewhere)).currency).toBe((await walletCurrencies(t.db)).settlement);
    expect((await call(t, 'GET', '/attractive/user/payWay?currency=ringgit', { headers: elsewhere.headers })).status).toBe(422);
    expect((await call(t, 'GET', '/attractive/user/payWay?currency=MYR')).body.code).toBe(ResponseCode.loginRequired);

    // An operator switches Boost off and lowers Airwallex's GrabPay fee: the list says so at once.
    const owner = await newOperatorSession(t.db, 'owner');
    const settings = (await call(t, 'GET', '/admin/api/payments/methods', { headers: owner.headers })).body.data.list as Array<{ id: number; code: string; currency: string; country_code: string; sort: number; updated_at: string }>;
    const row = (code: string) => settings.find((x) => x.code === code && x.currency === 'MYR' && x.country_code === '*')!;
    for (const [code, change] of [['airwallex_boost', { fee_bp: 150, enabled: false }], ['airwallex_grabpay', { fee_bp: 160, enabled: true }]] as const) {
      const res = await call(t, 'POST', '/admin/api/payments/methods', { headers: { ...owner.headers, 'idempotency-key': `method-${code}-${owner.operatorId}` }, body: { id: row(code).id, fee_fixed_minor: 0, sort: row(code).sort, base_updated_at: row(code).updated_at, reason: 'test: provider terms', ...change } });
      expect(res.body.code, res.body.msg).toBe(200);
    }
    const after = await listed(singaporean, 'MYR');
    expect(after.byCode.airwallex_boost).toBeUndefined();
    expect(after.byCode.airwallex_grabpay).toMatchObject({ fee_rate_bp: 160 });
  });

  it('/shop/buyGuoji/payOrder pays an international order like any order: a card through the Stripe sandbox with its fee, or the balance; only the member\'s own order', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const band = await call(t, 'POST', '/admin/api/orders/international-freight', { headers: owner.headers, body: { country_code: 'MY', currency: 'USD', method: 'standard', weight_from_g: 0, weight_to_g: 5000, fee: 1200 } });
    expect(band.body.code, band.body.msg).toBe(200);
    await setOperatorRate(t.db, operatorCliActor('rates-desk'), { base: 'USD', quote: 'MYR', rate: '4.4725', date: new Date().toISOString().slice(0, 10), reason: 'test rate' });
    const g = await newGoods(t.db, [{ price: 3000, stock: 20 }], { currency: 'USD' });
    await t.db.updateTable('goods_skus').set({ weight_g: 400 }).where('id', '=', g.skuIds[0]!).execute();
    // walletMember has the approved international real name an international order needs.
    const m = await walletMember(t);
    const address_id = await newAddress(t.db, m.userId, { countryCode: 'MY' });
    const place = async () => {
      const res = await call(t, 'POST', '/shop/buyGuoji/createOrder', { headers: m.keyed(), body: { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id, method: 'standard' } });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data as { order_id: number; total: number; currency: string };
    };
    const order = await place();
    expect(order).toMatchObject({ total: 4200, currency: 'USD' });
    const payGuoji = (who: { keyed: () => Record<string, string> }, body: Record<string, unknown>) => call(t, 'POST', '/shop/buyGuoji/payOrder', { headers: who.keyed(), body });

    const stranger = await walletMember(t);
    expect((await payGuoji(stranger, { order_id: order.order_id, pay_way: 'stripe_card' })).body.code).toBe(ResponseCode.orderNotFound);
    // The call pays orders only: a payable type in the body changes nothing.
    const started = await payGuoji(m, { order_id: order.order_id, order_type: 'recharge', pay_way: 'stripe_card' });
    expect(started.body.code, started.body.msg).toBe(200);
    expect(started.body.data).toMatchObject({ order_type: 'order', order_id: order.order_id, status: 'pending', currency: 'USD', amount: 4200, fee: 122, gateway_part: 4322 });
    await stripe.decide(started.body.data.payment_no, 'pay');
    expect(await orderStatus(t, order.order_id)).toBe('paid');
    expect((await entriesOf(t, started.body.data.payment_no)).map((e) => e.kind)).toEqual(['payment.capture']);
    expect((await payGuoji(m, { order_id: order.order_id, pay_way: 'stripe_card' })).body.code).toBe(ResponseCode.payableNotPayable);

    const second = await place();
    await fund(t.db, m.userId, 4200, 'USD');
    const paid = await payGuoji(m, { order_id: second.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD });
    expect(paid.body.data).toMatchObject({ state: 'success', balance_part: 4200, gateway_part: 0 });
    expect(await orderStatus(t, second.order_id)).toBe('paid');
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('the wallet\'s own value', () => {
  it('balance pays at once with the pay password; a wrong password or too little balance pays nothing', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 4000 });
    await fund(t.db, m.userId, 3000, 'MYR');
    expect((await pay(m, { pay_way: 'balance', pay_password: '000000' })).body.code).toBe(ResponseCode.payPasswordWrong);
    expect((await pay(m, { pay_way: 'balance', pay_password: PAY_PASSWORD })).body.code).toBe(ResponseCode.insufficientBalance);
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
    await fund(t.db, m.userId, 1500, 'MYR');
    const paid = await pay(m, { pay_way: 'balance', pay_password: PAY_PASSWORD });
    expect(paid.body.data).toMatchObject({ status: 'succeeded', state: 'success', balance_part: 4000, gateway_part: 0 });
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(500);
    expect((await pay(m, { pay_way: 'balance', pay_password: PAY_PASSWORD })).body.code).toBe(ResponseCode.payableNotPayable);
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(500);
  });

  it('a paid order counts its units as sold on each SKU at once and on its goods at the next count, once; an unpaid one counts nothing', async () => {
    const m = await walletMember(t);
    const a = await newGoods(t.db, [{ price: 1000, stock: 20 }, { price: 1000, stock: 20 }], { currency: 'MYR' });
    const b = await newGoods(t.db, [{ price: 500, stock: 20 }], { currency: 'MYR' });
    const addressId = await newAddress(t.db, m.userId);
    const add = async (goodsId: number, skuId: number, num: number) => (await call(t, 'POST', '/shop/cart/add', { headers: m.keyed(), body: { goods_id: goodsId, sku_id: skuId, num } })).body.data.id as number;
    const cartIds = [await add(a.goodsId, a.skuIds[0]!, 2), await add(a.goodsId, a.skuIds[1]!, 3), await add(b.goodsId, b.skuIds[0]!, 4)];
    const order = await call(t, 'POST', '/shop/buy/createOrder', { headers: m.keyed(), body: { cart_ids: cartIds, address_id: addressId } });
    expect(order.body.code, order.body.msg).toBe(200);
    const sold = async () => ({
      skus: (await t.db.selectFrom('goods_skus').select(['id', 'sales']).where('id', 'in', [...a.skuIds, ...b.skuIds]).orderBy('id').execute()).map((r) => r.sales),
      goods: (await t.db.selectFrom('goods').select(['id', 'sales']).where('id', 'in', [a.goodsId, b.goodsId]).orderBy('id').execute()).map((r) => r.sales),
    });
    expect(await sold()).toEqual({ skus: [0, 0, 0], goods: [0, 0] });
    await countGoodsSales(t.deps);
    expect(await sold()).toEqual({ skus: [0, 0, 0], goods: [0, 0] });
    await fund(t.db, m.userId, 10_000, 'MYR');
    const body = { order_id: order.body.data.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD };
    // The goods' row held by someone else (an operator's edit) for the whole payment: it does not wait.
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('goods').select('id').where('id', 'in', [a.goodsId, b.goodsId]).forUpdate().execute();
      const paid = await Promise.race([call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body }), new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000))]);
      expect(paid === 'waited' ? paid : paid.body.data.state).toBe('success');
    });
    expect(await sold()).toEqual({ skus: [2, 3, 4], goods: [0, 0] });
    expect(await countGoodsSales(t.deps)).toBeGreaterThanOrEqual(2);
    expect(await sold()).toEqual({ skus: [2, 3, 4], goods: [5, 4] });
    expect((await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body })).body.code).toBe(ResponseCode.payableNotPayable);
    await countGoodsSales(t.deps);
    expect(await sold()).toEqual({ skus: [2, 3, 4], goods: [5, 4] });
  });

  it('the units of payments made while the goods\' sales are being counted are counted once, by this count or the next (raced in five rounds)', async () => {
    const goods = await newGoods(t.db, [{ price: 100, stock: 1_000 }], { currency: 'MYR' });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => walletMember(t)));
    const addressIds = await Promise.all(buyers.map((b) => newAddress(t.db, b.userId)));
    for (const b of buyers) await fund(t.db, b.userId, 10_000, 'MYR');
    const salesOf = async () => (await t.db.selectFrom('goods').select('sales').where('id', '=', goods.goodsId).executeTakeFirstOrThrow()).sales;
    const counts = () => Array.from({ length: 4 }, () => countGoodsSales(t.deps));
    // Each buyer from an address of its own: the money calls' limit per address is not what is raced.
    const ipOf = (i: number) => `10.28.0.${i + 1}`;
    for (let round = 0; round < 5; round++) {
      const orders = await Promise.all(
        buyers.map(async (b, i) => {
          const o = await call(t, 'POST', '/shop/buy/createOrder', { headers: b.keyed(), ip: ipOf(i), body: { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: i + 1, address_id: addressIds[i] } });
          expect(o.body.code, o.body.msg).toBe(200);
          return o.body.data.order_id as number;
        }),
      );
      const before = await salesOf();
      const pay = async (i: number) => {
        const paid = await call(t, 'POST', '/shop/buy/payOrder', { headers: buyers[i]!.keyed(), ip: ipOf(i), body: { order_id: orders[i], pay_way: 'balance', pay_password: PAY_PASSWORD } });
        expect(paid.body.data?.state, paid.body.msg).toBe('success');
      };
      // Four payments and four counts at once; four payments, then four counts at once; a last count.
      await Promise.all([pay(0), pay(1), pay(2), pay(3), ...counts()]);
      await Promise.all([pay(4), pay(5), pay(6), pay(7)]);
      await Promise.all(counts());
      await countGoodsSales(t.deps);
      expect((await salesOf()) - before, `round ${round}`).toBe(36);
      expect(await t.db.selectFrom('goods_sold_pending').select('id').where('goods_id', '=', goods.goodsId).execute()).toEqual([]);
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('with an authenticator bound, its code is asked for too', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 700 });
    await fund(t.db, m.userId, 700, 'MYR');
    const secret = generateSecret();
    await t.db.updateTable('users').set({ totp_secret: secret }).where('id', '=', m.userId).execute();
    expect((await pay(m, { pay_way: 'balance', pay_password: PAY_PASSWORD })).body.code).toBe(ResponseCode.twoFactorRequired);
    const paid = await pay(m, { pay_way: 'balance', pay_password: PAY_PASSWORD, google_code: await codeAt(secret) });
    expect(paid.body.data.state).toBe('success');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);
  });

  it('points pay at 100 points per ringgit, rounded up; "Insufficient points" otherwise', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 1234 });
    await fund(t.db, m.userId, 1000, 'XXX', 'points');
    expect((await pay(m, { pay_way: 'points', pay_password: PAY_PASSWORD })).body.code).toBe(ResponseCode.insufficientPoints);
    await fund(t.db, m.userId, 234, 'XXX', 'points');
    const paid = await pay(m, { pay_way: 'points', pay_password: PAY_PASSWORD });
    expect(paid.body.data).toMatchObject({ state: 'success', points: 1234 });
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('an order paid with the points method earns no points on them: only its goods\' own rule, and a balance-paid order keeps its share', async () => {
    const info = async (m: M, id: number) => (await call(t, 'GET', `/shop/order/info?id=${id}`, { headers: m.headers })).body.data;
    // 1 % of 50.00 ringgit, worth in dollars at the recorded rate: placed to earn some points.
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5000 });
    const placedToEarn = (await info(m, m.order.id)).points_earned;
    expect(placedToEarn).toBeGreaterThan(0);
    await fund(t.db, m.userId, 5000, 'XXX', 'points');
    expect((await pay(m, { pay_way: 'points', pay_password: PAY_PASSWORD })).body.data).toMatchObject({ state: 'success', points: 5000 });
    expect(await info(m, m.order.id)).toMatchObject({ status: 'paid', points_earned: 0 });

    // Goods with their own rule (30 a unit) still earn it, as when checkout points pay the goods.
    const ruled = await newGoods(t.db, [{ price: 2000, stock: 5 }], { currency: 'MYR' });
    // A raise of a goods' rule waits for a second operator.
    const rule = await setGoodsPoints(t.db, operatorCliActor('test'), { goods_id: ruled.goodsId, points_per_unit: 30, reason: 'launch' });
    await decideApproval(t.db, operatorCliActor('second'), 'owner', { id: rule.request!.id, decision: 'approve' });
    const placed = await placeOrder(t.deps, memberActor(m.userId), { goods_id: ruled.goodsId, sku_id: ruled.skuIds[0]!, num: 2, address_id: (await t.db.selectFrom('addresses').select('id').where('user_id', '=', m.userId).executeTakeFirstOrThrow()).id, remarks: '' });
    await fund(t.db, m.userId, 4000, 'XXX', 'points');
    expect((await pay({ ...m, order: { ...m.order, id: placed.order_id } }, { pay_way: 'points', pay_password: PAY_PASSWORD })).body.data.state).toBe('success');
    expect((await info(m, placed.order_id)).points_earned).toBe(60);

    // Paid from the balance (money), the order keeps what it was placed to earn.
    const cash = await memberWithOrder(t, { currency: 'MYR', price: 5000 });
    await fund(t.db, cash.userId, 5000, 'MYR');
    expect((await pay(cash, { pay_way: 'balance', pay_password: PAY_PASSWORD })).body.data.state).toBe('success');
    expect((await info(cash, cash.order.id)).points_earned).toBe(placedToEarn);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('gift-card value pays by spending whole cards, soonest to expire first; what a card has left over stays in the balance', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 2500 });
    const asked = await issueGiftCards(t.db, operatorCliActor('test'), { user_id: m.userId, currency: 'MYR', value: 2000, count: 2, expires_at: new Date(Date.now() + 86_400_000).toISOString(), reason: 'test' });
    await decideApproval(t.db, operatorCliActor('second'), 'owner', { id: asked.request.id, decision: 'approve' });
    const paid = await pay(m, { pay_way: 'gift_card', pay_password: PAY_PASSWORD });
    expect(paid.body.data).toMatchObject({ state: 'success', balance_part: 2500 });
    const cards = await t.db.selectFrom('gift_cards').select(['status', 'remaining']).where('owner_id', '=', m.userId).orderBy('id').execute();
    expect(cards.every((c) => c.status !== 'active')).toBe(true);
    expect(await balanceOf(t.db, m.userId, 'gift_card', 'MYR')).toBe(0);
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(1500);
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('gift cards holding less than the order together: told the cards\' value is not enough, nothing redeemed', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 2500 });
    const asked = await issueGiftCards(t.db, operatorCliActor('test'), { user_id: m.userId, currency: 'MYR', value: 2000, count: 1, expires_at: new Date(Date.now() + 86_400_000).toISOString(), reason: 'test' });
    await decideApproval(t.db, operatorCliActor('second'), 'owner', { id: asked.request.id, decision: 'approve' });
    const paid = await pay(m, { pay_way: 'gift_card', pay_password: PAY_PASSWORD });
    expect(paid.body).toMatchObject({ code: ResponseCode.giftCardValueTooLow, msg: 'Your gift cards together hold less than the amount to pay: choose another way to pay, or use the balance with a card' });
    expect(await t.db.selectFrom('gift_cards').select(['status', 'remaining']).where('owner_id', '=', m.userId).execute()).toEqual([{ status: 'active', remaining: 2000 }]);
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
  });

  it('balance and a gateway: the balance part is held, released when the gateway part fails; posted when it succeeds', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5000 });
    await fund(t.db, m.userId, 2000, 'MYR');
    const first = await pay(m, { pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    // 2000 held; 3000 through the card plus its 2.9 % (87).
    expect(first.body.data).toMatchObject({ status: 'pending', balance_part: 2000, gateway_part: 3087 });
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);
    await stripe.decide(first.body.data.payment_no, 'fail');
    expect((await paymentRow(t, first.body.data.payment_no)).status).toBe('failed');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(2000);
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');

    const second = await pay(m, { pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    await stripe.decide(second.body.data.payment_no, 'pay');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);
    const kinds = (await entriesOf(t, second.body.data.payment_no)).map((e) => e.kind);
    expect(kinds).toEqual(['hold.reserve', 'payment.capture']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a card beside a balance that covers the whole order: refused, saying the balance alone pays it, and nothing is held', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 1500 });
    await fund(t.db, m.userId, 2000, 'MYR');
    const res = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD }, lang: 'en-us' });
    expect(res.body).toMatchObject({ code: ResponseCode.payMethodUnavailable, msg: 'Your balance covers this payment: pay with the balance alone' });
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(2000);
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
  });

  it('the quote with use_balance is what paying with it then charges: the balance part, the card part and its fee on the rest', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5398 });
    await fund(t.db, m.userId, 2000, 'MYR');
    const cost = (useBalance?: string) => call(t, 'GET', `/shop/order/payWayCost?order_id=${m.order.id}&pay_way=stripe_card${useBalance ? `&use_balance=${useBalance}` : ''}`, { headers: m.headers });
    // Without the balance, as before: the card takes it all with 2.9 % of 53.98.
    expect((await cost()).body.data).toMatchObject({ amount: 5398, balance_part: 0, fee: 157, gateway_part: 5555, total: 5555 });
    expect((await cost('0')).body.data).toMatchObject({ balance_part: 0, fee: 157, total: 5555 });
    // With it: 20.00 from the balance, 33.98 by card plus 2.9 % of that (0.99).
    expect((await cost('true')).body.data).toMatchObject({ balance_part: 2000, fee: 99 });
    const quote = (await cost('1')).body.data;
    expect(quote).toEqual({ pay_way: 'stripe_card', currency: 'MYR', amount: 5398, balance_part: 2000, gateway_part: 3497, fee: 99, total: 5497 });
    // The notice read before paying names the same card charge and fee.
    const notice = (await call(t, 'POST', '/oms/viewNotice/notice', { headers: m.headers, body: { pay_way: 'stripe_card', order_id: m.order.id, use_balance: true } })).body.data;
    expect(notice).toMatchObject({ amount: 5398, fee: 99 });
    expect(notice.paragraphs.join(' ')).toContain('RM\u00a034.97');
    expect(notice.paragraphs.join(' ')).toContain('RM\u00a00.99');
    const started = await pay(m, { pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    expect(started.body.data).toMatchObject({ amount: 5398, balance_part: quote.balance_part, gateway_part: quote.gateway_part, fee: quote.fee });
    const p = await paymentRow(t, started.body.data.payment_no);
    expect(stripe.intents.get(p.provider_ref!)!.amount).toBe(quote.gateway_part);
    await stripe.decide(started.body.data.payment_no, 'pay');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a mixed payment landing after its order closed: the order\'s page shows the balance part released, not charged, and the card part refunded once', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5398 });
    await fund(t.db, m.userId, 2000, 'MYR');
    const started = await pay(m, { pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    expect(started.body.data).toMatchObject({ balance_part: 2000, gateway_part: 3497, fee: 99 });
    // The order's time runs out while the gateway cannot be reached (neither asked nor told to stop
    // taking the card); then the member completes the card payment and its notice lands.
    await t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', m.order.id).execute();
    stripe.outage = true;
    try {
      expect(await expireOrder(t.deps, jobActor('expire_order', 1), m.order.id)).toBe(true);
      await stripe.decide(started.body.data.payment_no, 'pay');
    } finally {
      stripe.outage = false;
    }
    expect(await orderStatus(t, m.order.id)).toBe('closed');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(2000);
    expect(await refundOwedBack(t.deps, jobActor('reconcile_payments', 9), 200, 0)).toBe(1);

    const info = (await call(t, 'GET', `/shop/order/info?id=${m.order.id}`, { headers: m.headers })).body.data;
    expect(info.payments).toHaveLength(1);
    expect(info.payments[0]).toMatchObject({ status: 'expired', amount: 5398, fee: 99, charged: 3497, balance_part: 0, balance_released: 2000, gateway_part: 3497 });
    expect(info.payments[0].refunds.map((r: { amount: number; status: string }) => [r.amount, r.status])).toEqual([[3497, 'succeeded']]);
    // The pay pages and the console's payment tell the same: the balance part released, not charged.
    const released = { balance_part: 0, balance_released: 2000, gateway_part: 3497 };
    const no = started.body.data.payment_no;
    // The payment had ended with its order: it did not pay it, whatever the card did afterwards.
    expect((await call(t, 'GET', `/shop/buy/payInfo?payment_no=${no}`, { headers: m.headers })).body.data).toMatchObject({ state: 'failed', ...released });
    expect((await call(t, 'GET', `/oms/onlinepay/order/getPayStateInfo?order_id=${m.order.id}&order_type=order`, { headers: m.headers })).body.data).toMatchObject({ payment_no: no, ...released });
    const op = await newOperatorSession(t.db, 'support');
    const row = await paymentRow(t, no);
    expect((await call(t, 'GET', `/admin/api/payments/detail?id=${row.id}`, { headers: op.headers })).body.data.payment).toMatchObject(released);
    expect((await call(t, 'GET', `/admin/api/payments/list?reference=${no}`, { headers: op.headers })).body.data.list).toMatchObject([released]);
    // The ledger is as it was: the balance back, the card's money given back once.
    const p = await paymentRow(t, started.body.data.payment_no);
    expect(stripe.intents.get(p.provider_ref!)!.refunded).toBe(3497);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('an order closing at its time ends its open card payment with it: expired at once, the balance part back, the card stopped at the gateway', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5000 });
    await fund(t.db, m.userId, 1000, 'MYR');
    const started = await pay(m, { pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    const no = started.body.data.payment_no;
    await t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', m.order.id).execute();
    expect(await expireOrder(t.deps, jobActor('expire_order', 1), m.order.id)).toBe(true);
    expect(await orderStatus(t, m.order.id)).toBe('closed');
    expect((await paymentRow(t, no)).status).toBe('expired');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(1000);
    const intent = stripe.intents.get((await paymentRow(t, no)).provider_ref!)!;
    await vi.waitFor(() => expect(intent.status).toBe('canceled'));
    // The member's pay page says the payment is over; the hosted page can no longer take the card.
    await stripe.decide(intent.id, 'pay');
    expect(intent.status).toBe('canceled');
    expect((await call(t, 'GET', `/shop/buy/payInfo?payment_no=${no}`, { headers: m.headers })).body.data.state).not.toBe('success');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a card paid in time whose gateway notice has not come keeps its order when the order\'s time runs out', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 4200 });
    const started = await pay(m, { pay_way: 'stripe_card' });
    const no = started.body.data.payment_no;
    stripe.switches = { silent: true };
    try {
      await stripe.decide(no, 'pay');
    } finally {
      stripe.switches = {};
    }
    await t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', m.order.id).execute();
    expect(await expireOrder(t.deps, jobActor('expire_order', 1), m.order.id)).toBe(false);
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect((await paymentRow(t, no)).status).toBe('succeeded');
    expect((await entriesOf(t, no)).map((e) => e.kind)).toEqual(['payment.capture']);
  });

  it('a mixed payment whose gateway part expires gives the held balance back', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5000 });
    await fund(t.db, m.userId, 1000, 'MYR');
    const res = await pay(m, { pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    await t.db.updateTable('payments').set({ expires_at: new Date(Date.now() - 1000) }).where('reference', '=', res.body.data.payment_no).execute();
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 9), { olderThanSeconds: 0 });
    expect((await paymentRow(t, res.body.data.payment_no)).status).toBe('expired');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(1000);
  });
});

describe('notifications racing', () => {
  it('50 concurrent notifications (the same event and distinct events of the same success) and the browser return: one transition, one ledger entry, the order paid once — 5 runs', async () => {
    for (let run = 0; run < 5; run++) {
      const m = await memberWithOrder(t, { currency: 'MYR', price: 2000 + run });
      const started = await pay(m, { pay_way: 'stripe_card' });
      const ref = started.body.data.payment_no;
      const p = await paymentRow(t, ref);
      const pi = stripe.intents.get(p.provider_ref!)!;
      // The gateway has the money; its own notifications are held back so the race is ours to run.
      stripe.switches = { silent: true };
      await stripe.decide(pi.id, 'pay');
      stripe.switches = {};
      const same = stripeEvent('payment_intent.succeeded', { ...pi });
      const deliveries = [
        ...Array.from({ length: 25 }, () => deliver(same)),
        ...Array.from({ length: 25 }, () => deliver(stripeEvent('payment_intent.succeeded', { ...pi }))),
        call(t, 'GET', `/shop/buy/payInfo?payment_no=${ref}`, { headers: m.headers }),
      ];
      const results = await Promise.all(deliveries);
      expect(results.slice(0, 50).every((r) => 'statusCode' in r && r.statusCode === 200)).toBe(true);
      expect((await paymentRow(t, ref)).status).toBe('succeeded');
      const transitions = await t.db.selectFrom('payment_events').select('to_status').where('payment_id', '=', p.id).where('kind', '=', 'transition').orderBy('id').execute();
      expect(transitions.map((x) => x.to_status)).toEqual(['pending', 'succeeded']);
      expect((await entriesOf(t, ref)).map((e) => e.kind)).toEqual(['payment.capture']);
      const orderEvents = await t.db.selectFrom('order_events').select('kind').where('order_id', '=', m.order.id).where('kind', '=', 'paid').execute();
      expect(orderEvents).toHaveLength(1);
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 120_000);

  it('events out of order never move a payment backwards: processing or a failure after the success changes nothing', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 2100 });
    const started = await pay(m, { pay_way: 'stripe_card' });
    stripe.switches = { outOfOrder: true };
    await stripe.decide(started.body.data.payment_no, 'pay');
    await stripe.flush();
    stripe.switches = {};
    const p = await paymentRow(t, started.body.data.payment_no);
    expect(p.status).toBe('succeeded');
    const pi = stripe.intents.get(p.provider_ref!)!;
    expect((await deliver(stripeEvent('payment_intent.payment_failed', { ...pi, status: 'requires_payment_method' }))).statusCode).toBe(200);
    expect((await deliver(stripeEvent('payment_intent.canceled', { ...pi, status: 'canceled' }))).statusCode).toBe(200);
    expect((await paymentRow(t, p.reference)).status).toBe('succeeded');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
  });

  it('Stripe: a bad signature, a changed byte or a stale timestamp (past 300 s) → 4xx and nothing changed', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 2200 });
    const started = await pay(m, { pay_way: 'stripe_card' });
    const p = await paymentRow(t, started.body.data.payment_no);
    const pi = { ...stripe.intents.get(p.provider_ref!)!, status: 'succeeded', amount_received: p.gateway_minor };
    const good = stripeEvent('payment_intent.succeeded', pi);
    const bad = [
      { ...good, headers: { ...good.headers, 'stripe-signature': good.headers['stripe-signature'].replace(/v1=(\w)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`) } },
      { ...good, body: good.body.replace('"succeeded"', '"succeedee"') },
      stripeEvent('payment_intent.succeeded', pi, { ageSeconds: 301 }),
      { ...good, headers: { 'content-type': 'application/json' } },
    ];
    for (const b of bad) {
      const res = await deliver(b);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // A forged signature is named so (401), not taken for a malformed body: what alerts on forged notices watch.
    expect(await deliver(bad[0]!)).toMatchObject({ statusCode: 401, body: JSON.stringify({ error: 'bad_signature' }) });
    const notJson = '{"id": "evt_x", oops';
    const created = Math.floor(Date.now() / 1000);
    expect(await deliver({ body: notJson, headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(notJson, created) } })).toMatchObject({ statusCode: 400, body: JSON.stringify({ error: 'malformed' }) });
    expect((await paymentRow(t, p.reference)).status).toBe('pending');
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
    expect((await deliver(good)).statusCode).toBe(200);
    expect(await orderStatus(t, m.order.id)).toBe('paid');
  });
  it('Stripe: a signed success about our payment that does not name our shop in its metadata is flagged, not paid', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 2300 });
    const started = await pay(m, { pay_way: 'stripe_card' });
    const p = await paymentRow(t, started.body.data.payment_no);
    const pi = { ...stripe.intents.get(p.provider_ref!)!, status: 'succeeded', amount_received: p.gateway_minor };
    const { shop, ...unmarked } = pi.metadata;
    expect(shop).toBeTruthy();
    expect((await deliver(stripeEvent('payment_intent.succeeded', { ...pi, metadata: unmarked }))).statusCode).toBe(200);
    expect((await paymentRow(t, p.reference)).status).toBe('pending');
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
    const flags = await t.db.selectFrom('payment_flags').select(['kind']).where('payment_id', '=', p.id).execute();
    expect(flags.map((f) => f.kind)).toContain('merchant_mismatch');
    // Its own notice, naming the shop, still settles it.
    expect((await deliver(stripeEvent('payment_intent.succeeded', pi))).statusCode).toBe(200);
    expect(await orderStatus(t, m.order.id)).toBe('paid');
  });
});

describe('refunds', () => {
  it('cancelling a paid order refunds it once through its gateway, in full; the order ends refunded', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 3300 });
    const started = await pay(m, { pay_way: 'stripe_card' });
    await stripe.decide(started.body.data.payment_no, 'pay');
    const cancel = await call(t, 'POST', '/shop/order/cancelOrder', { headers: m.keyed(), body: { id: m.order.id, reason: 'changed my mind' } });
    expect(cancel.body.data.status).toBe('refunding');
    await Promise.all([reconcilePayments(t.deps, jobActor('reconcile_payments', 3)), reconcilePayments(t.deps, jobActor('reconcile_payments', 4))]);
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 5));
    const p = await paymentRow(t, started.body.data.payment_no);
    const refunds = await t.db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', p.id).execute();
    expect(refunds.map((r) => [r.via, r.amount_minor, r.status])).toEqual([['gateway', p.gateway_minor, 'succeeded']]);
    expect(stripe.intents.get(p.provider_ref!)!.refunded).toBe(p.gateway_minor);
    expect(await orderStatus(t, m.order.id)).toBe('refunded');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a balance-paid order cancelled: the balance comes back through the ledger', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 1800 });
    await fund(t.db, m.userId, 1800, 'MYR');
    await pay(m, { pay_way: 'balance', pay_password: PAY_PASSWORD });
    await call(t, 'POST', '/shop/order/cancelOrder', { headers: m.keyed(), body: { id: m.order.id, reason: 'changed my mind' } });
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 6));
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(1800);
    expect(await orderStatus(t, m.order.id)).toBe('refunded');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('partial refunds', () => {
  it('a mixed payment refunded in two parts: each over the balance and the card pro rata, the surcharge with the rest; each cause once; more than is left is refused', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 4000 });
    await fund(t.db, m.userId, 1000, 'MYR');
    const started = await pay(m, { pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    await stripe.decide(started.body.data.payment_no, 'pay');
    const p = await paymentRow(t, started.body.data.payment_no);
    expect(p).toMatchObject({ ledger_minor: 1000, gateway_minor: 3087, status: 'succeeded' });
    const actor = jobActor('refund', 1);
    // Half the order's value: a quarter of it was paid from the balance, so 500 goes back there and 1500 to the card.
    const first = await refundPayment(t.deps, actor, { paymentId: p.id, amountMinor: 2000, cause: 'after-sale:1' });
    expect(first.map((r) => [r.via, r.amount_minor, r.status]).sort()).toEqual([['gateway', 1500, 'succeeded'], ['ledger', 500, 'succeeded']]);
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(500);
    const repeat = await refundPayment(t.deps, actor, { paymentId: p.id, amountMinor: 2000, cause: 'after-sale:1' });
    expect(repeat.map((r) => r.id)).toEqual(first.map((r) => r.id));
    await expect(refundPayment(t.deps, actor, { paymentId: p.id, amountMinor: 2001, cause: 'after-sale:2' })).rejects.toMatchObject({ code: ResponseCode.refundTooLarge });
    const second = await refundPayment(t.deps, actor, { paymentId: p.id, cause: 'after-sale:3' });
    expect(second.map((r) => [r.via, r.amount_minor, r.status]).sort()).toEqual([['gateway', 1587, 'succeeded'], ['ledger', 500, 'succeeded']]);
    expect(stripe.intents.get(p.provider_ref!)!.refunded).toBe(3087);
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(1000);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('production', () => {
  it('has no sandbox pages and no gateway unless configured live', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production', MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://localhost:2525', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://localhost:9/sms', SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') });
    try {
      expect(Object.keys(prod.deps.providers.payments)).toEqual([]);
      expect(Object.keys(prod.deps.providers.paymentSandboxes)).toEqual([]);
      expect((await prod.app.inject({ method: 'GET', url: '/sandbox/stripe/pay/pi_1' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'POST', url: '/sandbox/stripe/v1/payment_intents', payload: 'amount=1' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('another payable', () => {
  it('a charity pledge is paid through the same path', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR' });
    const cause = await t.db.insertInto('charity_causes').values({ title: JSON.stringify({ 'en-us': 'Clean water' }), currency: 'MYR', created_by: 'test' } as never).returning('id').executeTakeFirstOrThrow();
    const pledge = await call(t, 'POST', '/attractive/lovers/submitPay', { headers: m.keyed(), body: { cause_id: cause.id, amount: 2500 } });
    expect(pledge.body.code).toBe(200);
    const res = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: pledge.body.data.id, order_type: 'charity', pay_way: 'stripe_grabpay' } });
    expect(res.body.data).toMatchObject({ order_type: 'charity', gateway_part: 2550 });
    await stripe.decide(res.body.data.payment_no, 'pay');
    const row = await t.db.selectFrom('charity_orders').select('status').where('id', '=', pledge.body.data.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
  });

  it('a top-up is paid through a gateway and credits the wallet once; the wallet\'s own value cannot pay it', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR' });
    const r = await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'online', amount: '50.00', currency: 'MYR', wallet_currency: 'MYR' } });
    expect(r.body.code).toBe(200);
    expect((await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: r.body.data.id, order_type: 'recharge', pay_way: 'balance', pay_password: PAY_PASSWORD } })).body.code).toBe(ResponseCode.payMethodUnavailable);
    // The method list, the quote and the choice show what paying charges: no fee on a top-up.
    const methods = await call(t, 'POST', '/shop/order/payWayCostTotal', { headers: m.headers, body: { order_id: r.body.data.id, order_type: 'recharge' } });
    const card = methods.body.data.list.find((x: { pay_way: string }) => x.pay_way === 'stripe_card');
    expect(card).toMatchObject({ fee: 0, total: 5000 });
    expect((await call(t, 'GET', `/shop/order/payWayCost?order_id=${r.body.data.id}&order_type=recharge&pay_way=stripe_card`, { headers: m.headers })).body.data).toMatchObject({ fee: card.fee, total: card.total });
    expect((await call(t, 'POST', '/shop/order/choosePayWay', { headers: m.headers, body: { order_id: r.body.data.id, order_type: 'recharge', pay_way: 'stripe_card' } })).body.data).toMatchObject({ fee: 0, total: 5000 });
    const res = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: r.body.data.id, order_type: 'recharge', pay_way: 'stripe_card' } });
    // A top-up carries its own fee: the gateway charges exactly what the top-up says.
    expect(res.body.data).toMatchObject({ order_type: 'recharge', amount: 5000, fee: 0, gateway_part: 5000 });
    stripe.switches = { duplicates: 3 };
    await stripe.decide(res.body.data.payment_no, 'pay');
    stripe.switches = {};
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(5000);
    const row = await t.db.selectFrom('recharge_orders').select('status').where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('starting again with another method cancels the open payment here and at the gateway; a success it still gets is owed back and flagged', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 2600 });
    const first = await pay(m, { pay_way: 'stripe_card' });
    const second = await pay(m, { pay_way: 'stripe_fpx', bank: 'cimb' });
    const replaced = await paymentRow(t, first.body.data.payment_no);
    expect(replaced.status).toBe('canceled');
    // Stripe is told to stop taking it.
    const firstPi = stripe.intents.get(replaced.provider_ref!)!;
    expect(firstPi.status).toBe('canceled');
    await stripe.decide(second.body.data.payment_no, 'pay');
    // The member had paid on the first page just before: that success still arrives.
    expect((await deliver(stripeEvent('payment_intent.succeeded', { ...firstPi, status: 'succeeded', amount_received: firstPi.amount }))).statusCode).toBe(200);
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    const flags = await t.db.selectFrom('payment_flags').select(['kind', 'refund_needed']).where('payment_id', '=', (await paymentRow(t, first.body.data.payment_no)).id).execute();
    expect(flags).toEqual([{ kind: 'paid_after_cancel', refund_needed: true }]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('configuration', () => {
  it('production refuses a sandbox gateway, and a live one without its keys; outside production the sandboxes are the default', () => {
    const prod = { NODE_ENV: 'production', SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'), MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://x', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://sms.test' } as NodeJS.ProcessEnv;
    expect(() => shopConfig({ ...prod, STRIPE_MODE: 'sandbox' })).toThrow(/sandbox payment gateway/);
    expect(() => shopConfig({ ...prod, AIRWALLEX_MODE: 'live' })).toThrow(/AIRWALLEX_CLIENT_ID/);
    const gateways = (env: NodeJS.ProcessEnv) => readGatewaySettings(shopConfig(env).env, env.NODE_ENV!);
    expect(gateways(prod).every((g) => g.mode === 'off')).toBe(true);
    expect(gateways({ ...prod, STRIPE_MODE: 'live', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).find((g) => g.name === 'stripe')!.mode).toBe('live');
    expect(gateways({ NODE_ENV: 'development' } as NodeJS.ProcessEnv).find((g) => g.name === 'stripe')!.mode).toBe('sandbox');
  });
});
