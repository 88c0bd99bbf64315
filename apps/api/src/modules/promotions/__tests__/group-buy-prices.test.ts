import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

// A group-buy price is above 0 and below the SKU's own price; below half of it the group buy gives
// value away deeply and waits for a second operator, as a coupon does. Refusals say what is wrong.

let t: TestApp;
let catalogue: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  catalogue = await newOperatorSession(t.db, 'catalogue');
  approver = await newOperatorSession(t.db, 'finance');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers: Headers, lang?: string) => call(t, 'POST', url, { headers, body, ...(lang ? { lang } : {}) });
const get = (url: string, headers: Headers) => call(t, 'GET', url, { headers });
const hour = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

/** A $64.99 speaker with `stock` units, and a group buy of it as the console's form sends it. */
async function speaker(stock = 40) {
  const g = await newGoods(t.db, [{ price: 6499, stock }], { name: `Speaker ${Math.random().toString(36).slice(2, 7)}` });
  const body = (over: Record<string, unknown> = {}) => ({ goods_id: g.goodsId, sku_id: g.skuIds[0], group_size: 2, fill_hours: 24, starts_at: at(-0.1), ends_at: at(48), price: 4999, quantity: 10, ...over });
  const stockNow = async () => (await t.db.selectFrom('goods_skus').select('stock').where('id', '=', g.skuIds[0]!).executeTakeFirstOrThrow()).stock;
  const groupBuys = async () => (await t.db.selectFrom('group_buy_activities').select(['id', 'price_minor']).where('sku_id', '=', g.skuIds[0]!).execute()).map((a) => ({ id: a.id, price: Number(a.price_minor) }));
  return { ...g, body, stockNow, groupBuys };
}

describe('a group buy’s price', () => {
  it('is refused at 0 and at or above the SKU’s own price, saying that price; nothing is set up', async () => {
    const s = await speaker();
    const free = await post('/admin/api/orders/group-buys', s.body({ price: 0 }), catalogue.headers);
    expect(free.status).toBe(422);
    expect(free.body.msg).toBe('Price must be more than 0');
    const same = await post('/admin/api/orders/group-buys', s.body({ price: 6499 }), catalogue.headers);
    expect(same.body).toMatchObject({ code: ResponseCode.validation, msg: "The group-buy price must be more than 0 and below the SKU's own price of 64.99 USD", data: { errors: [{ field: 'price' }] } });
    const above = await post('/admin/api/orders/group-buys', s.body({ price: 7000 }), catalogue.headers, 'zh-cn');
    expect(above.body.msg).toBe('拼团价必须大于 0 且低于该 SKU 自身的价格 64.99 USD');
    expect(await s.groupBuys()).toEqual([]);
    expect(await s.stockNow()).toBe(40);
  });

  it('at half the SKU’s price or above is set up at once by one catalogue operator', async () => {
    const s = await speaker();
    const made = await post('/admin/api/orders/group-buys', s.body({ price: 3250, quantity: 10 }), catalogue.headers);
    expect(made.body).toMatchObject({ code: 200, data: { id: expect.any(Number), request: null } });
    expect(await s.groupBuys()).toEqual([{ id: made.body.data.id, price: 3250 }]);
    expect(await s.stockNow()).toBe(30);
  });

  it('below half waits for a second operator: 20 asked at once set nothing up and take no stock until one is approved', async () => {
    const s = await speaker();
    expect((await post('/admin/api/orders/group-buys', s.body({ price: 1 }), catalogue.headers)).body).toMatchObject({ code: ResponseCode.validation, msg: 'Reason is required' });
    const asked = await Promise.all(Array.from({ length: 20 }, () => post('/admin/api/orders/group-buys', s.body({ price: 1, quantity: 13, reason: 'launch party' }), catalogue.headers)));
    for (const a of asked) expect(a.body).toMatchObject({ code: 200, data: { id: null, request: { kind: 'group_buy.create', status: 'pending', currency: 'USD', amount: (6499 - 1) * 13, reason: 'launch party' } } });
    expect(await s.groupBuys()).toEqual([]);
    expect(await s.stockNow()).toBe(40);

    const id = asked[0]!.body.data.request.id as number;
    expect((await post('/admin/api/approvals/decide', { id, decision: 'approve' }, catalogue.headers)).body.code).not.toBe(200);
    const listed = (await get('/admin/api/approvals?status=pending&kind=group_buy.create', approver.headers)).body.data.list.find((r: { id: number }) => r.id === id);
    expect(listed.what).toMatchObject({ key: 'group_buy', goods_id: s.goodsId, sku_id: s.skuIds[0], currency: 'USD', price: 1, sku_price: 6499, quantity: 13, change: null, from: null, name: { 'en-us': s.name } });

    const approved = await post('/admin/api/approvals/decide', { id, decision: 'approve', reason: 'agreed with the supplier' }, approver.headers);
    expect(approved.body, approved.body.msg).toMatchObject({ code: 200, data: { status: 'approved', result: { id: expect.any(Number) } } });
    expect(await s.groupBuys()).toEqual([{ id: approved.body.data.result.id, price: 1 }]);
    expect(await s.stockNow()).toBe(27);
    // The member app shows it at once (the cached goods page is dropped when it is approved).
    expect((await call(t, 'GET', `/shop/goods/info?id=${s.goodsId}`)).body.data).toMatchObject({ stock: 27, group_buy: { price: 1, remaining: 13 } });
  });

  it('lowered below half by a change waits for a second operator; the group buy keeps its price until then', async () => {
    const s = await speaker();
    const id = (await post('/admin/api/orders/group-buys', s.body({ price: 4000 }), catalogue.headers)).body.data.id as number;
    const opened = (await get(`/admin/api/catalogue/group-buys?q=${id}`, catalogue.headers)).body.data.list.find((g: { id: number }) => g.id === id);
    const change = { id, base_updated_at: opened.updated_at, price: 1000, group_size: 2, fill_hours: 24, starts_at: opened.starts_at, ends_at: opened.ends_at, per_order_limit: 1, per_member_limit: 1, virtual_fill_percent: 0, reason: 'clearance' };
    const changed = await post('/admin/api/catalogue/group-buys/update', change, catalogue.headers);
    expect(changed.body).toMatchObject({ code: 200, data: { id, price: 4000, request: { kind: 'group_buy.update', status: 'pending', amount: 3000 * 10 } } });
    expect(await s.groupBuys()).toEqual([{ id, price: 4000 }]);
    // Above the SKU's price, a change is refused like a new one.
    expect((await post('/admin/api/catalogue/group-buys/update', { ...change, price: 9000 }, catalogue.headers)).body.msg).toBe("The group-buy price must be more than 0 and below the SKU's own price of 64.99 USD");

    const approved = await post('/admin/api/approvals/decide', { id: changed.body.data.request.id, decision: 'approve' }, approver.headers);
    expect(approved.body, approved.body.msg).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect(await s.groupBuys()).toEqual([{ id, price: 1000 }]);
  });
});

describe('refusals of group buys and coupons say what is wrong', () => {
  it('a group buy or a coupon ending before it starts; a coupon code already used, in another letter case too', async () => {
    const s = await speaker();
    const reversed = await post('/admin/api/orders/group-buys', s.body({ starts_at: at(48), ends_at: at(24) }), catalogue.headers);
    expect(reversed.body).toMatchObject({ code: ResponseCode.validation, msg: 'The end must be after the start', data: { errors: [{ field: 'ends_at' }] } });
    expect((await post('/admin/api/orders/group-buys', s.body({ starts_at: at(48), ends_at: at(24) }), catalogue.headers, 'zh-cn')).body.msg).toBe('结束时间必须晚于开始时间');

    const owner = await newOperatorSession(t.db, 'owner');
    const code = `SPK${Date.now().toString(36)}`.toUpperCase();
    const coupon = { code, kind: 'amount', amount: 100, currency: 'USD', starts_at: at(-1), ends_at: at(48), reason: 'launch' };
    const asked = await post('/admin/api/orders/coupons', coupon, owner.headers);
    expect(asked.body.code, asked.body.msg).toBe(200);
    expect((await post('/admin/api/approvals/decide', { id: asked.body.data.request.id, decision: 'approve' }, approver.headers)).body.code).toBe(200);
    const again = await post('/admin/api/orders/coupons', { ...coupon, code: code.toLowerCase() }, owner.headers);
    expect(again.body.msg).toBe('This code is already used by another coupon');
    expect((await post('/admin/api/orders/coupons', { ...coupon, code: `${code.slice(0, 3).toLowerCase()}${code.slice(3)}` }, owner.headers, 'zh-cn')).body.msg).toBe('此券码已被其他优惠券使用');
    const backwards = await post('/admin/api/orders/coupons', { ...coupon, code: `${code}B`, starts_at: at(48), ends_at: at(24) }, owner.headers);
    expect(backwards.body).toMatchObject({ msg: 'The end must be after the start', data: { errors: [{ field: 'ends_at' }] } });
    for (const refused of [again, backwards]) expect(refused.body.msg).not.toContain('{{');
  });
});

describe('a group buy refused for stock', () => {
  it('says what is left after the refusal, not what was there when it was read', async () => {
    const s = await speaker(111);
    // Another change holds the SKU's row, taking 100 units: the group buy reads 111, then waits for it.
    const other = t.db.transaction().execute(async (tx) => {
      await tx.updateTable('goods_skus').set((eb) => ({ stock: eb('stock', '-', 100) })).where('id', '=', s.skuIds[0]!).execute();
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await post('/admin/api/orders/group-buys', s.body({ quantity: 37 }), catalogue.headers);
    await other;
    expect(refused.body).toMatchObject({ code: ResponseCode.stockShortage, msg: `Only 11 left of ${s.name}` });
  });
});
