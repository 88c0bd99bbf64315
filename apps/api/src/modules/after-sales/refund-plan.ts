import type { Executor } from '../../db/database.js';
import { findRefundsOfPayments, findSucceededPaymentsOfPayables } from '../payments/payments.queries.js';
import { planPaymentRefund, refundLeftOf } from '../payments/settlement.js';
import type { OrderRef } from './order-source.js';

// What a case's refund sends, worked out once: the refund itself sends these parts, and every figure
// said before it (the apply page's estimate, the case page, the console's dialog and cap) is their sum.

/** A succeeded payment of an order and what it may still refund (`refundLeftOf`). */
export interface PaymentLeft {
  id: number;
  left: ReturnType<typeof refundLeftOf>;
}

/** What refunding an amount of the order's value sends: per payment, its value part and the surcharge that comes back with it. */
export interface CaseRefundPlan {
  /** The order's value refunded (never more than the payments have left). */
  value: number;
  /** The card surcharges that come back with it. */
  fee: number;
  /** What goes back to the member: value and surcharges. */
  total: number;
  parts: Array<{ payment_id: number; value: number; ledger: number; gateway: number; fee: number }>;
}

/**
 * What each succeeded payment of an order may still refund, in the order a case's refund takes them.
 * A case's own refunds (`exceptCaseId`) count as not made: a case being refunded reads what it sends.
 */
export async function orderPaymentsLeft(db: Executor, ref: OrderRef, exceptCaseId?: number): Promise<PaymentLeft[]> {
  return (await casesPaymentsLeft(db, [{ id: exceptCaseId ?? 0, ref }])).get(exceptCaseId ?? 0)!;
}

/**
 * `orderPaymentsLeft` for several cases at once (a list of cases: two statements, whatever its length),
 * by case id; a case's own refunds count as not made.
 */
export async function casesPaymentsLeft(db: Executor, cases: Array<{ id: number; ref: OrderRef }>): Promise<Map<number, PaymentLeft[]>> {
  const payments = await findSucceededPaymentsOfPayables(db, cases.map((c) => ({ type: c.ref.kind, id: c.ref.id })));
  const refunds = await findRefundsOfPayments(db, payments.map((p) => p.id));
  const out = new Map<number, PaymentLeft[]>();
  for (const c of cases) {
    const own = `after-sale:${c.id}:`;
    const ofOrder = payments.filter((p) => p.payable_type === c.ref.kind && Number(p.payable_id) === c.ref.id);
    out.set(c.id, ofOrder.map((p) => ({ id: p.id, left: refundLeftOf(p, refunds.filter((r) => r.payment_id === p.id && !(c.id && r.cause.startsWith(own)))) })));
  }
  return out;
}

/** The order's value its payments may still refund, in all. */
export const valueLeftOf = (payments: PaymentLeft[]): number => payments.reduce((s, p) => s + p.left.value, 0);

/**
 * What refunding `value` of the order's value sends: each payment in turn gives what it has left of
 * the value until it is covered, and a part that takes all of a payment's value left brings back its
 * card surcharge (`planPaymentRefund`, which the refund itself goes by). So a partial return gives no
 * share of the surcharge; the refund that takes back the rest of the order gives it all.
 */
export function planCaseRefund(payments: PaymentLeft[], value: number): CaseRefundPlan {
  let due = Math.max(0, value);
  const parts: CaseRefundPlan['parts'] = [];
  for (const p of payments) {
    const part = Math.min(due, p.left.value);
    if (part <= 0) continue;
    parts.push({ payment_id: p.id, value: part, ...planPaymentRefund(p.left, part) });
    due -= part;
  }
  const refunded = Math.max(0, value) - due;
  const fee = parts.reduce((s, p) => s + p.fee, 0);
  return { value: refunded, fee, total: refunded + fee, parts };
}
