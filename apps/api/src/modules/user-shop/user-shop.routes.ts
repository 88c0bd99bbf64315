import * as c from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { dropShopOrderListsOnChanges } from './shop-order-lists.js';
import * as ordersConsole from './shop-orders.console.js';
import * as orders from './shop-orders.service.js';
import * as shopsConsole from './shops.console.js';
import * as service from './user-shop.service.js';

/** A decision's idempotency keys belong to the operator who sent it. */
const operatorCaller = (input: { actor: { operatorId?: number } }) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined);

// Money-moving calls are limited per client beyond the app's default.
const moneyLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** Member shops: the console's shops, stock, audits and settings; the owner's shop, goods, stock, orders and slips; the shop cart, checkout and the buyer's shop orders. */
export function userShopRoutes({ handle, deps, app }: Api): void {
  const { db } = deps;
  // The owners' order lists are cached; this drops a shop's whenever one of its orders changes.
  const stopDropping = dropShopOrderListsOnChanges(deps);
  app.addHook('onClose', async () => stopDropping());
  handle(c.getShopSettingsPage, ({ actor }) => service.settingsPage(db, actor));
  handle(c.getMyShop, ({ actor, query }) => service.shopInfo(deps, actor, query));
  handle(c.editMyShop, ({ actor, body }) => service.editShop(db, actor, body));
  handle(c.getMyShopTotals, ({ actor }) => service.shopTotals(db, actor));
  handle(c.listMyShopGoods, ({ actor, query }) => service.shopGoods(db, actor, query));
  handle(c.getMyShopGoods, ({ actor, query }) => service.shopGoodsInfo(db, actor, query));
  handle(c.listMyShopGoodsChoices, ({ actor, query }) => service.goodsChoices(db, actor, query));
  handle(c.setMyShopGoods, ({ actor, body }) => service.setShopGoods(db, actor, body));
  handle(c.restockMyShop, ({ actor, body }) => service.restock(db, actor, body));
  handle(c.listMyShopRestockOrders, ({ actor, query }) => service.restockableOrders(db, actor, query));
  handle(c.listMyShopSales, ({ actor, query }) => service.salesList(db, actor, query));
  handle(c.recordMyShopSale, ({ actor, body }) => service.recordSale(db, actor, body));
  handle(c.countMyShopUnapprovedOrders, ({ actor }) => orders.unapprovedCount(db, actor));
  handle(c.listMyShopOrders, ({ actor, query }) => orders.cachedOwnerOrders(deps, actor, query));
  handle(c.getMyShopOrder, ({ actor, query }) => orders.ownerOrder(db, actor, query));
  handle(c.approveMyShopOrder, ({ actor, body }) => orders.auditShopOrder(deps, actor, body));
  handle(c.changeMyShopOrderState, ({ actor, body }) => orders.changeShopOrderState(db, actor, body));
  handle(c.listMemberShopCart, ({ actor, query }) => orders.cartList(db, actor, query));
  handle(c.countMemberShopCartGoods, ({ actor }) => orders.cartCount(db, actor));
  handle(c.addToMemberShopCart, ({ actor, body }) => orders.cartAdd(db, actor, body));
  handle(c.removeFromMemberShopCart, ({ actor, body }) => orders.cartDel(db, actor, body));
  handle(c.updateMemberShopCartItem, ({ actor, body }) => orders.cartUpdate(db, actor, body));
  handle(c.createMemberShopOrder, ({ actor, body }) => orders.createShopOrder(db, actor, body));
  handle(c.payMemberShopOrder, ({ actor, body }) => orders.payShopOrder(deps, actor, body), moneyLimit);
  handle(c.getMemberShopCheckoutPayment, ({ actor, query }) => orders.shopOrderPayment(deps, actor, query));
  handle(c.listMemberShopOrders, ({ actor, query }) => orders.buyerOrders(db, actor, query));
  handle(c.getMemberShopOrder, ({ actor, query }) => orders.buyerOrder(db, actor, query));
  handle(c.confirmMemberShopOrder, ({ actor, body }) => orders.confirmShopOrder(db, actor, body));

  handle(c.adminListShops, ({ actor, query }) => shopsConsole.listShops(db, actor, query));
  handle(c.adminShopDetail, ({ actor, operator, query }) => ordersConsole.consoleShopDetail(db, actor, operator.role, query));
  handle(c.adminListShopStockChanges, ({ actor, query }) => ordersConsole.shopStockChanges(db, actor, query));
  handle(c.adminListShopOrders, ({ actor, operator, query }) => ordersConsole.consoleShopOrders(db, actor, operator.role, query));
  handle(c.adminShopOrderDetail, ({ actor, query }) => ordersConsole.shopOrderHistory(db, actor, query));
  handle(c.adminSetShopStatus, ({ actor, body }) => shopsConsole.setShopStatus(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(c.adminAdjustShopStock, ({ actor, body }) => shopsConsole.adjustShopStock(db, actor, body), { idempotencyCaller: operatorCaller });
  handle(c.adminDecideShopOrder, ({ actor, body }) => shopsConsole.decideShopOrder(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(c.adminShopSettings, ({ actor }) => shopsConsole.shopSettings(db, actor));
  handle(c.adminSetShopSettings, ({ actor, body }) => shopsConsole.saveShopSettings(db, actor, body), { idempotencyCaller: operatorCaller });
}
