import { jobTasks } from './job-tasks.js';
import { registerJobTasks } from './jobs/tasks.js';
import { registerApprovable } from './modules/approvals/approvals.service.js';
import { operatorGrantApprovable } from './console/operator-grants.js';
import { afterSalesWindowEnd, hasOpenCase, holdsSettlement, ordersOpenToCases, ordersWithCases, SETTINGS_TAG as AFTER_SALE_SETTINGS_TAG } from './modules/after-sales/after-sales.service.js';
import { caseRefundHooks } from './modules/after-sales/after-sales.console.js';
import { ordersToReview } from './modules/after-sales/reviews.service.js';
import { shopOrderSource } from './modules/after-sales/order-source.js';
import { goodsPageHooks } from './modules/catalogue/goods-page-hooks.js';
import { saveApprovedSkuPv } from './modules/catalogue/sku-pv.service.js';
import { saveApprovedPointsSettings } from './modules/orders/points.service.js';
import { charityPayable } from './modules/charity/charity-payable.js';
import { accountHooks } from './modules/members/member-hooks.js';
import { closingHooks } from './modules/cancellation/closing-hooks.js';
import { closingBalances, forfeitOnClosing } from './modules/wallet/closing.js';
import { orderPayable } from './modules/orders/order-payable.js';
import { orderListHooks } from './modules/orders/order-lists.js';
import { settlementHooks } from './modules/orders/order-settlement.js';
import { findRecentOrderIds } from './modules/orders/orders.queries.js';
import { cancelPaidOnApproval, hasOpenOrders, orderExpiryHooks } from './modules/orders/orders.service.js';
import { expirePayableWithPayments } from './modules/payments/payable-expiry.js';
import { registerPayable } from './modules/payments/payable-registry.js';
import { saveApprovedRate } from './modules/money-console/money-console.service.js';
import { insertApprovedCoupon, saveApprovedCouponChange } from './modules/promotions/coupons.service.js';
import { saveApprovedGoodsPoints } from './modules/promotions/goods-points.service.js';
import { groupBuyOfferOfGoods } from './modules/promotions/group-buy.offer.js';
import { insertApprovedGroupBuy, saveApprovedGroupBuyChange } from './modules/promotions/group-buy.service.js';
import { carryOutReceivingAccount, creditConfirmedRecharge } from './modules/wallet/recharge.service.js';
import { postGiftCardIssue, postPointsGrant, rewardHooks } from './modules/wallet/wallet.service.js';
import { rechargePayable } from './modules/wallet/recharge-payable.js';
import {
  earnOnSettled,
  earnOnShopOrderSettled,
  owedOfRewards,
  voidCommissionsIfOrderRefundedWhole,
  voidCommissionsIfShopOrderRefundedWhole,
  voidPendingCommissions,
  voidShopOrderPendingCommissions,
  writePendingCommissions,
  writeShopOrderPendingCommissions,
} from './modules/referral/earnings.service.js';
import { saveApprovedPlan } from './modules/referral/referral.console.js';
import { findHouseCode } from './modules/referral/referral.queries.js';
import { houseCodeHook } from './modules/accounts/house-code.js';
import { shopOrderEarningHooks, shopOrderForEarningAfterCases, shopOrderPayable } from './modules/user-shop/shop-orders.service.js';
import { shopOrderAfterSales } from './modules/user-shop/shop-order-after-sales.js';
import { postShopStockAddition, saveApprovedShopSettings } from './modules/user-shop/shops.console.js';
import { shopKeepsAccountOpen } from './modules/user-shop/user-shop.service.js';

// Composition: how the areas plug into each other where the lower one must not import the higher —
// the durable tasks, each payable type's handler, what each approval kind carries out, and the hooks of accounts and the goods page. All
// of it is registered here, once per process, by `depsFor` (server, worker, commands and tests alike).

let wired = false;

/** Registers every area's tasks, payable handlers and hooks. */
export function wireAreas(): void {
  if (wired) return;
  wired = true;
  registerJobTasks(jobTasks);
  for (const handler of [orderPayable, charityPayable, rechargePayable, shopOrderPayable]) registerPayable(handler);
  // Four eyes: what a second operator's approval carries out, and the permission to ask and decide.
  registerApprovable({ kind: 'gift_cards.issue', permission: 'ledger.adjust', execute: (tx, actor, p) => postGiftCardIssue(tx, actor, p as never) });
  registerApprovable({ kind: 'points.grant', permission: 'ledger.adjust', execute: (tx, actor, p, request) => postPointsGrant(tx, actor, p as never, request.id) });
  registerApprovable({ kind: 'recharge.confirm', permission: 'withdrawals.review', execute: (tx, actor, p, request) => creditConfirmedRecharge(tx, actor, p as never, request) });
  registerApprovable({ kind: 'coupon.create', permission: 'ledger.adjust', execute: (tx, actor, p, request) => insertApprovedCoupon(tx, actor, p as never, request) });
  registerApprovable({ kind: 'coupon.update', permission: 'ledger.adjust', execute: (tx, actor, p, request) => saveApprovedCouponChange(tx, actor, p as never, request) });
  registerApprovable({ kind: 'group_buy.create', permission: 'ledger.adjust', execute: (tx, actor, p, request) => insertApprovedGroupBuy(tx, actor, p as never, request) });
  registerApprovable({ kind: 'group_buy.update', permission: 'ledger.adjust', execute: (tx, actor, p, request) => saveApprovedGroupBuyChange(tx, actor, p as never, request) });
  registerApprovable({ kind: 'shop_stock.add', permission: 'shops.manage', execute: (tx, actor, p, request) => postShopStockAddition(tx, actor, p as never, request.id) });
  registerApprovable({ kind: 'shop.settings', permission: 'shops.manage', execute: (tx, actor, p) => saveApprovedShopSettings(tx, actor, p as never) });
  registerApprovable({ kind: 'goods.points', permission: 'ledger.adjust', execute: (tx, actor, p, request) => saveApprovedGoodsPoints(tx, actor, p as never, request) });
  registerApprovable({ kind: 'sku.pv', permission: 'ledger.adjust', execute: (tx, actor, p, request) => saveApprovedSkuPv(tx, actor, p as never, request) });
  registerApprovable({ kind: 'order.refund', permission: 'refunds.decide', execute: (tx, actor, p, request) => cancelPaidOnApproval(tx, actor, p as never, request) });
  registerApprovable({ kind: 'points.settings', permission: 'ledger.adjust', execute: (tx, actor, p, request) => saveApprovedPointsSettings(tx, actor, p as never, request) });
  registerApprovable({ kind: 'rate.set', permission: 'rates.set', execute: (tx, actor, p) => saveApprovedRate(tx, actor, p as never) });
  registerApprovable({ kind: 'referral.plan', permission: 'referral.settings', execute: (tx, actor, p) => saveApprovedPlan(tx, actor, p as never) });
  // A role that approves money, for a new or existing operator: another owner approves it.
  registerApprovable(operatorGrantApprovable);
  // Where members send their money (a collection account, deposit addresses): a second operator checks it before members see it.
  registerApprovable({ kind: 'receiving_account.set', permission: 'withdrawals.review', execute: (tx, actor, p, request) => carryOutReceivingAccount(tx, actor, p as never, request) });
  // Accounts asks, the areas answer: open orders, an open after-sales case (its refund comes to the
  // wallet) and a member shop that may still earn for its owner keep an account from being closed.
  accountHooks.cancellationBlockers.push(
    { reason: 'open_orders', blocks: (db, userId) => hasOpenOrders(db, userId) },
    { reason: 'open_after_sales', blocks: hasOpenCase },
    { reason: 'open_shop', blocks: shopKeepsAccountOpen },
  );
  // Closing an account weighs the wallet: money left keeps it open, points are given up at closing.
  closingHooks.balances = closingBalances;
  closingHooks.forfeit = forfeitOnClosing;
  accountHooks.recentOrderIds = (db, userId) => findRecentOrderIds(db, userId, 5);
  goodsPageHooks.groupBuyOffer = groupBuyOfferOfGoods;
  // After-sales holds an order with an open case unsettled, and its windows decide when it may settle.
  settlementHooks.holds.push(holdsSettlement);
  // An unpaid order closing at its time ends its open payments with it (asked of their gateways first).
  orderExpiryHooks.withPayments = async (deps, actor, orderId, close) => (await expirePayableWithPayments(deps, actor, { type: 'order', id: orderId }, close)).closed;
  settlementHooks.waitUntil.push(afterSalesWindowEnd);
  orderListHooks.ordersWithCases = ordersWithCases;
  orderListHooks.ordersOpenToCases = ordersOpenToCases;
  orderListHooks.ordersToReview = ordersToReview;
  // Its windows and review days decide the lists' actions: a change of them drops the cached lists.
  orderListHooks.listTags = [AFTER_SALE_SETTINGS_TAG];
  // After-sales of member-shop orders: the shop orders, their lines, the shop's stock and their settlement.
  shopOrderSource.hooks = shopOrderAfterSales;
  // Referral: pending commissions at payment, void on a refund before settling; PV and commissions earned at settlement.
  settlementHooks.onPaid.push(writePendingCommissions);
  settlementHooks.onRefunded.push((tx, actor, orderId) => voidPendingCommissions(tx, actor, orderId));
  settlementHooks.onSettled.push(earnOnSettled);
  // Member-shop orders count alike: pending at payment, void when refused before settling, PV and commissions at settlement.
  shopOrderEarningHooks.onPaid.push(writeShopOrderPendingCommissions);
  shopOrderEarningHooks.onRefused.push(voidShopOrderPendingCommissions);
  shopOrderEarningHooks.onSettled.push(earnOnShopOrderSettled);
  // An after-sales refund that leaves nothing of an order's goods voids what was pending on it at once, regular and member-shop orders alike.
  caseRefundHooks.onRefunded.push(async (tx, actor, order) => {
    if (order.kind === 'order') return voidCommissionsIfOrderRefundedWhole(tx, actor, order.id);
    const shopOrder = await shopOrderForEarningAfterCases(tx, order.id);
    if (shopOrder) await voidCommissionsIfShopOrderRefundedWhole(tx, actor, shopOrder);
  });
  // Registration reads the shop's own invitation code, which the referral plan keeps.
  houseCodeHook.houseCode = findHouseCode;
  // The rewards page's "earned" is net of reversals: what a reversal still holds as a debt is referral's.
  rewardHooks.owed = owedOfRewards;
}
