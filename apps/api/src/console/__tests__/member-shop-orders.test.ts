import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call } from '../../modules/catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../modules/orders/__tests__/fixtures.js';
import { shopKit, type ShopKit } from '../../modules/user-shop/__tests__/fixtures.js';

// A member asks the support desk about an order bought in a member shop (a number like
// M2612016288035737): the member's latest orders beside the chat list those too, with the shop's name.

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
}, 60_000);
afterAll(() => t.close());

const ordersOf = (headers: Record<string, string>, memberId: number, query = 'page=1&limit=5') => call(t, 'GET', `/admin/api/members/orders?id=${memberId}&${query}`, { headers, lang: 'en-us' });

describe("a member's latest orders for the support desk", () => {
  it('lists the member’s member-shop orders (number, shop, state, amount, date) beside the regular ones, to an operator who reads members', async () => {
    const o = await k.owner(`Mei Corner ${Date.now().toString(36)}`);
    const g = await k.offered(o, { price: 1_300, stock: 5 });
    const b = await k.buyer(10_000);
    const first = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    const second = await k.paidOrder(b, o.shopId, g.skuId, 2, { addressId: b.addressId });
    const rows = await Promise.all([first, second].map((id) => k.orderRow(id)));
    // Another buyer's order at the same shop is not this member's.
    const other = await k.buyer(10_000);
    await k.paidOrder(other, o.shopId, g.skuId, 1, { addressId: other.addressId });

    const support = await newOperatorSession(t.db, 'support');
    const res = await ordersOf(support.headers, b.userId);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.list).toEqual([]);
    expect(res.body.data.shop_orders).toEqual(
      [rows[1]!, rows[0]!].map((r) => ({
        id: Number(r.id),
        order_no: r.order_no,
        shop_id: o.shopId,
        shop_name: expect.stringMatching(/^Mei Corner /),
        status: 'awaiting_audit',
        currency: 'USD',
        total: Number(r.total_minor),
        created_at: r.created_at.toISOString(),
        paid_at: r.paid_at!.toISOString(),
      })),
    );
    expect(res.body.data.shop_orders[0].order_no).toMatch(/^M\d+$/);
    // At most `limit` of them, the newest first.
    expect((await ordersOf(support.headers, b.userId, 'page=1&limit=1')).body.data.shop_orders.map((s: { id: number }) => s.id)).toEqual([second]);
  });

  it('is refused to an operator who may not read members', async () => {
    const b = await k.buyer();
    const catalogue = await newOperatorSession(t.db, 'catalogue');
    const refused = await ordersOf(catalogue.headers, b.userId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ResponseCode.forbidden);
    expect(refused.body.data).toBeNull();
  });
});
