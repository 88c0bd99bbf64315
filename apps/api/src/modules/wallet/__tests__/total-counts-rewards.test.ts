import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { convertAmount } from '../../rates/rates.service.js';
import { giftCardsFor, rewardMember, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// "Total assets" is the member's money: the cash balances, the rewards (a shop's earnings, a
// commission) and the gift-card value, each converted into the display currency at today's rates.
// Points are not money and stay out of it.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Assets = { display_currency: string; total: number; rates: Array<{ currency: string; rate: string }> };
const assetsOf = async (headers: Record<string, string>, path = '/user/wallet/asset', currency = 'USD') => {
  const res = await call(t, 'GET', `${path}?currency=${currency}`, { headers });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as Assets;
};

describe('the total of a member’s assets', () => {
  it('counts rewards held in another currency, converted at the rate it shows beside the total', async () => {
    const m = await walletMember(t);
    await rewardMember(t, m.userId, 2_601, 'MYR');
    for (const path of ['/user/wallet/asset', '/attractive/UserPageData/assetPage']) {
      const a = await assetsOf(m.headers, path);
      const myr = a.rates.find((r) => r.currency === 'MYR');
      expect(myr, 'the rate used for the rewards is shown').toBeTruthy();
      const expected = await convertAmount(t.db, 2_601, 'MYR', 'USD', myr!.rate);
      expect(expected).toBeGreaterThan(0);
      expect(a.total).toBe(expected);
    }
    const totals = (await call(t, 'GET', '/user/wallet/total?currency=USD', { headers: m.headers })).body.data;
    expect(totals.total).toBe(totals.rewards);
    expect(totals.total).toBeGreaterThan(0);
  });

  it('adds cash, rewards and gift-card value; points stay out of it', async () => {
    const m = await walletMember(t, { usd: 500 });
    await rewardMember(t, m.userId, 2_601);
    await giftCardsFor(t, owner.headers, m.userId, { value: 1_000, count: 2 });
    const a = await assetsOf(m.headers);
    expect(a.total).toBe(500 + 2_601 + 2_000);
    const totals = (await call(t, 'GET', '/user/wallet/total?currency=USD', { headers: m.headers })).body.data;
    expect(totals).toMatchObject({ total: 5_101, available: 500, frozen: 0, rewards: 2_601, gift_card: 2_000 });
  });
});
