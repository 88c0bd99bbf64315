import type { OrderPayment } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import * as q from './payments.queries.js';
import type { HoldStatus } from '../ledger/ledger.table.js';
import type { PayableType } from './payments.table.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * A payment's balance part as taken and as given back: a balance part whose hold was released (the
 * payable could no longer take the payment when it landed) was never taken. Every view of a payment
 * (the payable's page, the pay pages, the console) answers it so, from the hold's state read beside
 * the payment (`holdStatusOf`).
 */
export function balanceParts(p: { ledger_minor: number | string; hold_status: HoldStatus | null }): { balance_part: number; balance_released: number } {
  const released = p.hold_status === 'released' ? Number(p.ledger_minor) : 0;
  return { balance_part: Number(p.ledger_minor) - released, balance_released: released };
}

type RefundDestination = Pick<OrderPayment['refunds'][number], 'to' | 'pay_way'>;

/**
 * Where a refund of a payment goes back: one through the ledger to the wallet (or to the points,
 * shopping points or gift-card value the payment was made with), one through the gateway to the card
 * or the other method that paid it — the words the after-sales case uses for its parts.
 */
export function refundDestination(via: 'gateway' | 'ledger', payment: { method: string; method_code: string; ledger_asset: string | null }): RefundDestination {
  if (via === 'ledger') {
    const asset = payment.ledger_asset ?? 'cash';
    return asset === 'cash' ? { to: 'wallet', pay_way: 'balance' } : { to: asset as RefundDestination['to'], pay_way: asset };
  }
  return { to: payment.method === 'card' ? 'card' : 'method', pay_way: payment.method_code };
}

/** What went back to one destination (`refundDestination`), in minor units. */
export type RefundPart = RefundDestination & { amount: number };

/**
 * Succeeded refunds summed by where they went (`refundDestination`), in the order first met: what
 * a case page, an order page and a member's message about a refund all say of it.
 */
export function refundPartsOf(refunds: Array<{ via: 'gateway' | 'ledger'; amount_minor: number | string; method: string; method_code: string; ledger_asset: string | null }>): RefundPart[] {
  const parts: RefundPart[] = [];
  for (const r of refunds) {
    const part = refundDestination(r.via, r);
    const same = parts.find((p) => p.to === part.to && p.pay_way === part.pay_way);
    if (same) same.amount += Number(r.amount_minor);
    else parts.push({ ...part, amount: Number(r.amount_minor) });
  }
  return parts;
}

/** Where the refunds of a payable went (`refundPartsOf`), and in which currency; its money owed back (never the payable's) left out. */
export async function refundPartsOfPayable(db: Executor, type: PayableType, payableId: number): Promise<{ currency: string | null; parts: RefundPart[] }> {
  const refunds = await q.findSucceededRefundsWithMethodOfPayable(db, type, payableId);
  return { currency: refunds[0]?.currency ?? null, parts: refundPartsOf(refunds) };
}

/**
 * What paid a member's payable, as the payable's page shows it: each succeeded payment (and each whose
 * money came after it had ended, given back) with its method, amount, surcharge, parts and refunds (`converted` is the payable's area's to add). A
 * balance part whose hold was released (the payable could no longer take the payment when it
 * landed) was never taken: it is answered as released, and not in what was charged.
 */
export async function paymentsOfPayable(db: Executor, userId: number, type: PayableType, payableId: number): Promise<OrderPayment[]> {
  const payments = await q.findPaidPaymentsOfPayable(db, type, payableId, userId);
  const refunds = await q.findRefundsOfPayments(
    db,
    payments.map((p) => p.id),
  );
  return payments.map((p) => {
    const { balance_part, balance_released } = balanceParts(p);
    return {
      payment_no: p.reference,
      pay_way: p.method_code,
      gateway: p.gateway,
      status: p.status,
      currency: p.currency,
      amount: Number(p.payable_minor),
      fee: Number(p.fee_minor),
      charged: Number(p.payable_minor) + Number(p.fee_minor) - balance_released,
      balance_part,
      balance_released,
      gateway_part: Number(p.gateway_minor),
      points: p.ledger_asset === 'points' || p.ledger_asset === 'shopping_points' ? Number(p.ledger_units) : null,
      converted: null,
      created_at: iso(p.created_at)!,
      paid_at: iso(p.finished_at),
      refunds: refunds
        .filter((r) => r.payment_id === p.id)
        .map((r) => ({ refund_no: r.reference, amount: Number(r.amount_minor), currency: r.currency, status: r.status, reason: r.reason, ...refundDestination(r.via, p), created_at: iso(r.created_at)!, finished_at: iso(r.finished_at) })),
    };
  });
}
