import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import WithdrawPage from '../pages/withdraw-page';

// The withdrawal page offers a bank withdrawal only in the currencies the shop's channel list offers
// it in (an enabled bank must take the currency): none at all, and the stablecoin form opens alone or
// the page says withdrawals are not available; a card's currency not offered is said before anything
// is typed; a card paid in a wallet currency offers only those the bank way takes.

const member = memberFixture({ has_pay_password: true, google_bound: false, real_name_status: 'approved' });
const cardOf = (id: number, bank_name: string, currency: string, country_code = 'MY') => ({
  id, country_code, bank_id: id, bank_name, branch_id: null, branch_name: null, holder_name: 'MIA TAN', account_masked: `****${id}000`, currency, in_use: false, created_at: '2026-11-20T10:00:00.000Z',
});
const assets = {
  display_currency: 'USD',
  cash: [{ currency: 'USD', available: 900_000, frozen: 0 }, { currency: 'MYR', available: 50_000, frozen: 0 }],
  points: 0, shopping_points: 0, gift_card: [], rewards: [], total: 900_000,
  rates: [{ currency: 'USD', rate: '1', source: 'fixed', date: '2026-11-23' }],
};
const rule = (currency: string) => ({ currency, method: 'bank', fee_bp: 0, fee_fixed: 100, min: 1_000, max: 500_000, daily_count: 3, daily_amount: 1_000_000 });

let offered: { bank: string[]; crypto: string[] };
let cards: Array<ReturnType<typeof cardOf>>;
const api = await startFakeApi({
  '/user/info/index': () => ok(member),
  '/user/wallet/asset': () => ok(assets),
  '/attractive/currency/withdrawChannel': () =>
    ok({ list: [{ method: 'bank', currencies: offered.bank, networks: [] }, { method: 'crypto', currencies: offered.crypto, networks: ['TRC20', 'ERC20'] }], cards }),
  '/attractive/currency/withdrawRatio': (req) => {
    const currency = new URL(req.url, 'http://x').searchParams.get('currency');
    return ok({ rules: offered.bank.filter((c) => !currency || c === currency).map(rule), quote: null });
  },
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(async () => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().signIn('member-token', member);
  await act(async () => void (await i18n.changeLanguage('en-us')));
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const open = () => renderRoutes({ [paths.wallet.withdraw]: <WithdrawPage /> }, paths.wallet.withdraw);

describe('bank withdrawals on the withdrawal page follow the currencies offered', () => {
  it('with no bank currency, opens the stablecoin form alone: no bank tab, no card to add', async () => {
    offered = { bank: [], crypto: ['USD'] };
    cards = [];
    open();
    expect(await screen.findByRole('radiogroup', { name: 'Network' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'To a bank card' })).toBeNull();
    expect(screen.queryByText('Add a bank card to withdraw to.')).toBeNull();
  });

  it('with no way offered, says withdrawals are not available', async () => {
    offered = { bank: [], crypto: [] };
    cards = [cardOf(7, 'CIMB Bank', 'USD')];
    open();
    expect(await screen.findByText('Withdrawals are not available at the moment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('says a card’s currency is not offered before anything is typed, and offers the card in one that is', async () => {
    offered = { bank: ['USD'], crypto: ['USD'] };
    cards = [cardOf(5, 'Maybank', 'MYR'), cardOf(7, 'CIMB Bank', 'USD')];
    open();
    expect(await screen.findByText('Withdrawals to a bank card are not offered in MYR')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    act(() => within(screen.getByRole('radiogroup', { name: 'Bank card' })).getByRole('radio', { name: /^CIMB Bank/ }).click());
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.queryByText('Withdrawals to a bank card are not offered in MYR')).toBeNull();
  });

  it('sends to a card held in its country’s currency only in a wallet currency the bank way is offered in', async () => {
    offered = { bank: ['USD'], crypto: ['USD'] };
    cards = [cardOf(9, 'Bangkok Bank', 'THB', 'TH')];
    open();
    const sendIn = await screen.findByRole('radiogroup', { name: 'Send in' });
    expect(within(sendIn).getAllByRole('radio').map((r) => r.textContent)).toEqual([expect.stringContaining('USD')]);
  });
});
