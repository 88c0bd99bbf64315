import type { Executor } from '../../db/database.js';
import { enqueueJob } from '../../jobs/enqueue.js';
import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import type { CaseOrder, CaseOrderLine, ShopOrderSource } from '../after-sales/order-source.js';
import type { SpecDef } from '../catalogue/catalogue.table.js';
import { skuSpecText } from '../catalogue/sku-text.js';
import { shopOrdersChanged } from './shop-order-lists.js';
import * as q from './user-shop.queries.js';
import { changeShopStock, unitsPerSku } from './user-shop.service.js';

// Shop orders as after-sales reads them (registered in wiring.ts): the buyer's cases on a shop order
// use the after-sales area; units returned and resellable go back to the shop's stock; a case that
// opens or moves shows in the owner's lists, and one that ends lets the order settle. After-sales also
// reads here which units of a regular order its buyer booked into their shop (no longer theirs to return).

type ShopOrder = NonNullable<Awaited<ReturnType<typeof q.findShopOrder>>>;

/** The country whose return address a case of the order reads: where it was shipped, else (picked up) the shop owner's. */
const countryOf = async (db: Executor, o: ShopOrder) => (o.address as { country_code?: string } | null)?.country_code || (await q.findMemberCountry(db, Number(o.owner_id))).toUpperCase();

const caseOrderOf = (o: ShopOrder, shopName: string, countryCode: string): CaseOrder => ({
  kind: 'shop_order',
  id: Number(o.id),
  order_no: o.order_no,
  user_id: Number(o.buyer_id),
  // Ready for pickup is not yet in the buyer's hands: like an approved order, not open to after-sales.
  status: o.status,
  completed_at: o.completed_at ? new Date(o.completed_at) : null,
  shipped_at: o.shipped_at && o.status !== 'ready_for_pickup' ? new Date(o.shipped_at) : null,
  settled_at: o.settled_at ? new Date(o.settled_at) : null,
  total_minor: Number(o.total_minor),
  freight_minor: 0,
  currency: o.currency,
  country_code: countryCode,
  shop: { id: Number(o.shop_id), name: shopName, owner_id: Number(o.owner_id) },
  points_spent: 0,
});

export const shopOrderAfterSales: ShopOrderSource = {
  async find(db, id) {
    const o = await q.findShopOrderWithNames(db, id);
    return o ? caseOrderOf(o, o.shop_name, await countryOf(db, o)) : undefined;
  },
  async lock(tx, id) {
    const o = await q.lockShopOrderForUpdate(tx, id);
    return o ? caseOrderOf(o, await q.findShopName(tx, Number(o.shop_id)), await countryOf(tx, o)) : undefined;
  },
  async lines(db, id) {
    return (await q.findShopOrderLines(db, [id])).map(
      (l): CaseOrderLine => ({
        id: Number(l.id),
        order_id: Number(l.order_id),
        goods_id: Number(l.goods_id),
        sku_id: Number(l.sku_id),
        quantity: l.quantity,
        unit_price_minor: Number(l.price_minor),
        line_total_minor: Number(l.price_minor) * l.quantity,
        name: l.name as Record<string, string>,
        image: l.image,
        spec: (lang) => skuSpecText(l.specs as SpecDef[], l.spec_value_ids as number[], lang),
      }),
    );
  },
  orderOfLine: (db, lineId) => q.findOrderIdOfShopLine(db, lineId),
  async takeBack(tx: Tx, actor: Actor, shopOrderId, units, reference) {
    const order = await q.findShopOrder(tx, shopOrderId);
    if (!order) return;
    const goodsOf = new Map(units.map((u) => [u.sku_id, u.goods_id]));
    for (const u of unitsPerSku(units.map((x) => ({ sku_id: x.sku_id, num: x.qty })))) {
      await changeShopStock(tx, actor, { shopId: Number(order.shop_id), skuId: u.sku_id, goodsId: goodsOf.get(u.sku_id)!, delta: u.num, cause: 'after_sale', reference });
    }
  },
  async caseChanged(tx, shopOrderId) {
    const order = await q.findShopOrder(tx, shopOrderId);
    if (order) shopOrdersChanged(tx, [Number(order.shop_id)]);
  },
  restockedUnits: (db, order) => q.findRestockedUnits(db, order),
  restockedUnitsQuery: (order) => q.restockedUnitsQuery(order),
  async caseEnded(tx, shopOrderId) {
    const order = await q.findShopOrder(tx, shopOrderId);
    if (!order) return;
    shopOrdersChanged(tx, [Number(order.shop_id)]);
    if (order.status !== 'completed' || order.settled_at || !order.settles_at) return;
    // The settlement job decides (its time, the window, no case open); now if its time has passed.
    const at = new Date(Math.max(Date.now(), new Date(order.settles_at).getTime()));
    await enqueueJob(tx, 'settle_shop_order', { orderId: shopOrderId }, { runAt: at, jobKey: `shop-order-settle:${shopOrderId}` });
  },
};
