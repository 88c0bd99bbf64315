import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import { settlementHooks } from './order-settlement.js';
import { transition } from './order-state.js';
import { findOrderLinesWithReturns } from './orders.queries.js';

/**
 * An order still on its way (`shipped`) whose every unit came back through refunded returns is over:
 * it moves to `refunded` in the caller's transaction (the one that marks the last return refunded,
 * under the order's row lock), so it can no longer be confirmed received, complete by itself or be
 * asked about, and it never reaches the settled moment: what was pending on it is void, as for any
 * order refunded before settling. A completed order keeps its state (see
 * docs/decisions/2026-11-29-returned-orders-as-members-see-them.md). Answers whether it moved.
 */
export async function refundWhollyReturnedOrder(tx: Tx, actor: Actor, orderId: number): Promise<boolean> {
  const lines = await findOrderLinesWithReturns(tx, orderId);
  if (!lines.length || lines.some((l) => Number(l.returned_quantity) < l.quantity)) return false;
  const moved = await transition(tx, actor, orderId, ['shipped'], 'refunded', { kind: 'returned' });
  if (!moved) return false;
  for (const onRefunded of settlementHooks.onRefunded) await onRefunded(tx, actor, orderId);
  return true;
}
