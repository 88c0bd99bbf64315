import type { AppDeps } from '../../app-deps.js';
import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import { releaseHold } from '../ledger/ledger.service.js';
import { findOpenPaymentsOfPayable, lockPayableSlot, lockPaymentForUpdate } from './payments.queries.js';
import type { PayableType, PaymentRow } from './payments.table.js';
import { cancelAtGatewayAfterCommit, transition, type ReportSource } from './settlement.js';

/**
 * Ends a payable its area cancels now (`close`, the area's conditional update) together with its
 * open payments, inside the caller's transaction — as expiry (`expirePayableWithPayments`) and a
 * payment replaced by another (`startPayment`) do. The payable's payment slot is taken first, so a
 * payment being started at the same moment either lands before (and is cancelled here) or after
 * (and finds the payable no longer payable); then the open payments are locked in the order a
 * provider's report locks them. When `close` ended the payable, each open payment moves to
 * canceled through the state machine, a held balance part goes back, and its gateway is asked to
 * stop taking it once committed. A success that still arrives is owed back and flagged for refund
 * by `applyReport`, never credited. Answers what `close` answered.
 */
export async function cancelPayableWithPayments<T>(
  tx: Tx,
  deps: Partial<Pick<AppDeps, 'providers' | 'db'>>,
  actor: Actor,
  payable: { type: PayableType; id: number },
  how: { source: ReportSource; reason: string },
  close: () => Promise<T>,
): Promise<T> {
  await lockPayableSlot(tx, payable.type, payable.id);
  const locked: PaymentRow[] = [];
  for (const open of await findOpenPaymentsOfPayable(tx, payable.type, payable.id)) {
    const row = await lockPaymentForUpdate(tx, open.id);
    if (row) locked.push(row);
  }
  const closed = await close();
  if (!closed) return closed;
  for (const p of locked) {
    const moved = await transition(tx, actor, p, ['created', 'pending'], 'canceled', how.source, { reason: how.reason });
    if (!moved) continue;
    if (moved.hold_id) await releaseHold(tx, moved.hold_id, { actor });
    if (deps.providers) cancelAtGatewayAfterCommit(tx, { providers: deps.providers, db: deps.db }, moved);
  }
  return closed;
}
