import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor, operatorCliActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { runReferralCommand } from '../../../ops/referral.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { newAddress, newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { settleOrder } from '../../orders/order-settlement.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { reverseCommission, runPairingDay } from '../earnings.service.js';
import { placeAutomatically, placeDownline } from '../referral.service.js';
import { key, referralKit } from './fixtures.js';

// A member who owes a debt from a reversed commission earns a pair bonus: the debt is netted first
// and only the rest reaches the rewards. The member's list, the console's runs and the CLI tell what
// reached the rewards from what repaid the debt, and agree with the ledger.

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
  operator = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof shopper>>;

/** A member ready to buy (real name, pay password, an address), invited by `referrerId`. */
async function shopper(referrerId: number | null) {
  const m = await walletMember(t);
  await t.db.updateTable('users').set({ referrer_id: referrerId } as never).where('id', '=', m.userId).execute();
  return { ...m, addressId: await newAddress(t.db, m.userId) };
}

/** An order of one unit of new goods at `price` with `pv`, paid from the balance, shipped, received and settled. */
async function settledOrder(m: Shopper, price: number, pv: number) {
  const g = await newGoods(t.db, [{ price, stock: 99 }]);
  await t.db.updateTable('goods_skus').set({ pv } as never).where('id', '=', g.skuIds[0]!).execute();
  const created = await call(t, 'POST', '/shop/buy/createOrder', { headers: m.keyed(), body: { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, remarks: '' } });
  expect(created.body.code, created.body.msg).toBe(200);
  const o = created.body.data as { order_id: number; total: number; currency: string };
  await fund(t.db, m.userId, o.total, o.currency);
  const paid = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: o.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD } });
  expect(paid.body.data).toMatchObject({ state: 'success' });
  const admin = (url: string, body: unknown) => call(t, 'POST', url, { headers: { ...operator.headers, 'idempotency-key': key() }, body });
  expect((await admin('/admin/api/orders/ship', { order_id: o.order_id, carrier: 'DHL', tracking_number: `PN0000${o.order_id}` })).body.code).toBe(200);
  expect((await call(t, 'POST', '/shop/order/confirmReceipt', { headers: m.keyed(), body: { id: o.order_id } })).body.code).toBe(200);
  await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', o.order_id).execute();
  expect(await settleOrder(t.deps, jobActor('settle_order', o.order_id), o.order_id)).toBe(true);
  return o.order_id;
}

/** Moves every PV bucket and entry of `from` back `days` days: the PV settled that many days ago. */
async function shiftDay(from: string, days: number) {
  await sql`update leg_pv_days set day = day - ${days}::int where day = ${from}::date`.execute(t.db);
  await sql`update pv_entries set day = day - ${days}::int where day = ${from}::date`.execute(t.db);
}
const today = async () => (await sql<{ d: string }>`select (now() at time zone (select time_zone from referral_settings))::date::text as d`.execute(t.db)).rows[0]!.d;
const daysBefore = (day: string, n: number) => new Date(new Date(`${day}T00:00:00Z`).getTime() - n * 86_400_000).toISOString().slice(0, 10);
const rewardsOf = (id: number) => balanceOf(t.db, id, 'rewards', 'USD');
const debtOf = async (id: number) => Number((await t.db.selectFrom('commission_debts').select('amount_minor').where('member_id', '=', id).where('currency', '=', 'USD').executeTakeFirst())?.amount_minor ?? 0);
const resultOf = (id: number, day: string) => t.db.selectFrom('pair_results').selectAll().where('member_id', '=', id).where('day', '=', day).executeTakeFirstOrThrow();
/** What the entry that paid a result put into the member's rewards (0 when none did). */
const postedBy = async (entryId: number | null, memberId: number) =>
  entryId === null
    ? 0
    : Number(
        (
          await t.db
            .selectFrom('postings as p')
            .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
            .select((eb) => eb.fn.sum<string>('p.amount').as('amount'))
            .where('p.entry_id', '=', entryId)
            .where('a.member_id', '=', memberId)
            .where('a.asset', '=', 'rewards')
            .executeTakeFirstOrThrow()
        ).amount ?? 0,
      );

describe('a pair bonus netted against a debt from a reversal', () => {
  it('shows as repaid, not paid: the member’s list, the console’s runs and the CLI tell what reached the rewards from what repaid the debt', async () => {
    // A sponsor placed under the root with one placed direct on each leg.
    const rootId = await kit.root();
    const sponsor = await shopper(rootId);
    await placeAutomatically(t.deps, jobActor('test', 'sponsor'), sponsor.userId, 'operator');
    const left = await shopper(sponsor.userId);
    const right = await shopper(sponsor.userId);
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: left.userId, parent_id: sponsor.userId, side: 'L' });
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: right.userId, parent_id: sponsor.userId, side: 'R' });

    // Two days of PV: one pair two days ago (10.00), two pairs yesterday (20.00).
    const day = await today();
    const [dayA, dayB] = [daysBefore(day, 2), daysBefore(day, 1)];
    await settledOrder(left, 1000, 100);
    await settledOrder(right, 1000, 100);
    await shiftDay(day, 2);
    await settledOrder(left, 1000, 200);
    await settledOrder(right, 1000, 200);
    await shiftDay(day, 1);

    // A commission of 22.05 (5 % of 441.00) on a direct's order without PV; the member moves all the rewards to cash,
    // then an operator reverses that commission: nothing is left to take back, all of it is the member's debt.
    const buyer = await shopper(sponsor.userId);
    const debtOrder = await settledOrder(buyer, 44_100, 0);
    const rewards = await rewardsOf(sponsor.userId);
    expect(rewards).toBe(2205 + 4 * 50);
    expect((await kit.post(sponsor, '/attractive/user/changeUserMoney', { currency: 'USD', amount: (rewards / 100).toFixed(2) })).body.code).toBe(200);
    expect(await rewardsOf(sponsor.userId)).toBe(0);
    const c = await t.db.selectFrom('commissions').select('id').where('order_id', '=', debtOrder).where('beneficiary_id', '=', sponsor.userId).executeTakeFirstOrThrow();
    const reversed = await withTransaction(t.db, (tx) => reverseCommission(tx, { kind: 'operator', operatorId: operator.operatorId, name: 'test', ip: '', lang: 'en-us', requestId: 'rev' }, { id: c.id, reason: 'refunded after settling' }));
    expect(reversed).toMatchObject({ reversed: 0, debt: 2205 });
    expect(await debtOf(sponsor.userId)).toBe(2205);

    // Day A: the pair's 10.00 all repays the debt; nothing reaches the rewards, no entry pays the member.
    const runA = await runPairingDay(t.deps, jobActor('pair', 1), dayA);
    expect(runA).toMatchObject({ rerun: false, paid_minor: 1000, debt_netted_minor: 1000 });
    const a = await resultOf(sponsor.userId, dayA);
    expect(a).toMatchObject({ pairs: 1, paid_minor: 1000, debt_netted_minor: 1000, entry_id: null });
    expect(await debtOf(sponsor.userId)).toBe(1205);
    expect(await rewardsOf(sponsor.userId)).toBe(0);

    // Day B, by the CLI: of the 20.00, 12.05 repays the rest of the debt and 7.95 reaches the rewards.
    expect(await runReferralCommand(t.db, operatorCliActor('test', operator.operatorId), ['referral', 'pair', dayB, '--apply'])).toMatch(/ member\(s\), paid 795 USD \(minor units\), repaid debts 1205, flushed 0$/);
    const b = await resultOf(sponsor.userId, dayB);
    expect(b).toMatchObject({ pairs: 2, paid_minor: 2000, debt_netted_minor: 1205 });
    expect(await debtOf(sponsor.userId)).toBe(0);
    expect(await rewardsOf(sponsor.userId)).toBe(795);
    // What each result says reached the rewards is what its entry posted there.
    expect(await postedBy(a.entry_id, sponsor.userId)).toBe(Number(a.paid_minor) - Number(a.debt_netted_minor));
    expect(await postedBy(b.entry_id, sponsor.userId)).toBe(Number(b.paid_minor) - Number(b.debt_netted_minor));

    // The member's list: paid is what reached the rewards, netted what repaid the debt, the sum what reached the rewards.
    const listed = (await kit.get(sponsor, '/attractive/duipeng/list')).body.data;
    expect(listed).toMatchObject({
      total: 2,
      sum_paid: 795,
      currency: 'USD',
      list: [
        { date: dayB, pairs: 2, gross: 2000, paid: 795, netted: 1205, flushed: 0 },
        { date: dayA, pairs: 1, gross: 1000, paid: 0, netted: 1000, flushed: 0 },
      ],
    });
    expect(listed.sum_paid).toBe(await rewardsOf(sponsor.userId));
    expect((await kit.get(sponsor, `/attractive/duipeng/list?month=${dayA.slice(0, 7)}`)).body.data.list.find((r: { date: string }) => r.date === dayA)).toMatchObject({ paid: 0, netted: 1000 });

    // The console's runs: paid is what reached the members' rewards, netted what repaid their debts.
    const runs = (await call(t, 'GET', '/admin/api/referral/pair-runs', { headers: operator.headers, lang: 'en-us' })).body.data.list as Array<{ day: string; paid: number; netted: number }>;
    expect(runs.find((r) => r.day === dayA)).toMatchObject({ paid: 0, netted: 1000 });
    expect(runs.find((r) => r.day === dayB)).toMatchObject({ paid: 795, netted: 1205 });
    // A re-run by the console changes nothing and says the same.
    const again = await call(t, 'POST', '/admin/api/referral/pair-runs/run', { headers: { ...operator.headers, 'idempotency-key': key() }, body: { day: dayA, reason: 'checking' }, lang: 'en-us' });
    expect(again.body.data).toMatchObject({ day: dayA, paid: 0, netted: 1000, rerun: true });
    expect(await rewardsOf(sponsor.userId)).toBe(795);
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 120_000);
});
