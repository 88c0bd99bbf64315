import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.js';
import { jobActor, operatorCliActor, systemActor } from '../../../lib/actor.js';
import { decideApproval } from '../../approvals/approvals.service.js';
import { issueGiftCards } from '../../wallet/wallet.service.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { widePool } from '../../../test/test-database.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { settleOrder } from '../../orders/order-settlement.js';
import { markOrderPaid } from '../../orders/orders.service.js';
import { refundRefundingPayables } from '../../payments/reconcile.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { pairDueDays, reverseCommission, runPairingDay } from '../earnings.service.js';
import { placeDownline } from '../referral.service.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { buyingKit, daysBefore, key, pvToday, referralKit, shiftDay } from './fixtures.js';

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let buy: ReturnType<typeof buyingKit>;
let wide: Database;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
  operator = await newOperatorSession(t.db, 'owner');
  buy = buyingKit(t, operator);
  wide = widePool(t.db, 20);
});
afterAll(async () => {
  await wide?.destroy();
  await t.close();
});

const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };
const job = jobActor('settle_order', 1);
const rewardsOf = (id: number) => balanceOf(t.db, id, 'rewards', 'USD');
const resultOf = (id: number, day: string) => t.db.selectFrom('pair_results').selectAll().select(sql<string>`day::text`.as('day')).where('member_id', '=', id).where('day', '=', day).executeTakeFirst();

/** A placed sponsor with one placed buyer on each leg. */
async function twoLegs() {
  const sponsor = await kit.placedSponsor();
  const left = await buy.shopper(sponsor.userId);
  const right = await buy.shopper(sponsor.userId);
  await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: left.userId, parent_id: sponsor.userId, side: 'L' });
  await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: right.userId, parent_id: sponsor.userId, side: 'R' });
  return { sponsor, left, right };
}

describe('PV at settlement', () => {
  it('enters the buyer’s personal PV and the leg on the buyer’s side of every ancestor; PV from before placement never enters legs', async () => {
    const { sponsor, left } = await twoLegs();
    const unplaced = await buy.shopper(sponsor.userId);
    await buy.settledOrder(left, 1000, 120);
    await buy.settledOrder(unplaced, 1000, 70);
    const legs = (await kit.get(sponsor, '/attractive/user/userDepInfo')).body.data;
    expect(legs).toMatchObject({ left: { pv_total: 120, pv_today: 120, carry: 120 }, right: { pv_total: 0 } });
    // Placed now: the earlier PV stays personal only.
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: unplaced.userId, parent_id: left.userId, side: 'L' });
    expect((await kit.get(sponsor, '/attractive/user/userDepInfo')).body.data.left.pv_total).toBe(120);
    expect((await kit.get(unplaced, '/attractive/user/userDepInfo')).body.data.personal_pv).toBe(70);
    // The ancestors above the sponsor see it in their leg too.
    const root = await kit.root();
    const rootStats = await t.db.selectFrom('referral_stats').select(['left_pv', 'right_pv']).where('member_id', '=', root).executeTakeFirstOrThrow();
    expect(Number(rootStats.left_pv) + Number(rootStats.right_pv)).toBeGreaterThanOrEqual(120);
    const records = (await kit.get(sponsor, '/attractive/user/pvChangeSet')).body.data;
    expect(records.list).toEqual([expect.objectContaining({ source: 'team_order', leg: 'L', pv: 120 })]);
    expect(records.rules).toMatchObject({ pair_unit: 100, rate_bp: 1000, pv_value: 100, currency: 'USD', commission_rates_bp: [500, 200] });
  });

  it('counts PV on the shop’s day: after midnight in the shop’s time zone it is the next day there, whatever the date is in UTC', async () => {
    const { left } = await twoLegs();
    const now = new Date();
    // A zone whose date is not UTC's now, and whose midnight is hours away: 12 hours behind before 10:00 UTC, 14 ahead after.
    const zone = now.getUTCHours() < 10 ? 'Etc/GMT+12' : 'Etc/GMT-14';
    const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
    expect(shopDay).not.toBe(now.toISOString().slice(0, 10));
    const was = (await t.db.selectFrom('referral_settings').select('time_zone').executeTakeFirstOrThrow()).time_zone;
    await t.db.updateTable('referral_settings').set({ time_zone: zone }).execute();
    try {
      const o = await buy.settledOrder(left, 1000, 40);
      const entry = await t.db.selectFrom('pv_entries').select(sql<string>`day::text`.as('day')).where('order_id', '=', o.order_id).executeTakeFirstOrThrow();
      expect(entry.day).toBe(shopDay);
      const bucket = await t.db.selectFrom('leg_pv_days').select(sql<string>`day::text`.as('day')).where('day', '=', shopDay).where('left_pv', '>=', 40).executeTakeFirst();
      expect(bucket?.day).toBe(shopDay);
    } finally {
      await t.db.updateTable('referral_settings').set({ time_zone: was }).execute();
      // The other tests' days are counted in the shop's usual zone: this day's PV is not theirs to pair.
      await t.db.deleteFrom('leg_pv_days').where('day', '=', shopDay as never).execute();
      await t.db.deleteFrom('pv_entries').where('day', '=', shopDay as never).execute();
    }
  });

  it('a refunded order’s PV never appears, its pending commissions are void with no ledger entry', async () => {
    const { sponsor, left } = await twoLegs();
    const o = await buy.paidOrder(left, 2000, 300);
    const pending = await t.db.selectFrom('commissions').select(['level', 'status', 'amount_minor']).where('order_id', '=', o.order_id).orderBy('level').execute();
    expect(pending[0]).toEqual({ level: 1, status: 'pending', amount_minor: 100 });
    expect(pending.every((r) => r.status === 'pending')).toBe(true);
    expect((await call(t, 'POST', '/shop/order/cancelOrder', { headers: left.keyed(), body: { id: o.order_id, reason: 'changed my mind' } })).body.code).toBe(200);
    await refundRefundingPayables(t.deps, systemActor('test'));
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', o.order_id).executeTakeFirstOrThrow()).status).toBe('refunded');
    const rows = await t.db.selectFrom('commissions').select(['status', 'entry_id']).where('order_id', '=', o.order_id).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'void' && r.entry_id === null)).toBe(true);
    expect(await settleOrder(t.deps, job, o.order_id)).toBe(false);
    expect(await t.db.selectFrom('pv_entries').select('order_id').where('order_id', '=', o.order_id).execute()).toEqual([]);
    expect((await kit.get(sponsor, '/attractive/user/userDepInfo')).body.data.left.pv_total).toBe(0);
    expect(await rewardsOf(sponsor.userId)).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('the plan’s rules a member reads', () => {
  it('pvChangeSet shows the daily cap of the member’s own star (the one their pairing is capped at), the default cap without a star', async () => {
    const starred = await buy.shopper(null);
    const plain = await buy.shopper(null);
    await t.db.insertInto('referral_stats').values({ member_id: starred.userId, star: 1 } as never).onConflict((oc) => oc.column('member_id').doUpdateSet({ star: 1 } as never)).execute();
    await t.db.updateTable('star_levels').set({ daily_cap_minor: 3000 }).where('star', '=', 1).execute();
    try {
      expect((await kit.get(starred, '/attractive/user/pvChangeSet')).body.data.rules).toMatchObject({ daily_cap: 3000, currency: 'USD' });
      expect((await kit.get(plain, '/attractive/user/pvChangeSet')).body.data.rules).toMatchObject({ daily_cap: 30000 });
    } finally {
      await t.db.updateTable('star_levels').set({ daily_cap_minor: 30000 }).where('star', '=', 1).execute();
    }
  });
});

describe('the daily pair bonus', () => {
  it('the worked example: L 500, R 400, cap 30.00 → 4 pairs, 40.00 gross, 30.00 paid through the ledger, 10.00 flushed, carry L 100 / R 0; a re-run changes nothing', async () => {
    await t.db.updateTable('referral_settings').set({ default_daily_cap_minor: 3000 }).execute();
    try {
      const { sponsor, left, right } = await twoLegs();
      await buy.settledOrder(left, 1000, 300);
      await buy.settledOrder(left, 1000, 200);
      await buy.settledOrder(right, 1000, 400);
      const day = await pvToday(t.db);
      // PV settled today waits for the day to end: the job pairs nothing of it yet, and a run of today is refused.
      await pairDueDays(t.deps, jobActor('pair_due_days', 1));
      expect(await resultOf(sponsor.userId, day)).toBeUndefined();
      await expect(runPairingDay(t.deps, jobActor('pair', 1), day)).rejects.toMatchObject({ code: ResponseCode.referralDayNotDue });

      await shiftDay(t.db, day, 1);
      const yesterday = daysBefore(day, 1);
      // The sponsor's commissions on the three orders (5 % of 10.00 each) are in the rewards already.
      const commissions = await rewardsOf(sponsor.userId);
      expect(commissions).toBe(150);
      expect(await pairDueDays(t.deps, jobActor('pair_due_days', 2))).toContain(yesterday);
      expect(await resultOf(sponsor.userId, yesterday)).toMatchObject({ left_before: 0, right_before: 0, left_added: 500, right_added: 400, pairs: 4, consumed: 400, gross_minor: 4000, paid_minor: 3000, flushed_minor: 1000, left_carry: 100, right_carry: 0, cap_minor: 3000 });
      expect(await rewardsOf(sponsor.userId)).toBe(commissions + 3000);
      // Paid by the day's entry (members in batches), recorded on the result.
      const paidBy = (await resultOf(sponsor.userId, yesterday))!.entry_id!;
      const entry = await t.db.selectFrom('journal_entries').select(['kind', 'idempotency_key']).where('id', '=', paidBy).executeTakeFirstOrThrow();
      expect(entry).toEqual({ kind: 'pair_bonus', idempotency_key: `duipeng:${yesterday}:0` });
      // The member's rewards log names it.
      expect((await kit.get(sponsor, '/attractive/reward/log')).body.data.list[0]).toMatchObject({ reason: 'pair_bonus', reason_text: 'Pair bonus', amount: 3000 });

      // Again, by the job or by hand: nothing changes.
      const entryCount = async () => (await t.db.selectFrom('journal_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      const before = await entryCount();
      expect((await runPairingDay(t.deps, jobActor('pair', 3), yesterday)).rerun).toBe(true);
      expect(await pairDueDays(t.deps, jobActor('pair_due_days', 4))).toEqual([]);
      expect(await entryCount()).toBe(before);
      expect(await rewardsOf(sponsor.userId)).toBe(commissions + 3000);

      const listed = await kit.get(sponsor, '/attractive/duipeng/list');
      expect(listed.body.msg).toBe('Success');
      const list = listed.body.data;
      expect(list).toMatchObject({ total: 1, sum_paid: 3000, currency: 'USD', list: [{ date: yesterday, pairs: 4, gross: 4000, paid: 3000, flushed: 1000, left_carry: 100, right_carry: 0 }] });
      expect((await kit.get(sponsor, '/attractive/user/userDepInfo')).body.data).toMatchObject({ left: { carry: 100, pv_total: 500 }, right: { carry: 0, pv_total: 400 } });
      // Nobody else's results are listed to the sponsor, and the buyers have none.
      expect((await kit.get(left, '/attractive/duipeng/list')).body.data.total).toBe(0);
      expect(await ledgerCheck(t.db)).toEqual([]);
    } finally {
      await t.db.updateTable('referral_settings').set({ default_daily_cap_minor: 30000 }).execute();
    }
  });

  it('carries over three days: each day pairs what the carry and the new PV allow', async () => {
    const { sponsor, left, right } = await twoLegs();
    const day = await pvToday(t.db);
    // Three days long past (older than any day paired by the tests before).
    await buy.settledOrder(left, 1000, 500);
    await buy.settledOrder(right, 1000, 400);
    await shiftDay(t.db, day, 13);
    await buy.settledOrder(right, 1000, 250);
    await shiftDay(t.db, day, 12);
    await buy.settledOrder(left, 1000, 300);
    await shiftDay(t.db, day, 11);
    const commissions = await rewardsOf(sponsor.userId);
    await pairDueDays(t.deps, jobActor('pair_due_days', 5));
    const [d1, d2, d3] = [daysBefore(day, 13), daysBefore(day, 12), daysBefore(day, 11)];
    expect(await resultOf(sponsor.userId, d1)).toMatchObject({ pairs: 4, paid_minor: 4000, left_carry: 100, right_carry: 0 });
    expect(await resultOf(sponsor.userId, d2)).toMatchObject({ left_before: 100, right_before: 0, left_added: 0, right_added: 250, pairs: 1, paid_minor: 1000, left_carry: 0, right_carry: 150 });
    expect(await resultOf(sponsor.userId, d3)).toMatchObject({ left_before: 0, right_before: 150, left_added: 300, pairs: 1, paid_minor: 1000, left_carry: 200, right_carry: 50 });
    expect(await rewardsOf(sponsor.userId)).toBe(commissions + 6000);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('referral commissions', () => {
  it('pending at payment for two levels on goods after discounts (no freight), posted to rewards when the order settles, once', async () => {
    const grand = await buy.shopper(null);
    const parent = await buy.shopper(grand.userId);
    const buyer = await buy.shopper(parent.userId);
    const o = await buy.paidOrder(buyer, 1999, 0);
    const rows = await t.db.selectFrom('commissions').select(['beneficiary_id', 'level', 'base_minor', 'rate_bp', 'amount_minor', 'status']).where('order_id', '=', o.order_id).orderBy('level').execute();
    // 5 % of 19.99 = 0.9995 → 1.00; 2 % = 0.3998 → 0.40 (half-up, once per beneficiary).
    expect(rows).toEqual([
      { beneficiary_id: parent.userId, level: 1, base_minor: 1999, rate_bp: 500, amount_minor: 100, status: 'pending' },
      { beneficiary_id: grand.userId, level: 2, base_minor: 1999, rate_bp: 200, amount_minor: 40, status: 'pending' },
    ]);
    expect((await kit.get(parent, '/user/spread/total')).body.data).toMatchObject({ direct_count: 1, team_count: 1, commission_pending: [{ currency: 'USD', amount: 100 }], commission_total: [] });
    expect((await kit.get(grand, '/user/spread/total')).body.data).toMatchObject({ direct_count: 1, team_count: 2, commission_pending: [{ currency: 'USD', amount: 40 }] });
    expect(await rewardsOf(parent.userId)).toBe(0);

    await buy.settle(buyer, o.order_id);
    expect(await rewardsOf(parent.userId)).toBe(100);
    expect(await rewardsOf(grand.userId)).toBe(40);
    expect((await kit.get(parent, '/user/spread/total')).body.data).toMatchObject({ commission_pending: [], commission_total: [{ currency: 'USD', amount: 100 }] });
    expect((await kit.get(parent, '/user/spread/sonList')).body.data.list).toEqual([expect.objectContaining({ id: buyer.userId, commission_from: [{ currency: 'USD', amount: 100 }] })]);
    expect((await kit.get(grand, '/user/spread/teamList')).body.data.list.map((m: { id: number; level: number }) => [m.id, m.level])).toEqual([[parent.userId, 1], [buyer.userId, 2]]);
    expect((await kit.get(grand, '/user/spread/teamList?level=2')).body.data.total).toBe(1);
    expect(await settleOrder(t.deps, job, o.order_id)).toBe(false);
    expect(await rewardsOf(parent.userId)).toBe(100);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('earns nothing on gift-card value: an order the cards paid writes no commissions', async () => {
    const parent = await buy.shopper(null);
    const buyer = await buy.shopper(parent.userId);
    const o = await buy.unpaidOrder(buyer, 1999, 0);
    const asked = await issueGiftCards(t.db, operatorCliActor('test'), { user_id: buyer.userId, currency: o.currency, value: o.total, count: 1, expires_at: new Date(Date.now() + 86_400_000).toISOString(), reason: 'test' });
    await decideApproval(t.db, operatorCliActor('second'), 'owner', { id: asked.request.id, decision: 'approve' });
    const paid = await call(t, 'POST', '/shop/buy/payOrder', { headers: buyer.keyed(), body: { order_id: o.order_id, pay_way: 'gift_card', pay_password: PAY_PASSWORD } });
    expect(paid.body.data).toMatchObject({ state: 'success' });
    expect(await t.db.selectFrom('commissions').select('id').where('order_id', '=', o.order_id).execute()).toEqual([]);
  });

  it('skips a banned upline (its level is not paid) and pays only as many levels as the settings say', async () => {
    const grand = await buy.shopper(null);
    const parent = await buy.shopper(grand.userId);
    const buyer = await buy.shopper(parent.userId);
    await t.db.updateTable('users').set({ status: 'banned' } as never).where('id', '=', parent.userId).execute();
    const first = await buy.paidOrder(buyer, 1000, 0);
    expect(await t.db.selectFrom('commissions').select(['beneficiary_id', 'level']).where('order_id', '=', first.order_id).execute()).toEqual([{ beneficiary_id: grand.userId, level: 2 }]);
    await t.db.updateTable('users').set({ status: 'active' } as never).where('id', '=', parent.userId).execute();
    await t.db.updateTable('referral_settings').set({ commission_levels: 1 }).execute();
    try {
      const second = await buy.paidOrder(buyer, 1000, 0);
      expect(await t.db.selectFrom('commissions').select(['beneficiary_id', 'level', 'amount_minor']).where('order_id', '=', second.order_id).execute()).toEqual([{ beneficiary_id: parent.userId, level: 1, amount_minor: 50 }]);
    } finally {
      await t.db.updateTable('referral_settings').set({ commission_levels: 2 }).execute();
    }
  });

  it('50 duplicate payment notifications at once write one set of commissions (10 runs)', async () => {
    for (let run = 0; run < 10; run++) {
      const parent = await buy.shopper(null);
      const buyer = await buy.shopper(parent.userId);
      const o = await buy.unpaidOrder(buyer, 1000, 0);
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => withTransaction(wide, (tx) => markOrderPaid(tx, provider, { orderId: o.order_id, amountMinor: o.total, currency: o.currency }))));
      expect(outcomes.filter((x) => x.outcome === 'paid')).toHaveLength(1);
      expect(await t.db.selectFrom('commissions').select('amount_minor').where('order_id', '=', o.order_id).execute()).toEqual([{ amount_minor: 50 }]);
    }
  }, 120_000);

  it('an operator’s reversal after settling takes back what the rewards cover, records the rest as a debt, and nets it from the next earnings', async () => {
    const parent = await buy.shopper(null);
    const buyer = await buy.shopper(parent.userId);
    const first = await buy.paidOrder(buyer, 4000, 0);
    await buy.settle(buyer, first.order_id);
    expect(await rewardsOf(parent.userId)).toBe(200);
    // The member moved 1.50 of it to cash meanwhile: only 0.50 can come back.
    expect((await kit.post(parent, '/attractive/user/changeUserMoney', { currency: 'USD', amount: '1.50' })).body.code).toBe(200);
    const c = await t.db.selectFrom('commissions').select('id').where('order_id', '=', first.order_id).executeTakeFirstOrThrow();
    const reversed = await withTransaction(t.db, (tx) => reverseCommission(tx, { kind: 'operator', operatorId: operator.operatorId, name: 'test', ip: '', lang: 'en-us', requestId: 'rev' }, { id: c.id, reason: 'refunded after settling' }));
    expect(reversed).toMatchObject({ reversed: 50, debt: 150 });
    expect(await rewardsOf(parent.userId)).toBe(0);
    await expect(withTransaction(t.db, (tx) => reverseCommission(tx, { kind: 'operator', operatorId: operator.operatorId, name: 'test', ip: '', lang: 'en-us', requestId: 'rev2' }, { id: c.id, reason: 'again' }))).rejects.toMatchObject({ code: ResponseCode.referralCommissionState });

    const second = await buy.paidOrder(buyer, 4000, 0);
    await buy.settle(buyer, second.order_id);
    // 2.00 earned, 1.50 netted against the debt: 0.50 reaches the rewards.
    expect(await rewardsOf(parent.userId)).toBe(50);
    expect(await t.db.selectFrom('commission_debts').select('amount_minor').where('member_id', '=', parent.userId).executeTakeFirstOrThrow()).toEqual({ amount_minor: 0 });
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
  it('reversing a commission that paid off a debt takes all of it back: the netted part goes back onto the debt; the console shows each reversal’s parts, the team page and the rewards page count only what stays earned', async () => {
    const parent = await buy.shopper(null);
    const buyer = await buy.shopper(parent.userId);
    const admin = (url: string, body?: unknown) => (body === undefined ? call(t, 'GET', url, { headers: operator.headers, lang: 'en-us' }) : call(t, 'POST', url, { headers: { ...operator.headers, 'idempotency-key': key() }, body, lang: 'en-us' }));
    const debtOf = async () => Number((await t.db.selectFrom('commission_debts').select('amount_minor').where('member_id', '=', parent.userId).executeTakeFirst())?.amount_minor ?? 0);
    const earnedOf = async () => (await kit.get(parent, '/attractive/reward/total')).body.data.list.find((r: { currency: string }) => r.currency === 'USD')?.earned;
    const commissionOf = (orderId: number) => t.db.selectFrom('commissions').select(['id', 'posted_minor', 'debt_netted_minor']).where('order_id', '=', orderId).executeTakeFirstOrThrow();

    // 2.00 earned; 1.50 of it moved to cash; the reversal takes back 0.50 and carries 1.50 as a debt.
    const first = await buy.paidOrder(buyer, 4000, 0);
    // Pending is not earned yet: the team page does not count it.
    expect((await kit.get(parent, '/user/spread/sonList')).body.data.list).toEqual([expect.objectContaining({ id: buyer.userId, commission_from: [] })]);
    await buy.settle(buyer, first.order_id);
    expect(await earnedOf()).toBe(200);
    expect((await kit.post(parent, '/attractive/user/changeUserMoney', { currency: 'USD', amount: '1.50' })).body.code).toBe(200);
    const c1 = await commissionOf(first.order_id);
    expect((await admin('/admin/api/referral/commissions/reverse', { id: c1.id, reason: 'refunded after settling' })).body.data).toEqual({ id: c1.id, status: 'reversed', reversed: 50, debt: 150 });
    expect(await debtOf()).toBe(150);
    // The rewards log names the reversal; a reversed commission is not earned.
    const log = (await kit.get(parent, '/attractive/reward/log')).body.data.list;
    expect(log[0]).toMatchObject({ reason: 'commission.reverse', reason_text: 'Commission reversed', amount: -50 });
    expect(await earnedOf()).toBe(0);

    // 0.30 earned next, all of it netted against the debt: nothing reaches the rewards.
    const second = await buy.paidOrder(buyer, 600, 0);
    await buy.settle(buyer, second.order_id);
    const c2 = await commissionOf(second.order_id);
    expect(c2).toMatchObject({ posted_minor: 0, debt_netted_minor: 30 });
    expect(await debtOf()).toBe(120);
    expect(await earnedOf()).toBe(30);
    // Reversed: the 0.30 it paid off goes back onto the debt (the rewards hold nothing to take back).
    expect((await admin('/admin/api/referral/commissions/reverse', { id: c2.id, reason: 'refunded after settling' })).body.data).toEqual({ id: c2.id, status: 'reversed', reversed: 0, debt: 30 });
    expect(await debtOf()).toBe(150);
    expect(await earnedOf()).toBe(0);

    // 4.00 earned: 1.50 pays the debt off, 2.50 reaches the rewards.
    const third = await buy.paidOrder(buyer, 8000, 0);
    await buy.settle(buyer, third.order_id);
    expect(await debtOf()).toBe(0);
    expect(await rewardsOf(parent.userId)).toBe(250);
    expect(await earnedOf()).toBe(400);
    expect((await kit.get(parent, '/user/spread/sonList')).body.data.list).toEqual([expect.objectContaining({ id: buyer.userId, commission_from: [{ currency: 'USD', amount: 400 }] })]);

    // The console lists each reversal's parts: taken back from the rewards, added to the debt; and who earned it on whose order, by name.
    const listed = (await admin(`/admin/api/referral/commissions?member_id=${parent.userId}`)).body.data.list;
    expect(listed).toEqual([
      expect.objectContaining({ id: expect.any(Number), status: 'settled', posted: 250, netted: 150, reversed: 0, debt: 0, beneficiary_id: parent.userId, beneficiary_name: parent.userName, buyer_id: buyer.userId, buyer_name: buyer.userName, level: 1 }),
      expect.objectContaining({ id: c2.id, status: 'reversed', posted: 0, netted: 30, reversed: 0, debt: 30 }),
      expect.objectContaining({ id: c1.id, status: 'reversed', posted: 200, netted: 0, reversed: 50, debt: 150 }),
    ]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('an operator voids one pending commission: the order’s other levels stay pending and are paid when it settles', async () => {
    const grand = await buy.shopper(null);
    const parent = await buy.shopper(grand.userId);
    const buyer = await buy.shopper(parent.userId);
    const o = await buy.paidOrder(buyer, 2000, 0);
    const rows = () => t.db.selectFrom('commissions').select(['id', 'level', 'status', 'reason']).where('order_id', '=', o.order_id).orderBy('level').execute();
    const [level1, level2] = await rows();
    const voided = await call(t, 'POST', '/admin/api/referral/commissions/void', { headers: { ...operator.headers, 'idempotency-key': key() }, body: { id: level1!.id, reason: 'self-dealing' }, lang: 'en-us' });
    expect(voided.body).toMatchObject({ code: 200, data: { id: level1!.id, status: 'void' } });
    expect(await rows()).toEqual([
      { id: level1!.id, level: 1, status: 'void', reason: 'self-dealing' },
      { id: level2!.id, level: 2, status: 'pending', reason: '' },
    ]);
    // Voided already: refused, as a settled one would be.
    const again = await call(t, 'POST', '/admin/api/referral/commissions/void', { headers: { ...operator.headers, 'idempotency-key': key() }, body: { id: level1!.id, reason: 'again' }, lang: 'en-us' });
    expect(again.body.code).toBe(ResponseCode.referralCommissionState);
    await buy.settle(buyer, o.order_id);
    expect(await rewardsOf(parent.userId)).toBe(0);
    expect(await rewardsOf(grand.userId)).toBe(40);
    expect((await rows()).map((r) => r.status)).toEqual(['void', 'settled']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
