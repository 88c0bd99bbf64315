import { ResponseCode, shareOfMinor } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { ensureMemberAccounts } from '../ledger/ledger.queries.js';
import { balanceOf, post, type PostInput } from '../ledger/ledger.service.js';
import { lockUsersForShare } from '../members/members.queries.js';
import { findOrderForEarning, orderForEarningQuery } from '../orders/orders.queries.js';
import { findPvKept } from './pv-kept.queries.js';
import { findOrderRefunded, giftCardPaidOf, orderGiftCardPaidOf } from '../payments/payments.queries.js';
import * as q from './referral.queries.js';
import { recheckStar } from './referral.service.js';

// What members earn on orders (regular and member-shop ones alike): pending commissions at payment,
// PV and posted commissions at the settled moment, void on a refund before it; the daily pair bonus.
// Each is written once: a unique key per (order, level), per order's PV, per (member, day), and a
// conditional update per state move.

type Deps = Pick<AppDeps, 'db'>;
/** An order as the payment and settlement hooks give it. */
export interface EarningOrder {
  id: number;
  user_id: number;
}

/**
 * A member-shop order as the shop area hands it over (wiring.ts): its figures snapshotted at
 * placement. Shop orders have no coupons, points, freight or fees: the goods are the whole total.
 */
export interface EarningShopOrder {
  id: number;
  order_no: string;
  /** The buyer. */
  user_id: number;
  currency: string;
  goods_minor: number;
  pv: number;
}

/** Why a closed member's pending commission is void (docs/decisions/2026-12-01-closed-accounts-receive-nothing.md). */
const MEMBER_CLOSED = 'member closed';

/** How many nearby placement ancestors have their star re-checked when an order settles (the nightly job checks everyone). */
const STAR_RECHECK_ANCESTORS = 50;

/** The day PV settled now belongs to: today in the shop's time zone, never a day whose PV is closed (its pair run begun). */
export async function pvDay(tx: Tx, timeZone: string): Promise<string> {
  // Its share of the PV day lock first (held until the settlement commits), then the closed days read
  // in a statement of their own, after any closing it waited for.
  const today = await q.lockPvDayAndFindToday(tx, timeZone);
  const last = await q.findLastClosedPvDay(tx);
  if (!last || last < today) return today;
  const next = new Date(`${last}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * At payment (in the paying transaction): the order's commissions, pending, for the buyer's referrer
 * (level 1) and theirs (level 2 …, as many levels as the settings say), each rounded half-up once,
 * on what of the order earns commissions: goods after discounts, without freight, fees, points or
 * gift-card value. A banned or closed upline is skipped (that level is not paid). Written once per
 * (order, level).
 */
export async function writePendingCommissions(tx: Tx, _actor: Actor, order: EarningOrder & { referrer_id: number | null }): Promise<void> {
  // A buyer nobody invited earns no one anything: nothing is read.
  if (order.referrer_id === null) return;
  // The plan, the buyer's uplines within its levels (nearest first) and the order, read together.
  const { order: o, gift_card_paid: giftCard, ...inputs } = await q.findCommissionInputs(tx, order.user_id, orderForEarningQuery(tx, order.id), orderGiftCardPaidOf(order.id));
  if (!o) return;
  const base = Number(o.subtotal_minor) - Number(o.coupon_discount_minor) - Number(o.points_value_minor) - Number(o.shopping_points_value_minor) - Number(giftCard);
  await q.insertPendingCommissions(tx, { kind: 'order', id: order.id }, pendingRows(inputs, order.user_id, base, o.currency));
}

/**
 * A member-shop order's pending commissions, at its payment (in the paying transaction, after its
 * conditional move out of awaiting payment), by the same rule: its goods, less what gift-card value
 * paid. Written once per (shop order, level).
 */
export async function writeShopOrderPendingCommissions(tx: Tx, _actor: Actor, order: EarningShopOrder): Promise<void> {
  const { order: _none, gift_card_paid: giftCard, ...inputs } = await q.findCommissionInputs(tx, order.user_id, null, giftCardPaidOf('shop_order', order.id));
  await q.insertPendingCommissions(tx, { kind: 'shop_order', id: order.id }, pendingRows(inputs, order.user_id, order.goods_minor - Number(giftCard), order.currency));
}

/** The pending commissions of a buyer's uplines on `base` (never below zero): a banned or closed upline's level, or a level the plan pays nothing for, is skipped. */
function pendingRows(inputs: Omit<Awaited<ReturnType<typeof q.findCommissionInputs>>, 'order' | 'gift_card_paid'>, buyerId: number, base: number, currency: string) {
  const { uplines, ...settings } = inputs;
  const earning = Math.max(0, base);
  if (!uplines.length || earning === 0) return [];
  const rates = [settings.level1_rate_bp, settings.level2_rate_bp, settings.level3_rate_bp];
  return uplines.flatMap((u) => {
    const rate = rates[u.depth - 1] ?? 0;
    const amount = u.status === 'active' && u.id !== buyerId && rate > 0 ? shareOfMinor(earning, rate) : 0;
    return amount > 0 ? [{ buyer_id: buyerId, beneficiary_id: u.id, level: u.depth, base_minor: earning, rate_bp: rate, amount_minor: amount, currency }] : [];
  });
}

/** An order refunded whole before it settled: its pending commissions are void, with the reason; nothing was posted, so no entry. */
const voidRefundedWhole = (tx: Tx, ref: q.EarningRef) => q.moveOrderCommissions(tx, ref, 'pending', 'void', ref.kind === 'order' ? 'order refunded before settling' : 'shop order refunded before settling');

/** Whether refunds took back the whole of what an order earns on (`back` ≥ `goods`): it then earns nothing, and what was pending on it is void. */
const refundedWhole = (goods: number, back: number) => goods > 0 && back >= goods;

/** What of a regular order refunds are a share of (its goods: freight comes back only with the last of them, so it is left out of both sides), and what they took back. */
async function regularOrderShares(tx: Tx, orderId: number) {
  const o = await findOrderForEarning(tx, orderId);
  if (!o) return undefined;
  return { goods: Math.max(0, Number(o.total_minor) - Number(o.freight_minor)), back: await findOrderRefunded(tx, orderId) };
}

/**
 * An after-sales refund that leaves nothing of a regular order's goods (the test settling applies),
 * in the refund's transaction: its pending commissions are void at once with their reason, as a paid
 * order refunded whole is, not left pending at nothing until its settled moment. Nothing was posted,
 * so no entry; a partial refund leaves them pending at the share kept.
 */
export async function voidCommissionsIfOrderRefundedWhole(tx: Tx, _actor: Actor, orderId: number): Promise<void> {
  const shares = await regularOrderShares(tx, orderId);
  if (shares && refundedWhole(shares.goods, shares.back)) await voidRefundedWhole(tx, { kind: 'order', id: orderId });
}

/** The same for a member-shop order: its goods less what its after-sales cases refunded (`refunded_minor`), as its settlement reads them. */
export async function voidCommissionsIfShopOrderRefundedWhole(tx: Tx, _actor: Actor, order: Pick<EarningShopOrder, 'id' | 'goods_minor'> & { refunded_minor: number }): Promise<void> {
  if (refundedWhole(Math.max(0, order.goods_minor), order.refunded_minor)) await voidRefundedWhole(tx, { kind: 'shop_order', id: order.id });
}

/** A refund before settling voids the order's pending commissions; nothing was posted, so no entry. */
export async function voidPendingCommissions(tx: Tx, _actor: Actor, orderId: number): Promise<void> {
  await q.moveOrderCommissions(tx, { kind: 'order', id: orderId }, 'pending', 'void', 'order refunded before settling');
}

/** A shop order refused (rejected by its owner or for want of stock, refunded in full) before settling: its pending commissions are void, no entry. */
export async function voidShopOrderPendingCommissions(tx: Tx, _actor: Actor, shopOrderId: number): Promise<void> {
  await q.moveOrderCommissions(tx, { kind: 'shop_order', id: shopOrderId }, 'pending', 'void', 'shop order refused before settling');
}

/** Pays an earning into the member's rewards, first netting what the member owes from a reversal; answers the entry and what was netted. */
async function payRewards(tx: Tx, actor: Actor, input: { memberId: number; amount: number; currency: string; kind: PostInput['kind']; key: string; reference: PostInput['reference'] }) {
  const netted = await q.takeDebt(tx, input.memberId, input.currency, input.amount);
  const paid = input.amount - netted;
  if (paid <= 0) return { entryId: null, netted, paid };
  const { entryId } = await post(tx, {
    kind: input.kind,
    reference: input.reference,
    idempotencyKey: input.key,
    actor,
    postings: [
      { account: { system: 'commission_expense', asset: 'rewards', currency: input.currency }, amount: -paid },
      { account: { member: input.memberId, asset: 'rewards', currency: input.currency }, amount: paid },
    ],
  });
  return { entryId, netted, paid };
}

/**
 * At the settled moment (in the settling transaction): the PV of the units the order keeps (those its
 * returns did not take back and refund) enters the buyer's personal PV and, when the buyer is placed,
 * the leg on the buyer's side of every placement ancestor (today's bucket); its pending commissions are
 * posted to the beneficiaries' rewards, less what a partial refund took back (pro rata of the goods'
 * part of the total, freight left out), each once; an order refunded whole earns nothing and its
 * pending commissions are void.
 */
export async function earnOnSettled(tx: Tx, actor: Actor, order: EarningOrder): Promise<void> {
  // What refunds took back is a share of the goods, freight left out of both sides (else a return of half the goods of an order with freight kept more).
  const shares = await regularOrderShares(tx, order.id);
  if (!shares) return;
  await earnAtSettlement(tx, actor, { ref: { kind: 'order', id: order.id }, reference: { type: 'order', id: order.id }, buyerId: order.user_id, ...shares });
}

/**
 * A member-shop order at its settled moment (in the settling transaction, beside the owner's
 * earnings), by the same rule as a regular order: the PV of the units it keeps, and its pending
 * commissions less the share its after-sales refunds took back (`refunded_minor`); refunded whole,
 * nothing and its pending commissions void.
 */
export async function earnOnShopOrderSettled(tx: Tx, actor: Actor, order: EarningShopOrder & { refunded_minor: number }): Promise<void> {
  await earnAtSettlement(tx, actor, {
    ref: { kind: 'shop_order', id: order.id },
    // The ledger names a shop order by its number, as the owner's earnings entry does.
    reference: { type: 'shop_order', id: order.order_no },
    buyerId: order.user_id,
    goods: Math.max(0, order.goods_minor),
    back: order.refunded_minor,
  });
}

/** What settling an order (`ref`) earns: `goods` is what of it refunds are a share of, `back` what they took back. */
async function earnAtSettlement(tx: Tx, actor: Actor, s: { ref: q.EarningRef; reference: PostInput['reference']; buyerId: number; goods: number; back: number }): Promise<void> {
  const settings = await q.findReferralSettings(tx);
  const back = Math.min(s.back, s.goods);
  // Refunded whole before its settled moment: nothing is earned, its pending commissions are void
  // (already, when the after-sales refund that took the last of it voided them).
  if (refundedWhole(s.goods, back)) {
    await voidRefundedWhole(tx, s.ref);
    return;
  }
  // The rule members and the console see pending commissions by before this moment (`commissionDue` in referral.queries): keep the two alike.
  const keep = (n: number) => (back <= 0 || s.goods <= 0 ? n : Math.floor((n * (s.goods - back)) / s.goods));
  // PV is kept by the units kept, whatever paid for them (points, a coupon) and whichever line came back.
  const pv = await findPvKept(tx, s.ref);
  if (pv > 0) {
    const placed = !!(await q.findPlacement(tx, s.buyerId));
    const day = await pvDay(tx, settings.time_zone);
    // The entry's legs (`pv_entry_legs`, the members' PV records) are credited by its insert's trigger.
    if (await q.insertPvEntry(tx, { ref: s.ref, memberId: s.buyerId, pv, day, inLegs: placed })) {
      await q.addPersonalPv(tx, s.buyerId, pv);
      if (placed) await q.addLegPv(tx, s.buyerId, pv, day);
    }
  }
  // A beneficiary who closed the account receives nothing: their pending commission is void, nothing
  // posted. Their rows are locked for share first, so a closing either committed before or waits.
  const closed = (await lockUsersForShare(tx, await q.findPendingBeneficiaries(tx, s.ref))).filter((u) => u.status === 'closed').map((u) => Number(u.id));
  if (closed.length) await q.voidPendingCommissionsOf(tx, s.ref, closed, MEMBER_CLOSED);
  for (const c of await q.moveOrderCommissions(tx, s.ref, 'pending', 'settled')) {
    const amount = keep(Number(c.amount_minor));
    const paid = await payRewards(tx, actor, { memberId: c.beneficiary_id, amount, currency: c.currency, kind: 'commission.settle', key: `commission:${c.id}`, reference: s.reference });
    await q.setCommissionPosted(tx, c.id, { entry_id: paid.entryId, posted_minor: paid.paid, debt_netted_minor: paid.netted });
  }
  // Stars move with PV: the buyer, their sponsor and the nearest placement ancestors now; the nightly job the rest.
  const buyer = await q.findMemberBrief(tx, s.buyerId);
  const ids = new Set<number>([s.buyerId, ...(buyer?.referrer_id != null ? [Number(buyer.referrer_id)] : []), ...(await q.findAncestorIds(tx, s.buyerId)).slice(0, STAR_RECHECK_ANCESTORS)]);
  for (const id of ids) await recheckStar(tx, id);
}

/**
 * An operator reverses a settled commission (a refund after settling): the whole of what it earned
 * (what reached the rewards and what of it paid off a debt) is taken back; what the member's rewards
 * balance covers by a reversing entry, the rest recorded as the member's debt, netted from their next
 * earnings (member balances never go negative). Once per commission.
 */
export async function reverseCommission(tx: Tx, actor: Actor, input: { id: number; reason: string }) {
  const c = await q.lockCommissionForUpdate(tx, input.id);
  if (!c || c.status !== 'settled') throw new AppError(ResponseCode.referralCommissionState);
  // A part netted against a debt was earned too (it paid the debt off): without it, the debt it cleared would stay cleared.
  const owed = Number(c.posted_minor) + Number(c.debt_netted_minor);
  const balance = await balanceOf(tx, c.beneficiary_id, 'rewards', c.currency);
  const back = Math.min(owed, balance);
  let entryId: number | null = null;
  if (back > 0) {
    entryId = (
      await post(tx, {
        kind: 'commission.reverse',
        // A shop order's is named by its number, as its settlement's entries are.
        reference: c.shop_order_no !== null ? { type: 'shop_order', id: c.shop_order_no } : { type: 'order', id: c.order_id! },
        idempotencyKey: `commission-reverse:${c.id}`,
        actor,
        reversesEntryId: c.entry_id ?? undefined,
        postings: [
          { account: { member: c.beneficiary_id, asset: 'rewards', currency: c.currency }, amount: -back },
          { account: { system: 'commission_expense', asset: 'rewards', currency: c.currency }, amount: back },
        ],
      })
    ).entryId;
  }
  const debt = owed - back;
  if (debt > 0) await q.addDebt(tx, c.beneficiary_id, c.currency, debt);
  await q.setCommissionReversed(tx, c.id, { reversal_entry_id: entryId, reversed_minor: back, debt_minor: debt, reason: input.reason });
  return { id: c.id, reversed: back, debt };
}

/** What the member still owes back per currency of reversed commissions (not yet netted from later earnings). */
export async function owedOfRewards(db: Executor, memberId: number): Promise<Array<{ currency: string; amount: number }>> {
  return (await q.findDebts(db, memberId)).map((d) => ({ currency: d.currency, amount: Number(d.amount_minor) }));
}

/** An operator voids one pending commission with a reason. */
export async function voidCommission(tx: Tx, _actor: Actor, input: { id: number; reason: string }) {
  // Only this commission: the order's other levels stay pending (voiding a whole order is its refund's).
  const c = await q.voidPendingCommission(tx, input.id, input.reason);
  if (!c) throw new AppError(ResponseCode.referralCommissionState);
  return { id: c.id };
}

// ---------------------------------------------------------------- the pair bonus

/** Members paid per journal entry of a pairing run (keeps each entry and its change notice small). */
const PAY_BATCH = 400;
/** Members whose pair results one statement computes. */
const PAIR_RANGE = 10_000;

/** The day before `day`. */
const dayBefore = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Runs one day's pair bonus (a day that is over in the shop's time zone, every earlier day with PV
 * already paired): one result per member with PV added that day, each paid through the ledger up to
 * the member's cap, once. A re-run of a day changes nothing and answers the first run.
 */
export async function runPairingDay(deps: Deps, actor: Actor, day: string) {
  const settings = await q.findReferralSettings(deps.db);
  const today = await q.findToday(deps.db, settings.time_zone);
  const done = await q.findPairRun(deps.db, day);
  if (done) return { ...done, rerun: true };
  if (day >= today) throw new AppError(ResponseCode.referralDayNotDue, { day });
  const earlier = await q.findUnpairedDays(deps.db, day);
  if (earlier.length) throw new AppError(ResponseCode.referralDayNotDue, { day: earlier[0]! });
  // The day's PV closed first, in a transaction of its own: a settlement that chose the day before
  // midnight and commits after it is waited for, and one later takes the next day (never PV added to a
  // day this run has read).
  await withTransaction(deps.db, (tx) => q.closePvDay(tx, day));
  return withTransaction(deps.db, async (tx) => {
    // Named as approvals and the audit log name an operator (`alice#1`); the nightly job as `job`, the console's word for it.
    const runBy = actor.kind === 'operator' ? operatorNameOf(actor) : actor.kind;
    if (!(await q.insertPairRun(tx, day, settings.bonus_currency, runBy))) return { ...(await q.findPairRun(tx, day))!, rerun: true };
    // Set-based, a range of members per statement (each statement stays well inside the time limit).
    const plan = { unit: settings.pair_unit_pv, rateBp: settings.pair_rate_bp, pvValue: settings.pv_value_minor, defaultCap: Number(settings.default_daily_cap_minor), currency: settings.bonus_currency };
    for (const range of await q.findDayMemberRanges(tx, day, PAIR_RANGE)) await q.insertPairResults(tx, day, plan, range);
    // Paid in batches of members, one journal entry each (what a member owes is netted first).
    // A member who closed the account is paid nothing: what they would have had is flushed. Their rows
    // are locked for share (ascending), so a closing either committed before or waits for this run.
    const closed = await q.lockClosedPayeesOfDay(tx, day);
    if (closed.length) await q.flushPairResultsOf(tx, day, closed);
    const toPay = await q.findPairResultsToPay(tx, day);
    const debtors = await q.findDebtorsOfDay(tx, day, settings.bonus_currency);
    // Every paid member's rewards account, created when missing, in one statement: the entries lock them by id.
    const accounts = await ensureMemberAccounts(tx, toPay.map((r) => r.member_id), 'rewards', settings.bonus_currency);
    for (let from = 0; from < toPay.length; from += PAY_BATCH) {
      const batch = toPay.slice(from, from + PAY_BATCH);
      const postings = [];
      const paidIds: number[] = [];
      for (const r of batch) {
        const netted = debtors.has(r.member_id) ? await q.takeDebt(tx, r.member_id, r.currency, Number(r.paid_minor)) : 0;
        // What paid off the debt is kept on the result: the member's list and the run's totals tell it from what reached the rewards.
        if (netted > 0) await q.setPairResultNetted(tx, r.member_id, day, netted);
        const paid = Number(r.paid_minor) - netted;
        if (paid <= 0) continue;
        postings.push({ account: { id: accounts.get(r.member_id)! }, currency: r.currency, amount: paid });
        paidIds.push(r.member_id);
      }
      if (!postings.length) continue;
      const total = postings.reduce((sum, p) => sum + p.amount, 0);
      const { entryId } = await post(tx, {
        kind: 'pair_bonus',
        reference: { type: 'pair_run', id: day },
        idempotencyKey: `duipeng:${day}:${from / PAY_BATCH}`,
        actor,
        postings: [{ account: { system: 'commission_expense', asset: 'rewards', currency: settings.bonus_currency }, amount: -total }, ...postings],
      });
      await q.setPairResultsEntry(tx, paidIds, day, entryId);
    }
    await q.finishPairRun(tx, day);
    return { ...(await q.findPairRun(tx, day))!, rerun: false };
  });
}

/** The job: pairs every day with PV that is over and not yet paired, oldest first; answers the days run. */
export async function pairDueDays(deps: Deps, actor: Actor): Promise<string[]> {
  const settings = await q.findReferralSettings(deps.db);
  const today = await q.findToday(deps.db, settings.time_zone);
  const days = await q.findUnpairedDays(deps.db, today);
  for (const day of days) await runPairingDay(deps, actor, day);
  return days;
}

/** The nightly job: re-checks every member's star (in batches); answers how many were checked. */
export async function recheckAllStars(deps: Deps): Promise<number> {
  let after = 0;
  let checked = 0;
  for (;;) {
    const ids = await q.findStatsMemberIds(deps.db, after, 500);
    if (!ids.length) return checked;
    await withTransaction(deps.db, async (tx) => {
      for (const id of ids) await recheckStar(tx, id);
    });
    checked += ids.length;
    after = ids[ids.length - 1]!;
  }
}

export { dayBefore };
