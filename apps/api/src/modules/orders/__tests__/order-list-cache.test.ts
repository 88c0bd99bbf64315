import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesPayload, CHANGES_CHANNEL, listenForChanges, onChanges } from '../../../lib/changes.js';
import { notifyChannel } from '../../../lib/changes.queries.js';
import { connectionOf } from '../../../db/database.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { markPayableRefunded } from '../../payments/payable-registry.js';
import { expireOrder, markOrderPaid } from '../orders.service.js';
import { newAddress, newOperatorSession } from './fixtures.js';

// A member's order list is answered from memory; every change of what it shows must reach the
// member at once, whoever made it: the member, an operator, a payment, a job, another process.

let t: TestApp;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await newOperatorSession(t.db, 'support');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const system = { kind: 'system' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'list-cache' };

interface Listed {
  list: Array<{ id: number; status: string; lines: Array<{ name: string; num: number; shipped_num: number }> }>;
  total: number;
  counts: { unpaid: number; to_ship: number; to_receive: number; after_sales: number };
}
const listOf = async (m: { headers: Headers }, query = 'view=all', lang = 'en-us') => {
  const res = await call(t, 'GET', `/shop/order/list?${query}`, { headers: { ...m.headers, 'think-lang': lang } });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as Listed;
};
const statusIn = async (m: { headers: Headers }, orderId: number) => (await listOf(m)).list.find((o) => o.id === orderId)?.status;

/** A member with an address and goods of two SKUs; `place` checks out `num` of one (a new order each time, not a repeated request). */
async function shopper() {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId);
  const g = await newGoods(t.db, [{ price: 700, stock: 50 }, { price: 300, stock: 50 }]);
  let placedCount = 0;
  const place = async (num = 1, sku = 0) => {
    const remarks = `order ${++placedCount}`;
    const placed = await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[sku], num, address_id: addressId, remarks }, m.headers);
    expect(placed.body.code, placed.body.msg).toBe(200);
    return placed.body.data as { order_id: number; total: number; currency: string };
  };
  const pay = (o: { order_id: number; total: number; currency: string }) =>
    withTransaction(t.db, (tx) => markOrderPaid(tx, { ...system, kind: 'provider' as const }, { orderId: o.order_id, amountMinor: o.total, currency: o.currency }));
  return { ...m, goods: g, place, pay };
}

describe('the order list follows every change at once', () => {
  it('placing, paying, shipping in two packages and confirming receipt', async () => {
    const m = await shopper();
    expect(await listOf(m)).toMatchObject({ list: [], total: 0 });
    const o = await m.place(3);
    expect(await listOf(m)).toMatchObject({ total: 1, counts: { unpaid: 1, to_ship: 0 }, list: [{ id: o.order_id, status: 'awaiting_payment' }] });
    expect((await listOf(m, 'view=unpaid')).total).toBe(1);

    await m.pay(o);
    expect(await listOf(m)).toMatchObject({ counts: { unpaid: 0, to_ship: 1 }, list: [{ status: 'paid' }] });
    expect((await listOf(m, 'view=unpaid')).total).toBe(0);

    const lineId = (await t.db.selectFrom('order_lines').select('id').where('order_id', '=', o.order_id).executeTakeFirstOrThrow()).id;
    const first = await post('/admin/api/orders/ship', { order_id: o.order_id, carrier: 'DHL', tracking_number: `LC${o.order_id}A`, lines: [{ order_line_id: lineId, num: 1 }] }, operator.headers);
    expect(first.body.code, first.body.msg).toBe(200);
    // Still to be shipped, with one unit on its way.
    expect((await listOf(m)).list[0]).toMatchObject({ status: 'paid', lines: [{ num: 3, shipped_num: 1 }] });
    expect((await post('/admin/api/orders/ship', { order_id: o.order_id, carrier: 'DHL', tracking_number: `LC${o.order_id}B` }, operator.headers)).body.code).toBe(200);
    expect(await listOf(m)).toMatchObject({ counts: { to_ship: 0, to_receive: 1 }, list: [{ status: 'shipped', lines: [{ shipped_num: 3 }] }] });

    expect((await post('/shop/order/confirmReceipt', { id: o.order_id }, m.headers)).body.code).toBe(200);
    expect(await listOf(m)).toMatchObject({ counts: { to_receive: 0 }, list: [{ status: 'completed' }] });
  });

  it('a member’s cancellation, an operator’s cancellation with its refund, and the expiry job', async () => {
    const m = await shopper();
    const cancelled = await m.place();
    const refunded = await m.place(1, 1);
    const expired = await m.place();
    expect((await listOf(m)).counts.unpaid).toBe(3);

    expect((await post('/shop/order/cancelOrder', { id: cancelled.order_id }, m.headers)).body.code).toBe(200);
    expect(await statusIn(m, cancelled.order_id)).toBe('cancelled');

    await m.pay(refunded);
    expect(await statusIn(m, refunded.order_id)).toBe('paid');
    // A paid order's cancellation is an owner's (it refunds; support decides no refunds).
    expect((await post('/admin/api/orders/cancel', { id: refunded.order_id, reason: 'damaged in the warehouse' }, (await newOperatorSession(t.db, 'owner')).headers)).body.code).toBe(200);
    expect(await listOf(m)).toMatchObject({ counts: { after_sales: 1 } });
    expect(await statusIn(m, refunded.order_id)).toBe('refunding');
    expect(await withTransaction(t.db, (tx) => markPayableRefunded(tx, system, { type: 'order', id: refunded.order_id }))).toBe(true);
    expect(await statusIn(m, refunded.order_id)).toBe('refunded');

    await t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expired.order_id).execute();
    expect(await expireOrder(t.deps, system, expired.order_id)).toBe(true);
    expect(await statusIn(m, expired.order_id)).toBe('closed');
    expect((await listOf(m)).counts.unpaid).toBe(0);
  });

  it('one member’s change leaves another member’s list as it is, and each language is kept apart', async () => {
    const a = await shopper();
    const b = await shopper();
    await a.place();
    await b.place();
    const before = await listOf(b);
    const english = (await listOf(a)).list[0]!.lines[0]!.name;
    const chinese = (await listOf(a, 'view=all', 'zh-cn')).list[0]!.lines[0]!.name;
    expect(chinese).not.toBe(english);
    await a.place();
    expect((await listOf(a)).total).toBe(2);
    expect((await listOf(a, 'view=all', 'zh-cn')).total).toBe(2);
    expect(await listOf(b)).toEqual(before);
  });

  it('a change made by another process reaches the running shop through the database', async () => {
    const m = await shopper();
    const o = await m.place();
    expect(await statusIn(m, o.order_id)).toBe('awaiting_payment');
    const listening = await listenForChanges(connectionOf(t.db).url);
    try {
      const heard = new Promise<void>((resolve) => {
        const stop = onChanges((changes, origin) => {
          if (origin === 'remote' && changes.some((c) => c.kind === 'orders' && c.memberIds.includes(m.userId))) resolve(stop());
        });
      });
      // What an operator command or a separate job worker does: its write, then its notice on the channel.
      await t.db.updateTable('orders').set({ status: 'cancelled', cancelled_at: new Date() }).where('id', '=', o.order_id).execute();
      await notifyChannel(t.db, CHANGES_CHANNEL, changesPayload([{ kind: 'orders', memberIds: [m.userId] }]));
      await heard;
      expect(await statusIn(m, o.order_id)).toBe('cancelled');
    } finally {
      await listening.stop();
    }
  });
});
