import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import { executePage } from '../../lib/paging.js';

const normal = (code: string) => code.trim().toUpperCase();

export const findCouponByCode = (db: Executor, code: string) => db.selectFrom('coupons').selectAll().where('code', '=', normal(code)).executeTakeFirst();

export const findMemberCouponUses = async (db: Executor, couponId: number, userId: number) =>
  (await db.selectFrom('coupon_member_uses').select('uses').where('coupon_id', '=', couponId).where('user_id', '=', userId).executeTakeFirst())?.uses ?? 0;

/** The member's newest order awaiting payment that holds a use of the coupon (given back if it ends unpaid). */
export const findUnpaidOrderHoldingCoupon = (db: Executor, couponId: number, userId: number) =>
  db.selectFrom('orders').select('order_no').where('coupon_id', '=', couponId).where('user_id', '=', userId).where('status', '=', 'awaiting_payment').orderBy('id', 'desc').limit(1).executeTakeFirst();

/** One more use in total, only while uses are left. */
export const takeTotalUse = (tx: Tx, couponId: number) =>
  tx
    .updateTable('coupons')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('total_limit', 'is', null), eb('used', '<', eb.ref('total_limit'))]))
    .returning('id')
    .executeTakeFirst();

/** One more use by the member, only while they have uses left. */
export const takeMemberUse = (tx: Tx, couponId: number, userId: number, perMemberLimit: number) =>
  tx
    .insertInto('coupon_member_uses')
    .values({ coupon_id: couponId, user_id: userId, uses: 1 })
    .onConflict((oc) => oc.columns(['coupon_id', 'user_id']).doUpdateSet({ uses: sql`coupon_member_uses.uses + 1` }).where('coupon_member_uses.uses', '<', perMemberLimit))
    .returning('uses')
    .executeTakeFirst();

export async function returnUse(tx: Tx, couponId: number, userId: number): Promise<void> {
  await tx.updateTable('coupons').set((eb) => ({ used: eb('used', '-', 1) })).where('id', '=', couponId).where('used', '>', 0).execute();
  await tx.updateTable('coupon_member_uses').set((eb) => ({ uses: eb('uses', '-', 1) })).where('coupon_id', '=', couponId).where('user_id', '=', userId).where('uses', '>', 0).execute();
}

export const insertCoupon = (db: Executor, c: { code: string; kind: 'amount' | 'percent'; amount_minor: number | null; percent_bp: number | null; currency: string; min_spend_minor: number; starts_at: string; ends_at: string; per_member_limit: number; total_limit: number | null; created_by: string }) =>
  db.insertInto('coupons').values({ ...c, code: normal(c.code) }).onConflict((oc) => oc.column('code').doNothing()).returning('id').executeTakeFirst();

/** Coupons, newest first, one page, each row carrying the total count. */
export const findCouponsPage = (db: Executor, limit: number, offset: number) =>
  db.selectFrom('coupons').selectAll().select(sql<string>`count(*) over ()`.as('total')).orderBy('id', 'desc').limit(limit).offset(offset).$call(executePage);

/**
 * Ends a coupon now, only while it is not over yet; a coupon that has not started ends before it
 * starts. Answers the new end, or nothing when it was already over.
 */
export const endCouponNow = (db: Executor, couponId: number) =>
  db
    .updateTable('coupons')
    .set({ starts_at: sql`least(starts_at, now() - interval '1 millisecond')`, ends_at: sql`now()` })
    .where('id', '=', couponId)
    .where('ends_at', '>', sql<Date>`now()`)
    .returning(['id', 'code', 'ends_at'])
    .executeTakeFirst();

export const findCoupon = (db: Executor, couponId: number) => db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst();
