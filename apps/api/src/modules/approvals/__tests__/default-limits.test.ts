import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, accountNumberOf, maybank, walletMember } from '../../wallet/__tests__/fixtures.js';
import { checkLedgerAfterEach } from '../../wallet/__tests__/ledger-guard.js';

// The default row `*` ("other currencies") of thresholds and daily limits is an amount in USD: a
// currency without its own row gets it converted at the day's rate (the ECB snapshot: 1 USD =
// 4.8135 / 1.1573 MYR, so USD 1,000.00 = MYR 4,159.25), and the strict side where there is no rate.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
let second: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  second = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers: Headers) => call(t, 'POST', url, { headers, body });
/** A kind's limits in a currency set as the console's form sets them: naming the version of the pair in the table it read (none for a new pair). */
const setLimit = async (body: { kind: string; currency: string } & Record<string, unknown>, headers: Headers) => {
  const listed = (await call(t, 'GET', '/admin/api/approvals/limits', { headers })).body.data?.list as Array<{ kind: string; currency: string; updated_at: string }> | undefined;
  return post('/admin/api/approvals/limits/set', { ...body, base_updated_at: listed?.find((l) => l.kind === body.kind && l.currency === body.currency)?.updated_at }, headers);
};
const soon = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

async function myrWithdrawal(amount: string) {
  const m = await walletMember(t);
  await fund(t.db, m.userId, 2_000_000, 'MYR');
  const card = await post('/user/bank_card/create', { bank_id: await maybank(t), holder_name: 'Tan Mei', account_number: accountNumberOf(m), currency: 'MYR', pay_password: PAY_PASSWORD }, m.headers);
  expect(card.body.code, card.body.msg).toBe(200);
  const w = await post('/user/withdraw/create', { bank_card_id: card.body.data.id, amount, currency: 'MYR', pay_password: PAY_PASSWORD }, m.keyed());
  expect(w.body.code, w.body.msg).toBe(200);
  return w.body.data.id as number;
}

describe('the payout threshold of other currencies (USD 1,000.00 by default)', () => {
  it('a MYR withdrawal below the converted amount needs one approver, one above it two', async () => {
    const small = await myrWithdrawal('1500');
    const once = await post('/admin/api/wallet/withdrawals/approve', { id: small, reason: 'statement checked' }, owner.headers);
    expect(once.body.data).toMatchObject({ status: 'approved', approvals_needed: 1 });

    // MYR 4,300.00 is under the solo ceiling of MYR (4,500.00) but above USD 1,000.00 converted.
    const large = await myrWithdrawal('4300');
    const first = await post('/admin/api/wallet/withdrawals/approve', { id: large, reason: 'statement checked' }, owner.headers);
    expect(first.body.data).toMatchObject({ status: 'pending', approvals_needed: 2 });
    const both = await post('/admin/api/wallet/withdrawals/approve', { id: large, reason: 'identity checked' }, second.headers);
    expect(both.body.data).toMatchObject({ status: 'approved', approvals_needed: 2 });
  });
});

describe('a value threshold and daily limit set for other currencies', () => {
  it('is USD converted into the request’s currency; without a rate for it, the strict side', async () => {
    const m = await walletMember(t);
    const set = await setLimit({ kind: 'gift_cards.issue', currency: '*', auto_up_to: 5_000, daily_limit: 100_000, reason: 'small cards alone' }, owner.headers);
    expect(set.body.code, set.body.msg).toBe(200);
    const issue = (currency: string, value: number) => post('/admin/api/wallet/gift-cards/issue', { user_id: m.userId, currency, value, count: 1, expires_at: soon(), reason: 'contest prize' }, owner.headers);

    // USD 50.00 = MYR 207.96: MYR 150.00 is done at once, MYR 250.00 waits.
    expect((await issue('MYR', 15_000)).body.data.request).toMatchObject({ status: 'approved', automatic: true });
    expect((await issue('MYR', 25_000)).body.data.request).toMatchObject({ status: 'pending', automatic: false });
    // The daily limit, USD 1,000.00 = MYR 4,159.25, counts what was asked today (MYR 400.00 so far).
    const past = await issue('MYR', 380_000);
    expect(past.body.code).toBe(ResponseCode.approvalDailyLimit);
    expect(past.body.msg).toContain('4,159.25');

    // Without a rate for the currency (MYR's removed here), the strict side: the daily limit cannot be
    // measured (refused, saying why), no threshold applies (a second operator), payouts need two approvers.
    await t.db.deleteFrom('exchange_rates').where((w) => w.or([w('base', '=', 'MYR'), w('quote', '=', 'MYR')])).execute();
    const noRate = await post('/admin/api/wallet/gift-cards/issue', { user_id: m.userId, currency: 'MYR', value: 100, count: 1, expires_at: soon(), reason: 'contest prize' }, { ...owner.headers, 'Accept-Language': 'en-us' });
    expect(noRate.body.code).toBe(ResponseCode.approvalDailyLimit);
    expect(noRate.body.msg).toContain('no exchange rate for MYR');
    expect((await setLimit({ kind: 'gift_cards.issue', currency: '*', auto_up_to: 5_000, daily_limit: null, reason: 'no daily limit' }, owner.headers)).body.code).toBe(200);
    expect((await issue('MYR', 100)).body.data.request).toMatchObject({ status: 'pending', automatic: false });
    const payout = await myrWithdrawal('100');
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: payout, reason: 'statement checked' }, owner.headers)).body.data).toMatchObject({ status: 'pending', approvals_needed: 2 });
  });
});
