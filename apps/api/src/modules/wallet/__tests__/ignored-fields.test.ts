import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { PAY_PASSWORD, bankCardOf, maybank, slipOf, usdOf, walletMember, withCollectionAccounts } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// Amounts, fees, rates and owners are the server's: fields a client adds to a body that moves
// money or adds a card are not read (the contract's bodies drop what they do not name).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await withCollectionAccounts(t);
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const usd = (m: { headers: Headers }) => usdOf(t, m);
const cardOf = (m: Awaited<ReturnType<typeof walletMember>>) => bankCardOf(t, m);

describe('what the server decides is never taken from the body', () => {
  it('a withdrawal ignores user_id, balance, fee and rate: it is the caller’s, with the fee of the rules', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const other = await walletMember(t, { usd: 10_000 });
    const card = await cardOf(m);
    const res = await post('/user/withdraw/create', { bank_card_id: card, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD, user_id: other.userId, balance: 999_999, fee: 0, rate: '9' }, m.keyed());
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 2_000, fee: 120 });
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000 - 2_120, frozen: 2_120 });
    expect(await usd(other)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    const row = await t.db.selectFrom('withdrawals').select(['user_id', 'fee']).where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect({ user_id: Number(row.user_id), fee: Number(row.fee) }).toEqual({ user_id: m.userId, fee: 120 });
  });

  it('a top-up ignores user_id, balance, fee and rate: the caller’s, at the recorded rate, with no fee taken from the body', async () => {
    const m = await walletMember(t);
    const other = await walletMember(t);
    const res = await post('/user/recharge/create', { channel: 'bank_transfer', amount: '100', currency: 'MYR', slip: await slipOf(t, m), user_id: other.userId, balance: 999_999, fee: 5_000, rate: '9', credit_amount: 999_999 }, m.keyed());
    expect(res.body.code, res.body.msg).toBe(200);
    const rate = (await get('/attractive/currency/changeRatio?from=MYR&to=USD&amount=100', m.headers)).body.data;
    expect(res.body.data).toMatchObject({ pay_amount: 10_000, pay_currency: 'MYR', fee: 0, rate: rate.rate, credit_amount: rate.converted });
    expect(res.body.data.rate).not.toBe('9');
    expect((await get(`/user/recharge/orderInfo?id=${res.body.data.id}`, m.headers)).body.code).toBe(200);
    expect((await get(`/user/recharge/orderInfo?id=${res.body.data.id}`, other.headers)).body.code).toBe(ResponseCode.rechargeNotFound);
  });

  it('a bank card ignores user_id and balance: it is added to the caller only', async () => {
    const m = await walletMember(t);
    const other = await walletMember(t);
    const res = await post('/user/bank_card/create', { bank_id: await maybank(t), holder_name: 'Tan Mei', account_number: '514011112222', currency: 'USD', pay_password: PAY_PASSWORD, user_id: other.userId, balance: 999_999, fee: 0, rate: '9' }, m.headers);
    expect(res.body.code, res.body.msg).toBe(200);
    expect((await get('/user/bank_card/list', m.headers)).body.data.list.map((c: { id: number }) => c.id)).toEqual([res.body.data.id]);
    expect((await get('/user/bank_card/list', other.headers)).body.data.list).toEqual([]);
    const row = await t.db.selectFrom('bank_cards').select('user_id').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(Number(row.user_id)).toBe(m.userId);
  });
});
