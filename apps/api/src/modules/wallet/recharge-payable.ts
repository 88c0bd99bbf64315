import type { Selectable } from 'kysely';
import type { Actor } from '../../lib/actor.js';
import { isPast } from '../../lib/dates.js';
import type { Tx } from '../../lib/transaction.js';
import { finishRechargeRefund, holdRechargeRefund } from './recharge-refund.js';
import { markRechargePaid } from './recharge.service.js';
import { rechargePayableQuery } from './wallet.queries.js';
import type { RechargeOrdersTable } from './wallet.table.js';

type RechargePayableRow = Pick<Selectable<RechargeOrdersTable>, 'id' | 'user_id' | 'order_no' | 'pay_amount' | 'pay_currency' | 'status' | 'kind' | 'instalments'> & { expires_at: Date | string | null };

/**
 * An online or card top-up as the payments area sees it (its payable handler, registered by
 * `payables.ts`): settling it credits the wallet, so it books the captured money itself.
 */
export const rechargePayable = {
  type: 'recharge' as const,
  booksCapture: true,
  query: rechargePayableQuery,
  fromRow: (r: RechargePayableRow) => ({
    type: 'recharge' as const,
    id: r.id,
    userId: r.user_id,
    no: r.order_no,
    amountMinor: Number(r.pay_amount),
    currency: r.pay_currency,
    payable: r.status === 'awaiting_payment' && (r.kind === 'online' || r.kind === 'ctbc') && !isPast(r.expires_at),
    status: r.status,
    expiresAt: r.expires_at ? new Date(r.expires_at) : null,
    countryCode: null,
    ledgerAllowed: false,
    instalments: r.instalments,
  }),
  settle: async (tx: Tx, actor: Actor, input: { id: number; amountMinor: number; currency: string; gateway: string }) => (await markRechargePaid(tx, actor, { rechargeId: input.id, amountMinor: input.amountMinor, currency: input.currency, gateway: input.gateway })).outcome,
  // Its refunded state is set by its own refunds' booking (`refund.finish`), partly or in full.
  refunded: async () => false,
  // Refunding its payment takes the credit back out of the wallet (held before the gateway is asked).
  refund: { hold: holdRechargeRefund, finish: finishRechargeRefund },
};
