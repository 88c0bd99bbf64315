import {
  adminAdjustStock,
  adminExportGoods,
  adminGetGoods,
  adminListCategories,
  adminListGoods,
  adminListStockAdjustments,
  adminReorderCategories,
  adminSaveCategory,
  adminSaveGoods,
  adminSetGoodsStatus,
} from '@shop/contract';
import { sendFile } from '../../plugins/file-reply.js';
import type { Api } from '../../plugins/routes.js';
import { exportList } from '../operator-actions/operator-actions.service.js';
import * as service from './catalogue-admin.service.js';

/** The console's catalogue: categories, goods and SKUs, stock adjustments (the picture upload is in uploads). */
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
  handle(adminListStockAdjustments, ({ actor, query }) => service.stockAdjustments(deps, actor, query));
}
