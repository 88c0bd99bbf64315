import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { enqueueJob } from '../../jobs/enqueue.js';
import type { Actor } from '../../lib/actor.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { recordOrderEvent } from './order-state.js';
import * as q from './orders.queries.js';

// The settled moment: an order is settled when it is completed and its after-sales window has
// closed with no case open. Its money is final for the shop's purposes from then on, so what is
// earned on an order (commissions, PV, a member shop's earnings) is earned here, and a refund before
// it needs no clawback. One job per order (`settle_order`, keyed by the order) decides it, once.

/** An order at the moment it settles, as the areas that earn on it see it. */
export interface SettledOrder {
  id: number;
  user_id: number;
  order_no: string;
  currency: string;
  kind: string;
}

/**
 * Where other areas plug into settlement without orders importing them (filled by `wiring.ts`):
 * after-sales lengthens the wait and holds an order with an open case (and schedules the
 * settlement again when the case ends); the areas that earn on an order do so in `onSettled`, in
 * the settling transaction.
 */
export const settlementHooks: {
  /** Each may answer a later end of the wait than the order settings' days after completion. */
  waitUntil: Array<(db: Executor, order: { id: number; completed_at: Date }) => Promise<Date | undefined>>;
  /** Each answers true while it holds the order unsettled (an open after-sales case). */
  holds: Array<(db: Executor, orderId: number) => Promise<boolean>>;
  onSettled: Array<(tx: Tx, actor: Actor, order: SettledOrder) => Promise<void>>;
  /** Each runs in the paying transaction once the order is paid (pending commissions are written then); `referrer_id`: whose invitee the buyer is. */
  onPaid: Array<(tx: Tx, actor: Actor, order: { id: number; user_id: number; referrer_id: number | null }) => Promise<void>>;
  /** Each runs in the transaction that marks the order refunded (before settling: what was pending is void). */
  onRefunded: Array<(tx: Tx, actor: Actor, orderId: number) => Promise<void>>;
} = { waitUntil: [], holds: [], onSettled: [], onPaid: [], onRefunded: [] };

const jobKey = (orderId: number) => `order-settle:${orderId}`;

/** When a completed order may settle: the order settings' days after completion, or a later end an area asks for. */
async function settlementTime(db: Executor, order: { id: number; completed_at: Date }): Promise<Date> {
  const settings = await q.findOrderSettings(db);
  let at = new Date(new Date(order.completed_at).getTime() + settings.settle_after_days * 86_400_000);
  for (const wait of settlementHooks.waitUntil) {
    const until = await wait(db, order);
    if (until && until > at) at = until;
  }
  return at;
}

/** Schedules (or moves) the settlement of an order, in the caller's transaction: at its completion, or when what held it ends. */
export async function scheduleSettlement(tx: Tx, orderId: number): Promise<void> {
  const order = await q.findOrder(tx, orderId);
  if (!order || order.status !== 'completed' || order.settled_at || !order.completed_at) return;
  const at = await settlementTime(tx, { id: order.id, completed_at: new Date(order.completed_at) });
  await q.setOrderSettlesAt(tx, orderId, at);
  await enqueueJob(tx, 'settle_order', { orderId }, { runAt: at, jobKey: jobKey(orderId) });
}

/**
 * Settles a completed order whose time has come and that nothing holds: `settled_at` is set once,
 * the event recorded, and every area earns on it in the same transaction. Too early, it waits for
 * its time; held, it waits for the area that holds it to schedule it again. Answers whether it settled now.
 */
export async function settleOrder(deps: Pick<AppDeps, 'db'>, actor: Actor, orderId: number): Promise<boolean> {
  return withTransaction(deps.db, async (tx) => {
    const order = await q.lockOrderForUpdate(tx, orderId);
    if (!order || order.status !== 'completed' || order.settled_at || !order.completed_at) return false;
    const at = await settlementTime(tx, { id: order.id, completed_at: new Date(order.completed_at) });
    if (at.getTime() > Date.now()) {
      await q.setOrderSettlesAt(tx, orderId, at);
      await enqueueJob(tx, 'settle_order', { orderId }, { runAt: at, jobKey: jobKey(orderId) });
      return false;
    }
    // Held (an open case): the area that holds it schedules the settlement again when it ends.
    for (const held of settlementHooks.holds) {
      if (await held(tx, orderId)) {
        await q.setOrderSettlesAt(tx, orderId, null);
        return false;
      }
    }
    const settled = await q.markOrderSettled(tx, orderId);
    if (!settled) return false;
    await recordOrderEvent(tx, actor, orderId, 'settled');
    for (const earn of settlementHooks.onSettled) await earn(tx, actor, settled);
    return true;
  });
}

/** Settles every order past its time that its own job missed (a safety net behind each order's job). */
export async function settleDueOrders(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<number> {
  let settled = 0;
  for (const id of await q.findDueUnsettledOrderIds(deps.db, 500)) if (await settleOrder(deps, actor, id)) settled++;
  return settled;
}
