import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../jobs/worker.js';
import { systemActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { jobTasks } from '../../../job-tasks.js';
import { changeShopStock } from '../user-shop.service.js';
import { shopKit, type ShopKit } from './fixtures.js';

// In member shops, the owner completed a shipped order for the buyer (starting
// the buyer's return window early) and nothing completed a shipped order the buyer never confirmed;
// the shop page listed the price of an option out of stock.

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
});
afterAll(() => t.close());

const job = systemActor('shop-test');
const sweep = () => jobTasks.sweep_shop_orders({}, { deps: t.deps, actor: job, helpers: { logger: { info: () => undefined } } } as never);

/** A delivery order of the shop, approved and shipped by its owner. */
async function shippedOrder() {
  const o = await k.owner();
  const g = await k.offered(o, { price: 1000, stock: 2 });
  const b = await k.buyer(1000);
  const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
  await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' });
  expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: 'DHL7' })).body.data.status).toBe('shipped');
  return { o, b, id };
}

describe('a shipped delivery order', () => {
  it('is not the owner’s to complete: refused with a message saying the buyer confirms it, and the owner is offered no Complete', async () => {
    const { o, b, id } = await shippedOrder();
    const refused = await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'completed' });
    expect(refused.body).toMatchObject({ code: ResponseCode.shopOrderBuyerConfirms, msg: 'A shipped order is completed when the buyer confirms receipt, or on its own some days after shipping' });
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'completed' }, 'zh-cn')).body.msg).toBe('已发货的订单由买家确认收货完成，或在发货若干天后自动完成');
    expect((await k.orderRow(id)).status).toBe('shipped');
    expect((await k.get(o, `/attractive/shop/shopOrderInfo?id=${id}`)).body.data.actions.complete).toBe(false);
    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data.actions.complete).toBe(true);
    expect((await k.post(b, '/attractive/order/confirm', { id })).body.data.status).toBe('completed');
  });

  it('completes on its own the order settings’ days after shipping (the sweep), not sooner, and its settlement is scheduled', async () => {
    const { auto_confirm_days: days } = await t.db.selectFrom('order_settings').select('auto_confirm_days').executeTakeFirstOrThrow();
    const old = await shippedOrder();
    const recent = await shippedOrder();
    await t.db.updateTable('shop_orders').set({ shipped_at: new Date(Date.now() - days * 86_400_000 - 60_000) }).where('id', '=', old.id).execute();
    await t.db.updateTable('shop_orders').set({ shipped_at: new Date(Date.now() - (days - 1) * 86_400_000) }).where('id', '=', recent.id).execute();
    await sweep();
    const done = await k.orderRow(old.id);
    expect(done.status).toBe('completed');
    expect(done.settles_at).not.toBeNull();
    const events = (await k.get(old.o, `/attractive/shop/shopOrderInfo?id=${old.id}`)).body.data.events;
    expect(events.at(-1)).toMatchObject({ to: 'completed', reason: 'not confirmed in time', by: 'system' });
    expect((await k.orderRow(recent.id)).status).toBe('shipped');
  });
  it('shipping schedules its own completion: once its time comes, the job completes it', async () => {
    const { id } = await shippedOrder();
    await t.db.updateTable('shop_orders').set({ shipped_at: new Date(Date.now() - 91 * 86_400_000) }).where('id', '=', id).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`shop-order-auto-complete:${id}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('auto_complete_shop_order');
    expect((await k.orderRow(id)).status).toBe('completed');
  });
});

describe('the price the shop page lists', () => {
  it('is the lowest of the options the shop holds in stock, the lowest of all when it holds none', async () => {
    const o = await k.owner();
    const g = await newGoods(t.db, [{ price: 6499, stock: 99 }, { price: 7798, stock: 99 }]);
    const set = await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true });
    expect(set.body.code, set.body.msg).toBe(200);
    const b = await k.buyer();
    const listed = async () => ((await k.get(b, `/attractive/shop/shopGoods?shop_id=${o.shopId}`)).body.data.list as Array<{ goods_id: number; price: number }>).find((x) => x.goods_id === g.goodsId)!.price;
    expect(await listed()).toBe(6499);
    await withTransaction(t.db, (tx) => changeShopStock(tx, job, { shopId: o.shopId, skuId: g.skuIds[1]!, goodsId: g.goodsId, delta: 3, cause: 'operator', reference: 'test', reason: 'opening stock' }));
    expect(await listed()).toBe(7798);
  });
});
