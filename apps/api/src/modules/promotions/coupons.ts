import { ResponseCode } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import type { Tx } from '../../lib/transaction.js';
import { iso } from '../../lib/dates.js';
import { MEMBER_ONLY, guessUnderLockout } from '../captcha/lockout.js';
import { shareOfMinor } from '@shop/contract';
import * as q from './coupons.queries.js';

type Coupon = NonNullable<Awaited<ReturnType<typeof q.findCouponByCode>>>;

/**
 * A typed coupon code is a guess at a secret: codes that name no coupon count toward the member's
 * lockout like wrong passwords, so after 10 in 15 minutes further codes wait ("too many attempts").
 * A right code forgives nothing: a public code between guesses must not reset the count.
 */
export async function guardCouponGuess(db: Database, who: { userId: number; ip: string }, code: string): Promise<void> {
  try {
    // Only the member's session guesses here: one count whatever the address.
    await guessUnderLockout(
      db,
      `coupon:${who.userId}`,
      who.ip,
      ResponseCode.couponInvalid,
      async () => {
        if (!(await q.findCouponByCode(db, code))) throw new AppError(ResponseCode.couponInvalid);
      },
      MEMBER_ONLY,
    );
  } catch (e) {
    // The same lock as wrong passwords, told as what it is about: the member typed wrong coupon codes, not a wrong password.
    if (e instanceof AppError && e.code === ResponseCode.loginLocked) throw new AppError(e.code, e.params, { ...e.options, messageKey: 'orders.code.couponGuessLocked' });
    throw e;
  }
}

/** A coupon's day in a message (the day its time falls on, UTC, as the console sets it). */
const couponDay = (at: Date | string) => iso(at).slice(0, 10);

/**
 * Why the member's own uses stop them: a use held by one of their unpaid orders (given back if it
 * ends unpaid) is told with that order's number, so they know which order to pay or cancel; else
 * they used it already (or, when the total is gone too, it is simply used up).
 */
async function usedUpByMember(db: Executor, couponId: number, userId: number, whenTotalUsedUp: boolean): Promise<AppError> {
  const held = await q.findUnpaidOrderHoldingCoupon(db, couponId, userId);
  if (held) return new AppError(ResponseCode.couponUsedUp, { order_no: held.order_no }, { messageKey: 'orders.code.couponHeld' });
  if (whenTotalUsedUp) return new AppError(ResponseCode.couponUsedUp);
  return new AppError(ResponseCode.couponUsedUp, undefined, { messageKey: 'orders.code.couponAlreadyUsed' });
}

/**
 * The coupon's discount on a subtotal, or the reason it does not apply (never more than the subtotal).
 * The codes stay those of an invalid or used-up coupon; the words say which case it is: expired (on
 * which day), not started yet (from which day), for another currency, already used by the member, or
 * held by one of the member's unpaid orders.
 */
export async function couponDiscount(db: Executor, userId: number, code: string, subtotal: number, currency: string): Promise<{ coupon: Coupon; discount: number }> {
  const coupon = await q.findCouponByCode(db, code);
  const now = Date.now();
  if (!coupon) throw new AppError(ResponseCode.couponInvalid);
  if (new Date(coupon.ends_at).getTime() <= now) throw new AppError(ResponseCode.couponInvalid, { date: couponDay(coupon.ends_at) }, { messageKey: 'orders.code.couponExpired' });
  if (new Date(coupon.starts_at).getTime() > now) throw new AppError(ResponseCode.couponInvalid, { date: couponDay(coupon.starts_at) }, { messageKey: 'orders.code.couponNotStarted' });
  if (coupon.currency !== currency) throw new AppError(ResponseCode.couponInvalid, { currency: coupon.currency }, { messageKey: 'orders.code.couponOtherCurrency' });
  // The member's own limit first: only when it stops them can their unpaid order be what holds the coupon.
  // A total used up by others is "used up", whatever their unpaid orders hold (paying one frees nothing).
  const totalUsedUp = coupon.total_limit !== null && coupon.used >= coupon.total_limit;
  if ((await q.findMemberCouponUses(db, coupon.id, userId)) >= coupon.per_member_limit) throw await usedUpByMember(db, coupon.id, userId, totalUsedUp);
  if (totalUsedUp) throw new AppError(ResponseCode.couponUsedUp);
  if (subtotal < Number(coupon.min_spend_minor)) throw new AppError(ResponseCode.couponMinSpend, { min: new Amount(Number(coupon.min_spend_minor), currency), currency });
  const raw = coupon.kind === 'amount' ? Number(coupon.amount_minor) : shareOfMinor(subtotal, coupon.percent_bp!);
  return { coupon, discount: Math.min(raw, subtotal) };
}

/**
 * Counts one use of the coupon, in total and for the member, each by a conditional update: of
 * many members using the last uses at once, exactly as many succeed as there are uses left.
 */
export async function takeCouponUse(tx: Tx, couponId: number, userId: number, perMemberLimit: number): Promise<void> {
  if (!(await q.takeTotalUse(tx, couponId))) throw new AppError(ResponseCode.couponUsedUp);
  if (!(await q.takeMemberUse(tx, couponId, userId, perMemberLimit))) throw new AppError(ResponseCode.couponUsedUp);
}

/** Gives back the use of an order that ended before it was fulfilled (cancelled, closed, refunded). */
export const returnCouponUse = (tx: Tx, couponId: number, userId: number) => q.returnUse(tx, couponId, userId);

export const insertCoupon = q.insertCoupon;
