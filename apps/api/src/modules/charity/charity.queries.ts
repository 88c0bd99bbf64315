import { sql } from 'kysely';
import type { SortOrder } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { orderList } from '../../lib/list-order.queries.js';
import type { Tx } from '../../lib/transaction.js';
import type { CharityOrderStatus } from './charity.table.js';
import { containing } from '../../lib/like.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import { executePage } from '../../lib/paging.js';

/** Causes with what paid pledges raised, from how many members, how many pledges are paid and how many there are in all. */
export const findCausesWithTotals = (db: Executor, opts: { openOnly?: boolean; id?: number } = {}) => {
  let q = db
    .selectFrom('charity_causes as c')
    .selectAll('c')
    .select([
      sql<string>`coalesce((select sum(o.amount_minor) from charity_orders o where o.cause_id = c.id and o.status = 'paid'), 0)`.as('raised'),
      sql<string>`(select count(distinct o.user_id) from charity_orders o where o.cause_id = c.id and o.status = 'paid')`.as('supporters'),
      sql<string>`(select count(*) from charity_orders o where o.cause_id = c.id and o.status = 'paid')`.as('paid_pledges'),
      sql<string>`(select count(*) from charity_orders o where o.cause_id = c.id)`.as('pledges'),
    ]);
  if (opts.openOnly) q = q.where('c.status', '=', 'open');
  if (opts.id !== undefined) q = q.where('c.id', '=', opts.id);
  return q.orderBy('c.id', 'desc').execute();
};

export const findCause = (db: Executor, id: number) => db.selectFrom('charity_causes').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Reads a cause for a pledge and holds it (`for share`) until the pledge commits: a close (`for
 * update`) waits for pledges already checking it, and a pledge waiting on a close reads the cause as
 * closed. Pledges do not wait for each other.
 */
export const lockCauseForShare = (tx: Tx, id: number) => tx.selectFrom('charity_causes').selectAll().where('id', '=', id).forShare().executeTakeFirst();

export const insertCause = (db: Executor, c: { title: string; description: string; image: string; currency: string; min_amount_minor: number; goal_minor: number | null; created_by: string }) =>
  db.insertInto('charity_causes').values(c).returning('id').executeTakeFirstOrThrow();

export const insertCharityOrder = (tx: Tx, o: { order_no: string; user_id: number; cause_id: number; amount_minor: number; currency: string; message: string; expires_at: Date }) =>
  tx.insertInto('charity_orders').values({ ...o, status: 'awaiting_payment' }).onConflict((oc) => oc.column('order_no').doNothing()).returning('id').executeTakeFirst();

export const findCharityOrder = (db: Executor, id: number) => db.selectFrom('charity_orders').selectAll().where('id', '=', id).executeTakeFirst();

/** What the payments area reads of a pledge (its payable, with the member's country and whether its cause is open), unexecuted. */
export const charityPayableQuery = (db: Executor, id: number) =>
  db
    .selectFrom('charity_orders as o')
    .innerJoin('charity_causes as c', 'c.id', 'o.cause_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.user_id', 'o.order_no', 'o.amount_minor', 'o.currency', 'o.status', 'o.expires_at', 'u.country', 'c.status as cause_status'])
    .where('o.id', '=', id);

/** The pledges of a cause still awaiting payment, oldest first (read under the cause's lock, which keeps new ones out). */
export const findUnpaidPledgeIdsOfCause = async (tx: Tx, causeId: number) =>
  (await tx.selectFrom('charity_orders').select('id').where('cause_id', '=', causeId).where('status', '=', 'awaiting_payment').orderBy('id').execute()).map((r) => r.id);

/** Moves a charity order from one of `from` to `to` only if it is still there. */
export const transitionCharityOrder = (db: Executor, id: number, from: CharityOrderStatus[], to: CharityOrderStatus, stamps: Record<string, unknown>, userId?: number) => {
  let q = db.updateTable('charity_orders').set({ ...stamps, status: to }).where('id', '=', id).where('status', 'in', from);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.returning(['id', 'status']).executeTakeFirst();
};

export function findMemberCharityOrders(db: Executor, userId: number, status: CharityOrderStatus | undefined, limit: number, offset: number) {
  let q = db
    .selectFrom('charity_orders as o')
    .innerJoin('charity_causes as c', 'c.id', 'o.cause_id')
    .selectAll('o')
    .select(['c.title as cause_title', sql<string>`count(*) over ()`.as('total')])
    .where('o.user_id', '=', userId);
  if (status) q = q.where('o.status', '=', status);
  return q.orderBy('o.id', 'desc').limit(limit).offset(offset).$call(executePage);
}

/** What the member gave (paid pledges): per currency, the number of pledges and of causes. */
export const findMemberGiving = async (db: Executor, userId: number) => {
  const perCurrency = await db
    .selectFrom('charity_orders')
    .select(['currency', sql<string>`sum(amount_minor)`.as('amount')])
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  const counts = await db
    .selectFrom('charity_orders')
    .select([sql<string>`count(*)`.as('count'), sql<string>`count(distinct cause_id)`.as('causes')])
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return { perCurrency, count: Number(counts.count), causes: Number(counts.causes) };
};

/** Locks one cause for a change from the console (two operators changing it take turns); with the version it is at. */
export const lockCauseForUpdate = (tx: Tx, id: number) => tx.selectFrom('charity_causes').select(['id', 'updated_at']).where('id', '=', id).forUpdate().executeTakeFirst();

/** Changes a cause, moving its version forward; answers its id, or nothing when it does not exist. */
export const updateCause = (db: Executor, id: number, c: { title: string; description: string; image: string; min_amount_minor: number; goal_minor: number | null; status: 'open' | 'closed' }) =>
  db.updateTable('charity_causes').set({ ...c, updated_at: nextUpdatedAt }).where('id', '=', id).returning('id').executeTakeFirst();

/** Pledges of every member, newest first, by cause and state, with the member's user name and the total count. */
export function findPledgesPage(
  db: Executor,
  input: { cause_id?: number; status?: CharityOrderStatus; q?: string; sort?: 'id' | 'amount' | 'created_at' | 'paid_at'; order?: SortOrder; limit: number; offset: number },
) {
  let q = db
    .selectFrom('charity_orders as o')
    .innerJoin('charity_causes as c', 'c.id', 'o.cause_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['c.title as cause_title', 'u.user_name', sql<string>`count(*) over ()`.as('total')]);
  if (input.cause_id !== undefined) q = q.where('o.cause_id', '=', input.cause_id);
  if (input.status) q = q.where('o.status', '=', input.status);
  if (input.q) {
    // The pledge's number, or its member by name or number.
    const text = input.q;
    const like = containing(text);
    q = q.where((eb) => eb.or([eb('o.order_no', 'ilike', like), eb('u.user_name', 'ilike', like), ...(/^\d{1,9}$/.test(text) ? [eb('o.user_id', '=', Number(text))] : [])]));
  }
  return orderList(q, input, { id: 'o.id', amount: 'o.amount_minor', created_at: 'o.created_at', paid_at: 'o.paid_at' }, { sort: 'id', order: 'desc' }, 'o.id').limit(input.limit).offset(input.offset).$call(executePage);
}
