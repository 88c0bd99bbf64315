import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, bankCardOf, usdOf, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// The fees and limits operators set per currency and kind, as members meet them: per transfer or
// withdrawal, per day in count and amount, and the fee (a percentage plus a fixed part) quoted,
// then held with the amount.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
type Member = Awaited<ReturnType<typeof walletMember>>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers, lang?: string) => call(t, 'POST', url, { headers, body, lang });

/** Sets the fee and limits of a kind in a currency through the operators' call, naming the version of the row it read (as the console does). */
async function setLimit(currency: string, kind: 'withdraw_bank' | 'transfer', limit: { fee_bp: number; fee_fixed: number; min: number; max: number; daily_count: number; daily_amount: number }) {
  const row = await t.db.selectFrom('wallet_limits').select('updated_at').where('currency', '=', currency).where('kind', '=', kind).executeTakeFirst();
  const res = await post('/admin/api/wallet/limits', { currency, kind, ...limit, base_updated_at: row?.updated_at.toISOString(), reason: 'limits for the test' }, owner.headers);
  expect(res.body.code, res.body.msg).toBe(200);
}
const transfer = (from: Member, to: Member, amount: string, currency = 'USD', lang?: string) => post('/user/transfer/create', { account: to.userName, amount, currency, pay_password: PAY_PASSWORD }, from.keyed(), lang);
const withdraw = (m: Member, card: number, amount: string) => post('/user/withdraw/create', { bank_card_id: card, amount, currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed());

describe('transfer limits', () => {
  it('each transfer is between the minimum and the maximum, said with the amounts; nothing moves otherwise', async () => {
    const a = await walletMember(t, { usd: 1_000_000 });
    const b = await walletMember(t);
    // USD transfers as installed: from 1.00 to 5,000.00 each.
    expect((await transfer(a, b, '0.99')).body).toMatchObject({ code: ResponseCode.amountBelowMinimum, msg: 'The amount must be at least 1.00 USD' });
    expect((await transfer(a, b, '5000.01')).body).toMatchObject({ code: ResponseCode.amountAboveMaximum, msg: 'The amount must be at most 5,000.00 USD' });
    // A Hungarian reader gets the amounts with a decimal comma and grouped thousands, as the app writes them.
    expect((await transfer(a, b, '0.99', 'USD', 'hu')).body.msg).toBe('Az összeg legalább 1,00 USD legyen');
    expect((await transfer(a, b, '5000.01', 'USD', 'hu')).body.msg).toBe('Az összeg legfeljebb 5000,00 USD lehet');
    expect(await usdOf(t, b)).toEqual({ currency: 'USD', available: 0, frozen: 0 });
    expect((await transfer(a, b, '1.00')).body.code).toBe(200);
    expect((await transfer(a, b, '5,000.00')).body.code).toBe(200);
    expect((await usdOf(t, b)).available).toBe(500_100);
  });

  it('counts the day’s transfers and their amount per member and currency', async () => {
    await setLimit('MYR', 'transfer', { fee_bp: 0, fee_fixed: 0, min: 100, max: 25_000, daily_count: 3, daily_amount: 25_000 });
    const a = await walletMember(t);
    const b = await walletMember(t);
    await fund(t.db, a.userId, 1_000_000, 'MYR');
    // Daily amount: 100 + 100 of 250; a third of 60 would pass it.
    expect((await transfer(a, b, '100', 'MYR')).body.code).toBe(200);
    expect((await transfer(a, b, '100', 'MYR')).body.code).toBe(200);
    expect((await transfer(a, b, '60', 'MYR')).body).toMatchObject({ code: ResponseCode.dailyAmountExceeded, msg: "This exceeds today's limit of 250.00 MYR" });
    expect((await transfer(a, b, '60', 'MYR', 'hu')).body.msg).toBe('Ez meghaladja a mai 250,00 MYR korlátot');
    // Daily count: the third of three passes, a fourth does not.
    expect((await transfer(a, b, '50', 'MYR')).body.code).toBe(200);
    // The refusal says of what: transfers, in the reader's language.
    expect((await transfer(a, b, '1', 'MYR')).body).toMatchObject({ code: ResponseCode.dailyCountExceeded, msg: "You have reached today's limit of 3 transfers" });
    expect((await transfer(a, b, '1', 'MYR', 'zh-cn')).body.msg).toBe('已达今日转账次数上限（3 次）');
    const rows = await t.db.selectFrom('transfers').select('amount').where('from_user_id', '=', a.userId).execute();
    expect(rows.map((r) => Number(r.amount)).sort((x, y) => x - y)).toEqual([5_000, 10_000, 10_000]);
    // Another member's day is their own; USD is counted apart.
    const c = await walletMember(t);
    await fund(t.db, c.userId, 100_000, 'MYR');
    expect((await transfer(c, b, '100', 'MYR')).body.code).toBe(200);
    await fund(t.db, a.userId, 10_000, 'USD');
    expect((await transfer(a, b, '10')).body.code).toBe(200);
  });

  it('a daily count of one transfer is said in the singular', async () => {
    await setLimit('CNY', 'transfer', { fee_bp: 0, fee_fixed: 0, min: 100, max: 1_000_000, daily_count: 1, daily_amount: 10_000_000 });
    const a = await walletMember(t);
    const b = await walletMember(t);
    await fund(t.db, a.userId, 1_000_000, 'CNY');
    expect((await transfer(a, b, '10', 'CNY')).body.code).toBe(200);
    expect((await transfer(a, b, '10', 'CNY')).body).toMatchObject({ code: ResponseCode.dailyCountExceeded, msg: "You have reached today's limit of 1 transfer" });
    expect((await transfer(a, b, '10', 'CNY', 'hu')).body.msg).toBe('Elérte a mai korlátot: naponta legfeljebb 1 átutalás');
  });

  it('parallel transfers cannot pass the daily count', async () => {
    await setLimit('CNY', 'transfer', { fee_bp: 0, fee_fixed: 0, min: 100, max: 100_000, daily_count: 4, daily_amount: 10_000_000 });
    const a = await walletMember(t);
    const b = await walletMember(t);
    await fund(t.db, a.userId, 1_000_000, 'CNY');
    const results = await Promise.all(Array.from({ length: 12 }, () => transfer(a, b, '10', 'CNY')));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(4);
    expect(results.filter((r) => r.body.code !== 200).every((r) => r.body.code === ResponseCode.dailyCountExceeded)).toBe(true);
  });
});

describe('withdrawal limits and fee', () => {
  it('the maximum of one withdrawal is refused with the amount, and nothing is held', async () => {
    const m = await walletMember(t, { usd: 1_000_000 });
    const card = await bankCardOf(t, m);
    // USD bank withdrawals as installed: at most 5,000.00 each.
    expect((await withdraw(m, card, '5000.01')).body).toMatchObject({ code: ResponseCode.amountAboveMaximum, msg: 'The amount must be at most 5,000.00 USD' });
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 1_000_000, frozen: 0 });
    expect((await withdraw(m, card, '5000')).body.code).toBe(200);
  });

  it('the day’s amount counts withdrawals under review and paid, not those cancelled', async () => {
    const m = await walletMember(t, { usd: 2_000_000 });
    const card = await bankCardOf(t, m);
    // USD: at most 10,000.00 a day.
    const first = await withdraw(m, card, '5000');
    expect(first.body.code).toBe(200);
    expect((await withdraw(m, card, '4000')).body.code).toBe(200);
    expect((await withdraw(m, card, '1000.01')).body).toMatchObject({ code: ResponseCode.dailyAmountExceeded, msg: "This exceeds today's limit of 10,000.00 USD" });
    const before = await usdOf(t, m);
    expect((await post('/user/withdraw/cancel', { id: first.body.data.id }, m.keyed())).body.code).toBe(200);
    expect((await withdraw(m, card, '1000.01')).body.code).toBe(200);
    expect((await usdOf(t, m)).frozen).toBe(before.frozen - (500_000 + 5_100) + (100_001 + 1_100));
  });

  it('the fee is the percentage rounded half-up once plus the fixed part: quoted, confirmed and held with the amount', async () => {
    // 2.5% + 0.75: on 123.40 the percentage is 3.085, rounded half-up to 3.09, so the fee is 3.84.
    await setLimit('USD', 'withdraw_bank', { fee_bp: 250, fee_fixed: 75, min: 1_000, max: 500_000, daily_count: 10, daily_amount: 2_000_000 });
    const m = await walletMember(t, { usd: 50_000 });
    const card = await bankCardOf(t, m);
    const quote = await get('/attractive/currency/withdrawRatio?currency=USD&amount=123.40', m.headers);
    expect(quote.body.data.quote).toEqual({ amount: 12_340, fee: 384, total: 12_724 });
    expect(quote.body.data.rules).toEqual([{ currency: 'USD', method: 'bank', fee_bp: 250, fee_fixed: 75, min: 1_000, max: 500_000, daily_count: 10, daily_amount: 2_000_000 }]);
    const w = await withdraw(m, card, '123.40');
    expect(w.body.data).toMatchObject({ amount: 12_340, fee: 384 });
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 50_000 - 12_724, frozen: 12_724 });
    const hold = await t.db.selectFrom('holds').select(['amount', 'status']).where('reference_type', '=', 'withdrawal').where('reference_id', '=', w.body.data.withdraw_no).executeTakeFirstOrThrow();
    expect(hold).toEqual({ amount: 12_724, status: 'pending' });
    // The fee cannot be pushed by the member: the body's fee is not read.
    const cheap = await post('/user/withdraw/create', { bank_card_id: card, amount: '100', currency: 'USD', pay_password: PAY_PASSWORD, fee: 0 }, m.keyed());
    expect(cheap.body.data.fee).toBe(250 + 75);
    // More than the balance can hold with its fee is refused.
    const { available } = await usdOf(t, m);
    const all = (available / 100).toFixed(2);
    expect((await withdraw(m, card, all)).body.code).toBe(ResponseCode.insufficientBalance);
  });
});

describe('a way of moving money not offered in a wallet currency', () => {
  it('is refused as not offered in that currency, not as a currency the wallet lacks; nothing is held or moved', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const b = await walletMember(t);
    await fund(t.db, m.userId, 10_000, 'MYR');
    // MYR is a wallet currency, with no stablecoin withdrawal as installed.
    const crypto = await post('/coin/withdraw/create', { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '20', currency: 'MYR', pay_password: PAY_PASSWORD }, m.keyed());
    expect(crypto.body).toMatchObject({ code: ResponseCode.channelUnavailable, msg: 'Stablecoin withdrawals are not offered in MYR' });
    // A currency the wallet does not keep still says so.
    const thb = await post('/coin/withdraw/create', { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '20', currency: 'THB', pay_password: PAY_PASSWORD }, m.keyed());
    expect(thb.body.code).toBe(ResponseCode.walletCurrencyDisabled);
    // Transfers in a wallet currency without a transfer limit row.
    await t.db.deleteFrom('wallet_limits').where('currency', '=', 'MYR').where('kind', '=', 'transfer').execute();
    const sent = await transfer(m, b, '20', 'MYR');
    expect(sent.body).toMatchObject({ code: ResponseCode.channelUnavailable, msg: 'Transfers are not offered in MYR' });
    const zh = await call(t, 'POST', '/user/transfer/create', { headers: m.keyed(), lang: 'zh-cn', body: { account: b.userName, amount: '20', currency: 'MYR', pay_password: PAY_PASSWORD } });
    expect(zh.body.code).toBe(ResponseCode.channelUnavailable);
    expect(zh.body.msg).toContain('MYR');
    expect(zh.body.msg).not.toBe(sent.body.msg);
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await t.db.selectFrom('transfers').select('id').where('from_user_id', '=', m.userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('withdrawals').select('id').where('user_id', '=', m.userId).execute()).toEqual([]);
  });
});

describe('a setting with its maximum below its minimum', () => {
  it('is refused, saying what is wrong (no raw placeholder), for a wallet limit and a top-up channel', async () => {
    const en = { ...owner.headers, 'Accept-Language': 'en-us' };
    // A wallet limit's refusal names the amounts, under the maximum (limit-settings.test.ts has every rule of the limits).
    const limit = await post('/admin/api/wallet/limits', { currency: 'USD', kind: 'transfer', fee_bp: 0, fee_fixed: 0, min: 500, max: 100, daily_count: 5, daily_amount: 10_000, reason: 'typo' }, en);
    expect(limit.body).toMatchObject({ code: ResponseCode.validation, msg: 'The maximum per request (1.00 USD) cannot be lower than the minimum (5.00 USD)' });
    expect(limit.body.data.errors).toEqual([{ field: 'max', msg: limit.body.msg }]);
    const channel = await post('/admin/api/wallet/recharge-channels', { code: 'typo_channel', kind: 'bank_transfer', name: 'Typo', currencies: ['USD'], min: 500, max: 100, reason: 'typo' }, en);
    expect(channel.body).toMatchObject({ code: ResponseCode.settingInvalid, msg: 'The maximum cannot be lower than the minimum' });
  });
});
