import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor, operatorCliActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { runReferralCommand } from '../../../ops/referral.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { reverseCommission, runPairingDay } from '../earnings.service.js';
import { placeAutomatically, placeDownline } from '../referral.service.js';
import { buyingKit, daysBefore, key, pvToday, referralKit, shiftDay } from './fixtures.js';

// A member who owes a debt from a reversed commission earns a pair bonus: the debt is netted first
// and only the rest reaches the rewards. The member's list, the console's runs and the CLI tell what
// reached the rewards from what repaid the debt, and agree with the ledger.

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let buy: ReturnType<typeof buyingKit>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
  operator = await newOperatorSession(t.db, 'owner');
  buy = buyingKit(t, operator);
}, 60_000);
afterAll(() => t.close());

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
    const sponsor = await buy.shopper(rootId);
    await placeAutomatically(t.deps, jobActor('test', 'sponsor'), sponsor.userId, 'operator');
    const left = await buy.shopper(sponsor.userId);
    const right = await buy.shopper(sponsor.userId);
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: left.userId, parent_id: sponsor.userId, side: 'L' });
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: right.userId, parent_id: sponsor.userId, side: 'R' });

    // Two days of PV: one pair two days ago (10.00), two pairs yesterday (20.00).
    const day = await pvToday(t.db);
    const [dayA, dayB] = [daysBefore(day, 2), daysBefore(day, 1)];
    await buy.settledOrder(left, 1000, 100);
    await buy.settledOrder(right, 1000, 100);
    await shiftDay(t.db, day, 2);
    await buy.settledOrder(left, 1000, 200);
    await buy.settledOrder(right, 1000, 200);
    await shiftDay(t.db, day, 1);

    // A commission of 22.05 (5 % of 441.00) on a direct's order without PV; the member moves all the rewards to cash,
    // then an operator reverses that commission: nothing is left to take back, all of it is the member's debt.
    const buyer = await buy.shopper(sponsor.userId);
    const debtOrder = await buy.settledOrder(buyer, 44_100, 0);
    const rewards = await rewardsOf(sponsor.userId);
    expect(rewards).toBe(2205 + 4 * 50);
    expect((await kit.post(sponsor, '/attractive/user/changeUserMoney', { currency: 'USD', amount: (rewards / 100).toFixed(2) })).body.code).toBe(200);
    expect(await rewardsOf(sponsor.userId)).toBe(0);
    const c = await t.db.selectFrom('commissions').select('id').where('order_id', '=', debtOrder.order_id).where('beneficiary_id', '=', sponsor.userId).executeTakeFirstOrThrow();
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
