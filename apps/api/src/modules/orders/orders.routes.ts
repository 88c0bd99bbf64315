import { cancelOrder, confirmOrderReceipt, createOrder, getCheckoutGoods, getOrder, listOrders, remindOrderShipment } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './orders.service.js';

export function orderRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(getCheckoutGoods, ({ query, actor }) => service.previewCheckout(db, actor, query));
  handle(createOrder, ({ body, actor }) => service.placeOrder(deps, actor, body));
  handle(listOrders, ({ query, actor }) => service.listMemberOrders(db, actor, query));
  handle(getOrder, ({ query, actor }) => service.getMemberOrder(db, actor, query));
  handle(cancelOrder, ({ body, actor }) => service.cancelOrderByMember(deps, actor, body));
  handle(confirmOrderReceipt, ({ body, actor }) => service.confirmReceipt(db, actor, body));
  handle(remindOrderShipment, ({ body, actor }) => service.remindShipment(db, actor, body));
}
