// The payload of every durable job, by task name. Types only: this file imports nothing, so the
// code that enqueues a job depends on no task's implementation.

/**
 * Every task and the payload it takes. An area adds its tasks here and their functions in `jobTasks` (`apps/api/src/job-tasks.ts`); tasks
 * must be idempotent (a job may run again after a crash or a retry).
 */
export interface JobPayloads {
  /** Deletes rows that no longer mean anything (expired codes, old sessions …). Hourly. */
  housekeeping: Record<string, never>;
  /** Deletes idempotency keys whose day is over. Hourly. */
  prune_idempotency_keys: Record<string, never>;
  /** Removes members' messages older than the support settings' retention. Daily. */
  purge_old_messages: Record<string, never>;
  /** Fetches the ECB's daily reference rates when reachable and stores a new day. Daily. */
  refresh_exchange_rates: Record<string, never>;
  /** Adds the units paid orders sold to their goods' sales count. Every minute. */
  count_goods_sales: Record<string, never>;
  /** Closes one unpaid order at its payment deadline and puts its goods back on sale; enqueued with the order. */
  expire_order: { orderId: number };
  /** Closes unpaid orders past their deadline that their own job missed. Every 5 minutes. */
  expire_overdue_orders: Record<string, never>;
  /** Settles a completed order once its after-sales window has closed with no case open; enqueued at completion. */
  settle_order: { orderId: number };
  /** Settles completed orders past their time that their own job missed. Hourly. */
  settle_due_orders: Record<string, never>;
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
  /** Closes an approved after-sales case whose goods were not sent back in time; enqueued at approval. */
  close_unshipped_after_sale: { caseId: number };
  /** Completes an exchange or repair the member did not confirm, days after its replacement shipped; enqueued when it ships. */
  complete_after_sale: { caseId: number };
  /** Finishes the refunds of after-sales cases left refunding (a gateway part that succeeded later). Every 5 minutes. */
  finish_after_sale_refunds: Record<string, never>;
  /** Places invitees left unplaced past the deadline into the outermost free slot of their sponsor's weaker leg. Hourly. */
  place_overdue_invitees: Record<string, never>;
  /** Runs the pair bonus of every day with PV that is over in the shop's time zone and not yet paired, oldest first. Hourly. */
  pair_due_days: Record<string, never>;
  /** Re-checks every member's star against the ladder. Daily. */
  recheck_stars: Record<string, never>;
  /** Closes one unpaid shop order at its payment deadline; enqueued with the order. */
  expire_shop_order: { orderId: number };
  /** Rejects and refunds a paid shop order whose audit the owner did not decide in time; enqueued at payment. */
  reject_overdue_shop_order: { orderId: number };
  /** Refunds an approved shop order not shipped, or a ready one not picked up, within the fulfilment days; enqueued at approval, moved when made ready. */
  refund_unfulfilled_shop_order: { orderId: number };
  /** Gives a rejected shop order's payments back in full (once per payment); enqueued with the rejection. */
  refund_shop_order: { orderId: number };
  /** Credits the owner's earnings of a completed shop order at its settled moment; enqueued at completion. */
  settle_shop_order: { orderId: number };
  /** Completes a shipped (delivery) shop order its buyer did not confirm, the order settings' days after shipping; enqueued at shipping. */
  auto_complete_shop_order: { orderId: number };
  /** Leaves a support answer still unread a few seconds after it was sent in the member's messages (they are away); enqueued with the answer. */
  tell_away_chat_member: { conversationId: number; messageId: number };
  /** Shop orders their own jobs missed: unpaid past the deadline, audits overdue, approved or ready ones not served in time, shipped ones unconfirmed too long, settlements due. Every 5 minutes. */
  sweep_shop_orders: Record<string, never>;
}
