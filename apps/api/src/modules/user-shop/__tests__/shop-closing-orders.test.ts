import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

// Closing a shop refunded only the orders still awaiting audit: a paid order its owner had approved
// (or made ready for pickup) stayed open at a shop no buyer could open, its units held, nobody told,
// and the owner could still move it. Closing now refunds every paid order not yet handed over, once,
// with its units back in the shop's stock; goods already shipped stay on their way; the buyer and
// the owner are told; the owner moves nothing at a closed shop.

let t: TestApp;
let k: ShopKit;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let n = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  operator = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

const close = (shopId: number, reason = 'left the programme') =>
  call(t, 'POST', '/admin/api/shops/status', { headers: { ...operator.headers, 'idempotency-key': `close-${Date.now()}-${n++}` }, body: { id: shopId, status: 'closed', reason }, lang: 'en-us' });
type Shown = { kind: string; title: string; text: string; link: string };
const messagesOf = async (m: { headers: Record<string, string> }, lang = 'en-us'): Promise<Shown[]> => (await k.get(m, '/user/message/list?kind=shop&limit=50', lang)).body.data.list;

describe('closing a shop with orders not yet handed over', () => {
  it('refunds an approved and a ready order once, units back; a shipped one stays; buyer and owner are told; the owner can no longer move them', async () => {
    const o = await k.owner('Closing Corner');
    const g = await k.offered(o, { price: 1200, stock: 6 });
    const b = await k.buyer(10_000);
    const approved = await k.paidOrder(b, o.shopId, g.skuId, 2, { addressId: b.addressId });
    const ready = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    const shipped = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    for (const id of [approved, ready, shipped]) expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id: ready, to: 'ready_for_pickup' })).body.data.status).toBe('ready_for_pickup');
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id: shipped, to: 'shipped', carrier: 'DHL', tracking_number: 'DHL-CLOSE-1' })).body.data.status).toBe('shipped');
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(2);
    expect(await k.usd(b.userId)).toBe(10_000 - 4 * 1200);

    const closed = await close(o.shopId);
    expect(closed.body, closed.body.msg).toMatchObject({ code: 200, data: { status: 'closed', refunded_orders: 2, closed_orders: 0 } });
    expect(await k.orderRow(approved)).toMatchObject({ status: 'rejected', reject_reason: 'shop_closed' });
    expect(await k.orderRow(ready)).toMatchObject({ status: 'rejected', reject_reason: 'shop_closed' });
    // Goods on their way stay to be received (after-sales stays open to them).
    expect((await k.orderRow(shipped)).status).toBe('shipped');
    // Each refunded once, in full; the units they took are back in the shop's stock.
    for (const id of [approved, ready]) {
      const refunds = await k.refundsOf(id);
      expect(refunds).toHaveLength(1);
      expect((await k.orderRow(id)).refunded_at).not.toBeNull();
    }
    expect(await k.usd(b.userId)).toBe(10_000 - 1200);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(5);

    // The owner moves nothing at the closed shop, told why in their language; nothing changes.
    const moved = await k.post(o, '/attractive/shop/changeOrderState', { id: approved, to: 'shipped', carrier: 'DHL', tracking_number: 'DHL-LATE' });
    expect(moved.body).toMatchObject({ code: ResponseCode.shopOrderState, msg: 'Your shop is closed: its orders can no longer be changed. Orders not yet handed over were refunded to their buyers.' });
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id: ready, to: 'completed' }, 'zh-cn')).body.msg).toBe('您的店铺已关闭，其订单无法再变更。尚未交付的订单已全额退款给买家。');
    expect((await k.orderRow(approved)).status).toBe('rejected');

    // The buyer is told of each refund, linked to their shop orders; the owner of the closing, with its reason.
    const told = await messagesOf(b);
    const refundedTold = told.filter((m) => m.kind === 'shop.order_refunded_shop_closed');
    expect(refundedTold).toHaveLength(2);
    const approvedNo = (await k.orderRow(approved)).order_no;
    expect(refundedTold.find((m) => m.text.includes(approvedNo))).toMatchObject({ title: 'Shop closed: order refunded', link: '/pages/shop/buyerOrders' });
    expect((await messagesOf(o)).find((m) => m.kind === 'shop.closed')).toMatchObject({ text: expect.stringContaining('left the programme'), link: '/pages/shop/my' });
    await k.ledgerClean();
  }, 60_000);

  it('the owner making an order ready for pickup while an operator closes the shop: one outcome, refunded once, every time', async () => {
    for (let run = 0; run < 6; run++) {
      const o = await k.owner(`Race Shop ${run}`);
      const g = await k.offered(o, { price: 300, stock: 2 });
      const b = await k.buyer(1_000);
      const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
      expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
      const [ready, closed] = await Promise.all([k.post(o, '/attractive/shop/changeOrderState', { id, to: 'ready_for_pickup' }), close(o.shopId)]);
      expect(closed.body.code, closed.body.msg).toBe(200);
      expect([200, ResponseCode.shopOrderState]).toContain(ready.body.code);
      expect(await k.orderRow(id)).toMatchObject({ status: 'rejected', reject_reason: 'shop_closed' });
      expect(await k.refundsOf(id)).toHaveLength(1);
      expect(await k.usd(b.userId)).toBe(1_000);
      expect(await k.stockOf(o.shopId, g.skuId)).toBe(2);
    }
    await k.ledgerClean();
  }, 120_000);
});
