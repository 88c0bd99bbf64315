import {
  adminCreateCoupon,
  adminCreateGroupBuy,
  adminEndCoupon,
  adminExportCoupons,
  adminExportGroupBuys,
  adminListCoupons,
  adminListGroupBuys,
  adminSetGoodsPoints,
  adminUpdateCoupon,
  adminUpdateGroupBuy,
  getGroupBuyGoods,
  listGroupBuyGoods,
  listGroupBuyGroups,
} from '@shop/contract';
import { sendFile } from '../../plugins/file-reply.js';
import type { Api } from '../../plugins/routes.js';
import { exportList } from '../operator-actions/operator-actions.service.js';
import * as coupons from './coupons.service.js';
import * as goodsPoints from './goods-points.service.js';
import * as groupBuy from './group-buy.service.js';

/** Coupons, group buys and goods' own points: what members see of group buys, and the operators' side of all three. (Buying in a group, and ending one with its open groups, move orders: orders binds them.) */
export function promotionsRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(listGroupBuyGoods, ({ query, actor }) => groupBuy.listGroupBuys(db, actor, query));
  handle(getGroupBuyGoods, ({ query, actor }) => groupBuy.groupBuyInfo(db, actor, query));
  handle(listGroupBuyGroups, ({ query }) => groupBuy.openGroups(db, query));
  // Operators
  handle(adminListGroupBuys, ({ actor, query }) => groupBuy.listGroupBuysForOperator(db, actor, query));
  handle(adminExportGroupBuys, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, groupBuy.groupBuyExport, query)));
  handle(adminCreateGroupBuy, ({ body, actor }) => groupBuy.createGroupBuy(deps, actor, body));
  handle(adminUpdateGroupBuy, ({ actor, body }) => groupBuy.updateGroupBuy(deps, actor, body));
  handle(adminListCoupons, ({ actor, query }) => coupons.listCoupons(db, actor, query));
  handle(adminExportCoupons, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, coupons.couponExport, query)));
  handle(adminCreateCoupon, ({ body, actor }) => coupons.createCoupon(db, actor, body));
  handle(adminUpdateCoupon, ({ actor, body }) => coupons.updateCoupon(db, actor, body));
  handle(adminEndCoupon, ({ body, actor }) => coupons.endCoupon(db, actor, body));
  handle(adminSetGoodsPoints, ({ body, actor }) => goodsPoints.setGoodsPoints(db, actor, body));
}
