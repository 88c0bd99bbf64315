import { actorStamp, type Actor } from '../../lib/actor.js';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import { closeWaitingRequest, pendingRequestAbout } from '../approvals/approvals.service.js';
import { messagesWritten } from '../messages/messages.service.js';
import { refundPartsOfPayable } from '../payments/payment-history.js';
import { ordersChanged } from './order-lists.js';
import * as q from './orders.queries.js';
import type { OrderStatus } from './orders.table.js';

// An order's state and its history have one author: every change of state is written here with its
// event (who, when, why) in the caller's transaction — by orders' own use cases, payments, jobs and
// every area that hooks into orders — and the members' cached order lists hear of it.

/** Columns a change of state may set with it (the moment it happened, a reason the member reads). */
export type OrderStamps = { paid_at?: Date; shipped_at?: Date; completed_at?: Date; cancelled_at?: Date; closed_at?: Date; cancel_reason?: string };

/** What the history records of a change besides its states. */
export interface OrderChange {
  /** The event's kind; default the state entered. */
  kind?: string;
  reason?: string | null;
  set?: OrderStamps;
  /** Only this member's order moves. */
  memberId?: number;
  /** Only an order of this total and currency moves. */
  amount?: { total_minor: number; currency: string };
  /** An order paid: its units count as sold, and the moved row says whose invitee the buyer is. */
  paid?: boolean;
}

/**
 * Moves order `orderId` to `to` from one of `from` by a conditional update and writes the event in
 * the same statement; answers the moved row (with `was`, the state it left) when this call made the
 * change, nothing when the order is elsewhere.
 */
export async function transition(tx: Tx, actor: Actor, orderId: number, from: OrderStatus[], to: OrderStatus, change: OrderChange = {}) {
  // A refunded order's message says where its money went, as its page does (the wallet, the card …).
  const refunded = to === 'refunded' ? await refundPartsOfPayable(tx, 'order', orderId) : undefined;
  const moved = await q.transitionOrderWithEvent(tx, {
    orderId,
    from,
    to,
    set: change.set ?? {},
    userId: change.memberId,
    amount: change.amount,
    paid: change.paid,
    event: { kind: change.kind ?? to, reason: change.reason ?? '', ...actorStamp(actor), request_id: actor.requestId },
    // The member's message about the move is written in the same statement.
    message: to in MEMBER_TOLD ? { kind: MEMBER_TOLD[to]!, link: orderLink(orderId), eventKey: `order:${orderId}:${to}`, params: refunded?.currency ? { currency: refunded.currency, refund_to: refunded.parts } : undefined } : undefined,
  });
  if (moved) ordersChanged(tx, [moved.user_id]);
  if (moved?.messaged) messagesWritten(tx, [moved.user_id]);
  return moved;
}

/** The states a member is messaged about when their order enters them. */
const MEMBER_TOLD: Partial<Record<OrderStatus, string>> = { paid: 'order.paid', shipped: 'order.shipped', cancelled: 'order.cancelled', refunded: 'order.refunded' };

/** The app page of an order. */
export const orderLink = (orderId: number) => `/pages/order/orderInfo?id=${orderId}`;

/** Writes an event of an order's history that changes no state (a reminder, a package shipped). */
export async function recordOrderEvent(db: Executor, actor: Actor, orderId: number, kind: string, reason?: string): Promise<void> {
  await q.insertOrderEvent(db, { order_id: orderId, kind, ...actorStamp(actor), request_id: actor.requestId, ...(reason !== undefined ? { reason } : {}) });
}

/** The subject of the request to cancel and refund a paid order (`order.refund`): one waits per order. */
export const refundSubject = (orderId: number) => `order:${orderId}`;

/** Closes the request to cancel and refund the order, if one waits: the order moved another way (shipped, cancelled by its member or directly, its group failed). */
export const closeRefundRequest = (tx: Tx, actor: Actor, orderId: number, why: string) => closeWaitingRequest(tx, actor, 'order.refund', refundSubject(orderId), why);

/** The request to cancel and refund the order that waits for an operator who decides refunds; null when none waits. */
export const waitingRefundRequest = (db: Executor, orderId: number) => pendingRequestAbout(db, 'order.refund', refundSubject(orderId));
