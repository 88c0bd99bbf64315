import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, maybank, usdOf, walletMember } from './fixtures.js';

// A bank card is held in its bank country's currency (a Thai account in baht) or in one of the
// wallet's; withdrawals to a card in its country's currency are sent in a wallet currency.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const thaiBank = async () => (await t.db.selectFrom('banks').select('id').where('country_code', '=', 'TH').where('type', '=', 'bank').where('parent_id', 'is', null).orderBy('sort').executeTakeFirstOrThrow()).id;
const card = (bankId: number, currency: string, account = '123 456 7890') => ({ bank_id: bankId, holder_name: 'Tan Mei', account_number: account, currency, pay_password: PAY_PASSWORD });

describe('a bank card in its country’s currency', () => {
  it('lists each bank with its country’s currency', async () => {
    const m = await walletMember(t);
    const banks = (await call(t, 'GET', '/user/bank_card/bankList?country_code=TH', { headers: m.headers })).body.data.list;
    expect(banks.length).toBeGreaterThan(0);
    for (const b of banks) expect(b.currency).toBe('THB');
    const my = (await call(t, 'GET', '/attractive/bankListByType?country_code=MY&type=ewallet', { headers: m.headers })).body.data.list;
    for (const b of my) expect(b.currency).toBe('MYR');
  });

  it('holds a Thai card in baht, not in another country’s currency the wallet does not keep', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const bank = await thaiBank();
    const thb = await call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body: card(bank, 'THB') });
    expect(thb.body.code, thb.body.msg).toBe(200);
    expect(thb.body.data).toMatchObject({ currency: 'THB', country_code: 'TH' });
    const jpy = await call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body: card(bank, 'JPY') });
    expect(jpy.body.code).toBe(ResponseCode.walletCurrencyDisabled);
    // A Malaysian card is not held in baht; in a wallet currency, as before.
    expect((await call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body: card(await maybank(t), 'THB') })).body.code).toBe(ResponseCode.walletCurrencyDisabled);
    expect((await call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body: card(bank, 'USD', '123 456 7891') })).body.code).toBe(200);
    expect((await call(t, 'GET', '/user/bank_card/list', { headers: m.headers })).body.data.list.map((c: { currency: string }) => c.currency).sort()).toEqual(['THB', 'USD']);

    // A withdrawal to the baht card is sent in dollars from the dollar balance.
    const w = await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { bank_card_id: thb.body.data.id, amount: '30', currency: 'USD', pay_password: PAY_PASSWORD } });
    expect(w.body.code, w.body.msg).toBe(200);
    expect(w.body.data).toMatchObject({ currency: 'USD', amount: 3000 });
    expect((await usdOf(t, m)).frozen).toBe(3000 + w.body.data.fee);
  });

  it('refuses a withdrawal in another currency than a card held in a wallet currency, holding nothing', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const myr = await call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body: card(await maybank(t), 'MYR') });
    expect(myr.body.code, myr.body.msg).toBe(200);
    const w = await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { bank_card_id: myr.body.data.id, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD } });
    expect(w.body).toMatchObject({ code: ResponseCode.bankCardCurrencyMismatch, msg: 'This card takes withdrawals in MYR only' });
    const zh = await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), lang: 'zh-cn', body: { bank_card_id: myr.body.data.id, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD } });
    expect(zh.body.code).toBe(ResponseCode.bankCardCurrencyMismatch);
    expect(zh.body.msg).toContain('MYR');
    expect(zh.body.msg).not.toBe(w.body.msg);
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await t.db.selectFrom('withdrawals').select('id').where('user_id', '=', m.userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('holds').select('id').where('reference_type', '=', 'withdrawal').where('account_id', 'in', t.db.selectFrom('ledger_accounts').select('id').where('member_id', '=', m.userId)).execute()).toEqual([]);

    // In the card's currency it is taken, and the operator reviewing it sees the card's currency.
    await fund(t.db, m.userId, 10_000, 'MYR');
    const ok = await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { bank_card_id: myr.body.data.id, amount: '60', currency: 'MYR', pay_password: PAY_PASSWORD } });
    expect(ok.body.code, ok.body.msg).toBe(200);
    const { headers } = await newOperatorSession(t.db, 'finance');
    const queue = await call(t, 'GET', `/admin/api/wallet/withdrawals?q=${ok.body.data.withdraw_no}`, { headers });
    expect(queue.body.data.list).toEqual([expect.objectContaining({ id: ok.body.data.id, currency: 'MYR', card_currency: 'MYR', holder_name: 'Tan Mei' })]);
  });
});
