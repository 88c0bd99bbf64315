import { jobTasks } from './job-tasks.js';
import { registerJobTasks } from './jobs/tasks.js';
import { afterSalesWindowEnd, holdsSettlement, ordersWithCases } from './modules/after-sales/after-sales.service.js';
import { goodsPageHooks } from './modules/catalogue/goods-page-hooks.js';
import { charityPayable } from './modules/charity/charity-payable.js';
import { accountHooks } from './modules/members/member-hooks.js';
import { orderPayable } from './modules/orders/order-payable.js';
import { orderListHooks } from './modules/orders/order-lists.js';
import { settlementHooks } from './modules/orders/order-settlement.js';
import { findRecentOrderIds } from './modules/orders/orders.queries.js';
import { hasOpenOrders } from './modules/orders/orders.service.js';
import { registerPayable } from './modules/payments/payable-registry.js';
import { groupBuyOfferOfGoods } from './modules/promotions/group-buy.offer.js';
import { rechargePayable } from './modules/wallet/recharge-payable.js';

// Composition: how the areas plug into each other where the lower one must not import the higher —
// the durable tasks, each payable type's handler, and the hooks of accounts and the goods page. All
// of it is registered here, once per process, by `depsFor` (server, worker, commands and tests alike).

let wired = false;

/** Registers every area's tasks, payable handlers and hooks. */
export function wireAreas(): void {
  if (wired) return;
  wired = true;
  registerJobTasks(jobTasks);
  for (const handler of [orderPayable, charityPayable, rechargePayable]) registerPayable(handler);
  // Accounts asks, orders answers: open orders keep an account from being closed.
  accountHooks.cancellationBlockers.push((db, userId) => hasOpenOrders(db, userId));
  accountHooks.recentOrderIds = (db, userId) => findRecentOrderIds(db, userId, 5);
  goodsPageHooks.groupBuyOffer = groupBuyOfferOfGoods;
  // After-sales holds an order with an open case unsettled, and its windows decide when it may settle.
  settlementHooks.holds.push(holdsSettlement);
  settlementHooks.waitUntil.push(afterSalesWindowEnd);
  orderListHooks.ordersWithCases = ordersWithCases;
}
