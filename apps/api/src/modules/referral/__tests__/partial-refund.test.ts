import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { settleOrder } from '../../orders/order-settlement.js';
import { placeDownline } from '../referral.service.js';
import { referralKit } from './fixtures.js';

// A partial after-sales refund before the order settles: the commissions earned at the settled moment
// are the share of the order's money kept (rounded down), the PV that of the units kept, once.

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let sales: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
  sales = await afterSalesKit(t);
});
afterAll(() => t.close());

const orderRow = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const commissionsOf = (orderId: number) => t.db.selectFrom('commissions').selectAll().where('order_id', '=', orderId).orderBy('level').execute();
const statsOf = (id: number) => t.db.selectFrom('referral_stats').selectAll().where('member_id', '=', id).executeTakeFirstOrThrow();

/** Returns `qty` of an order line through a whole after-sales case (submitted, approved, goods received, refunded); answers what was refunded. */
async function returned(m: Awaited<ReturnType<AfterSalesKit['shopper']>>, orderId: number, lineId: number, qty: number) {
  const id = (await sales.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty }] })).body.data.case_id as number;
  expect((await sales.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await sales.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  expect((await sales.admin('/admin/api/after-sales/refund', { id, reason: 'returned' })).body.code).toBe(200);
  expect((await sales.caseRow(id)).status).toBe('refunded');
  return Number((await sales.caseRow(id)).refunded_minor);
}

describe('a partial refund before the order settles', () => {
  it('earns the kept share of the PV and of each commission at settlement, once; the refunded share never enters a leg or a rewards balance', async () => {
    // Level 2 sponsor → level 1 sponsor → buyer, each placed under their sponsor.
    const level2 = await kit.placedSponsor('level two');
    const level1 = await kit.invitee(level2.userId, { nickname: 'level one' });
    await placeDownline(t.deps, memberActor(level2.userId), { user_id: level1.userId, parent_id: level2.userId, side: 'L' });
    const buyer = await sales.shopper();
    await t.db.updateTable('users').set({ referrer_id: level1.userId } as never).where('id', '=', buyer.userId).execute();
    await placeDownline(t.deps, memberActor(level1.userId), { user_id: buyer.userId, parent_id: level1.userId, side: 'R' });
    const rewards1 = await balanceOf(t.db, level1.userId, 'rewards', 'USD');
    const rewards2 = await balanceOf(t.db, level2.userId, 'rewards', 'USD');
    const legs2 = await statsOf(level2.userId);

    // 2 × 7.00 (50 PV each) and 1 × 3.00 (30 PV): 130 PV; commissions pending at payment on the goods (17.00).
    const o = await sales.boughtOrder(buyer);
    await t.db.updateTable('order_lines').set({ pv: 50 } as never).where('id', '=', o.lines[0]!.id).execute();
    await t.db.updateTable('order_lines').set({ pv: 30 } as never).where('id', '=', o.lines[1]!.id).execute();
    expect(o.currency).toBe('USD');
    const pending = await commissionsOf(o.orderId);
    expect(pending.map((c) => [c.level, c.beneficiary_id, c.status, Number(c.base_minor), Number(c.amount_minor)])).toEqual([
      [1, level1.userId, 'pending', 1700, 85],
      [2, level2.userId, 'pending', 1700, 34],
    ]);

    const teamSales = async () => (await kit.get(level1, '/user/spread/total')).body.data.team_sales_month;
    expect(await teamSales()).toEqual([{ currency: 'USD', amount: 1700 }]);

    // One of the two 7.00 units comes back before the window closes.
    const refunded = await returned(buyer, o.orderId, o.lines[0]!.id, 1);
    expect(refunded).toBeGreaterThan(0);
    expect(refunded).toBeLessThan(o.total);
    // The team's sales this month count what the buyer kept, not what came back.
    expect(await teamSales()).toEqual([{ currency: 'USD', amount: Math.floor((1700 * (o.total - refunded)) / o.total) }]);
    // Nothing is earned before the settled moment.
    expect((await commissionsOf(o.orderId)).map((c) => c.status)).toEqual(['pending', 'pending']);
    expect(await balanceOf(t.db, level1.userId, 'rewards', 'USD')).toBe(rewards1);

    // The window closes: the order settles with the kept share of its money.
    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', o.orderId).execute();
    expect(await settleOrder(t.deps, jobActor('settle_order', o.orderId), o.orderId)).toBe(true);
    // Of the goods (no freight on this order: the kept share of the goods is that of the total).
    expect(o.freight).toBe(0);
    const kept = (n: number) => Math.floor((n * (o.total - refunded)) / o.total);
    const total = Number((await orderRow(o.orderId)).total_minor);
    expect(total).toBe(o.total);

    // PV: that of the units kept (one 50 PV unit came back), into the buyer's personal PV and the level-1 sponsor's right leg and the level-2 sponsor's left leg.
    const pv = 80;
    const entry = await t.db.selectFrom('pv_entries').selectAll().where('order_id', '=', o.orderId).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ member_id: buyer.userId, pv, in_legs: true });
    expect(Number((await statsOf(buyer.userId)).personal_pv)).toBe(pv);
    expect([Number((await statsOf(level1.userId)).left_pv), Number((await statsOf(level1.userId)).right_pv)]).toEqual([0, pv]);
    expect(Number((await statsOf(level2.userId)).left_pv)).toBe(Number(legs2.left_pv) + pv);
    const legs = (await kit.get(level1, '/attractive/user/userDepInfo')).body.data;
    expect(legs.right).toMatchObject({ pv_total: pv, pv_today: pv });

    // Commissions: each the kept share of what was pending, posted to the beneficiary's rewards.
    const settled = await commissionsOf(o.orderId);
    expect(settled.map((c) => [c.level, c.status, Number(c.amount_minor), Number(c.posted_minor)])).toEqual([
      [1, 'settled', 85, kept(85)],
      [2, 'settled', 34, kept(34)],
    ]);
    expect(kept(85)).toBeLessThan(85);
    expect(await balanceOf(t.db, level1.userId, 'rewards', 'USD')).toBe(rewards1 + kept(85));
    expect(await balanceOf(t.db, level2.userId, 'rewards', 'USD')).toBe(rewards2 + kept(34));
    // The member's totals show what was earned (not what was pending before the refund), and nothing is pending any more.
    const totals = (await kit.get(level1, '/user/spread/total')).body.data;
    expect(totals.commission_pending).toEqual([]);
    expect(totals.commission_total).toEqual([{ currency: 'USD', amount: kept(85) }]);

    // Settling again (a repeated job) changes nothing.
    await settleOrder(t.deps, jobActor('settle_order', o.orderId + 1), o.orderId);
    expect(await balanceOf(t.db, level1.userId, 'rewards', 'USD')).toBe(rewards1 + kept(85));
    expect(Number((await statsOf(buyer.userId)).personal_pv)).toBe(pv);
    const entries = await sql<{ n: number }>`select count(*)::int as n from journal_entries where kind = 'commission.settle' and reference_id = ${String(o.orderId)}`.execute(t.db);
    expect(entries.rows[0]!.n).toBe(2);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('with freight: the kept share is of the goods (freight comes back only with the last unit); an order returned whole earns nothing and its commissions are void', async () => {
    // Orders to the kit's addresses (MY) in USD pay 5.00 freight.
    await t.db.insertInto('shipping_fees').values({ country_code: 'MY', currency: 'USD', fee_minor: 500, free_over_minor: 100_000, updated_by: 'test' }).onConflict((oc) => oc.doNothing()).execute();
    const settle = async (orderId: number) => {
      await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', orderId).execute();
      expect(await settleOrder(t.deps, jobActor('settle_order', orderId), orderId)).toBe(true);
    };
    const sponsor = await kit.placedSponsor('freight sponsor');
    const buyerOf = async () => {
      const m = await sales.shopper();
      await t.db.updateTable('users').set({ referrer_id: sponsor.userId } as never).where('id', '=', m.userId).execute();
      return m;
    };

    // 2 × 7.00 and 1 × 3.00 with 5.00 freight: one 7.00 unit comes back, so 10.00 of the 17.00 of goods is kept.
    const m = await buyerOf();
    const o = await sales.boughtOrder(m);
    expect(o.freight).toBe(500);
    await t.db.updateTable('order_lines').set({ pv: 50 } as never).where('id', '=', o.lines[0]!.id).execute();
    expect(await returned(m, o.orderId, o.lines[0]!.id, 1)).toBe(700);
    await settle(o.orderId);
    const [c] = await commissionsOf(o.orderId);
    expect([c!.status, Number(c!.amount_minor), Number(c!.posted_minor)]).toEqual(['settled', 85, Math.floor((85 * 1000) / 1700)]);
    // The console lists what was posted beside what was pending.
    const listed = (await sales.adminGet(`/admin/api/referral/commissions?order_id=${o.orderId}`)).body.data.list.find((x: { id: number }) => x.id === c!.id);
    expect(listed).toMatchObject({ status: 'settled', amount: 85, posted: Math.floor((85 * 1000) / 1700), netted: 0 });
    // PV by the units kept: one of the two 50 PV units (the 3.00 line carries none).
    expect((await t.db.selectFrom('pv_entries').select('pv').where('order_id', '=', o.orderId).executeTakeFirstOrThrow()).pv).toBe(50);

    // Everything comes back, freight with the last case: nothing earned, the commission void, no PV.
    const whole = await buyerOf();
    const w = await sales.boughtOrder(whole);
    const rewards = await balanceOf(t.db, sponsor.userId, 'rewards', 'USD');
    await returned(whole, w.orderId, w.lines[0]!.id, 2);
    await returned(whole, w.orderId, w.lines[1]!.id, 1);
    await settle(w.orderId);
    const voided = await commissionsOf(w.orderId);
    expect(voided.length).toBeGreaterThan(0);
    expect(voided.every((x) => x.status === 'void' && Number(x.posted_minor) === 0)).toBe(true);
    expect(await t.db.selectFrom('pv_entries').select('pv').where('order_id', '=', w.orderId).execute()).toEqual([]);
    expect(await balanceOf(t.db, sponsor.userId, 'rewards', 'USD')).toBe(rewards);
    // The sponsor's team sales this month: the 10.00 of goods kept from the first order (its freight left out), nothing of the order returned whole.
    expect((await kit.get(sponsor, '/user/spread/total')).body.data.team_sales_month).toEqual([{ currency: 'USD', amount: 1000 }]);

    // The line without PV comes back instead: the PV is kept whole, whatever share of the money went back.
    const other = await buyerOf();
    const p = await sales.boughtOrder(other);
    await t.db.updateTable('order_lines').set({ pv: 50 } as never).where('id', '=', p.lines[0]!.id).execute();
    expect(await returned(other, p.orderId, p.lines[1]!.id, 1)).toBe(300);
    await settle(p.orderId);
    expect((await t.db.selectFrom('pv_entries').select('pv').where('order_id', '=', p.orderId).executeTakeFirstOrThrow()).pv).toBe(100);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('what is pending after a partial refund, before the order settles', () => {
  /** Submits, approves and receives a return of `qty` of an order line; answers the case, ready to refund. */
  async function received(m: Awaited<ReturnType<AfterSalesKit['shopper']>>, orderId: number, lineId: number, qty: number) {
    const id = (await sales.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty }] })).body.data.case_id as number;
    expect((await sales.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
    expect((await sales.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
    return id;
  }
  const settle = async (orderId: number) => {
    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', orderId).execute();
    expect(await settleOrder(t.deps, jobActor('settle_order', orderId), orderId)).toBe(true);
  };

  it('the member and the console see the pending commission less what the refund took back; settling pays exactly that; a return of everything leaves nothing pending', async () => {
    const sponsor = await kit.placedSponsor('pending sponsor');
    const buyer = await sales.shopper();
    await t.db.updateTable('users').set({ referrer_id: sponsor.userId } as never).where('id', '=', buyer.userId).execute();
    const pendingOf = async () => (await kit.get(sponsor, '/user/spread/total')).body.data.commission_pending;
    const listed = async (orderId: number) =>
      (await sales.adminGet(`/admin/api/referral/commissions?order_id=${orderId}&member_id=${sponsor.userId}`)).body.data.list.map((c: { status: string; amount: number }) => [c.status, c.amount]);

    // 2 × 7.00 and 1 × 3.00: 5 % of the 17.00 of goods is pending.
    const o = await sales.boughtOrder(buyer);
    const goods = o.total - o.freight;
    expect(goods).toBe(1700);
    expect(await pendingOf()).toEqual([{ currency: 'USD', amount: 85 }]);
    expect(await listed(o.orderId)).toEqual([['pending', 85]]);

    // One 7.00 unit comes back: what will be paid is the kept share, shown at once to both.
    const id = await received(buyer, o.orderId, o.lines[0]!.id, 1);
    expect((await sales.admin('/admin/api/after-sales/refund', { id, reason: 'returned' })).body.code).toBe(200);
    expect(Number((await sales.caseRow(id)).refunded_minor)).toBe(700);
    const kept = Math.floor((85 * (goods - 700)) / goods);
    expect(kept).toBe(50);
    expect(await pendingOf()).toEqual([{ currency: 'USD', amount: kept }]);
    expect(await listed(o.orderId)).toEqual([['pending', kept]]);
    const member = (await sales.adminGet(`/admin/api/referral/member?member_id=${sponsor.userId}`)).body.data;
    expect(member.commissions).toEqual([{ currency: 'USD', status: 'pending', amount: kept }]);

    // Settling pays what was shown, not cut a second time.
    const rewards = await balanceOf(t.db, sponsor.userId, 'rewards', 'USD');
    await settle(o.orderId);
    expect(await balanceOf(t.db, sponsor.userId, 'rewards', 'USD')).toBe(rewards + kept);
    expect(await listed(o.orderId)).toEqual([['settled', 85]]);
    const totals = (await kit.get(sponsor, '/user/spread/total')).body.data;
    expect(totals.commission_pending).toEqual([]);
    expect(totals.commission_total).toEqual([{ currency: 'USD', amount: kept }]);

    // Every unit comes back (the freight with the last): nothing is pending any more, and settling pays nothing.
    const w = await sales.boughtOrder(buyer);
    expect(await pendingOf()).toEqual([{ currency: 'USD', amount: 85 }]);
    for (const [line, qty] of [[w.lines[0]!.id, 2], [w.lines[1]!.id, 1]] as const) {
      const c = await received(buyer, w.orderId, line, qty);
      expect((await sales.admin('/admin/api/after-sales/refund', { id: c, reason: 'returned' })).body.code).toBe(200);
    }
    expect(await pendingOf()).toEqual([]);
    // Nothing of its goods is left: the console lists it void at once, before the order settles.
    expect(await listed(w.orderId)).toEqual([['void', 85]]);
    await settle(w.orderId);
    expect(await listed(w.orderId)).toEqual([['void', 85]]);
    expect(await balanceOf(t.db, sponsor.userId, 'rewards', 'USD')).toBe(rewards + kept);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('two partial refunds of one order at once: what is pending is the share both left, and settling pays it', async () => {
    const sponsor = await kit.placedSponsor('race sponsor');
    const buyer = await sales.shopper();
    await t.db.updateTable('users').set({ referrer_id: sponsor.userId } as never).where('id', '=', buyer.userId).execute();
    const o = await sales.boughtOrder(buyer);
    const goods = o.total - o.freight;
    // A 7.00 unit and the 3.00 unit, each its own case, refunded at the same time.
    const ids = [await received(buyer, o.orderId, o.lines[0]!.id, 1), await received(buyer, o.orderId, o.lines[1]!.id, 1)];
    const answers = await Promise.all(ids.map((id) => sales.admin('/admin/api/after-sales/refund', { id, reason: 'returned' })));
    expect(answers.map((a) => a.body.code)).toEqual([200, 200]);
    const back = (await Promise.all(ids.map((id) => sales.caseRow(id)))).reduce((s, c) => s + Number(c.refunded_minor), 0);
    expect(back).toBe(1000);
    const kept = Math.floor((85 * (goods - back)) / goods);
    expect(kept).toBe(35);
    expect((await kit.get(sponsor, '/user/spread/total')).body.data.commission_pending).toEqual([{ currency: 'USD', amount: kept }]);

    const rewards = await balanceOf(t.db, sponsor.userId, 'rewards', 'USD');
    await settle(o.orderId);
    expect(await balanceOf(t.db, sponsor.userId, 'rewards', 'USD')).toBe(rewards + kept);
    expect((await commissionsOf(o.orderId)).filter((c) => c.beneficiary_id === sponsor.userId).map((c) => [c.status, Number(c.posted_minor)])).toEqual([['settled', kept]]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
