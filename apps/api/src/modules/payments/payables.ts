import type { Executor } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import { findCharityOrder, transitionCharityOrder } from '../charity/charity.queries.js';
import { markCharityOrderPaid } from '../charity/charity.service.js';
import { findUserById } from '../members/members.queries.js';
import { moveOrder } from '../orders/order-lists.js';
import { findOrder, insertOrderEvent } from '../orders/orders.queries.js';
import { markOrderPaid } from '../orders/orders.service.js';
import { findRechargeOrder } from '../wallet/wallet.queries.js';
import { markRechargePaid } from '../wallet/recharge.service.js';
import type { PayableType } from './payments.table.js';

// What payments attach to, seen the same way whatever it is: an order, a charity pledge, a top-up.

export interface Payable {
  type: PayableType;
  id: number;
  userId: number;
  /** The number the member knows it by. */
  no: string;
  amountMinor: number;
  currency: string;
  /** True while it waits for payment and has not expired. */
  payable: boolean;
  status: string;
  expiresAt: Date | null;
  /** The destination country (orders), for methods enabled per country. */
  countryCode: string | null;
  /** Whether the wallet's own value (balance, points, gift cards) may pay it: not for a top-up of that wallet. */
  ledgerAllowed: boolean;
  /** A card top-up's instalment months (CTBC), passed on to the gateway. */
  instalments?: number | null;
}

export type PayableOutcome = 'paid' | 'mismatch' | 'not_payable';

const expired = (at: Date | string | null) => !!at && new Date(at).getTime() <= Date.now();

/** Loads a payable (any member's: the caller checks the owner). */
export async function loadPayable(db: Executor, type: PayableType, id: number): Promise<Payable | undefined> {
  if (type === 'order') {
    const o = await findOrder(db, id);
    if (!o) return undefined;
    return { type, id: o.id, userId: o.user_id, no: o.order_no, amountMinor: Number(o.total_minor), currency: o.currency, payable: o.status === 'awaiting_payment' && !expired(o.expires_at), status: o.status, expiresAt: new Date(o.expires_at), countryCode: o.country_code, ledgerAllowed: true };
  }
  if (type === 'charity') {
    const o = await findCharityOrder(db, id);
    if (!o) return undefined;
    const member = await findUserById(db, o.user_id);
    return { type, id: o.id, userId: o.user_id, no: o.order_no, amountMinor: Number(o.amount_minor), currency: o.currency, payable: o.status === 'awaiting_payment' && !expired(o.expires_at), status: o.status, expiresAt: new Date(o.expires_at), countryCode: member?.country ?? null, ledgerAllowed: true };
  }
  const r = await findRechargeOrder(db, id);
  if (!r) return undefined;
  return {
    type,
    id: r.id,
    userId: r.user_id,
    no: r.order_no,
    amountMinor: r.pay_amount,
    currency: r.pay_currency,
    payable: r.status === 'awaiting_payment' && (r.kind === 'online' || r.kind === 'ctbc') && !expired(r.expires_at),
    status: r.status,
    expiresAt: r.expires_at ? new Date(r.expires_at) : null,
    countryCode: null,
    ledgerAllowed: false,
    instalments: r.instalments,
  };
}

/**
 * Settles the payable in the caller's transaction through its own area's function: the order
 * becomes paid (or the wallet is credited) only from awaiting payment, for its exact amount, once.
 */
export async function settlePayable(tx: Tx, actor: Actor, p: { type: PayableType; id: number }, amountMinor: number, currency: string, gateway: string): Promise<PayableOutcome> {
  if (p.type === 'order') return (await markOrderPaid(tx, actor, { orderId: p.id, amountMinor, currency })).outcome;
  if (p.type === 'charity') return markCharityOrderPaid(tx, { orderId: p.id, amountMinor, currency });
  return (await markRechargePaid(tx, actor, { rechargeId: p.id, amountMinor, currency, gateway })).outcome;
}

/** True when settling this payable posts its own ledger entry (a top-up credits the wallet itself). */
export const payablePostsItsOwnEntry = (type: PayableType) => type === 'recharge';

/** Marks a payable refunded once its refund is done (orders and charity pledges; a top-up has no such state). */
export async function markPayableRefunded(tx: Tx, actor: Actor, p: { type: PayableType; id: number }): Promise<boolean> {
  if (p.type === 'order') {
    const done = await moveOrder(tx, p.id, ['refunding'], 'refunded', {});
    if (done) await insertOrderEvent(tx, { order_id: p.id, kind: 'refunded', from_status: 'refunding', to_status: 'refunded', actor_kind: actor.kind, actor_id: String(actor.memberId ?? actor.operatorId ?? actor.name ?? ''), request_id: actor.requestId });
    return !!done;
  }
  if (p.type === 'charity') return !!(await transitionCharityOrder(tx, p.id, ['paid'], 'refunded', {}));
  return false;
}
