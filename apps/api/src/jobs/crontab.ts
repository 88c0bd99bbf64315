import { parseCronItems, type CronItem, type ParsedCronItem } from 'graphile-worker';
import type { JobPayloads } from './payloads.js';

/**
 * Recurring work, at minutes spread over the hour. graphile-worker makes sure each runs once per
 * time slot however many workers run; a slot missed while every worker was down is not caught up
 * (the tasks are clean-ups: the next slot does the same work).
 */
export const cronItems: (CronItem & { task: keyof JobPayloads })[] = [
  { task: 'housekeeping', identifier: 'housekeeping', match: '7 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:housekeeping' } },
  { task: 'prune_idempotency_keys', identifier: 'prune_idempotency_keys', match: '17 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:prune_idempotency_keys' } },
  // The ECB publishes around 16:00 CET on working days; a failed fetch is retried, the snapshot covers the gap.
  { task: 'refresh_open_tracking', identifier: 'refresh_open_tracking', match: '23 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:refresh_open_tracking' } },
  { task: 'reconcile_payments', identifier: 'reconcile_payments', match: '* * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:reconcile_payments' } },
  { task: 'count_goods_sales', identifier: 'count_goods_sales', match: '* * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:count_goods_sales' } },
  { task: 'expire_overdue_orders', identifier: 'expire_overdue_orders', match: '*/5 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:expire_overdue_orders' } },
  { task: 'expire_overdue_recharges', identifier: 'expire_overdue_recharges', match: '2,7,12,17,22,27,32,37,42,47,52,57 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:expire_overdue_recharges' } },
  { task: 'finish_after_sale_refunds', identifier: 'finish_after_sale_refunds', match: '4,9,14,19,24,29,34,39,44,49,54,59 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:finish_after_sale_refunds' } },
  { task: 'sweep_shop_orders', identifier: 'sweep_shop_orders', match: '1,6,11,16,21,26,31,36,41,46,51,56 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:sweep_shop_orders' } },
  { task: 'settle_due_orders', identifier: 'settle_due_orders', match: '29 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:settle_due_orders' } },
  { task: 'purge_old_messages', identifier: 'purge_old_messages', match: '47 3 * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:purge_old_messages' } },
  { task: 'refresh_exchange_rates', identifier: 'refresh_exchange_rates', match: '40 15 * * *', options: { backfillPeriod: 0, maxAttempts: 5, jobKey: 'cron:refresh_exchange_rates' } },
  { task: 'place_overdue_invitees', identifier: 'place_overdue_invitees', match: '11 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:place_overdue_invitees' } },
  // Hourly, so each day is paired soon after its midnight in the shop's time zone (a setting), whatever the zone.
  { task: 'pair_due_days', identifier: 'pair_due_days', match: '3 * * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:pair_due_days' } },
  { task: 'recheck_stars', identifier: 'recheck_stars', match: '33 2 * * *', options: { backfillPeriod: 0, maxAttempts: 3, jobKey: 'cron:recheck_stars' } },
];

export const parsedCronItems = (): ParsedCronItem[] => parseCronItems(cronItems);
