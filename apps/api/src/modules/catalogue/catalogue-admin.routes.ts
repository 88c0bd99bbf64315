import {
  adminAdjustStock,
  adminExportCoupons,
  adminExportGoods,
  adminExportGroupBuys,
  adminGetGoods,
  adminListCategories,
  adminListCoupons,
  adminListGoods,
  adminListGroupBuys,
  adminListStockAdjustments,
  adminReorderCategories,
  adminSaveCategory,
  adminSaveGoods,
  adminSetGoodsStatus,
  adminUpdateCoupon,
  adminUpdateGroupBuy,
} from '@shop/contract';
import { sendFile } from '../../plugins/file-reply.js';
import type { Api } from '../../plugins/routes.js';
import { exportList } from '../console/list-export.service.js';
import * as service from './catalogue-admin.service.js';

/** The console's catalogue: categories, goods and SKUs, stock adjustments, group buys and coupons (the picture upload is in uploads). */
export function catalogueAdminRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(adminListCategories, ({ actor }) => service.listCategories(db, actor));
  handle(adminSaveCategory, ({ actor, body }) => service.saveCategory(deps, actor, body));
  handle(adminReorderCategories, ({ actor, body }) => service.reorderCategories(deps, actor, body));
  handle(adminListGoods, ({ actor, query }) => service.listGoods(db, actor, query));
  handle(adminExportGoods, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.goodsExport, query)));
  handle(adminGetGoods, ({ actor, query }) => service.getGoods(db, actor, query));
  handle(adminSaveGoods, ({ actor, body }) => service.saveGoods(deps, actor, body));
  handle(adminSetGoodsStatus, ({ actor, body }) => service.setGoodsStatus(deps, actor, body));
  handle(adminAdjustStock, ({ actor, body }) => service.adjustStock(deps, actor, body));
  handle(adminListStockAdjustments, ({ actor, query }) => service.stockAdjustments(db, actor, query));
  handle(adminListGroupBuys, ({ actor, query }) => service.listGroupBuys(db, actor, query));
  handle(adminExportGroupBuys, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.groupBuyExport, query)));
  handle(adminUpdateGroupBuy, ({ actor, body }) => service.updateGroupBuy(deps, actor, body));
  handle(adminListCoupons, ({ actor, query }) => service.listCoupons(db, actor, query));
  handle(adminExportCoupons, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.couponExport, query)));
  handle(adminUpdateCoupon, ({ actor, body }) => service.updateCoupon(db, actor, body));
}
