import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import type { GroupBuyDropCause } from './promotions.table.js';
import { executePage } from '../../lib/paging.js';

/** Activities running now (or one by id), with their goods and SKU and how many groups are open. */
export function findActivities(db: Executor, opts: { id?: number; runningOnly?: boolean; newestFirst?: boolean; limit?: number; offset?: number } = {}) {
  let q = db
    .selectFrom('group_buy_activities as a')
    .innerJoin('goods_skus as s', 's.id', 'a.sku_id')
    .innerJoin('goods as g', 'g.id', 'a.goods_id')
    .selectAll('a')
    .select([
      's.price_minor as original_price_minor',
      's.spec_value_ids',
      's.image',
      'g.name',
      'g.cover',
      'g.specs',
      'g.currency',
      // Groups a member can see and join: open, in time, with at least one paid member (as the list of them).
      sql<string>`(select count(*) from group_buy_groups gg where gg.activity_id = a.id and gg.status = 'open' and gg.expires_at > now() and gg.member_count > 0)`.as('open_groups'),
      sql<string>`count(*) over ()`.as('total'),
    ]);
  if (opts.id !== undefined) q = q.where('a.id', '=', opts.id);
  if (opts.runningOnly) q = q.where(sql<boolean>`now() between a.starts_at and a.ends_at`).where('g.status', '=', 'on_sale');
  q = opts.newestFirst ? q.orderBy('a.id', 'desc') : q.orderBy('a.ends_at').orderBy('a.id');
  return q.limit(opts.limit ?? 100).offset(opts.offset ?? 0).$call(executePage);
}

export const insertActivity = (tx: Tx, a: { goods_id: number; sku_id: number; group_size: number; fill_hours: number; starts_at: string; ends_at: string; price_minor: number; per_order_limit: number; per_member_limit: number; quantity: number; virtual_fill_percent: number; created_by: string }) =>
  tx.insertInto('group_buy_activities').values({ ...a, remaining: a.quantity }).returning('id').executeTakeFirstOrThrow();

/** Takes units from the activity's pool while it runs and has them. */
export const takeFromActivity = (tx: Tx, activityId: number, quantity: number) =>
  tx
    .updateTable('group_buy_activities')
    .set((eb) => ({ remaining: eb('remaining', '-', quantity) }))
    .where('id', '=', activityId)
    .where('remaining', '>=', quantity)
    .where(sql<boolean>`now() between starts_at and ends_at`)
    .returningAll()
    .executeTakeFirst();

/**
 * Whether the activity is running as this statement runs (an activity ended early has its end moved
 * to then), and if so holds it against being ended until the transaction ends: an operator ending it
 * locks it for update (`lockActivityForUpdate`), so a payment joining a group and the end happen one
 * after the other. The condition is checked again on the row the end left (hence the statement's
 * time, not the transaction's). A key-share lock: orders and payments of the activity never wait for
 * one another on it.
 */
export const lockRunningActivity = async (tx: Tx, activityId: number) =>
  !!(await tx.selectFrom('group_buy_activities').select('id').where('id', '=', activityId).where(sql<boolean>`statement_timestamp() between starts_at and ends_at`).forKeyShare().executeTakeFirst());

/** Serializes one member's group-buy orders of one activity until the transaction ends (limits per member). */
export const lockMemberActivity = (tx: Tx, activityId: number, userId: number) => sql`select pg_advisory_xact_lock(${activityId}::int, ${userId}::int)`.execute(tx);

export const sumMemberActivityQuantity = async (db: Executor, activityId: number, userId: number) =>
  Number(
    (
      await db
        .selectFrom('group_buy_entries')
        .select(sql<string>`coalesce(sum(quantity), 0)`.as('n'))
        .where('activity_id', '=', activityId)
        .where('user_id', '=', userId)
        .where('status', '!=', 'dropped')
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findGroup = (db: Executor, id: number) => db.selectFrom('group_buy_groups').selectAll().where('id', '=', id).executeTakeFirst();
export const lockGroupForUpdate = (tx: Tx, id: number) => tx.selectFrom('group_buy_groups').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insertGroup = (tx: Tx, g: { activity_id: number; leader_user_id: number; size: number; expires_at: Date; member_count?: number }) =>
  tx.insertInto('group_buy_groups').values(g).returningAll().executeTakeFirstOrThrow();

/** Adds a paid member to a group only while it is open, unexpired and has room; answers the group after. */
export const addMemberToGroup = (tx: Tx, groupId: number) =>
  tx
    .updateTable('group_buy_groups')
    .set((eb) => ({ member_count: eb('member_count', '+', 1) }))
    .where('id', '=', groupId)
    .where('status', '=', 'open')
    .where('expires_at', '>', sql<Date>`now()`)
    .where(sql<boolean>`member_count < size`)
    .returningAll()
    .executeTakeFirst();

/** Another open group of the activity with room that the member is not in, soonest to close first (skipping ones being changed). */
export const findJoinableGroup = (tx: Tx, activityId: number, userId: number) =>
  tx
    .selectFrom('group_buy_groups as g')
    .select('g.id')
    .where('g.activity_id', '=', activityId)
    .where('g.status', '=', 'open')
    .where('g.expires_at', '>', sql<Date>`now()`)
    .where(sql<boolean>`g.member_count < g.size`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('group_buy_entries as e').select('e.id').whereRef('e.group_id', '=', 'g.id').where('e.user_id', '=', userId).where('e.status', '!=', 'dropped'))))
    .orderBy('g.expires_at')
    .forUpdate()
    .skipLocked()
    .limit(1)
    .executeTakeFirst();

export const decideGroup = (db: Executor, groupId: number, status: 'succeeded' | 'failed', virtual = false) =>
  db.updateTable('group_buy_groups').set({ status, virtual, decided_at: sql`now()` }).where('id', '=', groupId).where('status', '=', 'open').returning('id').executeTakeFirst();

export const removeMemberFromGroup = (db: Executor, groupId: number) =>
  db.updateTable('group_buy_groups').set((eb) => ({ member_count: eb('member_count', '-', 1) })).where('id', '=', groupId).where('status', '=', 'open').where('member_count', '>', 0).returning('id').executeTakeFirst();

/**
 * A paid member left a group that had succeeded: it is one short again, so it is forming again
 * (not decided, not virtual). Once its activity is over it can get no one new, so its deadline
 * comes now. Only from `succeeded`: answers nothing for a group in any other state.
 */
export const reopenGroupWithoutMember = (tx: Tx, groupId: number) =>
  tx
    .updateTable('group_buy_groups')
    .set((eb) => ({
      member_count: eb('member_count', '-', 1),
      status: 'open',
      virtual: false,
      decided_at: null,
      expires_at: sql<Date>`case when exists (select 1 from group_buy_activities a where a.id = group_buy_groups.activity_id and a.ends_at <= now()) then least(expires_at, now()) else expires_at end`,
    }))
    .where('id', '=', groupId)
    .where('status', '=', 'succeeded')
    .where('member_count', '>', 0)
    .returningAll()
    .executeTakeFirst();

export const insertEntry = (tx: Tx, e: { group_id: number; activity_id: number; order_id: number; user_id: number; quantity: number }) => tx.insertInto('group_buy_entries').values(e).returning('id').executeTakeFirstOrThrow();

export const findEntryOfOrder = (db: Executor, orderId: number) => db.selectFrom('group_buy_entries').selectAll().where('order_id', '=', orderId).executeTakeFirst();

export const setEntry = (db: Executor, id: number, change: { status?: 'pending' | 'joined'; group_id?: number } | { status: 'dropped'; drop_cause: GroupBuyDropCause }) => db.updateTable('group_buy_entries').set(change).where('id', '=', id).execute();

export const findEntriesOfGroup = (db: Executor, groupId: number) => db.selectFrom('group_buy_entries').selectAll().where('group_id', '=', groupId).where('status', '!=', 'dropped').orderBy('id').execute();

/** Open groups of an activity with their leader's name, soonest to close first. */
export const findOpenGroups = (db: Executor, activityId: number) =>
  db
    .selectFrom('group_buy_groups as g')
    .innerJoin('users as u', 'u.id', 'g.leader_user_id')
    .select(['g.id', 'g.member_count', 'g.size', 'g.expires_at', 'u.nickname', 'u.user_name'])
    .where('g.activity_id', '=', activityId)
    .where('g.status', '=', 'open')
    .where('g.expires_at', '>', sql<Date>`now()`)
    // A group whose orders are all unpaid has no one in it yet (members count once paid): not offered.
    .where('g.member_count', '>', 0)
    .orderBy('g.expires_at')
    .limit(50)
    .execute();

export const lockActivityForUpdate = (tx: Tx, id: number) => tx.selectFrom('group_buy_activities').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/**
 * Holds a group's activity before the group is locked to decide it, as ending the activity locks them
 * (the activity, then its groups): a deadline job and an operator's end never wait for each other in a
 * circle. No-key-update: payments joining groups (key-share) never wait for it.
 */
export const lockActivityOfGroup = (tx: Tx, groupId: number) =>
  tx
    .selectFrom('group_buy_activities as a')
    .innerJoin('group_buy_groups as g', 'g.activity_id', 'a.id')
    // Over by the database's clock: an activity ended in this very transaction is over.
    .select(['a.id', 'a.ends_at', sql<boolean>`a.ends_at <= statement_timestamp()`.as('over')])
    .where('g.id', '=', groupId)
    .forNoKeyUpdate('a')
    .executeTakeFirst();

/** The groups of an activity still open (not decided), whatever their own deadline. */
export const findOpenGroupIdsOfActivity = async (db: Executor, activityId: number) =>
  (await db.selectFrom('group_buy_groups').select('id').where('activity_id', '=', activityId).where('status', '=', 'open').orderBy('id').execute()).map((r) => r.id);

/**
 * Locks the SKU of an activity, before the activity itself is locked to end it: a payment of one of
 * its orders locks them in that order (the SKU's sales, then the activity as the member joins a
 * group), so the two never wait for each other in a circle.
 */
export const lockSkuOfActivityForUpdate = (tx: Tx, id: number) =>
  tx.selectFrom('goods_skus as s').innerJoin('group_buy_activities as a', 'a.sku_id', 's.id').select('s.id').where('a.id', '=', id).forUpdate('s').executeTakeFirst();

/** Ends an activity now (it takes no more orders) and empties its pool (locked first: the caller read what it held). */
export const endActivityNow = (tx: Tx, id: number) =>
  tx
    .updateTable('group_buy_activities')
    // Its dates change: an editor opened before is stale (saving it would give the activity its old end back).
    .set({ starts_at: sql`least(starts_at, now() - interval '1 millisecond')`, ends_at: sql`least(ends_at, now())`, remaining: 0, updated_at: nextUpdatedAt })
    .where('id', '=', id)
    .returning(['id', 'goods_id', 'sku_id', 'ends_at'])
    .executeTakeFirstOrThrow();

/**
 * Gives units back to an activity that is still running; answers nothing once it is over (the caller
 * returns them to the SKU). Over as this statement runs, not as the transaction began: one begun before
 * an operator ended the activity must not put units into its emptied pool.
 */
export const returnToRunningActivity = (tx: Tx, activityId: number, quantity: number) =>
  tx
    .updateTable('group_buy_activities')
    .set((eb) => ({ remaining: eb('remaining', '+', quantity) }))
    .where('id', '=', activityId)
    .where('ends_at', '>', sql<Date>`statement_timestamp()`)
    .returning(['id'])
    .executeTakeFirst();

/** The goods' activities that are not over yet (running or to come), with what they hold, soonest to end first. */
export const findActivitiesNotOverOfGoods = (db: Executor, goodsId: number) =>
  db
    .selectFrom('group_buy_activities')
    .select(['id', 'sku_id', 'price_minor', 'group_size', 'starts_at', 'ends_at', 'remaining'])
    .where('goods_id', '=', goodsId)
    .where('ends_at', '>', sql<Date>`now()`)
    .orderBy('ends_at')
    .orderBy('id')
    .limit(20)
    .execute();
