import { pruneIdempotencyKeys } from './idempotency/idempotency.service.js';
import type { JobTaskTable } from './jobs/tasks.js';
import { purgeStaleRows } from './modules/accounts/housekeeping.js';
import { refreshEcbRates } from './modules/rates/rates.service.js';
import { countGoodsSales } from './modules/catalogue/catalogue.service.js';
import { autoCompleteOrder, expireOrder, expireOverdueOrders } from './modules/orders/orders.service.js';
import { refreshOpenTracking, refreshTracking } from './modules/orders/fulfilment.service.js';
import { settleDueOrders, settleOrder } from './modules/orders/order-settlement.js';
import { expirePledge } from './modules/charity/charity.service.js';
import { closeGroupBuyAtItsEnd, decideGroupAtDeadline } from './modules/orders/group-buy-orders.js';
import { reconcilePayments } from './modules/payments/reconcile.js';
import { expirePayableWithPayments } from './modules/payments/payable-expiry.js';
import { expireRecharge, overdueRechargeIds } from './modules/wallet/recharge.service.js';
import { purgeOldMessages } from './modules/messages/messages.service.js';
import { tellAwayMember } from './modules/support-chat/support-chat.service.js';
import { closeUnshippedCase, completeCaseInTime } from './modules/after-sales/after-sales.service.js';
import { finishPendingCaseRefunds } from './modules/after-sales/after-sales.console.js';
import { pairDueDays, recheckAllStars } from './modules/referral/earnings.service.js';
import { placeOverdueInvitees } from './modules/referral/referral.service.js';
import { autoCompleteDueShopOrders, autoCompleteShopOrder, expireOverdueShopOrders, expireShopOrder, refundShopOrder, refundUnfulfilledShopOrder, refundUnfulfilledShopOrders, rejectOverdueAudit, rejectOverdueAudits, settleDueShopOrders, settleShopOrder } from './modules/user-shop/shop-orders.service.js';

// Composition: every durable task bound to the area function it runs. The jobs module knows tasks
// only by name and payload (`jobs/payloads.ts`); the worker runs what `deps.ts` registers from here.

/** The tasks of the shop. */
export const jobTasks: JobTaskTable = {
  housekeeping: async (_payload, { deps, helpers }) => {
    const counts = await purgeStaleRows(deps.db);
    helpers.logger.info(`housekeeping removed ${JSON.stringify(counts)}`);
  },
  prune_idempotency_keys: async (_payload, { deps, helpers }) => {
    const removed = await pruneIdempotencyKeys(deps.db);
    helpers.logger.info(`pruned ${removed} idempotency key(s)`);
  },
  purge_old_messages: async (_payload, { deps, helpers }) => {
    const removed = await purgeOldMessages(deps.db);
    if (removed) helpers.logger.info(`removed ${removed} old message(s)`);
  },
  refresh_exchange_rates: async (_payload, { deps, helpers }) => {
    if (!deps.providers.exchangeRates) return;
    const { date, stored } = await refreshEcbRates(deps.db, deps.providers.exchangeRates);
    helpers.logger.info(`exchange rates of ${date}: ${stored} new`);
  },
  count_goods_sales: async (_payload, { deps }) => {
    await countGoodsSales(deps);
  },
  expire_order: async ({ orderId }, { deps, actor }) => {
    await expireOrder(deps, actor, orderId);
  },
  expire_overdue_orders: async (_payload, { deps, actor, helpers }) => {
    const closed = await expireOverdueOrders(deps, actor);
    if (closed) helpers.logger.info(`closed ${closed} overdue unpaid order(s)`);
  },
  settle_order: async ({ orderId }, { deps, actor }) => {
    await settleOrder(deps, actor, orderId);
  },
  settle_due_orders: async (_payload, { deps, actor, helpers }) => {
    const settled = await settleDueOrders(deps, actor);
    if (settled) helpers.logger.info(`settled ${settled} order(s) their own job missed`);
  },
  auto_complete_order: async ({ orderId }, { deps, actor }) => {
    await autoCompleteOrder(deps, actor, orderId);
  },
  refresh_tracking: async ({ packageId }, { deps }) => {
    await refreshTracking(deps, packageId);
  },
  decide_group: async ({ groupId }, { deps, actor }) => {
    await decideGroupAtDeadline(deps, actor, groupId);
  },
  close_group_buy: async ({ activityId }, { deps, actor, helpers }) => {
    const done = await closeGroupBuyAtItsEnd(deps, actor, activityId);
    if (done.returned || done.failed || done.filled) helpers.logger.info(`group buy ${activityId} is over: ${done.returned} unit(s) back in stock; ${done.failed} open group(s) failed (${done.refunded} order(s) refunded, ${done.cancelled} cancelled), ${done.filled} filled virtually`);
  },
  reconcile_payments: async (_payload, { deps, actor, helpers }) => {
    const done = await reconcilePayments(deps, actor);
    if (done.inquired || done.refunds) helpers.logger.info(`payments reconciled: ${JSON.stringify(done)}`);
  },
  expire_charity_order: async ({ orderId }, { deps, actor }) => {
    await expirePledge(deps, actor, orderId);
  },
  expire_recharge: async ({ rechargeId }, { deps, actor }) => {
    await expirePayableWithPayments(deps, actor, { type: 'recharge', id: rechargeId }, (tx) => expireRecharge(tx, rechargeId));
  },
  expire_overdue_recharges: async (_payload, { deps, actor, helpers }) => {
    let closed = 0;
    for (const id of await overdueRechargeIds(deps.db)) {
      if ((await expirePayableWithPayments(deps, actor, { type: 'recharge', id }, (tx) => expireRecharge(tx, id))).closed) closed++;
    }
    if (closed) helpers.logger.info(`expired ${closed} overdue unpaid top-up(s)`);
  },
  refresh_open_tracking: async (_payload, { deps, helpers }) => {
    const n = await refreshOpenTracking(deps);
    if (n) helpers.logger.info(`asked about ${n} parcel(s)`);
  },
  close_unshipped_after_sale: async ({ caseId }, { deps, actor }) => {
    await closeUnshippedCase(deps, actor, caseId);
  },
  complete_after_sale: async ({ caseId }, { deps, actor }) => {
    await completeCaseInTime(deps, actor, caseId);
  },
  finish_after_sale_refunds: async (_payload, { deps, actor, helpers }) => {
    const n = await finishPendingCaseRefunds(deps, actor);
    if (n) helpers.logger.info(`finished the refunds of ${n} after-sales case(s)`);
  },
  place_overdue_invitees: async (_payload, { deps, actor, helpers }) => {
    const placed = await placeOverdueInvitees(deps, actor);
    if (placed) helpers.logger.info(`placed ${placed} overdue invitee(s)`);
  },
  pair_due_days: async (_payload, { deps, actor, helpers }) => {
    const days = await pairDueDays(deps, actor);
    if (days.length) helpers.logger.info(`paired ${days.join(', ')}`);
  },
  recheck_stars: async (_payload, { deps, helpers }) => {
    helpers.logger.info(`re-checked ${await recheckAllStars(deps)} star(s)`);
  },
  expire_shop_order: async ({ orderId }, { deps, actor }) => {
    await expireShopOrder(deps, actor, orderId);
  },
  reject_overdue_shop_order: async ({ orderId }, { deps, actor }) => {
    await rejectOverdueAudit(deps, actor, orderId);
  },
  refund_unfulfilled_shop_order: async ({ orderId }, { deps, actor }) => {
    await refundUnfulfilledShopOrder(deps, actor, orderId);
  },
  refund_shop_order: async ({ orderId }, { deps, actor }) => {
    await refundShopOrder(deps, actor, orderId);
  },
  settle_shop_order: async ({ orderId }, { deps, actor }) => {
    await settleShopOrder(deps, actor, orderId);
  },
  auto_complete_shop_order: async ({ orderId }, { deps, actor }) => {
    await autoCompleteShopOrder(deps, actor, orderId);
  },
  tell_away_chat_member: async (payload, { deps }) => {
    await tellAwayMember(deps.db, payload);
  },
  sweep_shop_orders: async (_payload, { deps, actor, helpers }) => {
    const done = { expired: await expireOverdueShopOrders(deps, actor), rejected: await rejectOverdueAudits(deps, actor), unfulfilled: await refundUnfulfilledShopOrders(deps, actor), completed: await autoCompleteDueShopOrders(deps, actor), settled: await settleDueShopOrders(deps, actor) };
    if (done.expired || done.rejected || done.unfulfilled || done.completed || done.settled) helpers.logger.info(`shop orders swept: ${JSON.stringify(done)}`);
  },
};
