import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import type { AppDeps } from '../../../app.js';
import type { Database } from '../../../db/database.js';
import { widePool } from '../../../test/test-database.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { markOrderPaid, placeOrder } from '../orders.service.js';
import { withTransaction } from '../../../lib/transaction.js';
import { memberActor } from './actors.js';
import { newAddress, newOperatorSession } from './fixtures.js';

let t: TestApp;
let wide: Database;
let deps: AppDeps;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>> | undefined;
beforeAll(async () => {
  t = await buildTestApp();
  wide = widePool(t.db, 20);
  deps = { ...t.deps, db: wide };
  owner = await newOperatorSession(t.db, 'owner');
  await t.db.insertInto('operating_fees').values({ country_code: 'MY', rate_bp: 1000, updated_by: 'test' }).execute();
});
afterAll(async () => {
  await wide.destroy();
  await t.close();
});

type Headers = Record<string, string>;
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body, lang: 'en-us' });
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers, lang: 'en-us' });

async function coupon(code: string, extra: Record<string, unknown> = {}) {
  const r = await post('/admin/api/orders/coupons', { code, kind: 'percent', percent_bp: 1000, currency: 'USD', min_spend: 5000, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 86_400_000).toISOString(), reason: 'campaign', ...extra }, owner.headers);
  expect(r.body.code, r.body.msg).toBe(200);
  // A discount is value given: it exists once a second operator approves it.
  expect(r.body.data.result).toBeNull();
  approver ??= await newOperatorSession(t.db, 'owner');
  const approved = await post('/admin/api/approvals/decide', { id: r.body.data.request.id, decision: 'approve' }, approver.headers);
  expect(approved.body.code, approved.body.msg).toBe(200);
  return approved.body.data.result.id as number;
}
async function shopper() {
  const m = await newMember(t);
  return { ...m, addressId: await newAddress(t.db, m.userId) };
}

describe('coupons', () => {
  it('takes a percentage off the subtotal (the operating fee is on what is left), once per member; cancelling gives the use back', async () => {
    await coupon('TENOFF');
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 3000, stock: 10 }]);
    const q = `goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=2`;
    const preview = await get(`/shop/buy/cartGoods?${q}&coupon_code=tenoff`, m.headers);
    expect(preview.body.data).toMatchObject({ subtotal: 6000, coupon_discount: 600, operating_fee: 540, total: 6000 - 600 + 540 });
    const body = { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2, address_id: m.addressId, coupon_code: 'TENOFF' };
    const placed = await post('/shop/buy/createOrder', body, m.headers);
    expect(placed.body.data.total).toBe(5940);
    expect((await get(`/shop/order/info?id=${placed.body.data.order_id}`, m.headers)).body.data.coupon_discount).toBe(600);
    const again = await post('/shop/buy/createOrder', body, { ...m.headers, 'idempotency-key': `coupon-again-${m.userId}` });
    // The use is held by the unpaid order: the member is told which order to pay or cancel.
    expect(again.body).toMatchObject({ code: ResponseCode.couponUsedUp, msg: `This coupon is held by your unpaid order ${placed.body.data.order_no}: pay or cancel that order to use it again` });
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(8);
    await post('/shop/order/cancelOrder', { id: placed.body.data.order_id }, m.headers);
    expect((await post('/shop/buy/createOrder', body, { ...m.headers, 'idempotency-key': `coupon-third-${m.userId}` })).body.code).toBe(200);
  });

  it('a coupon whose total uses are gone says "used up", even to a member whose unpaid order holds one of them', async () => {
    await coupon('TWOINALL', { min_spend: 0, total_limit: 2, per_member_limit: 3 });
    const first = await shopper();
    const second = await shopper();
    const g = await newGoods(t.db, [{ price: 3000, stock: 10 }]);
    const order = (m: typeof first, n: string) => post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, coupon_code: 'TWOINALL' }, { ...m.headers, 'idempotency-key': `two-in-all-${n}-${m.userId}` });
    const held = await order(first, 'a');
    expect(held.body.code, held.body.msg).toBe(200);
    expect((await order(second, 'b')).body.code).toBe(200);
    // The first member's own limit (3) is not what stops them: the coupon's 2 uses are taken.
    const preview = await get(`/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1&coupon_code=TWOINALL`, first.headers);
    expect(preview.body).toMatchObject({ code: ResponseCode.couponUsedUp, msg: 'This coupon has been used up' });
    expect((await order(first, 'c')).body).toMatchObject({ code: ResponseCode.couponUsedUp, msg: 'This coupon has been used up' });
    expect((await order(second, 'd')).body).toMatchObject({ code: ResponseCode.couponUsedUp, msg: 'This coupon has been used up' });
  });

  it('says why a coupon does not apply: expired on a day, not started until a day, for another currency, already used by the member', async () => {
    await coupon('OLDNEWS', { starts_at: '2026-01-01T00:00:00.000Z', ends_at: '2026-03-31T12:00:00.000Z' });
    await coupon('NOTYET', { starts_at: '2099-05-01T08:00:00.000Z', ends_at: '2099-06-01T00:00:00.000Z' });
    await coupon('USDONLY', { min_spend: 0 });
    await coupon('ONCEEACH', { min_spend: 0 });
    const m = await shopper();
    const usd = await newGoods(t.db, [{ price: 6000, stock: 10 }]);
    const jpy = await newGoods(t.db, [{ price: 6000, stock: 10 }], { currency: 'JPY' });
    const preview = (g: typeof usd, code: string, lang: 'en-us' | 'zh-cn' = 'en-us') =>
      call(t, 'GET', `/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1&coupon_code=${code}`, { headers: m.headers, lang });
    expect((await preview(usd, 'OLDNEWS')).body).toMatchObject({ code: ResponseCode.couponInvalid, msg: 'This coupon expired on 2026-03-31' });
    expect((await preview(usd, 'OLDNEWS', 'zh-cn')).body.msg).toBe('该优惠券已于 2026-03-31 过期');
    expect((await preview(usd, 'NOTYET')).body).toMatchObject({ code: ResponseCode.couponInvalid, msg: 'This coupon can be used from 2099-05-01' });
    expect((await preview(jpy, 'USDONLY')).body).toMatchObject({ code: ResponseCode.couponInvalid, msg: 'This coupon is for USD orders' });
    expect((await preview(usd, 'NOPE5678')).body).toMatchObject({ code: ResponseCode.couponInvalid, msg: 'This coupon code is not valid' });

    // Used on an order that was paid: the coupon still has uses for others, not for this member.
    const body = { goods_id: usd.goodsId, sku_id: usd.skuIds[0], num: 1, address_id: m.addressId, coupon_code: 'ONCEEACH' };
    const placed = await post('/shop/buy/createOrder', body, { ...m.headers, 'idempotency-key': `once-each-${m.userId}` });
    expect(placed.body.code, placed.body.msg).toBe(200);
    await withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: placed.body.data.order_id, amountMinor: placed.body.data.total, currency: 'USD' }));
    expect((await preview(usd, 'ONCEEACH')).body).toMatchObject({ code: ResponseCode.couponUsedUp, msg: 'You have already used this coupon' });
    expect((await preview(usd, 'ONCEEACH', 'zh-cn')).body.msg).toBe('您已使用过该优惠券');
    expect((await post('/shop/buy/createOrder', body, { ...m.headers, 'idempotency-key': `once-each-again-${m.userId}` })).body).toMatchObject({ code: ResponseCode.couponUsedUp, msg: 'You have already used this coupon' });
    const other = await shopper();
    expect((await call(t, 'GET', `/shop/buy/cartGoods?goods_id=${usd.goodsId}&sku_id=${usd.skuIds[0]}&num=1&coupon_code=ONCEEACH`, { headers: other.headers, lang: 'en-us' })).body.data.coupon_discount).toBe(600);
  });

  it('refuses an unknown code and a subtotal below the minimum spend', async () => {
    await coupon('BIGSPEND', { min_spend: 10_000 });
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 3000, stock: 10 }]);
    const q = `goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1`;
    expect((await get(`/shop/buy/cartGoods?${q}&coupon_code=NOPE1234`, m.headers)).body.code).toBe(ResponseCode.couponInvalid);
    expect((await get(`/shop/buy/cartGoods?${q}&coupon_code=BIGSPEND`, m.headers)).body).toMatchObject({ code: ResponseCode.couponMinSpend, msg: 'This coupon needs a spend of at least 100.00 USD' });
  });

  it('after 10 wrong codes in 15 minutes a member\'s codes wait, even a right one, at checkout and when ordering; other members are not held up', async () => {
    await coupon('GUESSPROOF');
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 6000, stock: 10 }]);
    const q = `goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1`;
    const order = (code: string, who = m) => post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: who.addressId, coupon_code: code }, who.headers);
    for (let i = 0; i < 5; i++) expect((await get(`/shop/buy/cartGoods?${q}&coupon_code=GUESS${i}`, m.headers)).body.code).toBe(ResponseCode.couponInvalid);
    for (let i = 5; i < 10; i++) expect((await order(`GUESS${i}`)).body.code).toBe(ResponseCode.couponInvalid);
    // The lock is the login's, its words the coupon's own: the member knows what to stop doing.
    const locked = { code: ResponseCode.loginLocked, msg: 'Too many wrong coupon codes, please try again in 15 minutes' };
    expect((await get(`/shop/buy/cartGoods?${q}&coupon_code=GUESSPROOF`, m.headers)).body).toMatchObject(locked);
    expect((await order('GUESSPROOF')).body).toMatchObject(locked);
    expect((await call(t, 'GET', `/shop/buy/cartGoods?${q}&coupon_code=GUESSPROOF`, { headers: m.headers, lang: 'zh-cn' })).body.msg).toBe('优惠码错误次数过多，请15分钟后再试');
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(10);
    const other = await shopper();
    expect((await get(`/shop/buy/cartGoods?${q}&coupon_code=GUESSPROOF`, other.headers)).body.data).toMatchObject({ coupon_discount: 600 });
    expect((await order('GUESSPROOF', other)).body.code).toBe(200);
  });

  it('an operator ends a coupon through the console call, with a reason: no order can use it after; other roles and members are refused', async () => {
    const couponId = await coupon('ENDSOON');
    const m = await shopper();
    const catalogue = await newOperatorSession(t.db, 'catalogue');
    expect((await post('/admin/api/orders/coupons/end', { id: couponId, reason: 'x' }, m.headers)).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await post('/admin/api/orders/coupons/end', { id: couponId, reason: 'x' }, catalogue.headers)).body.code).toBe(ResponseCode.forbidden);
    expect((await post('/admin/api/orders/coupons/end', { id: couponId, reason: '' }, owner.headers)).status).toBe(422);
    const ended = await post('/admin/api/orders/coupons/end', { id: couponId, reason: 'Printed with the wrong value' }, owner.headers);
    expect(ended.body).toMatchObject({ code: 200, data: { id: couponId } });
    expect(Date.parse(ended.body.data.ends_at)).toBeLessThanOrEqual(Date.now());
    const g = await newGoods(t.db, [{ price: 6000, stock: 10 }]);
    expect((await get(`/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1&coupon_code=ENDSOON`, m.headers)).body.code).toBe(ResponseCode.couponInvalid);
  });

  it('ending a coupon withdraws a change of it still waiting for a second operator: approving it later changes nothing', async () => {
    const couponId = await coupon('ENDWAIT');
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const asked = await post('/admin/api/catalogue/coupons/update', { id: couponId, percent_bp: 1500, min_spend: 5000, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: later, per_member_limit: 1, total_limit: null, reason: 'longer campaign' }, owner.headers);
    expect(asked.body.code, asked.body.msg).toBe(200);
    expect(asked.body.data.result).toBeNull();
    const ended = await post('/admin/api/orders/coupons/end', { id: couponId, reason: 'Campaign stopped' }, owner.headers);
    expect(ended.body.code, ended.body.msg).toBe(200);
    const request = await t.db.selectFrom('approval_requests').select(['status', 'decision_reason']).where('id', '=', asked.body.data.request.id).executeTakeFirstOrThrow();
    expect(request).toEqual({ status: 'cancelled', decision_reason: 'coupon ended: Campaign stopped' });
    const approved = await post('/admin/api/approvals/decide', { id: asked.body.data.request.id, decision: 'approve' }, approver!.headers);
    expect(approved.body.code).not.toBe(200);
    const row = await t.db.selectFrom('coupons').select(['ends_at', 'percent_bp']).where('id', '=', couponId).executeTakeFirstOrThrow();
    expect(row.percent_bp).toBe(1000);
    expect(new Date(row.ends_at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('20 members using a coupon limited to 5 at once, 20 runs: exactly 5 orders get it each run, the others are refused and their stock stays', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const figures: string[] = [];
    for (let run = 1; run <= 20; run++) {
      const code = `FIVEONLY${run}`;
      const couponId = await coupon(code, { kind: 'amount', amount: 500, percent_bp: undefined, min_spend: 0, total_limit: 5 });
      const g = await newGoods(t.db, [{ price: 2000, stock: 100 }]);
      const results = await Promise.allSettled(
        members.map((m) => placeOrder(deps, memberActor(m.userId), { goods_id: g.goodsId, sku_id: g.skuIds[0]!, num: 1, address_id: m.addressId, remarks: '', coupon_code: code })),
      );
      const placed = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof placeOrder>>> => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(placed).toHaveLength(5);
      expect(new Set(refused.map((r) => (r.reason as { code?: number }).code))).toEqual(new Set([ResponseCode.couponUsedUp]));
      expect((await t.db.selectFrom('coupons').select('used').where('id', '=', couponId).executeTakeFirstOrThrow()).used).toBe(5);
      const discounted = await t.db.selectFrom('orders').select(['coupon_discount_minor']).where('coupon_id', '=', couponId).execute();
      expect(discounted.map((o) => Number(o.coupon_discount_minor))).toEqual([500, 500, 500, 500, 500]);
      expect(await stockOf(t.db, g.skuIds[0]!)).toBe(95);
      // The run's orders are left unpaid: their time is up, so the next run's are not held by the cap on unpaid orders.
      await t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', 'in', placed.map((p) => p.value.order_id)).execute();
      figures.push(`run ${run}: ${placed.length} placed, ${refused.length} refused`);
    }
    console.info(`coupon race: 20 members, 5 uses\n${figures.join('\n')}`);
  }, 120_000);
});
