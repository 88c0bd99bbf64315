import type { Executor } from '../../db/database.js';

/** What can keep an account open, as the cancellation info names it (`open_orders`, `open_after_sales`, `open_shop`). */
export type CancellationBlocker = 'open_orders' | 'open_after_sales' | 'open_shop';

/**
 * Where other areas plug into accounts without accounts importing them: the orders, after-sales and
 * member-shop areas add what of theirs keeps an account open, and orders the member's recent order ids.
 */
export interface AccountHooks {
  /** Each answers true when it stops the member's account from being closed, with the reason the member is told. */
  cancellationBlockers: Array<{ reason: CancellationBlocker; blocks: (db: Executor, userId: number) => Promise<boolean> }>;
  /** The member's recent order ids, newest first (the session's `last_order_ids`). */
  recentOrderIds: (db: Executor, userId: number) => Promise<number[]>;
}

export const accountHooks: AccountHooks = {
  cancellationBlockers: [],
  recentOrderIds: async () => [],
};

/** What keeps the account open now (open orders, an open after-sales case, an open member shop), each reason once. */
export async function cancellationBlockersOf(db: Executor, userId: number): Promise<Set<CancellationBlocker>> {
  const found = new Set<CancellationBlocker>();
  for (const { reason, blocks } of accountHooks.cancellationBlockers) if (!found.has(reason) && (await blocks(db, userId))) found.add(reason);
  return found;
}
