import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// An order's `can_after_sale` (the order list and the order page): offered while something of the
// order may still be asked for, not once every unit is in cases or every window has closed (on a fully
// refunded order, "After-sales" opened a page that only said no).

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
const DAY = 86_400_000;

/** The order's `can_after_sale` as the order list (all) and the order page answer it. */
async function offered(m: Member, orderId: number) {
  const list = (await kit.get(m, '/shop/order/list?view=all&page=1&limit=20')).body.data.list as Array<{ id: number; actions: { can_after_sale: boolean } }>;
  const info = (await kit.get(m, `/shop/order/info?id=${orderId}`)).body.data;
  return { list: list.find((o) => o.id === orderId)!.actions.can_after_sale, page: info.actions.can_after_sale as boolean };
}

/** A return of the units, taken all the way: approved, shipped back, received and refunded. */
async function returned(m: Member, orderId: number, lines: Array<{ order_line_id: number; qty: number }>) {
  const opened = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines });
  expect(opened.body.code, opened.body.msg).toBe(200);
  const id = opened.body.data.case_id as number;
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `RT${300000 + id}` })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id, resellable: true })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ status: 'refunded' });
}

describe('can_after_sale', () => {
  it('stays while a unit is left, and goes once every unit was returned and refunded, in the list and on the order page', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    expect(await offered(m, o.orderId)).toEqual({ list: true, page: true });
    const [first, second] = o.lines;
    await returned(m, o.orderId, [{ order_line_id: first!.id, qty: first!.quantity }]);
    // The other line is still the member's to ask about.
    expect(await offered(m, o.orderId)).toEqual({ list: true, page: true });
    await returned(m, o.orderId, [{ order_line_id: second!.id, qty: second!.quantity }]);
    expect(await offered(m, o.orderId)).toEqual({ list: false, page: false });
    // The apply page agrees: nothing to ask for.
    expect((await kit.post(m, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data.kinds).toEqual([]);
  });

  it('goes while every unit is in an open case, and comes back when the case is withdrawn', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const opened = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: o.lines.map((l) => ({ order_line_id: l.id, qty: l.quantity })) });
    expect(opened.body.code, opened.body.msg).toBe(200);
    expect(await offered(m, o.orderId)).toEqual({ list: false, page: false });
    expect((await kit.post(m, '/attractive/AfterSales/cancel', { case_id: opened.body.data.case_id })).body.code).toBe(200);
    expect(await offered(m, o.orderId)).toEqual({ list: true, page: true });
  });

  it('goes once the return and exchange windows have closed (goods without a warranty), and stays on an order still on its way', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const onItsWay = await kit.boughtOrder(m, { receive: false });
    // Received 30 days ago: past the 7-day return and the 15-day exchange windows.
    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 30 * DAY) }).where('id', '=', o.orderId).execute();
    expect((await kit.get(m, `/shop/order/info?id=${o.orderId}`)).body.data.actions.can_after_sale).toBe(false);
    expect((await kit.post(m, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data.kinds).toEqual([]);
    expect(await offered(m, onItsWay.orderId)).toEqual({ list: true, page: true });
    // A warranty keeps it open past the windows.
    await t.db.updateTable('goods').set({ warranty_months: 12 }).where('id', '=', o.goods.goodsId).execute();
    expect((await kit.get(m, `/shop/order/info?id=${o.orderId}`)).body.data.actions.can_after_sale).toBe(true);
  });

  it('follows the operator’s change of the windows at once in the order list, not when the cached list expires', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    // Received 10 days ago: past the 7-day return window, within the 15-day exchange window.
    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 10 * DAY) }).where('id', '=', o.orderId).execute();
    expect(await offered(m, o.orderId)).toEqual({ list: true, page: true });
    const settings = (await kit.adminGet('/admin/api/after-sales/settings')).body.data.settings;
    try {
      // Saved whole, naming the version read (`base_updated_at`).
      expect((await kit.admin('/admin/api/after-sales/settings', { ...settings, exchange_days: 5, base_updated_at: settings.updated_at })).body.code).toBe(200);
      expect(await offered(m, o.orderId)).toEqual({ list: false, page: false });
    } finally {
      const now = (await kit.adminGet('/admin/api/after-sales/settings')).body.data.settings;
      expect((await kit.admin('/admin/api/after-sales/settings', { ...settings, base_updated_at: now.updated_at })).body.code).toBe(200);
    }
    expect(await offered(m, o.orderId)).toEqual({ list: true, page: true });
  });
});
