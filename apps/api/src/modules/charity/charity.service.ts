import { CHARITY_PLEDGE_MAX, ResponseCode, type EndpointBody, type EndpointData, type EndpointQuery, type Language, type createCauseBody, type listLoversOrders, type payLoversOrder } from '@shop/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import { enqueueLaterJob } from '../../jobs/enqueue.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { memberIdOf } from '../cart/cart.service.js';
import { pick } from '../catalogue/texts.js';
import { operatorName } from '../orders/fulfilment.service.js';
import { findOrderSettings } from '../orders/orders.queries.js';
import { newOrderNo } from '../orders/orders.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { assertShopCurrency } from '../rates/rates.service.js';
import * as q from './charity.queries.js';
import { isPast, iso } from '../../lib/dates.js';
import { cancelPayableWithPayments } from '../payments/payable-cancel.js';
import { expirePayableWithPayments } from '../payments/payable-expiry.js';
import type { PaymentsDeps } from '../payments/settlement.js';
import { totalOf } from '../../lib/paging.js';


type CauseRow = Awaited<ReturnType<typeof q.findCausesWithTotals>>[number];
const toCause = (c: CauseRow, lang: Language) => ({
  id: c.id,
  title: pick(c.title, lang),
  description: pick(c.description, lang),
  image: c.image,
  currency: c.currency,
  min_amount: Number(c.min_amount_minor),
  goal: c.goal_minor === null ? null : Number(c.goal_minor),
  raised: Number(c.raised),
  supporters: Number(c.supporters),
});

type OrderRow = NonNullable<Awaited<ReturnType<typeof q.findCharityOrder>>>;
const toOrder = (o: OrderRow, causeTitle: string) => ({
  id: o.id,
  order_no: o.order_no,
  cause_id: o.cause_id,
  cause_title: causeTitle,
  amount: Number(o.amount_minor),
  currency: o.currency,
  status: o.status,
  message: o.message,
  created_at: iso(o.created_at)!,
  expires_at: o.status === 'awaiting_payment' ? iso(o.expires_at) : null,
  paid_at: iso(o.paid_at),
});

/** `/attractive/lovers/submitPay`: a pledge to an open cause (exclusive with its close), awaiting payment until the order expiry time. */
export async function pledge(db: Database, actor: Actor, input: EndpointBody<typeof payLoversOrder>): Promise<EndpointData<typeof payLoversOrder>> {
  const userId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    // Held until the pledge is recorded: a close at the same moment comes before it (refused here) or after it, never between.
    const cause = await q.lockCauseForShare(tx, input.cause_id);
    if (!cause) throw new AppError(ResponseCode.charityCauseNotFound);
    if (cause.status !== 'open') throw new AppError(ResponseCode.charityCauseClosed);
    if (input.amount < Number(cause.min_amount_minor)) throw new AppError(ResponseCode.charityAmountTooSmall, { min: new Amount(Number(cause.min_amount_minor), cause.currency), currency: cause.currency });
    if (input.amount > CHARITY_PLEDGE_MAX) throw new AppError(ResponseCode.charityAmountTooLarge, { max: new Amount(CHARITY_PLEDGE_MAX, cause.currency), currency: cause.currency });
    const { expiry_minutes } = await findOrderSettings(tx);
    const expiresAt = new Date(Date.now() + expiry_minutes * 60_000);
    let id: number | undefined;
    for (let attempt = 0; id === undefined; attempt++) {
      if (attempt >= 5) throw new Error('no free order number after 5 attempts');
      id = (await q.insertCharityOrder(tx, { order_no: newOrderNo(), user_id: userId, cause_id: cause.id, amount_minor: input.amount, currency: cause.currency, message: input.message, expires_at: expiresAt }))?.id;
    }
    await enqueueLaterJob(tx, 'expire_charity_order', { orderId: id }, { runAt: expiresAt, jobKey: `charity-expiry:${id}`, maxAttempts: 10 });
    return toOrder((await q.findCharityOrder(tx, id))!, pick(cause.title, actor.lang));
  });
}

/**
 * The member cancels an unpaid charity order. Its open payments close with it: a held balance part
 * goes back at once and the gateway is asked to stop taking the card part; money that still arrives
 * for it is owed back and flagged, never counted for the cause.
 */
export async function cancelPledge(deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'providers'>>, actor: Actor, input: { id: number }): Promise<EndpointData<typeof payLoversOrder>> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const order = await q.findCharityOrder(tx, input.id);
    if (!order || order.user_id !== userId) throw new AppError(ResponseCode.orderNotFound);
    const changed = await cancelPayableWithPayments(tx, deps, actor, { type: 'charity', id: order.id }, { source: 'member', reason: 'pledge cancelled' }, () =>
      q.transitionCharityOrder(tx, order.id, ['awaiting_payment'], 'cancelled', { cancelled_at: new Date() }, userId),
    );
    if (!changed) throw new AppError(ResponseCode.orderState);
    const cause = (await q.findCause(tx, order.cause_id))!;
    return toOrder((await q.findCharityOrder(tx, order.id))!, pick(cause.title, actor.lang));
  });
}

/**
 * Closes an unpaid charity order at its deadline (at most once) with its open payments: each is
 * asked of its gateway first, so one the member completed in time pays the pledge; the others end,
 * a held balance part goes back and the gateway stops taking them.
 */
export async function expirePledge(deps: PaymentsDeps, actor: Actor, orderId: number): Promise<boolean> {
  const due = (o: Awaited<ReturnType<typeof q.findCharityOrder>>) => !!o && o.status === 'awaiting_payment' && isPast(o.expires_at);
  if (!due(await q.findCharityOrder(deps.db, orderId))) return false;
  const { closed } = await expirePayableWithPayments(deps, actor, { type: 'charity', id: orderId }, async (tx) =>
    due(await q.findCharityOrder(tx, orderId)) && Boolean(await q.transitionCharityOrder(tx, orderId, ['awaiting_payment'], 'closed', { closed_at: new Date() })),
  );
  return closed;
}

/**
 * The payments area settles a charity order: only from awaiting payment, only for its exact amount
 * and currency, and only while its cause is open (money for a closed cause is owed back and flagged).
 */
export async function markCharityOrderPaid(tx: Tx, input: { orderId: number; amountMinor: number; currency: string }): Promise<'paid' | 'not_payable' | 'mismatch'> {
  const order = await q.findCharityOrder(tx, input.orderId);
  if (!order) return 'not_payable';
  if (Number(order.amount_minor) !== input.amountMinor || order.currency !== input.currency) return 'mismatch';
  // Closing a cause cancels its unpaid pledges in the same transaction; this keeps out one left
  // awaiting payment by a close made before that rule.
  if ((await q.findCause(tx, order.cause_id))?.status !== 'open') return 'not_payable';
  return (await q.transitionCharityOrder(tx, input.orderId, ['awaiting_payment'], 'paid', { paid_at: new Date() })) ? 'paid' : 'not_payable';
}

/** The member's charity orders, newest first. */
export async function listPledges(db: Executor, actor: Actor, input: EndpointQuery<typeof listLoversOrders>): Promise<EndpointData<typeof listLoversOrders>> {
  const rows = await q.findMemberCharityOrders(db, memberIdOf(actor), input.status, input.limit, (input.page - 1) * input.limit);
  const total = totalOf(rows);
  return { list: rows.map((r) => toOrder(r, pick(r.cause_title, actor.lang))), total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
}

/** What the member gave, and the causes open for pledges. */
export async function charityCentre(db: Executor, actor: Actor) {
  const [giving, causes] = await Promise.all([q.findMemberGiving(db, memberIdOf(actor)), q.findCausesWithTotals(db, { openOnly: true })]);
  return {
    given: giving.perCurrency.map((g) => ({ currency: g.currency, amount: Number(g.amount) })),
    count: giving.count,
    causes_supported: giving.causes,
    causes: causes.map((c) => toCause(c, actor.lang)),
  };
}

/** An operator publishes a cause; recorded with who. */
export async function createCause(db: Database, actor: Actor, input: z.infer<typeof createCauseBody>) {
  const by = operatorName(actor);
  // A cause in a currency the shop does not have could never be paid.
  await assertShopCurrency(db, input.currency);
  return withTransaction(db, async (tx) => {
    const { id } = await q.insertCause(tx, {
      title: JSON.stringify(input.title),
      description: JSON.stringify(input.description),
      image: input.image,
      currency: input.currency,
      min_amount_minor: input.min_amount,
      goal_minor: input.goal,
      created_by: by,
    });
    await insertOperatorAction(tx, { operator: by, action: 'charity.cause', target_type: 'charity_cause', target_id: id, facts: { key: 'charity_cause_created', currency: input.currency } });
    return toCause((await q.findCausesWithTotals(tx, { id }))[0]!, actor.lang);
  });
}
