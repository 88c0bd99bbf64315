import type { JobHelpers, TaskList } from 'graphile-worker';
import type { AppDeps } from '../app-deps.js';
import { pruneIdempotencyKeys } from '../idempotency/idempotency.service.js';
import { jobActor, type Actor } from '../lib/actor.js';
import { purgeStaleRows } from '../modules/accounts/housekeeping.js';
import { refreshEcbRates } from '../modules/rates/rates.service.js';
import { autoCompleteOrder, expireOrder, expireOverdueOrders } from '../modules/orders/orders.service.js';
import { refreshOpenTracking, refreshTracking } from '../modules/orders/fulfilment.service.js';
import { expirePledge } from '../modules/charity/charity.service.js';
import { closeGroupBuyAtEnd, decideGroupAtDeadline } from '../modules/orders/group-buy.service.js';
import { reconcilePayments } from '../modules/payments/reconcile.js';
import { expirePayableWithPayments } from '../modules/payments/payable-expiry.js';
import { expireRecharge, overdueRechargeIds } from '../modules/wallet/recharge.service.js';

/**
 * Every task and the payload it takes. An area adds its tasks here and in `jobTasks` below; tasks
 * must be idempotent (a job may run again after a crash or a retry).
 */
export interface JobPayloads {
  /** Deletes rows that no longer mean anything (expired codes, old sessions …). Hourly. */
  housekeeping: Record<string, never>;
  /** Deletes idempotency keys whose day is over. Hourly. */
  prune_idempotency_keys: Record<string, never>;
  /** Fetches the ECB's daily reference rates when reachable and stores a new day. Daily. */
  refresh_exchange_rates: Record<string, never>;
  /** Closes one unpaid order at its payment deadline and puts its goods back on sale; enqueued with the order. */
  expire_order: { orderId: number };
  /** Closes unpaid orders past their deadline that their own job missed. Every 5 minutes. */
  expire_overdue_orders: Record<string, never>;
  /** Completes a shipped order the member did not confirm, days after its last shipment or delivery. */
  auto_complete_order: { orderId: number };
  /** Asks a package's tracking provider for new events. */
  refresh_tracking: { packageId: number };
  /** Enqueues refresh_tracking for provider-tracked packages in transit. Hourly. */
  refresh_open_tracking: Record<string, never>;
  /** Closes one unpaid charity order at its payment deadline. */
  expire_charity_order: { orderId: number };
  /** Decides a group buy's group at its deadline: success, virtual fill, or refund of every order. */
  decide_group: { groupId: number };
  /** At a group buy's end, puts the units it still holds back into the SKU's stock; enqueued with the activity. */
  close_group_buy: { activityId: number };
  /** Asks gateways about payments open too long, resends pending refunds, refunds cancelled paid orders. Every minute. */
  reconcile_payments: Record<string, never>;
  /** Expires one unpaid online or card top-up at its deadline, and its open payment; enqueued with the top-up. */
  expire_recharge: { rechargeId: number };
  /** Expires unpaid top-ups past their deadline that their own job missed. Every 5 minutes. */
  expire_overdue_recharges: Record<string, never>;
}

/** What a task gets besides its payload. */
export interface JobContext {
  deps: AppDeps;
  /** The job as the actor of what it changes. */
  actor: Actor;
  helpers: JobHelpers;
}

export type JobTask<K extends keyof JobPayloads> = (payload: JobPayloads[K], ctx: JobContext) => Promise<void>;

/** The tasks of the shop. */
export const jobTasks: { [K in keyof JobPayloads]: JobTask<K> } = {
  housekeeping: async (_payload, { deps, helpers }) => {
    const counts = await purgeStaleRows(deps.db);
    helpers.logger.info(`housekeeping removed ${JSON.stringify(counts)}`);
  },
  prune_idempotency_keys: async (_payload, { deps, helpers }) => {
    const removed = await pruneIdempotencyKeys(deps.db);
    helpers.logger.info(`pruned ${removed} idempotency key(s)`);
  },
  refresh_exchange_rates: async (_payload, { deps, helpers }) => {
    if (!deps.providers.exchangeRates) return;
    const { date, stored } = await refreshEcbRates(deps.db, deps.providers.exchangeRates);
    helpers.logger.info(`exchange rates of ${date}: ${stored} new`);
  },
  expire_order: async ({ orderId }, { deps, actor }) => {
    await expireOrder(deps, actor, orderId);
  },
  expire_overdue_orders: async (_payload, { deps, actor, helpers }) => {
    const closed = await expireOverdueOrders(deps, actor);
    if (closed) helpers.logger.info(`closed ${closed} overdue unpaid order(s)`);
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
  close_group_buy: async ({ activityId }, { deps, helpers }) => {
    const returned = await closeGroupBuyAtEnd(deps, activityId);
    if (returned) helpers.logger.info(`group buy ${activityId} is over: ${returned} unit(s) back in stock`);
  },
  reconcile_payments: async (_payload, { deps, actor, helpers }) => {
    const done = await reconcilePayments(deps, actor);
    if (done.inquired || done.refunds) helpers.logger.info(`payments reconciled: ${JSON.stringify(done)}`);
  },
  expire_charity_order: async ({ orderId }, { deps }) => {
    await expirePledge(deps.db, orderId);
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
};

/** graphile-worker's task list, bound to the app's dependencies. */
export function taskList(deps: AppDeps, tasks: Partial<Record<string, JobTask<never>>> = jobTasks as never): TaskList {
  return Object.fromEntries(
    Object.entries(tasks).map(([name, task]) => [
      name,
      (payload: unknown, helpers: JobHelpers) => task!((payload ?? {}) as never, { deps, actor: jobActor(name, helpers.job.id), helpers }),
    ]),
  );
}
