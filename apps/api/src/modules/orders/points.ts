import Decimal from 'decimal.js';
import { currencyExponent } from '@shop/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import { findHold } from '../ledger/ledger.queries.js';
import { balanceOf, insufficientCode, post, postHold, releaseHold, reserveHold, type Balances } from '../ledger/ledger.service.js';
import { findGoodsPoints } from '../promotions/goods-points.queries.js';
import { POINTS_CURRENCY } from '../wallet/wallet.rules.js';
import * as q from './orders.queries.js';

// Points and shopping points at checkout and on completion. The rules (see the decision record on
// checkout points): a point is worth 1/per_unit of a major unit of the shop's currency, the same in
// every currency: an order in another currency values them at the recorded rate to the shop's
// (`toShop`, units of the shop's currency per unit of the order's; '1' for the shop's own). What
// points pay rounds down to a minor unit of the order's currency and the points taken for it round
// up, so no point is spent for nothing and none pays more than it is worth; points pay at most the
// operator's share of the goods after the coupon, points first, then shopping points.

export const POINT_KINDS = ['points', 'shopping_points'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export interface PointsSettings {
  points_per_unit: number;
  shopping_points_per_unit: number;
  points_max_share_bp: number;
  earn_rate_bp: number;
}

const scaleOf = (currency: string) => 10n ** BigInt(currencyExponent(currency));
const perUnitOf = (s: PointsSettings, kind: PointKind) => (kind === 'points' ? s.points_per_unit : s.shopping_points_per_unit);

/** A rate's exact decimal text as a fraction of integers (`0.00638` → 638/100000). */
function fractionOf(rate: string): { n: bigint; d: bigint } {
  const [n, d] = new Decimal(rate).toFraction();
  return { n: BigInt(n!.toFixed(0)), d: BigInt(d!.toFixed(0)) };
}

/** Minor units of `currency` that `points` pay at `toShop`, rounded down: never more than they are worth. */
export const valueOfPoints = (points: number, currency: string, perUnit: number, toShop = '1'): number => {
  const r = fractionOf(toShop);
  return Number((BigInt(points) * scaleOf(currency) * r.d) / (BigInt(perUnit) * r.n));
};

/** Points that pay `value` minor units of `currency` at `toShop`, rounded up: no value for nothing. */
export const pointsForValue = (value: number, currency: string, perUnit: number, toShop = '1'): number => {
  const r = fractionOf(toShop);
  const denominator = scaleOf(currency) * r.d;
  return Number((BigInt(value) * BigInt(perUnit) * r.n + denominator - 1n) / denominator);
};

export interface PointsUse {
  used: number;
  value: number;
}
export interface PointsOffer {
  balance: number;
  per_unit: number;
  max: number;
}
export interface PointsPlan {
  points: PointsUse;
  shopping_points: PointsUse;
  offer: Record<PointKind, PointsOffer>;
}

/**
 * How much of each kind the order takes of what the member asked: within the operator's share of
 * the goods after the coupon (points first), the same for a preview and for the order. The balance
 * never lowers what is taken: more than the member holds is refused (`refuseShortPoints` for a
 * preview, the ledger's hold for the order). Without a rate to the shop's currency (`toShop` null)
 * points cannot be valued in the order's: they pay nothing of it.
 */
export function planPoints(input: {
  goodsAfterCoupon: number;
  currency: string;
  toShop: string | null;
  settings: PointsSettings;
  balances: Record<PointKind, number>;
  wanted: Partial<Record<PointKind, number>>;
}): PointsPlan {
  const toShop = input.toShop ?? '1';
  let room = input.toShop === null ? 0 : Number((BigInt(Math.max(0, input.goodsAfterCoupon)) * BigInt(input.settings.points_max_share_bp)) / 10000n);
  const plan = { offer: {} } as PointsPlan;
  for (const kind of POINT_KINDS) {
    const perUnit = perUnitOf(input.settings, kind);
    const balance = input.balances[kind];
    const max = Math.min(balance, pointsForValue(room, input.currency, perUnit, toShop));
    const asked = input.wanted[kind] ?? 0;
    const value = Math.min(valueOfPoints(asked, input.currency, perUnit, toShop), room);
    plan[kind] = { used: value > 0 ? pointsForValue(value, input.currency, perUnit, toShop) : 0, value };
    plan.offer[kind] = { balance, per_unit: perUnit, max };
    room -= value;
  }
  return plan;
}

/** Refuses a plan taking more of a kind than the member holds, as placing the order would ("Insufficient points"). */
export function refuseShortPoints(plan: PointsPlan): void {
  for (const kind of POINT_KINDS) if (plan[kind].used > plan.offer[kind].balance) throw new AppError(insufficientCode(kind));
}

/** The member's balances of both kinds of points, of their balances read. */
export function pointBalances(held: Balances): Record<PointKind, number> {
  return { points: held.get('points', POINTS_CURRENCY), shopping_points: held.get('shopping_points', POINTS_CURRENCY) };
}

/**
 * Points a completed order earns: goods with their own rule earn it per unit; the others earn the
 * operator's percentage of what they cost, in the share of the goods the member paid in money
 * (after the coupon and points), valued in the shop's currency at `toShop` (the order's recorded
 * rate), as points at the points' value; rounded down once, on the total. Without a rate (null),
 * only the goods' own rules earn.
 */
export function pointsEarned(input: {
  lines: Array<{ goodsId: number; quantity: number; lineTotal: number }>;
  rules: Map<number, number>;
  subtotal: number;
  moneyForGoods: number;
  currency: string;
  toShop: string | null;
  settings: PointsSettings;
}): number {
  let perGoods = 0n;
  let rest = 0n;
  for (const l of input.lines) {
    const rule = input.rules.get(l.goodsId);
    if (rule === undefined) rest += BigInt(l.lineTotal);
    else perGoods += BigInt(rule) * BigInt(l.quantity);
  }
  if (input.subtotal <= 0 || input.toShop === null) return Number(perGoods);
  const r = fractionOf(input.toShop);
  const numerator = rest * BigInt(Math.max(0, input.moneyForGoods)) * BigInt(input.settings.earn_rate_bp) * BigInt(input.settings.points_per_unit) * r.n;
  const denominator = BigInt(input.subtotal) * 10000n * scaleOf(input.currency) * r.d;
  return Number(perGoods + numerator / denominator);
}

const holdColumn = (kind: PointKind) => (kind === 'points' ? 'points_hold_id' : 'shopping_points_hold_id');

/**
 * Holds the points an order spends, in the order's transaction: the member's account is locked and
 * a short balance refuses the order ("Insufficient points"); two checkouts spending the same points
 * cannot both succeed.
 */
export async function holdCheckoutPoints(tx: Tx, actor: Actor, order: { id: number; userId: number }, plan: PointsPlan): Promise<void> {
  const holds = { points_hold_id: null as number | null, shopping_points_hold_id: null as number | null };
  for (const kind of POINT_KINDS) {
    if (plan[kind].used <= 0) continue;
    const hold = await reserveHold(tx, {
      account: { member: order.userId, asset: kind, currency: POINTS_CURRENCY },
      amount: plan[kind].used,
      reference: { type: 'order', id: order.id },
      idempotencyKey: `order:${order.id}:${kind}:hold`,
      actor,
    });
    holds[holdColumn(kind)] = Number(hold.id);
  }
  if (holds.points_hold_id !== null || holds.shopping_points_hold_id !== null) await q.setOrderPointsHolds(tx, order.id, holds);
}

type OrderHolds = { id: number; user_id: number; points_hold_id: number | string | null; shopping_points_hold_id: number | string | null };

/** The order was paid: the points it held are spent (posted to sales). */
export async function spendHeldPoints(tx: Tx, actor: Actor, order: OrderHolds): Promise<void> {
  for (const kind of POINT_KINDS) {
    const holdId = order[holdColumn(kind)];
    if (holdId === null) continue;
    await postHold(tx, Number(holdId), { to: { system: 'sales', asset: kind, currency: POINTS_CURRENCY }, actor });
  }
}

/**
 * The order ended before it was fulfilled: points still held go back to the member; points already
 * spent on a paid order are refunded from sales, once per order and kind.
 */
export async function returnCheckoutPoints(tx: Tx, actor: Actor, order: OrderHolds): Promise<void> {
  for (const kind of POINT_KINDS) {
    const holdId = order[holdColumn(kind)];
    if (holdId === null) continue;
    const hold = await findHold(tx, Number(holdId));
    if (!hold) continue;
    if (hold.status === 'pending') await releaseHold(tx, hold.id, { actor });
    else if (hold.status === 'posted') {
      await post(tx, {
        kind: 'order.points.refund',
        reference: { type: 'order', id: order.id },
        idempotencyKey: `order:${order.id}:${kind}:refund`,
        actor,
        postings: [
          { account: { system: 'sales', asset: kind, currency: POINTS_CURRENCY }, amount: -Number(hold.amount) },
          { account: { member: order.user_id, asset: kind, currency: POINTS_CURRENCY }, amount: Number(hold.amount) },
        ],
      });
    }
  }
}

/**
 * What the member paid for an order's goods, the base a refund's share of its points is taken of:
 * its total less the freight (after coupon and points, with the operating fee), the same base the
 * refund's line shares split. Points pay for goods only, never freight, and freight earns nothing.
 */
const goodsPaidOf = (order: { total_minor: number | string; freight_minor: number | string }) => Number(order.total_minor) - Number(order.freight_minor);

/** `whole`'s share of a running total `value` of a base `base`, rounded down, the total capped at the base (past it: all of `whole`). */
const shareUpTo = (whole: number, base: number, value: number) => Math.floor((whole * Math.min(Math.max(0, value), base)) / base);

/** What a return of part of an order's goods is worth to its spent points' shares (see `spentPointsDue`). */
export interface GoodsBack {
  /** The goods' value refunded earlier (freight excluded), and by this return. */
  refundedBefore: number;
  refunded: number;
  /** The goods' list value returned earlier and by this return: read only for an order whose goods no money paid. */
  returned: () => Promise<{ before: number; case: number }>;
}

/**
 * Of the points (and shopping points) an order spent at checkout, what comes back for a part of its
 * goods' value refunded (a return of some of its lines): the share of each kind's spent points of the
 * goods' value refunded (`refunded`, freight excluded) over what was paid for the goods, each rounding
 * down once on the running total (`refundedBefore` of the goods was refunded earlier), capped at that
 * base, so the refunds of a whole order give back exactly what it spent. An order whose goods were
 * paid nothing in money (points and a coupon paid all of them) has no money to take a share of: its
 * points come back in the share of its goods' list value returned (`returned`, over its subtotal).
 * Only points that were spent (the order was paid) come back. Writes nothing.
 */
export async function spentPointsDue(db: Executor, orderId: number, back: GoodsBack): Promise<Record<PointKind, number>> {
  return (await spentPointsOfOrder(db, orderId, back)).due;
}

/** `spentPointsDue`, with the member the points go back to. */
async function spentPointsOfOrder(db: Executor, orderId: number, back: GoodsBack): Promise<{ memberId: number; due: Record<PointKind, number> }> {
  const due: Record<PointKind, number> = { points: 0, shopping_points: 0 };
  const order = await q.findOrder(db, orderId);
  if (!order || POINT_KINDS.every((kind) => order[holdColumn(kind)] === null)) return { memberId: 0, due };
  const memberId = Number(order.user_id);
  const paid = goodsPaidOf(order);
  // The goods' list value returned is read only when no money paid for the goods.
  const returned = paid > 0 ? undefined : await back.returned();
  const [base, before, now] = returned ? [Number(order.subtotal_minor), returned.before, returned.case] : [paid, back.refundedBefore, back.refunded];
  if (base <= 0) return { memberId, due };
  for (const kind of POINT_KINDS) {
    const holdId = order[holdColumn(kind)];
    const spent = Number(kind === 'points' ? order.points_used : order.shopping_points_used);
    if (holdId === null || spent <= 0) continue;
    if ((await findHold(db, Number(holdId)))?.status !== 'posted') continue;
    due[kind] = Math.max(0, shareUpTo(spent, base, before + now) - shareUpTo(spent, base, before));
  }
  return { memberId, due };
}

/** Gives back the points an order spent in the share `spentPointsDue` says, once per `cause`; answers what came back per kind. */
export async function returnSpentPointsShare(tx: Tx, actor: Actor, input: GoodsBack & { orderId: number; cause: string }): Promise<Record<PointKind, number>> {
  const { memberId, due } = await spentPointsOfOrder(tx, input.orderId, input);
  for (const kind of POINT_KINDS) {
    if (due[kind] <= 0) continue;
    await post(tx, {
      kind: 'order.points.refund',
      reference: { type: 'order', id: input.orderId },
      idempotencyKey: `order:${input.orderId}:${kind}:refund:${input.cause}`,
      actor,
      postings: [
        { account: { system: 'sales', asset: kind, currency: POINTS_CURRENCY }, amount: -due[kind] },
        { account: { member: memberId, asset: kind, currency: POINTS_CURRENCY }, amount: due[kind] },
      ],
    });
  }
  return due;
}

/**
 * The order was paid with points or shopping points through the pay call (the pay method that pays
 * all of it at its own rate): nothing of its goods was paid in money, so it earns what it would have
 * had points paid its goods at checkout, only its goods' own per-unit rules (as they stand now), and
 * never more than it was placed with.
 */
export async function lowerEarnedForPointsPayment(tx: Tx, orderId: number): Promise<void> {
  const order = await q.findOrder(tx, orderId);
  if (!order || order.points_earned_at !== null || Number(order.points_earned) <= 0) return;
  const lines = await q.findOrderLines(tx, [orderId]);
  const rules = await findGoodsPoints(tx, [...new Set(lines.map((l) => l.goods_id))]);
  const earned = pointsEarned({
    lines: lines.map((l) => ({ goodsId: l.goods_id, quantity: l.quantity, lineTotal: Number(l.line_total_minor) })),
    rules: new Map(rules.map((r) => [Number(r.goods_id), r.points_per_unit])),
    subtotal: Number(order.subtotal_minor),
    moneyForGoods: 0,
    currency: order.currency,
    toShop: order.points_rate === null ? '1' : String(order.points_rate),
    settings: await q.findOrderSettings(tx),
  });
  await q.lowerOrderPointsEarned(tx, orderId, earned);
}

/**
 * A completed order credits the points it earns, once (the order's mark and the entry's key both say
 * so): less those withheld for what was refunded before.
 */
export async function creditEarnedPoints(tx: Tx, actor: Actor, orderId: number): Promise<void> {
  const order = await q.markPointsEarned(tx, orderId);
  if (!order) return;
  const credited = Number(order.points_earned) - Number(order.points_withheld);
  if (credited <= 0) return;
  await post(tx, {
    kind: 'order.points.earn',
    reference: { type: 'order', id: orderId },
    idempotencyKey: `order:${orderId}:points:earn`,
    actor,
    postings: [
      { account: { system: 'promotions', asset: 'points', currency: POINTS_CURRENCY }, amount: -credited },
      { account: { member: Number(order.user_id), asset: 'points', currency: POINTS_CURRENCY }, amount: credited },
    ],
  });
}

/**
 * Takes back the points an order earns, for a part of its goods' value that was refunded: the share
 * of `earned` of the goods' value refunded (`refunded`, freight excluded) over what was paid for the
 * goods, each rounding down once on the running total (`refundedBefore` of the goods was refunded
 * earlier) capped at that base, so a whole order's refunds take back exactly what it earned; once
 * per `cause` (the caller's). Not credited yet (a return of a shipped order),
 * they are withheld from what completion credits (`withheld`). Credited, they are taken back, never
 * below the member's balance: what could not be is answered as the shortfall for the caller to record.
 */
export async function reverseEarnedPoints(tx: Tx, actor: Actor, input: { orderId: number; cause: string; refundedBefore: number; refunded: number }): Promise<{ due: number; withheld: number; reversed: number; shortfall: number }> {
  const order = await q.findOrder(tx, input.orderId);
  const earned = Number(order?.points_earned ?? 0);
  const paid = order ? goodsPaidOf(order) : 0;
  if (!order || earned <= 0 || paid <= 0) return { due: 0, withheld: 0, reversed: 0, shortfall: 0 };
  const due = shareUpTo(earned, paid, input.refundedBefore + input.refunded) - shareUpTo(earned, paid, input.refundedBefore);
  if (due <= 0) return { due: 0, withheld: 0, reversed: 0, shortfall: 0 };
  // Not credited yet: completion credits that much less (unless it credited them meanwhile: then as credited).
  if (!order.points_earned_at && (await q.withholdOrderPoints(tx, input.orderId, due))) return { due, withheld: due, reversed: 0, shortfall: 0 };
  const reversed = Math.min(due, Math.max(0, await balanceOf(tx, Number(order.user_id), 'points', POINTS_CURRENCY)));
  if (reversed > 0) {
    await post(tx, {
      kind: 'order.points.reverse',
      reference: { type: 'order', id: input.orderId },
      idempotencyKey: `order:${input.orderId}:points:reverse:${input.cause}`,
      actor,
      postings: [
        { account: { member: Number(order.user_id), asset: 'points', currency: POINTS_CURRENCY }, amount: -reversed },
        { account: { system: 'promotions', asset: 'points', currency: POINTS_CURRENCY }, amount: reversed },
      ],
    });
  }
  return { due, withheld: 0, reversed, shortfall: due - reversed };
}
