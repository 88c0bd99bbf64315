import type { Executor } from '../../db/database.js';

/**
 * Where other areas plug into accounts without accounts importing them: the orders area adds its
 * "orders not confirmed for delivery" check and the member's recent order ids when it lands.
 */
export interface AccountHooks {
  /** Each returns true when it stops the member's account from being closed. */
  cancellationBlockers: Array<(db: Executor, userId: number) => Promise<boolean>>;
  /** The member's recent order ids, newest first (the session's `last_order_ids`). */
  recentOrderIds: (db: Executor, userId: number) => Promise<number[]>;
}

export const accountHooks: AccountHooks = {
  cancellationBlockers: [],
  recentOrderIds: async () => [],
};

/** Whether anything (such as orders not yet confirmed for delivery) keeps the account open. */
export async function hasCancellationBlocker(db: Executor, userId: number): Promise<boolean> {
  for (const blocked of accountHooks.cancellationBlockers) if (await blocked(db, userId)) return true;
  return false;
}
