import type { Selectable } from 'kysely';
import { ResponseCode } from '@shop/contract';
import type { Actor } from '../../lib/actor.js';
import { isPast } from '../../lib/dates.js';
import type { Tx } from '../../lib/transaction.js';
import { charityPayableQuery, transitionCharityOrder } from './charity.queries.js';
import type { CharityOrdersTable } from './charity.table.js';
import { markCharityOrderPaid } from './charity.service.js';

type CharityPayableRow = Pick<Selectable<CharityOrdersTable>, 'id' | 'user_id' | 'order_no' | 'amount_minor' | 'currency' | 'status'> & { expires_at: Date | string; country: string | null; cause_status: 'open' | 'closed' };

/** An unpaid pledge of a closed cause: paying it is refused as the cause's new pledges are ("this cause is closed"). */
const refusedAsClosed = (o: CharityPayableRow) => o.cause_status !== 'open' && o.status !== 'paid' && o.status !== 'refunded';

/** A charity pledge as the payments area sees it (its payable handler, registered by `payables.ts`). */
export const charityPayable = {
  type: 'charity' as const,
  query: charityPayableQuery,
  fromRow: (o: CharityPayableRow) => ({
    type: 'charity' as const,
    id: o.id,
    userId: o.user_id,
    no: o.order_no,
    amountMinor: Number(o.amount_minor),
    currency: o.currency,
    payable: o.status === 'awaiting_payment' && !isPast(o.expires_at) && o.cause_status === 'open',
    status: o.status,
    expiresAt: new Date(o.expires_at),
    countryCode: o.country ?? null,
    ledgerAllowed: true,
    ...(refusedAsClosed(o) ? { refusal: ResponseCode.charityCauseClosed } : {}),
  }),
  settle: (tx: Tx, _actor: Actor, input: { id: number; amountMinor: number; currency: string }) => markCharityOrderPaid(tx, { orderId: input.id, amountMinor: input.amountMinor, currency: input.currency }),
  refunded: async (tx: Tx, _actor: Actor, id: number) => !!(await transitionCharityOrder(tx, id, ['paid'], 'refunded', {})),
};
