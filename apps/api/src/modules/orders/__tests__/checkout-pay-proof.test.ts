import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSecret } from 'otplib';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { codeAt } from '../../two-factor/__tests__/authenticator.js';
import { bankCardOf, PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { shopKit } from '../../user-shop/__tests__/fixtures.js';
import { newAddress } from './fixtures.js';

// Points and shopping points spent at checkout are the wallet's value: placing an order that takes
// them asks the pay password (and the authenticator's code once bound) as paying with them does,
// counts wrong answers toward the same lockout, and holds nothing until it passes. And an order is
// placed only at the total the member saw, when the app says which.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof walletMember>>;
const createOrder = (m: Member, body: Record<string, unknown>, ip = '127.0.0.1') => call(t, 'POST', '/shop/buy/createOrder', { headers: m.keyed(), body, ip });
const pointsOf = (userId: number, kind: 'points' | 'shopping_points' = 'points') => balanceOf(t.db, userId, kind, 'XXX');
const ordersOf = async (userId: number) => (await t.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).length;
const pointHoldsOf = async (userId: number) =>
  (await t.db.selectFrom('holds as h').innerJoin('ledger_accounts as a', 'a.id', 'h.account_id').select('h.id').where('a.member_id', '=', userId).where('a.asset', 'in', ['points', 'shopping_points']).execute()).length;

/** A member with a pay password, an address, 5,000 points and 500 shopping points, and goods at 18.99 (stock 5). */
async function shopper() {
  const m = await walletMember(t);
  const addressId = await newAddress(t.db, m.userId);
  await fund(t.db, m.userId, 5000, 'XXX', 'points');
  await fund(t.db, m.userId, 500, 'XXX', 'shopping_points');
  const g = await newGoods(t.db, [{ price: 1899, stock: 5 }]);
  const buy = { goods_id: g.goodsId, sku_id: g.skuIds[0]!, num: 1, address_id: addressId };
  return { m, g, buy, skuId: g.skuIds[0]! };
}

/** Nothing was placed or held for the member: no order, every point where it was, the stock untouched. */
async function nothingHeld(s: Awaited<ReturnType<typeof shopper>>) {
  expect(await ordersOf(s.m.userId)).toBe(0);
  expect(await pointHoldsOf(s.m.userId)).toBe(0);
  expect(await pointsOf(s.m.userId)).toBe(5000);
  expect(await pointsOf(s.m.userId, 'shopping_points')).toBe(500);
  expect(await stockOf(t.db, s.skuId)).toBe(5);
}

describe('points at checkout need the pay password', () => {
  it('without it the order is refused as a missing field (not a wrong password) and nothing is held, neither points that pay it all nor a part', async () => {
    const s = await shopper();
    const all = await createOrder(s.m, { ...s.buy, points: 5000 });
    expect(all.status).toBe(422);
    expect(all.body).toMatchObject({ code: ResponseCode.validation, msg: 'Payment password is required', data: { errors: [{ field: 'pay_password', msg: 'Payment password is required' }] } });
    const part = await call(t, 'POST', '/shop/buy/createOrder', { headers: s.m.keyed(), body: { ...s.buy, points: 3000 }, lang: 'th' });
    // In the member's language.
    expect([part.status, part.body.code, part.body.msg]).toEqual([422, ResponseCode.validation, 'กรุณากรอก รหัสผ่านการชำระเงิน']);
    const shopping = await createOrder(s.m, { ...s.buy, shopping_points: 100 });
    expect(shopping.body.code).toBe(ResponseCode.validation);
    await nothingHeld(s);
    // A card checkout without points asks nothing.
    const card = await createOrder(s.m, s.buy);
    expect(card.body).toMatchObject({ code: 200, data: { status: 'awaiting_payment', total: 1899 } });
  });

  it('paying an order with the wallet\'s value without it is the same missing-field refusal; a wrong one stays "wrong"', async () => {
    const s = await shopper();
    const placed = await createOrder(s.m, s.buy);
    const pay = (body: Record<string, unknown>) => call(t, 'POST', '/shop/buy/payOrder', { headers: s.m.keyed(), body: { order_id: placed.body.data.order_id, pay_way: 'balance', ...body } });
    const missing = await pay({});
    expect([missing.status, missing.body.code, missing.body.msg]).toEqual([422, ResponseCode.validation, 'Payment password is required']);
    expect((await pay({ pay_password: '135799' })).body.code).toBe(ResponseCode.payPasswordWrong);
    expect(await pointsOf(s.m.userId)).toBe(5000);
    // The wallet's calls that move value say the same when it is missing.
    const card = await bankCardOf(t, s.m);
    for (const [url, body] of [
      ['/user/transfer/create', { account: 'someone', amount: '1', currency: 'USD' }],
      ['/user/withdraw/create', { bank_card_id: card, amount: '30', currency: 'USD' }],
      ['/user/gift_card/give', { account: 'someone', count: 1, value: 1000, currency: 'USD' }],
    ] as const) {
      const refused = await call(t, 'POST', url, { headers: s.m.keyed(), body });
      expect([refused.status, refused.body.code, refused.body.msg], url).toEqual([422, ResponseCode.validation, 'Payment password is required']);
    }
  });

  it('a wrong one is refused and counted: the member is locked out, and then even the right one is refused', async () => {
    const s = await shopper();
    const wrong = await createOrder(s.m, { ...s.buy, points: 3000, pay_password: '135799' });
    expect(wrong.body.code).toBe(ResponseCode.payPasswordWrong);
    expect(wrong.body.msg).not.toBe('');
    for (let i = 1; i < 10; i++) expect((await createOrder(s.m, { ...s.buy, points: 3000, pay_password: '135799' })).body.code).toBe(ResponseCode.payPasswordWrong);
    const locked = await createOrder(s.m, { ...s.buy, points: 3000, pay_password: PAY_PASSWORD });
    expect(locked.body.code).toBe(ResponseCode.loginLocked);
    // Not even the points that would pay it all get through, nor an answer without the password.
    expect((await createOrder(s.m, { ...s.buy, points: 5000, pay_password: PAY_PASSWORD })).body.code).toBe(ResponseCode.loginLocked);
    expect((await createOrder(s.m, { ...s.buy, points: 5000 })).body.code).toBe(ResponseCode.loginLocked);
    await nothingHeld(s);
  });

  it('locked out by wrong answers on a withdrawal, the same session cannot spend points at checkout', async () => {
    const s = await shopper();
    await fund(t.db, s.m.userId, 10_000, 'USD');
    const card = await bankCardOf(t, s.m);
    for (let i = 0; i < 10; i++) await call(t, 'POST', '/user/withdraw/create', { headers: s.m.keyed(), body: { bank_card_id: card, amount: '30', currency: 'USD', pay_password: '135799' } });
    expect((await call(t, 'POST', '/user/withdraw/create', { headers: s.m.keyed(), body: { bank_card_id: card, amount: '30', currency: 'USD', pay_password: PAY_PASSWORD } })).body.code).toBe(ResponseCode.loginLocked);
    const refused = await createOrder(s.m, { ...s.buy, points: 5000 });
    expect(refused.body.code).toBe(ResponseCode.loginLocked);
    await nothingHeld(s);
  });

  it('with the right one the order is placed and its points held once; points that pay it all pay it now', async () => {
    const s = await shopper();
    const part = await createOrder(s.m, { ...s.buy, points: 300, shopping_points: 100, pay_password: PAY_PASSWORD });
    expect(part.body).toMatchObject({ code: 200, data: { status: 'awaiting_payment', total: 1499 } });
    expect(await pointsOf(s.m.userId)).toBe(4700);
    expect(await pointsOf(s.m.userId, 'shopping_points')).toBe(400);
    expect(await pointHoldsOf(s.m.userId)).toBe(2);

    const all = await createOrder(s.m, { ...s.buy, points: 5000, pay_password: PAY_PASSWORD });
    expect(all.body).toMatchObject({ code: 200, data: { status: 'paid', total: 0 } });
    expect(await pointsOf(s.m.userId)).toBe(4700 - 1899);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('with an authenticator bound, its code is asked for too', async () => {
    const s = await shopper();
    const secret = generateSecret();
    await t.db.updateTable('users').set({ totp_secret: secret }).where('id', '=', s.m.userId).execute();
    expect((await createOrder(s.m, { ...s.buy, points: 300, pay_password: PAY_PASSWORD })).body.code).toBe(ResponseCode.twoFactorRequired);
    await nothingHeld(s);
    const placed = await createOrder(s.m, { ...s.buy, points: 300, pay_password: PAY_PASSWORD, google_code: await codeAt(secret) });
    expect(placed.body).toMatchObject({ code: 200, data: { total: 1599 } });
    expect(await pointsOf(s.m.userId)).toBe(4700);
  });
});

describe('an order is placed only at the total the member saw', () => {
  it('a price raised after the preview refuses the order, nothing placed or held; the preview then shows the new total', async () => {
    const s = await shopper();
    const preview = await call(t, 'GET', `/shop/buy/cartGoods?goods_id=${s.buy.goods_id}&sku_id=${s.skuId}&num=1&address_id=${s.buy.address_id}&points=300`, { headers: s.m.headers });
    const seen = preview.body.data.total as number;
    expect(seen).toBe(1599);
    await t.db.updateTable('goods_skus').set({ price_minor: 3899 }).where('id', '=', s.skuId).execute();

    const refused = await createOrder(s.m, { ...s.buy, points: 300, pay_password: PAY_PASSWORD, expected_total: seen });
    expect(refused.body).toMatchObject({ code: ResponseCode.priceChanged, msg: 'The price has changed. Please check the new total before placing the order', data: null });
    const zh = await call(t, 'POST', '/shop/buy/createOrder', { headers: s.m.keyed(), body: { ...s.buy, expected_total: 1899 }, lang: 'zh-cn' });
    expect(zh.body.msg).toBe('价格已变动，请确认新的合计金额后再下单');
    await nothingHeld(s);

    const again = await call(t, 'GET', `/shop/buy/cartGoods?goods_id=${s.buy.goods_id}&sku_id=${s.skuId}&num=1&address_id=${s.buy.address_id}&points=300`, { headers: s.m.headers });
    expect(again.body.data.total).toBe(3599);
    const placed = await createOrder(s.m, { ...s.buy, points: 300, pay_password: PAY_PASSWORD, expected_total: 3599 });
    expect(placed.body).toMatchObject({ code: 200, data: { total: 3599 } });
  });

  it('a member-shop order the same way: refused at a total the cart did not show, placed at the one it shows', async () => {
    const kit = shopKit(t);
    const owner = await kit.owner();
    const goods = await kit.offered(owner, { price: 1500, stock: 5 });
    const b = await kit.buyer();
    expect((await kit.post(b, '/attractive/cart/add', { shop_id: owner.shopId, sku_id: goods.skuId, num: 2 })).body.code).toBe(200);
    const cart = await kit.get(b, `/attractive/cart/list?shop_id=${owner.shopId}`);
    const group = cart.body.data.shops[0];
    const lineIds = group.list.map((l: { id: number }) => l.id);
    expect(group.selected_total).toBe(3000);

    const refused = await kit.post(b, '/attractive/buy/createOrder', { shop_id: owner.shopId, line_ids: lineIds, pickup: true, expected_total: 2000 });
    expect(refused.body).toMatchObject({ code: ResponseCode.priceChanged, data: null });
    expect(await t.db.selectFrom('shop_orders').select('id').where('buyer_id', '=', b.userId).execute()).toEqual([]);
    expect((await kit.get(b, `/attractive/cart/list?shop_id=${owner.shopId}`)).body.data.shops[0].list).toHaveLength(1);

    const placed = await kit.post(b, '/attractive/buy/createOrder', { shop_id: owner.shopId, line_ids: lineIds, pickup: true, expected_total: group.selected_total });
    expect(placed.body).toMatchObject({ code: 200, data: { total: 3000 } });
  });
});
