import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../jobs/worker.js';
import { systemActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { settleShopOrder } from '../../user-shop/shop-orders.service.js';
import { shopKit, type ShopKit } from '../../user-shop/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// After-sales of member-shop orders: the buyer's cases on a shop order go through the same
// after-sales area; the refund goes to the shop order's payable; resellable units go back to the
// shop's stock; the owner is credited at settlement on what was not refunded, once.

let t: TestApp;
let k: ShopKit;
let a: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  a = await afterSalesKit(t);
});
afterAll(() => t.close());

type Buyer = Awaited<ReturnType<ShopKit['buyer']>>;

/** A shop order of `num` units at `price`, approved, shipped and (unless told) confirmed by the buyer. */
async function receivedShopOrder(opts: { price?: number; num?: number; stock?: number; confirm?: boolean } = {}) {
  const num = opts.num ?? 2;
  const price = opts.price ?? 2000;
  const o = await k.owner();
  const g = await k.offered(o, { price, stock: opts.stock ?? num + 1 });
  const b = await k.buyer(price * num);
  const id = await k.paidOrder(b, o.shopId, g.skuId, num, { addressId: b.addressId });
  expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
  expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: `DHL${id}` })).body.data.status).toBe('shipped');
  if (opts.confirm !== false) expect((await k.post(b, '/attractive/order/confirm', { id })).body.data.status).toBe('completed');
  const [line] = await t.db.selectFrom('shop_order_lines').select(['id']).where('order_id', '=', id).execute();
  return { o, g, b, id, lineId: Number(line!.id), paid: price * num };
}

const submit = (b: Buyer, shopOrderId: number, lineId: number, qty: number, kind = 'return') =>
  k.post(b, '/shop/order/afterSaleSubmit', { shop_order_id: shopOrderId, kind, reason_id: kind === 'exchange' ? 'wrong_size' : 'changed_mind', lines: [{ order_line_id: lineId, qty }] });

const refundsOf = (shopOrderId: number) =>
  t.db.selectFrom('payment_refunds as r').innerJoin('payments as p', 'p.id', 'r.payment_id').select(['r.amount_minor', 'r.status', 'r.cause']).where('p.payable_type', '=', 'shop_order').where('p.payable_id', '=', shopOrderId).execute();

/** The settle moment has come (the test clock moves its time, nobody waits). */
async function settleTimeCame(orderId: number) {
  await t.db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', orderId).execute();
  await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`shop-order-settle:${orderId}`}`.execute(t.db);
}

describe('after-sales of a member-shop order', () => {
  it('apply → approve → return → received (resellable) → refund: the payable refunded once, the shop stock back, the owner sees it, the queue marks it', async () => {
    const { o, g, b, id, lineId, paid } = await receivedShopOrder({ price: 2000, num: 2, stock: 3 });
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(1);
    // The buyer's shop order offers after-sales.
    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data).toMatchObject({ has_after_sale: false, after_sale: null, actions: { after_sale: true } });
    const apply = (await k.post(b, '/shop/order/afterSaleApply', { shop_order_id: id })).body.data;
    expect(apply).toMatchObject({ order_id: null, shop_order_id: id, currency: 'USD', kinds: expect.arrayContaining(['return']), lines: [{ order_line_id: lineId, bought: 2, left: 2, refundable: paid, kinds: expect.arrayContaining(['return']) }] });
    // The owner's list, read (and kept) before any case.
    const ownerRow = async () => (await k.get(o, '/attractive/shop/shopOrderList?view=all')).body.data.list.find((x: { id: number }) => x.id === id);
    expect(await ownerRow()).toMatchObject({ has_after_sale: false, after_sale: null });
    // Both or neither order named: refused.
    expect((await k.post(b, '/shop/order/afterSaleApply', {})).status).toBe(422);
    expect((await k.post(b, '/shop/order/afterSaleApply', { shop_order_id: id, order_id: id })).status).toBe(422);
    // The buyer's case lists, read (and kept) before any case.
    const listed = async (query: string) => ((await k.get(b, `/attractive/AfterSales/list${query}`)).body.data.list as Array<{ id: number }>).map((c) => c.id);
    expect([await listed(''), await listed(`?shop_order_id=${id}`)]).toEqual([[], []]);
    // More than bought: refused, nothing written.
    expect((await submit(b, id, lineId, 3)).body.code).toBe(ResponseCode.afterSaleQuantity);
    const created = await submit(b, id, lineId, 1);
    expect(created.body.code, created.body.msg).toBe(200);
    const caseId = created.body.data.case_id as number;
    expect(await a.caseRow(caseId)).toMatchObject({ order_id: null, shop_order_id: id, refundable_minor: paid / 2 });
    // The case reads like any other, with its shop.
    const info = (await k.get(b, `/attractive/AfterSales/info?id=${caseId}`)).body.data;
    expect(info).toMatchObject({ order_id: null, shop_order_id: id, shop: { id: o.shopId, name: 'Mei Service Centre' }, lines: [{ order_line_id: lineId, qty: 1, price: 2000 }], status: 'under_review' });
    expect([await listed(''), await listed(`?shop_order_id=${id}`), await listed(`?shop_order_id=${id + 1_000_000}`)]).toEqual([[caseId], [caseId], []]);
    expect((await k.get(b, `/attractive/AfterSales/goodsListDesc?shop_order_id=${id}`)).body.data).toMatchObject({ shop_order_id: id, list: [{ order_line_id: lineId, bought: 2, left: 1 }] });
    // The owner sees the case on the order (read-only), in the list and the detail.
    await expect.poll(ownerRow).toMatchObject({ has_after_sale: true, after_sale: { cases: 1, open: 1, status: 'under_review', refunded: 0 }, actions: { after_sale: false } });
    // The console's queue shows it, marked as a shop order's case with the shop's name.
    const queue = (await a.adminGet(`/admin/api/after-sales/list?source=shop_order&q=${created.body.data.case_no}`)).body.data;
    expect(queue).toMatchObject({ total: 1, list: [{ id: caseId, shop_order_id: id, order_id: null, shop: { id: o.shopId, name: 'Mei Service Centre' }, member_id: b.userId }] });
    expect((await a.adminGet(`/admin/api/after-sales/list?source=order&q=${created.body.data.case_no}`)).body.data.total).toBe(0);
    const detail = (await a.adminGet(`/admin/api/after-sales/detail?id=${caseId}`)).body.data;
    expect(detail).toMatchObject({ shop: { name: 'Mei Service Centre' }, order_refundable: paid, refundable: paid / 2 });
    // The platform decides.
    expect((await a.admin('/admin/api/after-sales/approve', { id: caseId, refund_amount: paid })).body.code).toBe(ResponseCode.afterSaleRefundTooLarge);
    expect((await a.admin('/admin/api/after-sales/approve', { id: caseId })).body.data).toMatchObject({ status: 'awaiting_return' });
    // Each move of the case shows in the owner's kept list.
    await expect.poll(async () => (await ownerRow()).after_sale.status).toBe('awaiting_return');
    expect((await k.post(b, '/attractive/AfterSales/expressSave', { case_id: caseId, carrier_code: 'poslaju', tracking_number: 'RT12345' })).body.data.status).toBe('return_shipped');
    expect((await a.admin('/admin/api/after-sales/receive', { id: caseId, resellable: true })).body.data.status).toBe('received');
    // Resellable: back to the shop's stock, a recorded adjustment, not the platform's stock; its cause
    // says why in the reader's language, so no English reason is stored beside it.
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(2);
    const adj = await t.db.selectFrom('shop_stock_adjustments').selectAll().where('shop_id', '=', o.shopId).where('cause', '=', 'after_sale').execute();
    expect(adj).toMatchObject([{ delta: 1, stock_after: 2, reference: `after-sale:${created.body.data.case_no}`, reason: '' }]);
    expect((await t.db.selectFrom('goods_skus').select('stock').where('id', '=', g.skuId).executeTakeFirstOrThrow()).stock).toBe(99);
    const cashBefore = await k.usd(b.userId);
    const refunds = await Promise.all(Array.from({ length: 5 }, () => a.admin('/admin/api/after-sales/refund', { id: caseId })));
    expect(refunds.filter((r) => r.body.code === 200).length).toBeGreaterThan(0);
    expect((await a.caseRow(caseId)).status).toBe('refunded');
    expect(await k.usd(b.userId)).toBe(cashBefore + paid / 2);
    const rows = await refundsOf(id);
    expect(rows).toMatchObject([{ cause: `after-sale:${caseId}:ledger`, amount_minor: paid / 2, status: 'succeeded' }]);
    expect((await k.get(o, `/attractive/shop/shopOrderInfo?id=${id}`)).body.data).toMatchObject({ after_sale: { cases: 1, open: 0, status: 'refunded', refunded: paid / 2 } });
    await k.ledgerClean();
  });

  it('another member’s shop order, or a shop order line of another order: not found, nothing written', async () => {
    const { b, id, lineId } = await receivedShopOrder();
    const other = await k.buyer();
    const count = async () => Number((await t.db.selectFrom('after_sales').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    expect((await k.post(other, '/shop/order/afterSaleApply', { shop_order_id: id })).body.code).toBe(ResponseCode.orderNotFound);
    expect((await submit(other, id, lineId, 1)).body.code).toBe(ResponseCode.orderNotFound);
    expect((await k.get(other, `/attractive/AfterSales/goodsListDesc?shop_order_id=${id}`)).body.code).toBe(ResponseCode.orderNotFound);
    expect((await k.get(other, `/attractive/AfterSales/huanhuoGoods?shop_order_line_id=${lineId}`)).body.code).toBe(ResponseCode.orderNotFound);
    // The buyer's own shop order named as a regular order: not found either (another table, another id).
    const mine = await receivedShopOrder();
    // A line of another shop order is not part of this one: refused on the line, as a line that does not exist.
    expect((await k.post(b, '/shop/order/afterSaleSubmit', { shop_order_id: id, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: mine.lineId, qty: 1 }] })).body).toMatchObject({ code: ResponseCode.validation, msg: 'This item is not part of the order' });
    expect(await count()).toBe(before);
    // Not yet shipped: not open to after-sales.
    const o = await k.owner();
    const g = await k.offered(o, { price: 500, stock: 2 });
    await fund(t.db, b.userId, 500, 'USD');
    const early = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    const earlyLine = Number((await t.db.selectFrom('shop_order_lines').select('id').where('order_id', '=', early).executeTakeFirstOrThrow()).id);
    expect((await submit(b, early, earlyLine, 1)).body.code).toBe(ResponseCode.afterSaleNotAllowed);
    expect((await k.get(b, `/attractive/order/info?id=${early}`)).body.data.actions.after_sale).toBe(false);
    expect(await count()).toBe(before);
  });

  it('race: 12 concurrent cases of one unit on 10 bought open 10; their refunds, each asked 3 times at once, never give back more than was paid', async () => {
    const { b, id, lineId, paid } = await receivedShopOrder({ price: 999, num: 10, stock: 10 });
    const opened = await Promise.all(Array.from({ length: 12 }, () => submit(b, id, lineId, 1)));
    const ids = opened.filter((r) => r.body.code === 200).map((r) => r.body.data.case_id as number);
    expect(ids).toHaveLength(10);
    expect(opened.filter((r) => r.body.code === ResponseCode.afterSaleQuantity)).toHaveLength(2);
    for (const caseId of ids) {
      expect((await a.admin('/admin/api/after-sales/approve', { id: caseId })).body.code).toBe(200);
      expect((await a.admin('/admin/api/after-sales/receive', { id: caseId })).body.code).toBe(200);
    }
    const cash = await k.usd(b.userId);
    await Promise.all(ids.flatMap((caseId) => Array.from({ length: 3 }, () => a.admin('/admin/api/after-sales/refund', { id: caseId }))));
    const rows = await refundsOf(id);
    const total = rows.filter((r) => r.status !== 'failed').reduce((s, r) => s + Number(r.amount_minor), 0);
    expect(total).toBe(paid);
    expect(rows).toHaveLength(10);
    expect(await k.usd(b.userId)).toBe(cash + paid);
    for (const caseId of ids) expect((await a.caseRow(caseId)).status).toBe('refunded');
    await k.ledgerClean();
  });

  it('a case open at the settle moment delays settlement; the owner is then credited once, on what was not refunded', async () => {
    const { o, b, id, lineId, paid } = await receivedShopOrder({ price: 2000, num: 2 });
    const caseId = (await submit(b, id, lineId, 1)).body.data.case_id as number;
    await settleTimeCame(id);
    await runDueJobs(t.deps);
    expect(await settleShopOrder(t.deps, systemActor('test'), id)).toBe(false);
    expect((await k.orderRow(id)).settled_at).toBeNull();
    expect(await k.usd(o.userId, 'rewards')).toBe(0);
    await a.admin('/admin/api/after-sales/approve', { id: caseId });
    await a.admin('/admin/api/after-sales/receive', { id: caseId });
    expect((await a.admin('/admin/api/after-sales/refund', { id: caseId })).body.data.status).toBe('refunded');
    // The case ended: the settlement job runs again and credits the owner on the half not refunded, 10 % fee off.
    expect((await runDueJobs(t.deps)).succeeded).toContain('settle_shop_order');
    const half = paid / 2;
    expect(await k.usd(o.userId, 'rewards')).toBe(half - half / 10);
    expect(await settleShopOrder(t.deps, systemActor('test'), id)).toBe(false);
    await runDueJobs(t.deps);
    expect(await k.usd(o.userId, 'rewards')).toBe(half - half / 10);
    expect((await k.get(o, `/attractive/shop/shopOrderInfo?id=${id}`)).body.data).toMatchObject({ earnings: half - half / 10, settled_at: expect.any(String) });
    // Settled: no more returns (the money is final); the buyer is told so.
    expect((await submit(b, id, lineId, 1)).body.code).toBe(ResponseCode.afterSaleKindNotAllowed);
    await k.ledgerClean();
  });

  it('race: a return asked at the very moment the order settles: either the case holds the settlement, or the order settled and the return is refused', async () => {
    for (let run = 0; run < 6; run++) {
      const { o, b, id, lineId, paid } = await receivedShopOrder({ price: 1000, num: 1 });
      await t.db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
      const [asked, settled] = await Promise.all([submit(b, id, lineId, 1), settleShopOrder(t.deps, systemActor('test'), id)]);
      const row = await k.orderRow(id);
      if (asked.body.code === 200) {
        // The case came first: the order waits, nothing is earned yet.
        expect(settled).toBe(false);
        expect(row.settled_at).toBeNull();
        expect(await k.usd(o.userId, 'rewards')).toBe(0);
      } else {
        expect(asked.body.code).toBe(ResponseCode.afterSaleKindNotAllowed);
        expect(settled).toBe(true);
        expect(await k.usd(o.userId, 'rewards')).toBe(paid - paid / 10);
      }
    }
    await k.ledgerClean();
  });

  it('a picked-up shop order: open to after-sales once completed, its goods go back to the return address of the shop owner’s country', async () => {
    const o = await k.owner();
    await t.db.updateTable('users').set({ country: 'KH' }).where('id', '=', o.userId).execute();
    const g = await k.offered(o, { price: 800, stock: 2 });
    const b = await k.buyer(800);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' });
    await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'ready_for_pickup' });
    const lineId = Number((await t.db.selectFrom('shop_order_lines').select('id').where('order_id', '=', id).executeTakeFirstOrThrow()).id);
    // Ready for pickup is not yet the buyer's: no case.
    expect((await submit(b, id, lineId, 1)).body.code).toBe(ResponseCode.afterSaleNotAllowed);
    await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'completed' });
    const saved = await a.admin('/admin/api/after-sales/addresses/save', { country_code: 'KH', kind: 'return', name: 'Phnom Penh returns', address: '12 Street 310', enabled: true });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const caseId = (await submit(b, id, lineId, 1)).body.data.case_id as number;
    await a.admin('/admin/api/after-sales/approve', { id: caseId });
    expect((await k.get(b, `/attractive/AfterSales/info?id=${caseId}`)).body.data.return_address).toMatchObject({ name: 'Phnom Penh returns', country_code: 'KH' });
  });

  it('an exchange of a shop order: the replacement from the platform’s stock, the unit sent back to it; nothing refunded, the owner earns in full', async () => {
    const { o, g, b, id, lineId, paid } = await receivedShopOrder({ price: 1000, num: 1, stock: 1 });
    const platformStock = async () => (await t.db.selectFrom('goods_skus').select('stock').where('id', '=', g.skuId).executeTakeFirstOrThrow()).stock;
    const before = await platformStock();
    expect((await k.get(b, `/attractive/AfterSales/huanhuoGoods?shop_order_line_id=${lineId}`)).body.data).toMatchObject({ max_exchanges: 1, used: 0, left: 1, list: [{ sku_id: g.skuId }] });
    const caseId = (await submit(b, id, lineId, 1, 'exchange')).body.data.case_id as number;
    expect((await a.admin('/admin/api/after-sales/approve', { id: caseId })).body.data.status).toBe('awaiting_return');
    expect(await platformStock()).toBe(before - 1);
    await k.post(b, '/attractive/AfterSales/expressSave', { case_id: caseId, carrier_code: 'poslaju', tracking_number: 'EX12345' });
    await a.admin('/admin/api/after-sales/receive', { id: caseId, resellable: true });
    expect(await platformStock()).toBe(before);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(0);
    await a.admin('/admin/api/after-sales/ship', { id: caseId, carrier: 'DHL', tracking_number: 'RP12345' });
    expect((await k.post(b, '/attractive/AfterSales/receipt', { case_id: caseId })).body.data.status).toBe('completed');
    await settleTimeCame(id);
    await runDueJobs(t.deps);
    expect(await k.usd(o.userId, 'rewards')).toBe(paid - paid / 10);
    expect(await refundsOf(id)).toEqual([]);
    await k.ledgerClean();
  });

  it('a fully refunded shop order earns its owner nothing', async () => {
    const { o, b, id, lineId } = await receivedShopOrder({ price: 1500, num: 2 });
    const caseId = (await submit(b, id, lineId, 2)).body.data.case_id as number;
    await a.admin('/admin/api/after-sales/approve', { id: caseId });
    await a.admin('/admin/api/after-sales/receive', { id: caseId });
    expect((await a.admin('/admin/api/after-sales/refund', { id: caseId })).body.data).toMatchObject({ status: 'refunded', refunded: 3000 });
    await settleTimeCame(id);
    await runDueJobs(t.deps);
    expect((await k.orderRow(id)).settled_at).not.toBeNull();
    expect(Number((await k.orderRow(id)).earnings_minor)).toBe(0);
    expect(await k.usd(o.userId, 'rewards')).toBe(0);
    await k.ledgerClean();
  });
});
