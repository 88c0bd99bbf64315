import { fromMinorUnits, type EndpointBody, type EndpointData, type EndpointQuery, type adminListCharityPledges, type adminUpdateCharityCause } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { pick } from '../catalogue/texts.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import type { ListExport } from '../../lib/list-export.js';
import * as q from './charity.queries.js';
import { iso } from '../../lib/dates.js';
import { cancelPayableWithPayments } from '../payments/payable-cancel.js';
import { totalOf } from '../../lib/paging.js';

// Charity causes and pledges for operators: the causes with every language's texts, edited with a reason.

const texts = (v: unknown): Record<string, string> => (typeof v === 'string' ? (JSON.parse(v) as Record<string, string>) : ((v ?? {}) as Record<string, string>));

type CauseRow = Awaited<ReturnType<typeof q.findCausesWithTotals>>[number];
const toCause = (c: CauseRow) => ({
  id: c.id,
  title: texts(c.title),
  description: texts(c.description),
  image: c.image,
  currency: c.currency,
  min_amount: Number(c.min_amount_minor),
  goal: c.goal_minor === null ? null : Number(c.goal_minor),
  status: c.status,
  raised: Number(c.raised),
  supporters: Number(c.supporters),
  paid_pledges: Number(c.paid_pledges),
  pledges: Number(c.pledges),
  created_by: c.created_by,
  created_at: iso(c.created_at)!,
  updated_at: iso(c.updated_at),
});

/** Every cause, open or closed, with what was pledged. */
export async function causesForOperator(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return { list: (await q.findCausesWithTotals(db)).map(toCause) };
}

/**
 * Changes a cause (texts, picture, amounts, open or closed), recorded with the reason. The change
 * names the `updated_at` it was edited from; from a copy changed since it is refused, nothing written.
 * Closing it cancels its pledges still awaiting payment, with their open payments (the payments
 * area's cancel path: a held balance part goes back, the gateway is told to stop taking it).
 */
export async function updateCauseFromConsole(deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'providers'>>, actor: Actor, input: EndpointBody<typeof adminUpdateCharityCause>) {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const locked = await q.lockCauseForUpdate(tx, input.id);
    if (!locked) throw notFound('cause');
    // Under the lock, so of two changes from one copy only the first passes: the second would undo it.
    assertLoadedVersion(locked.updated_at, input.base_updated_at);
    const changed = await q.updateCause(tx, input.id, {
      title: JSON.stringify(input.title),
      description: JSON.stringify(input.description),
      image: input.image,
      min_amount_minor: input.min_amount,
      goal_minor: input.goal,
      status: input.status,
    });
    if (!changed) throw notFound('cause');
    await insertOperatorAction(tx, { operator, action: 'charity.cause', target_type: 'charity_cause', target_id: input.id, reason: input.reason, facts: { key: 'charity_cause', status: input.status } });
    // Under the cause's lock no new pledge comes in; money still arriving for a cancelled one is owed back and flagged.
    if (input.status === 'closed') {
      for (const pledgeId of await q.findUnpaidPledgeIdsOfCause(tx, input.id)) {
        await cancelPayableWithPayments(tx, deps, actor, { type: 'charity', id: pledgeId }, { source: 'operator', reason: 'cause closed' }, () =>
          q.transitionCharityOrder(tx, pledgeId, ['awaiting_payment'], 'cancelled', { cancelled_at: new Date() }),
        );
      }
    }
    return toCause((await q.findCausesWithTotals(tx, { id: input.id }))[0]!);
  });
}

/** Members' pledges, newest first, by cause and state; cause titles in the operator's language. */
export async function pledgesForOperator(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListCharityPledges>) {
  operatorNameOf(actor);
  const rows = await q.findPledgesPage(db, { ...input, offset: (input.page - 1) * input.limit });
  const total = totalOf(rows);
  return {
    list: rows.map((o) => ({
      id: o.id,
      order_no: o.order_no,
      user_id: o.user_id,
      user_name: o.user_name,
      cause_id: o.cause_id,
      cause_title: pick(o.cause_title, actor.lang),
      amount: Number(o.amount_minor),
      currency: o.currency,
      status: o.status,
      message: o.message,
      created_at: iso(o.created_at)!,
      paid_at: iso(o.paid_at),
    })),
    total,
    page: input.page,
    limit: input.limit,
    has_more: input.page * input.limit < total,
  };
}

export const pledgeExport: ListExport<EndpointQuery<typeof adminListCharityPledges>, EndpointData<typeof adminListCharityPledges>['list'][number]> = {
  name: 'charity-pledges',
  page: pledgesForOperator,
  columns: [
    ['id', (r) => r.id], ['order_no', (r) => r.order_no], ['member_id', (r) => r.user_id], ['user_name', (r) => r.user_name], ['cause', (r) => r.cause_title], ['currency', (r) => r.currency],
    ['amount', (r) => fromMinorUnits(r.amount, r.currency)], ['status', (r) => r.status], ['message', (r) => r.message], ['created_at', (r) => r.created_at], ['paid_at', (r) => r.paid_at],
  ],
};
