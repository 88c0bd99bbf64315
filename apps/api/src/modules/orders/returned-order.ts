import type { Executor } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import { returnCouponUse } from '../promotions/coupons.js';
import { settlementHooks } from './order-settlement.js';
import { transition } from './order-state.js';
import { findOrder, findOrderLinesWithReturns } from './orders.queries.js';

/** Whether every unit of every line of the order is in a refunded return case. */
const wholly = (lines: Awaited<ReturnType<typeof findOrderLinesWithReturns>>) => lines.length > 0 && lines.every((l) => Number(l.returned_quantity) >= l.quantity);

/** Whether every unit the order bought came back through refunded returns (read under the order's row lock to decide on it). */
export const isReturnedWhole = async (db: Executor, orderId: number) => wholly(await findOrderLinesWithReturns(db, orderId));

/**
 * The coupon use of an order whose goods all came back through refunded returns goes back, as a
 * cancelled or closed order's does: the member kept nothing of it. Called in the transaction that
 * marks a return refunded, under the order's row lock, with whether the order was returned whole
 * before that refund: only the refund that takes back its last unit gives the use back, so it goes
 * back once however many of its returns are refunded at once (they take the lock one at a time).
 * Whatever the order's state (on its way, or completed). Answers whether a use went back.
 */
export async function returnCouponOfReturnedOrder(tx: Tx, orderId: number, wholeBefore: boolean): Promise<boolean> {
  if (wholeBefore) return false;
  const order = await findOrder(tx, orderId);
  if (!order?.coupon_id || !(await isReturnedWhole(tx, orderId))) return false;
  await returnCouponUse(tx, order.coupon_id, order.user_id);
  return true;
}

/**
 * An order still on its way (`shipped`) whose every unit came back through refunded returns is over:
 * it moves to `refunded` in the caller's transaction (the one that marks the last return refunded,
 * under the order's row lock), so it can no longer be confirmed received, complete by itself or be
 * asked about, and it never reaches the settled moment: what was pending on it is void, as for any
 * order refunded before settling. A completed order keeps its state (see
 * docs/decisions/2026-11-29-returned-orders-as-members-see-them.md). Answers whether it moved.
 */
export async function refundWhollyReturnedOrder(tx: Tx, actor: Actor, orderId: number): Promise<boolean> {
  if (!(await isReturnedWhole(tx, orderId))) return false;
  const moved = await transition(tx, actor, orderId, ['shipped'], 'refunded', { kind: 'returned' });
  if (!moved) return false;
  for (const onRefunded of settlementHooks.onRefunded) await onRefunded(tx, actor, orderId);
  return true;
}
