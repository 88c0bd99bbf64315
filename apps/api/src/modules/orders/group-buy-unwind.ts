import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import { leaveGroup } from '../promotions/group-buy.entries.js';
import { closeRefundRequest, transition } from './order-state.js';
import * as q from './orders.queries.js';
import { refundedWhenNothingPaid } from './nothing-to-refund.js';
import { returnCheckoutPoints } from './points.js';

/**
 * Ends a group-buy order that can have no group (its group failed, or its activity was over when it
 * was paid): paid, it moves to refunding (the payments area refunds it in full); unpaid, it is
 * cancelled. Either way, once, with its event; it leaves its group and its units go back. Answers
 * where it moved and how many units went back to the SKU's stock with it, or false when it did not move.
 */
export async function unwindGroupOrder(tx: Tx, actor: Actor, orderId: number, why: { reason: string; cancelReason: string }): Promise<{ to: 'refunding' | 'cancelled'; unitsToStock: number } | false> {
  const change = { reason: why.reason, set: { cancelled_at: new Date(), cancel_reason: why.cancelReason } };
  const refunded = await transition(tx, actor, orderId, ['paid'], 'refunding', { ...change, kind: 'refund_requested' });
  const cancelled = refunded ? undefined : await transition(tx, actor, orderId, ['awaiting_payment'], 'cancelled', change);
  if (!refunded && !cancelled) return false;
  const left = await leaveGroup(tx, orderId, 'group_failed');
  const order = (await q.findOrder(tx, orderId))!;
  await returnCheckoutPoints(tx, actor, order);
  if (refunded) {
    await closeRefundRequest(tx, actor, orderId, 'group failed');
    await refundedWhenNothingPaid(tx, actor, order);
  }
  return { to: refunded ? 'refunding' : 'cancelled', unitsToStock: left ? left.unitsToStock : 0 };
}
