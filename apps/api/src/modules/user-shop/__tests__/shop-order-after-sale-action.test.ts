import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { shopKit, type ShopKit } from './fixtures.js';

// A shop order offers "Apply for after-sales" to its buyer only while something may still be asked
// (the after-sales area's rule, as a regular order's `can_after_sale`): not when its only unit is in
// an open case, nor once it settled and every window closed.

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<ShopKit['buyer']>>;

/** A shop order of one unit, paid, approved and shipped by the owner; completed by the buyer unless told. */
async function receivedOrder(opts: { complete?: boolean } = {}) {
  const o = await k.owner();
  const g = await k.offered(o, { price: 1200, stock: 3 });
  const b = await k.buyer(5000);
  const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
  expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
  expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: `DHL${id}` })).body.data.status).toBe('shipped');
  if (opts.complete !== false) expect((await k.post(b, '/attractive/order/confirm', { id })).body.data.status).toBe('completed');
  const line = await t.db.selectFrom('shop_order_lines').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
  return { o, b, id, lineId: Number(line.id) };
}

/** `actions.after_sale` as the buyer reads it on the order page and in the list. */
async function offered(b: Member, id: number) {
  const info = await k.get(b, `/attractive/order/info?id=${id}`);
  expect(info.body.code, info.body.msg).toBe(200);
  const list = await k.get(b, '/attractive/order/list?view=all');
  const listed = list.body.data.list.find((r: { id: number }) => r.id === id);
  return { page: info.body.data.actions.after_sale as boolean, list: listed.actions.after_sale as boolean };
}

const kindsOf = async (b: Member, id: number) => (await k.post(b, '/shop/order/afterSaleApply', { shop_order_id: id })).body.data.kinds as string[];

describe('the buyer’s "Apply for after-sales" on a shop order', () => {
  it('is offered on a fresh order (shipped or completed), and no longer once its only unit is in an open case', async () => {
    const shipped = await receivedOrder({ complete: false });
    expect(await offered(shipped.b, shipped.id)).toEqual({ page: true, list: true });

    const { o, b, id, lineId } = await receivedOrder();
    expect(await offered(b, id)).toEqual({ page: true, list: true });
    expect(await kindsOf(b, id)).toContain('return');
    const opened = await k.post(b, '/shop/order/afterSaleSubmit', { shop_order_id: id, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty: 1 }] });
    expect(opened.body.code, opened.body.msg).toBe(200);
    expect(await offered(b, id)).toEqual({ page: false, list: false });
    // The owner is never offered it.
    expect((await k.get(o, `/attractive/shop/shopOrderInfo?id=${id}`)).body.data.actions.after_sale).toBe(false);
  });

  it('is no longer offered once the order settled and every window closed', async () => {
    const { b, id } = await receivedOrder();
    expect(await offered(b, id)).toEqual({ page: true, list: true });
    const long = new Date(Date.now() - 60 * 86_400_000);
    await t.db.updateTable('shop_orders').set({ completed_at: long, settles_at: long, settled_at: long }).where('id', '=', id).execute();
    expect(await kindsOf(b, id)).toEqual([]);
    expect(await offered(b, id)).toEqual({ page: false, list: false });
  });
});
