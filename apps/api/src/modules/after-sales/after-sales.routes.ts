import {
  adminAfterSaleDetail,
  adminApproveAfterSale,
  adminCloseAfterSale,
  adminExportAfterSales,
  adminAfterSaleSettings,
  adminSaveAfterSaleAddress,
  adminSaveAfterSaleCarrier,
  adminSaveAfterSaleReason,
  adminSetAfterSaleSettings,
  adminListAfterSales,
  adminReceiveAfterSale,
  adminRefundAfterSale,
  adminRefuseAfterSaleReceipt,
  adminRejectAfterSale,
  adminShipAfterSaleReplacement,
  applyForOrderAfterSale,
  cancelAfterSale,
  confirmAfterSaleReceipt,
  createOrderReview,
  estimateAfterSaleRefund,
  editOrderReview,
  getOrderReview,
  listAfterSaleGoods,
  listExchangeGoods,
  getAfterSale,
  listAfterSaleCarriers,
  listAfterSaleReasons,
  listAfterSales,
  listAfterSaleServicePoints,
  saveAfterSaleShipment,
  submitAfterSale,
  submitOrderAfterSale,
  trackAfterSaleShipment,
} from '@shop/contract';
import { sendFile } from '../../plugins/file-reply.js';
import type { Api } from '../../plugins/routes.js';
import { exportList } from '../operator-actions/operator-actions.service.js';
import * as decisions from './after-sales.console.js';
import * as service from './after-sales.service.js';
import * as reviews from './reviews.service.js';

/** A decision's idempotency keys belong to the operator who sent it. */
const operatorCaller = (input: { actor: { operatorId?: number } }) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined);

/** After-sales: the member's cases and the console's decisions on them. */
export function afterSalesRoutes({ handle, deps }: Api): void {
  handle(applyForOrderAfterSale, ({ actor, body }) => service.applyInfo(deps, actor, body));
  handle(submitOrderAfterSale, ({ actor, body }) => service.submitCase(deps, actor, body));
  handle(submitAfterSale, ({ actor, body }) => service.resubmitCase(deps, actor, body));
  handle(cancelAfterSale, ({ actor, body }) => service.cancelCase(deps, actor, body));
  handle(confirmAfterSaleReceipt, ({ actor, body }) => service.confirmReplacementReceipt(deps, actor, body));
  handle(saveAfterSaleShipment, ({ actor, body }) => service.saveShipment(deps, actor, body));
  handle(trackAfterSaleShipment, ({ actor, query }) => service.trackShipment(deps, actor, query));
  handle(listAfterSaleCarriers, () => service.carriers(deps.db));
  handle(listAfterSaleServicePoints, ({ actor, query }) => service.network(deps, actor, query));
  handle(listAfterSaleReasons, ({ actor, query }) => service.reasons(deps, actor, query));
  handle(listAfterSales, ({ actor, query }) => service.cachedCases(deps, actor, query));
  handle(getAfterSale, ({ actor, query }) => service.caseInfo(deps, actor, query));
  handle(estimateAfterSaleRefund, ({ actor, query }) => service.estimateRefund(deps, actor, query));
  handle(listAfterSaleGoods, ({ actor, query }) => service.caseGoods(deps, actor, query));
  handle(listExchangeGoods, ({ actor, query }) => service.exchangeGoods(deps, actor, query));
  handle(getOrderReview, ({ actor, query }) => reviews.orderReviews(deps, actor, query));
  handle(createOrderReview, ({ actor, body }) => reviews.createReview(deps, actor, body));
  handle(editOrderReview, ({ actor, body }) => reviews.editReview(deps, actor, body));

  handle(adminListAfterSales, ({ actor, query }) => decisions.listForOperator(deps, actor, query));
  handle(adminExportAfterSales, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, decisions.afterSalesExport, query)));
  handle(adminAfterSaleDetail, ({ actor, query }) => decisions.detailForOperator(deps, actor, query));
  handle(adminApproveAfterSale, ({ actor, body }) => decisions.approveCase(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminRejectAfterSale, ({ actor, body }) => decisions.rejectCase(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminReceiveAfterSale, ({ actor, body }) => decisions.receiveCase(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminRefuseAfterSaleReceipt, ({ actor, body }) => decisions.refuseReceipt(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminRefundAfterSale, ({ actor, body }) => decisions.refundCase(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminShipAfterSaleReplacement, ({ actor, body }) => decisions.shipReplacement(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminCloseAfterSale, ({ actor, body }) => decisions.closeCase(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminAfterSaleSettings, ({ actor }) => decisions.afterSaleSettings(deps, actor));
  handle(adminSetAfterSaleSettings, ({ actor, body }) => decisions.setAfterSaleSettings(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminSaveAfterSaleAddress, ({ actor, body }) => decisions.saveAfterSaleAddress(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminSaveAfterSaleReason, ({ actor, body }) => decisions.saveAfterSaleReason(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminSaveAfterSaleCarrier, ({ actor, body }) => decisions.saveAfterSaleCarrier(deps, actor, body), { idempotencyCaller: operatorCaller });
}
