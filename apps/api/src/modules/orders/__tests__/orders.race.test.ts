import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../../../db/database.js';
import { widePool } from '../../../test/test-database.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import type { AppDeps } from '../../../app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { expireOrder, markOrderPaid, placeOrder } from '../orders.service.js';
import { memberActor } from './actors.js';
import { newAddress, orderRow } from './fixtures.js';

// Many buyers for the last units, many times: the stock is reserved by one conditional update per
// SKU, so exactly as many orders as units are placed and the stock never goes below zero.
const BUYERS = 200;
const STOCK = 10;
const RUNS = 20;

let t: TestApp;
let wide: Database;
let deps: AppDeps;
const buyers: Array<{ userId: number; addressId: number; headers: { authorization: string } }> = [];

beforeAll(async () => {
  t = await buildTestApp();
  // A pool as wide as a busy process's: 40 transactions contend at once, not 4.
  wide = widePool(t.db, 40);
  deps = { ...t.deps, db: wide };
  for (let i = 0; i < BUYERS; i++) {
    const m = await newMember(t);
    buyers.push({ ...m, addressId: await newAddress(t.db, m.userId) });
  }
}, 120_000);
afterAll(async () => {
  await wide?.destroy();
  await t.close();
});

/** The buyers' unpaid orders run out of time (as they would unpaid): the next round's checkouts are not held by the cap on unpaid orders per member. */
const letUnpaidOrdersLapse = () => t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('status', '=', 'awaiting_payment').execute();

const ordersOfSku = async (skuId: number) =>
  Number((await t.db.selectFrom('order_lines').select((eb) => eb.fn.countAll<string>().as('n')).where('sku_id', '=', skuId).executeTakeFirstOrThrow()).n);

describe('no oversell', () => {
  it(`${BUYERS} concurrent checkouts of one unit of an SKU with stock ${STOCK}, ${RUNS} runs: exactly ${STOCK} orders each run`, async () => {
    const figures: string[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const g = await newGoods(t.db, [{ price: 999, stock: STOCK }]);
      const results = await Promise.allSettled(
        buyers.map((b) => placeOrder(deps, memberActor(b.userId), { goods_id: g.goodsId, sku_id: g.skuIds[0]!, num: 1, address_id: b.addressId, remarks: '' })),
      );
      const placed = results.filter((r) => r.status === 'fulfilled').length;
      const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as { code?: number }).code);
      expect(placed).toBe(STOCK);
      expect(new Set(refusals)).toEqual(new Set([ResponseCode.lineUnavailable]));
      expect(await stockOf(t.db, g.skuIds[0]!)).toBe(0);
      expect(await ordersOfSku(g.skuIds[0]!)).toBe(STOCK);
      await letUnpaidOrdersLapse();
      figures.push(`run ${run}: ${placed} placed, ${refusals.length} refused`);
    }
    console.info(`race: ${BUYERS} buyers, stock ${STOCK}\n${figures.join('\n')}`);
  }, 300_000);

  it('through the API too: 200 members at once, stock 10, exactly 10 orders', async () => {
    const g = await newGoods(t.db, [{ price: 999, stock: STOCK }]);
    const answers = await Promise.all(
      buyers.map((b) => call(t, 'POST', '/shop/buy/createOrder', { headers: b.headers, body: { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: b.addressId } })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(STOCK);
    expect(answers.filter((a) => a.body.code !== 200).every((a) => a.body.code === ResponseCode.lineUnavailable)).toBe(true);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(0);
  }, 120_000);

  it('buyers of several units and several SKUs at once never take more than there is', async () => {
    const g = await newGoods(t.db, [{ price: 100, stock: 25 }, { price: 100, stock: 25 }]);
    const [a, b] = g.skuIds as [number, number];
    // Each buyer wants 1–3 of both SKUs, in either order in the request.
    const results = await Promise.allSettled(
      buyers.slice(0, 100).map((buyer, i) => {
        const n = (i % 3) + 1;
        const items = [
          { goods_id: g.goodsId, sku_id: a, num: n },
          { goods_id: g.goodsId, sku_id: b, num: n },
        ];
        return placeOrder(deps, memberActor(buyer.userId), { address_id: buyer.addressId, remarks: '', items: i % 2 ? items : items.reverse() });
      }),
    );
    const sold = await t.db.selectFrom('order_lines').select(['sku_id', (eb) => eb.fn.sum<string>('quantity').as('n')]).where('sku_id', 'in', [a, b]).groupBy('sku_id').execute();
    const soldOf = (id: number) => Number(sold.find((s) => s.sku_id === id)?.n ?? 0);
    expect(soldOf(a) + (await stockOf(t.db, a))).toBe(25);
    expect(soldOf(b) + (await stockOf(t.db, b))).toBe(25);
    expect(soldOf(a)).toBe(soldOf(b));
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
  }, 120_000);
});

describe('expired and paid at the same moment', () => {
  it('has one outcome, 20 times out of 20: paid (stock kept) or closed (stock back, payment refused)', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const buyer = buyers[i]!;
      const g = await newGoods(t.db, [{ price: 500, stock: 3 }]);
      const order = await placeOrder(deps, memberActor(buyer.userId), { goods_id: g.goodsId, sku_id: g.skuIds[0]!, num: 2, address_id: buyer.addressId, remarks: '' });
      await t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1) }).where('id', '=', order.order_id).execute();
      const [paid, expired] = await Promise.all([
        withTransaction(wide, (tx) => markOrderPaid(tx, { kind: 'provider', name: 'test', ip: '', lang: 'en-us', requestId: `pay-${i}` }, { orderId: order.order_id, amountMinor: order.total, currency: order.currency })),
        expireOrder(deps, { kind: 'job', name: 'expire_order', ip: '', lang: 'en-us', requestId: `job-${i}` }, order.order_id),
      ]);
      const row = await orderRow(t.db, order.order_id);
      const stock = await stockOf(t.db, g.skuIds[0]!);
      if (paid.outcome === 'paid') {
        expect(expired).toBe(false);
        expect(row.status).toBe('paid');
        expect(stock).toBe(1);
      } else {
        expect(paid).toEqual({ outcome: 'not_payable', status: 'closed' });
        expect(expired).toBe(true);
        expect(row.status).toBe('closed');
        expect(stock).toBe(3);
      }
      outcomes.push(row.status);
    }
    console.info(`expired vs paid: ${outcomes.filter((o) => o === 'paid').length} paid, ${outcomes.filter((o) => o === 'closed').length} closed`);
  }, 120_000);
});
