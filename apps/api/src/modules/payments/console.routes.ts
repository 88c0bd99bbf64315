import { adminDecidePaymentFlag, adminExportPaymentFlags, adminExportPayments, adminExportRefunds, adminInquirePayment, adminListPayments, adminListRefunds, adminPaymentDetail, adminPaymentFlags, adminRefundPayment } from '@shop/contract';
import { sendFile } from '../../plugins/file-reply.js';
import { exportList } from '../operator-actions/operator-actions.service.js';
import type { Api } from '../../plugins/routes.js';
import * as service from './console.service.js';

/** A decision's idempotency keys belong to the operator who sent it. */
const operatorCaller = (input: { actor: { operatorId?: number } }) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined);

/** The console's payments calls: payments with their events, flags and their decisions, refunds. */
export function paymentsConsoleRoutes({ handle, deps }: Api): void {
  handle(adminListPayments, ({ actor, query }) => service.listPayments(deps.db, actor, query));
  handle(adminPaymentDetail, ({ actor, query }) => service.paymentDetail(deps.db, actor, query));
  handle(adminPaymentFlags, ({ actor, query }) => service.listFlags(deps.db, actor, query));
  handle(adminDecidePaymentFlag, ({ actor, body }) => service.decideFlag(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminListRefunds, ({ actor, query }) => service.listRefunds(deps.db, actor, query));
  handle(adminInquirePayment, ({ actor, body }) => service.inquirePayment(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminRefundPayment, ({ actor, body }) => service.refundPaymentByOperator(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminExportPayments, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.paymentsExport, query)));
  handle(adminExportPaymentFlags, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.flagsExport, query)));
  handle(adminExportRefunds, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.refundsExport, query)));
}
