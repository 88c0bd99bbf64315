import type { Actor } from '../../lib/actor.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { releaseHold } from '../ledger/ledger.service.js';
import { findOpenPaymentsOfPayable, lockPaymentForUpdate } from './payments.queries.js';
import type { PayableType, PaymentRow } from './payments.table.js';
import { cancelAtGatewayAfterCommit, inquireAndApply, transition, type PaymentsDeps } from './settlement.js';

/**
 * Ends a payable the shop closes at its deadline (`close`, the payable area's conditional update)
 * together with its open payments, in one transaction, once their gateways have been asked. The
 * open payments are locked first, in the order a provider's report locks them, so a success arriving
 * at the same moment either lands before (the payable is paid and `close` changes nothing) or after
 * (it finds the payment expired).
 * When `close` ended the payable, each open payment moves to expired through the state machine, a
 * held balance part goes back, and its gateway is asked to stop taking it once committed. A success
 * that still arrives is owed back and flagged for refund by `applyReport`, never credited.
 */
export async function expirePayableWithPayments(deps: PaymentsDeps, actor: Actor, payable: { type: PayableType; id: number }, close: (tx: Tx) => Promise<boolean>): Promise<{ closed: boolean; payments: number }> {
  // Each open gateway payment is asked first: one the member completed in time is applied (the
  // payable is paid and `close` changes nothing), even when the gateway's own notice is late or lost.
  for (const open of await findOpenPaymentsOfPayable(deps.db, payable.type, payable.id)) {
    if (open.gateway) await inquireAndApply(deps, actor, open, 'job');
  }
  return withTransaction(deps.db, async (tx) => {
    const locked: PaymentRow[] = [];
    for (const open of await findOpenPaymentsOfPayable(tx, payable.type, payable.id)) {
      const row = await lockPaymentForUpdate(tx, open.id);
      if (row) locked.push(row);
    }
    if (!(await close(tx))) return { closed: false, payments: 0 };
    let payments = 0;
    for (const p of locked) {
      const moved = await transition(tx, actor, p, ['created', 'pending'], 'expired', 'job', { reason: `${payable.type} expired` });
      if (!moved) continue;
      payments++;
      if (moved.hold_id) await releaseHold(tx, moved.hold_id, { actor });
      cancelAtGatewayAfterCommit(tx, deps, moved);
    }
    return { closed: true, payments };
  });
}
