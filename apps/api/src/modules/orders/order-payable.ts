import type { Actor } from '../../lib/actor.js';
import { isPast } from '../../lib/dates.js';
import type { Tx } from '../../lib/transaction.js';
import { settlementHooks } from './order-settlement.js';
import { transition } from './order-state.js';
import { orderPayableQuery, type OrderPayableRow } from './orders.queries.js';
import { markOrderPaid } from './orders.service.js';

/** An order as the payments area sees it (its payable handler, registered by `payables.ts`). */
export const orderPayable = {
  type: 'order' as const,
  query: orderPayableQuery,
  fromRow: (o: OrderPayableRow) => ({ type: 'order' as const, id: o.id, userId: o.user_id, no: o.order_no, amountMinor: Number(o.total_minor), currency: o.currency, payable: o.status === 'awaiting_payment' && !isPast(o.expires_at), status: o.status, expiresAt: new Date(o.expires_at), countryCode: o.country_code, ledgerAllowed: true }),
  settle: async (tx: Tx, actor: Actor, input: { id: number; amountMinor: number; currency: string; paidInPoints?: boolean }) =>
    (await markOrderPaid(tx, actor, { orderId: input.id, amountMinor: input.amountMinor, currency: input.currency, paidInPoints: input.paidInPoints })).outcome,
  // Paid, shipped or completed, an order is refunded by its cancellation or an after-sales case.
  directRefundFrom: ['refunding', 'refunded', 'cancelled', 'closed'],
  async refunded(tx: Tx, actor: Actor, id: number) {
    const moved = !!(await transition(tx, actor, id, ['refunding'], 'refunded'));
    if (moved) for (const onRefunded of settlementHooks.onRefunded) await onRefunded(tx, actor, id);
    return moved;
  },
};
