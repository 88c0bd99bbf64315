import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { PAY_PASSWORD, maybank, walletMember } from './fixtures.js';

// A bank withdrawal is offered in a currency only when an enabled bank takes it: a card there can be
// held in that wallet currency, or in its country's own currency the wallet does not keep (which takes
// any wallet currency). The channel list, the fee rules and create follow the one rule, whatever banks
// and wallet currencies the operator has switched on.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof walletMember>>;
const get = (url: string, m: Member) => call(t, 'GET', url, { headers: m.headers, lang: 'en-us' });
const bankCurrencies = async (m: Member) => {
  const res = await get('/attractive/currency/withdrawChannel', m);
  expect(res.body.code, res.body.msg).toBe(200);
  return (res.body.data.list as Array<{ method: string; currencies: string[] }>).find((c) => c.method === 'bank')!.currencies;
};
const ruleCurrencies = async (m: Member, currency?: string) =>
  ((await get(`/attractive/currency/withdrawRatio?method=bank${currency ? `&currency=${currency}` : ''}`, m)).body.data.rules as Array<{ currency: string }>).map((r) => r.currency);
const setBanks = (enabled: boolean, country?: string) =>
  t.db
    .updateTable('banks')
    .set({ enabled })
    .$if(country !== undefined, (qb) => qb.where('country_code', '=', country!))
    .execute();

describe('bank withdrawals offered only where a bank takes the currency', () => {
  it('offers USD with the shop’s banks, and a member holding dollars can withdraw them to a bank', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    expect(await bankCurrencies(m)).toEqual(['CNY', 'MYR', 'USD']);
    expect(await ruleCurrencies(m, 'USD')).toEqual(['USD']);
    // A Malaysian bank holds a card in dollars; the withdrawal offered is one the member can make.
    const card = await call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body: { bank_id: await maybank(t), holder_name: 'Tan Mei', account_number: '5140 2222 3333', currency: 'USD', pay_password: PAY_PASSWORD } });
    expect(card.body.code, card.body.msg).toBe(200);
    const w = await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { bank_card_id: card.body.data.id, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD } });
    expect(w.body.code, w.body.msg).toBe(200);
    expect(w.body.data).toMatchObject({ method: 'bank', currency: 'USD', amount: 2000 });
  });

  it('offers no bank withdrawal while no bank is switched on, and again once one is', async () => {
    const m = await walletMember(t);
    await setBanks(false);
    try {
      expect(await bankCurrencies(m)).toEqual([]);
      expect(await ruleCurrencies(m)).toEqual([]);
      const quote = await get('/attractive/currency/withdrawRatio?method=bank&currency=USD&amount=20', m);
      expect(quote.body).toMatchObject({ code: ResponseCode.channelUnavailable, msg: 'Withdrawals to a bank card are not offered in USD' });
      // The stablecoin way does not need a bank.
      const channels = (await get('/attractive/currency/withdrawChannel', m)).body.data.list;
      expect(channels.find((c: { method: string }) => c.method === 'crypto').currencies).toEqual(['USD']);

      // Only Thai banks: a card there in baht takes any wallet currency, so every one is offered.
      await setBanks(true, 'TH');
      expect(await bankCurrencies(m)).toEqual(['CNY', 'MYR', 'USD']);
    } finally {
      await setBanks(true);
    }
  });

  it('leaves out a currency the wallet no longer keeps, though its bank fee rule is still there', async () => {
    const m = await walletMember(t);
    await t.db.updateTable('wallet_currencies').set({ enabled: false }).where('currency', '=', 'CNY').execute();
    try {
      expect(await bankCurrencies(m)).toEqual(['MYR', 'USD']);
      expect(await ruleCurrencies(m)).toEqual(['MYR', 'USD']);
    } finally {
      await t.db.updateTable('wallet_currencies').set({ enabled: true }).where('currency', '=', 'CNY').execute();
    }
  });
});
