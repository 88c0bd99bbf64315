import {
  adminAddTrackingEvent,
  adminGetOrder,
  adminListOrders,
  adminOrderReminders,
  adminSetOperatingFee,
  adminSetOrderSettings,
  adminSetPointsSettings,
  adminSetShippingFee,
  adminSetInternationalFreight,
  joinGroupBuy,
  previewGroupBuy,
  createInternationalOrder,
  getInternationalFreight,
  adminShipOrder,
  adminCancelOrder,
  adminEndGroupBuy,
  cancelOrder,
  confirmOrderReceipt,
  createOrder,
  getCheckoutGoods,
  getOrder,
  getOrderPackage,
  getOrderTracking,
  listOrderPackages,
  listOrders,
  remindOrderShipment,
} from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as fulfilment from './fulfilment.service.js';
import * as groupBuy from './group-buy-orders.js';
import * as international from './international.service.js';
import { dropOrderListsOnChanges } from './order-lists.js';
import * as service from './orders.service.js';
import * as points from './points.service.js';

export function orderRoutes({ handle, deps, app }: Api): void {
  const { db } = deps;
  // The members' order lists are cached; this drops a member's whenever one of their orders changes.
  const stopDropping = dropOrderListsOnChanges(deps);
  app.addHook('onClose', async () => stopDropping());
  // Members
  handle(getCheckoutGoods, ({ query, actor }) => service.previewCheckout(db, actor, query));
  handle(createOrder, ({ body, actor }) => service.placeOrder(deps, actor, body));
  handle(listOrders, ({ query, actor }) => service.cachedMemberOrders(deps, actor, query));
  handle(getOrder, ({ query, actor }) => service.getMemberOrder(db, actor, query));
  handle(cancelOrder, ({ body, actor }) => service.cancelOrderByMember(deps, actor, body));
  handle(confirmOrderReceipt, ({ body, actor }) => service.confirmReceipt(db, actor, body));
  handle(remindOrderShipment, ({ body, actor }) => service.remindShipment(db, actor, body));
  handle(listOrderPackages, ({ query, actor }) => fulfilment.listPackages(db, actor, query));
  handle(getOrderPackage, ({ query, actor }) => fulfilment.packageInfo(db, actor, query));
  handle(getOrderTracking, ({ query, actor }) => fulfilment.trackingLog(db, actor, query));
  handle(getInternationalFreight, ({ query, actor }) => international.quoteInternationalFreight(db, actor, query));
  handle(createInternationalOrder, ({ body, actor }) => international.placeInternationalOrder(deps, actor, body));
  handle(joinGroupBuy, ({ body, actor }) => groupBuy.buyInGroup(deps, actor, body));
  handle(previewGroupBuy, ({ query, actor }) => groupBuy.previewGroupBuyOrder(deps.db, actor, query));
  // Operators
  handle(adminListOrders, ({ query, actor }) => fulfilment.listOrdersForOperator(db, actor, query));
  handle(adminGetOrder, ({ query, actor }) => fulfilment.orderForOperator(db, actor, query));
  handle(adminShipOrder, ({ body, actor }) => fulfilment.shipOrder(deps, actor, body));
  handle(adminCancelOrder, ({ body, actor }) => service.cancelOrderByOperator(deps, actor, body), { idempotencyCaller: (input) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined) });
  handle(adminAddTrackingEvent, ({ body, actor }) => fulfilment.addTrackingEvent(db, actor, body));
  // Ending a group buy decides its open groups, refunding the orders of those that fail: an orders' use case.
  handle(adminEndGroupBuy, ({ body, actor }) => groupBuy.endGroupBuy(deps, actor, body));
  handle(adminOrderReminders, ({ actor }) => fulfilment.listReminders(db, actor));
  handle(adminSetOrderSettings, ({ body, actor }) => fulfilment.setOrderSettingsRecorded(db, actor, body));
  handle(adminSetPointsSettings, ({ body, actor }) => points.setPointsSettings(db, actor, body));
  handle(adminSetOperatingFee, ({ body, actor }) => fulfilment.setOperatingFeeRecorded(db, actor, body));
  handle(adminSetShippingFee, ({ body, actor }) => fulfilment.setShippingFeeRecorded(db, actor, body));
  handle(adminSetInternationalFreight, ({ body, actor }) => international.setInternationalFreightRecorded(db, actor, body));
}
