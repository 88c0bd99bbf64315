import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import RechargePage from '../pages/recharge-page';

// The top-up page names the rate it converts at: "today's rate" only when the rate is of today on the
// member's phone; the feed's rate of an earlier day says which day it is.

/** A calendar day `daysAgo` days before today on this device, as the wire writes a rate's date. */
const dayBefore = (daysAgo: number) => {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

let rateDate = dayBefore(0);
const api = await startFakeApi({
  '/user/recharge/config': () =>
    ok({
      wallet_currency: 'JPY',
      currencies: ['JPY', 'CNY'],
      channels: [{ code: 'bank_cny', kind: 'bank_transfer', name: 'Bank transfer', currencies: ['CNY'], min: 100, max: 10_000_000 }],
      collection_accounts: [{ id: 1, currency: 'CNY', bank_name: 'ICBC', account_name: 'Shop Ltd', account_number: '6222020000000000', branch: 'Shanghai' }],
      instalment_plans: [],
      crypto_networks: [],
    }),
  '/attractive/currency/changeRatio': () => ok({ from: 'CNY', to: 'JPY', rate: '21.0714', source: 'ecb', date: rateDate, amount: null, converted: null }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(async () => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture({ has_pay_password: true }));
  await act(() => i18n.changeLanguage('jp'));
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

/** The title the page gives the rate, once the quote has arrived. */
async function rateTitle(): Promise<string> {
  renderRoutes({ [paths.wallet.recharge]: <RechargePage /> }, paths.wallet.recharge);
  const rate = await screen.findByText(/1 CNY = 21\.0714 JPY/);
  return rate.closest('dl')!.querySelector('dt')!.textContent!;
}

describe('the rate on the top-up page', () => {
  it("is today's rate when it is of today", async () => {
    rateDate = dayBefore(0);
    expect(await rateTitle()).toBe('本日のレート');
  });

  it('names its day when it is of an earlier day, never "today"', async () => {
    rateDate = dayBefore(9);
    const title = await rateTitle();
    expect(title).toBe(`${formatDate(rateDate, { dateOnly: true })} のレート`);
    expect(title).not.toContain('本日');
    expect(screen.getByRole('region', { name: title })).toBeTruthy();
  });
});
