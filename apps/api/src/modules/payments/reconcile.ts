import { ResponseCode } from '@shop/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import * as q from './payments.queries.js';
import { followGatewayRefund, inquireAndApply, refundPayment, type PaymentsDeps } from './settlement.js';

/**
 * A payment still open this long after its last change is asked of its gateway by the reconciliation
 * job; money owed back is refunded by the job once its flag is this old (an operator may decide it
 * first: refund with a reason, or dismiss it when it was given back by hand).
 */
export const RECONCILE_AFTER_SECONDS = 120;

/**
 * The reconciliation job: every payment open past the threshold (or past its deadline) is asked of
 * its gateway and settled by the answer (one still pending past its deadline expires and its held
 * balance goes back); refunds left pending are asked of their gateway (`followGatewayRefund`: where it
 * stands, or sent again under their own reference when it never received them); paid payables their
 * area moved to refunding (a cancelled paid order, a failed group buy) are refunded in full, less
 * what an operator refunded of them from the console.
 */
export async function reconcilePayments(deps: PaymentsDeps, actor: Actor, options: { olderThanSeconds?: number; limit?: number } = {}): Promise<{ inquired: number; settled: number; refunds: number }> {
  const stale = await q.findStalePayments(deps.db, options.olderThanSeconds ?? RECONCILE_AFTER_SECONDS, options.limit ?? 200);
  let settled = 0;
  for (const p of stale) {
    if (!p.gateway) continue;
    const status = await inquireAndApply(deps, actor, p, 'job');
    if (status !== p.status) settled++;
  }
  let refunds = 0;
  for (const r of await q.findPendingGatewayRefunds(deps.db, options.limit ?? 200)) {
    const p = (await q.findPayment(deps.db, r.payment_id))!;
    await followGatewayRefund(deps, actor, p, r);
    refunds++;
  }
  refunds += await refundRefundingPayables(deps, actor, options.limit ?? 200);
  refunds += await refundOwedBack(deps, actor, options.limit ?? 200, options.olderThanSeconds ?? RECONCILE_AFTER_SECONDS);
  return { inquired: stale.length, settled, refunds };
}

/**
 * Gives back money the shop cannot keep (a success after the payment ended, or for a payable that
 * could no longer take it) once its flag is `olderThanSeconds` old and still open: refunded in full
 * through its gateway once (the cause names the payment), and the flag marked resolved by the job.
 */
export async function refundOwedBack(deps: PaymentsDeps, actor: Actor, limit = 200, olderThanSeconds = RECONCILE_AFTER_SECONDS): Promise<number> {
  let done = 0;
  for (const f of await q.findOwedBackFlags(deps.db, limit, olderThanSeconds)) {
    try {
      await refundPayment(deps, actor, { paymentId: f.payment_id, cause: `owed-back:${f.payment_id}`, reason: f.kind });
      await q.resolveFlag(deps.db, f.id, 'reconcile_payments');
      done++;
    } catch {
      // Left open: the next run tries again, an operator sees it meanwhile.
    }
  }
  return done;
}

/**
 * Refunds what is left of every succeeded payment of an order its area moved to refunding, once per
 * payment (the cause names it). What is left is read again under the payment's lock when the refund
 * is made (`refundPayment`), so a partial refund an operator made from the console before, or makes
 * at the same moment, is never given back twice: the job returns the rest, and nothing when the
 * console's refunds took it all. Answers the payments refunded.
 */
export async function refundRefundingPayables(deps: PaymentsDeps, actor: Actor, limit = 200): Promise<number> {
  let done = 0;
  for (const p of await q.findPaymentsOfRefundingOrders(deps.db, limit)) {
    try {
      await refundPayment(deps, actor, { paymentId: p.id, cause: q.payableRefundCause(p), reason: 'order cancelled' });
      done++;
    } catch (e) {
      // An operator's refund from the console took the rest in the meantime: nothing is left to give back.
      if (e instanceof AppError && e.code === ResponseCode.refundTooLarge) continue;
      throw e;
    }
  }
  return done;
}
