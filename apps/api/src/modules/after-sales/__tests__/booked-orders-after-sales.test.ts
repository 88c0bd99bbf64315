import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newAddress } from '../../orders/__tests__/fixtures.js';
import { shopKit, type ShopKit } from '../../user-shop/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// A regular order its buyer booked into their member shop's stock (`/attractive/shop/restock`): the
// booked units are the shop's, so the order list and the order page offer after-sales only while the
// apply page offers something, and the apply page tells how many units of each line were booked.

let t: TestApp;
let k: ShopKit;
let as: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  as = await afterSalesKit(t);
}, 60_000);
afterAll(() => t.close());

/** A shop owner with an address to buy regular orders to. */
async function shopOwner() {
  const owner = await k.owner();
  return { ...owner, addressId: await newAddress(t.db, owner.userId) };
}
type Owner = Awaited<ReturnType<typeof shopOwner>>;

/** The order's `can_after_sale` as the order list (all) and the order page answer it. */
async function offered(o: Owner, orderId: number) {
  const list = (await as.get(o, '/shop/order/list?view=all&page=1&limit=20')).body.data.list as Array<{ id: number; actions: { can_after_sale: boolean } }>;
  const info = (await as.get(o, `/shop/order/info?id=${orderId}`)).body.data;
  return { list: list.find((x) => x.id === orderId)!.actions.can_after_sale, page: info.actions.can_after_sale as boolean };
}

/** What the apply page offers: its kinds, and per line the units left and booked. */
async function applyOf(o: Owner, orderId: number) {
  const data = (await as.post(o, '/shop/order/afterSaleApply', { order_id: orderId })).body.data as { kinds: string[]; lines: Array<{ order_line_id: number; left: number; booked: number }> };
  return { kinds: data.kinds, lines: data.lines.map((l) => ({ left: l.left, booked: l.booked })) };
}

const restock = (o: Owner, orderId: number) => k.post(o, '/attractive/shop/restock', { order_id: orderId });

describe('an order booked into the buyer’s shop', () => {
  it('is no longer offered after-sales once every unit was booked, in the list and on the order page, and the apply page names the booked units', async () => {
    const o = await shopOwner();
    const bought = await as.boughtOrder(o); // 2 units of one SKU, 1 of another
    expect(await offered(o, bought.orderId)).toEqual({ list: true, page: true });
    expect((await restock(o, bought.orderId)).body.data).toMatchObject({ units: 3 });

    expect(await offered(o, bought.orderId)).toEqual({ list: false, page: false });
    expect(await applyOf(o, bought.orderId)).toEqual({ kinds: [], lines: [{ left: 0, booked: 2 }, { left: 0, booked: 1 }] });
  });

  it('with a unit in an open case and the rest booked, offers nothing, as the apply page does; once the case is withdrawn the unit is offered again', async () => {
    const o = await shopOwner();
    const bought = await as.boughtOrder(o);
    const line = bought.lines[0]!; // 2 units
    const opened = await as.post(o, '/shop/order/afterSaleSubmit', { order_id: bought.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line.id, qty: 1 }] });
    expect(opened.body.code, opened.body.msg).toBe(200);
    expect(await offered(o, bought.orderId)).toEqual({ list: true, page: true });
    expect((await restock(o, bought.orderId)).body.data).toMatchObject({ units: 2 });

    expect(await applyOf(o, bought.orderId)).toEqual({ kinds: [], lines: [{ left: 0, booked: 1 }, { left: 0, booked: 1 }] });
    expect(await offered(o, bought.orderId)).toEqual({ list: false, page: false });

    expect((await as.post(o, '/attractive/AfterSales/cancel', { case_id: opened.body.data.case_id })).body.code).toBe(200);
    // The withdrawn unit is the member's again (the shop holds two units of the SKU, as booked).
    expect(await applyOf(o, bought.orderId)).toMatchObject({ kinds: ['return', 'exchange'], lines: [{ left: 1, booked: 1 }, { left: 0, booked: 1 }] });
    expect(await offered(o, bought.orderId)).toEqual({ list: true, page: true });
  });

  it('leaves the member’s orders not booked as they were', async () => {
    const o = await shopOwner();
    const kept = await as.boughtOrder(o);
    const booked = await as.boughtOrder(o);
    expect((await restock(o, booked.orderId)).body.code).toBe(200);
    expect(await offered(o, kept.orderId)).toEqual({ list: true, page: true });
    expect(await offered(o, booked.orderId)).toEqual({ list: false, page: false });
    expect((await applyOf(o, kept.orderId)).lines).toEqual([{ left: 2, booked: 0 }, { left: 1, booked: 0 }]);
  });
});
