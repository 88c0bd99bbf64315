import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import { settlementHooks } from './order-settlement.js';
import { transition } from './order-state.js';

/**
 * A paid order moved to refunding that took no money (a coupon or checkout points paid it all, so it
 * was paid at once with no payment) has nothing for the payments area to refund: it is refunded now,
 * in the caller's transaction, as a refund would end it (its coupon use and points went back with the
 * move to refunding). Answers the state it is left in.
 */
export async function refundedWhenNothingPaid(tx: Tx, actor: Actor, order: { id: number; total_minor: number | string }): Promise<'refunding' | 'refunded'> {
  if (Number(order.total_minor) !== 0) return 'refunding';
  const moved = await transition(tx, actor, order.id, ['refunding'], 'refunded', { reason: 'nothing was paid in money' });
  if (!moved) return 'refunding';
  for (const onRefunded of settlementHooks.onRefunded) await onRefunded(tx, actor, order.id);
  return 'refunded';
}
