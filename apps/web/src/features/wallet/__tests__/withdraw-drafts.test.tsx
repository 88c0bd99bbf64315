import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { keepOpenDrafts, takeDraftsLeftOpen } from '@/lib/open-drafts';
import { clearToasts, memberFixture, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import WithdrawPage from '../pages/withdraw-page';

// The withdrawal form, loaded again while it is open: the amount and where the money goes come back;
// the pay password and the authenticator's code are never written down, and are asked again.
const member = memberFixture({ has_pay_password: true, google_bound: true, real_name_status: 'approved' });
const card = (id: number, bank_name: string, account_masked: string) => ({ id, country_code: 'MY', bank_id: id, bank_name, branch_id: null, branch_name: null, holder_name: 'MIA TAN', account_masked, currency: 'MYR', in_use: false, created_at: '2026-11-20T10:00:00.000Z' });
let cards = [card(5, 'Maybank', '****6789'), card(6, 'CIMB Bank', '****4321')];
const withdrawal = {
  id: 41, withdraw_no: 'W2611230041', method: 'bank', status: 'pending', currency: 'MYR', amount: 10_000, fee: 300, bank_name: 'CIMB Bank', account_masked: '****4321',
  network: null, address: null, reason: null, payout_reference: null, created_at: '2026-11-23T10:00:00.000Z', approved_at: null, paid_at: null, rejected_at: null, cancelled_at: null,
};
const assets = {
  display_currency: 'USD',
  cash: [{ currency: 'USD', available: 12_345, frozen: 0 }, { currency: 'MYR', available: 50_000, frozen: 0 }],
  points: 0, shopping_points: 0, gift_card: [], rewards: [], total: 22_995,
  rates: [{ currency: 'USD', rate: '1', source: 'fixed', date: '2026-11-23' }, { currency: 'MYR', rate: '0.2130', source: 'operator', date: '2026-11-23' }],
};

const api = await startFakeApi({
  '/user/info/index': () => ok(member),
  '/user/wallet/asset': () => ok(assets),
  '/attractive/currency/withdrawChannel': () => ok({ list: [{ method: 'bank', currencies: ['MYR', 'USD'], networks: [] }, { method: 'crypto', currencies: ['USD'], networks: ['TRC20', 'ERC20'] }], cards }),
  '/attractive/currency/withdrawRatio': (req) => {
    const amount = new URL(req.url, 'http://x').searchParams.get('amount');
    return ok({
      rules: [{ currency: 'MYR', method: 'bank', fee_bp: 100, fee_fixed: 200, min: 5_000, max: 5_000_000, daily_count: 3, daily_amount: 10_000_000 }],
      quote: amount === '100' ? { amount: 10_000, fee: 300, total: 10_300 } : amount === '20' ? { amount: 2_000, fee: 100, total: 2_100 } : null,
    });
  },
  '/user/withdraw/create': () => ok(withdrawal),
  '/coin/withdraw/create': () => ok({ ...withdrawal, id: 42, method: 'crypto', currency: 'USD', amount: 2_000, fee: 100, bank_name: null, account_masked: null, network: 'ERC20', address: ADDRESS }),
});

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PAY_PASSWORD = '480913';
const GOOGLE_CODE = '772051';

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  sessionStorage.clear();
  cards = [card(5, 'Maybank', '****6789'), card(6, 'CIMB Bank', '****4321')];
  useSession.getState().signIn('member-token', member);
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const sent = (path: string) => api.requests.filter((r) => r.url.startsWith(path));
const openAt = (page: string) => renderRoutes({ [paths.wallet.withdraw]: <WithdrawPage />, [paths.wallet.withdrawals]: <div>withdrawals</div> }, page);
/** The page loaded again at `page` in the same tab, after the last document's open forms were written down. */
function reloadAt(page: string) {
  cleanup();
  takeDraftsLeftOpen(page);
  return openAt(page);
}
const chosenCard = async () => {
  const group = await screen.findByRole('radiogroup', { name: 'Bank card' });
  return within(group).getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.textContent);
};

describe('the withdrawal form, loaded again while it is open', () => {
  it('to a bank card: the card chosen and the amount come back; the pay password and the code are asked again', async () => {
    openAt(paths.wallet.withdraw);
    fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'Bank card' })).getByRole('radio', { name: /^CIMB Bank \*{4}4321/ }));
    type('amount', '100');
    type('pay_password', PAY_PASSWORD);
    type('google_code', GOOGLE_CODE);
    await waitFor(() => expect(screen.getByTestId('withdraw-fee').textContent).toBe('RM\u00a03.00'));

    // The browser's reload: the document ends with the form open.
    window.dispatchEvent(new Event('pagehide'));
    const written = sessionStorage.getItem('shop.openDrafts') ?? '';
    expect(written).toContain('100');
    expect(written).not.toContain(PAY_PASSWORD);
    expect(written).not.toContain(GOOGLE_CODE);

    const router = reloadAt(paths.wallet.withdraw);
    await waitFor(async () => expect(await chosenCard()).toEqual([expect.stringMatching(/^CIMB Bank \*{4}4321/)]));
    expect(field('amount').value).toBe('100');
    expect(field('pay_password').value).toBe('');
    expect(field('google_code').value).toBe('');
    await waitFor(() => expect(screen.getByTestId('withdraw-fee').textContent).toBe('RM\u00a03.00'));

    type('pay_password', PAY_PASSWORD);
    type('google_code', GOOGLE_CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdraw RM 100.00 to CIMB Bank ****4321?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.withdrawals));
    expect(JSON.parse(sent('/user/withdraw/create').at(-1)!.body)).toEqual({ bank_card_id: 6, amount: '100', currency: 'MYR', pay_password: PAY_PASSWORD, google_code: GOOGLE_CODE });
  });

  it('a card deleted meanwhile is not chosen: the first card is, with the amount kept', async () => {
    openAt(paths.wallet.withdraw);
    fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'Bank card' })).getByRole('radio', { name: /^CIMB Bank \*{4}4321/ }));
    type('amount', '100');
    keepOpenDrafts();
    cards = [card(5, 'Maybank', '****6789')];
    reloadAt(paths.wallet.withdraw);
    await waitFor(async () => expect(await chosenCard()).toEqual([expect.stringMatching(/^Maybank \*{4}6789/)]));
    expect(field('amount').value).toBe('100');
  });

  it('to a stablecoin address: the network, address and amount come back after the new version\'s reload; the pay password does not', async () => {
    const page = `${paths.wallet.withdraw}?method=crypto`;
    openAt(page);
    fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'Network' })).getByRole('radio', { name: 'ERC20' }));
    type('address', ADDRESS);
    type('amount', '20');
    type('pay_password', PAY_PASSWORD);
    type('google_code', GOOGLE_CODE);
    // "Reload" on the new version's banner writes the open forms down before the worker reloads.
    keepOpenDrafts();
    const written = sessionStorage.getItem('shop.openDrafts') ?? '';
    expect(written).toContain(ADDRESS);
    expect(written).not.toContain(PAY_PASSWORD);
    expect(written).not.toContain(GOOGLE_CODE);

    const router = reloadAt(page);
    const networks = await screen.findByRole('radiogroup', { name: 'Network' });
    expect(within(networks).getByRole('radio', { name: 'ERC20' }).getAttribute('aria-checked')).toBe('true');
    expect(field('address').value).toBe(ADDRESS);
    expect(field('amount').value).toBe('20');
    expect(field('pay_password').value).toBe('');
    expect(field('google_code').value).toBe('');

    type('pay_password', PAY_PASSWORD);
    type('google_code', GOOGLE_CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Fee $1.00; $21.00 leaves your balance.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.withdrawals));
    expect(JSON.parse(sent('/coin/withdraw/create').at(-1)!.body)).toEqual({ network: 'ERC20', address: ADDRESS, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD, google_code: GOOGLE_CODE });
  });

  it('given back once, and a form with nothing typed keeps nothing', async () => {
    openAt(paths.wallet.withdraw);
    await screen.findByRole('radiogroup', { name: 'Bank card' });
    type('pay_password', PAY_PASSWORD);
    keepOpenDrafts();
    expect(sessionStorage.getItem('shop.openDrafts')).toBeNull();

    type('amount', '100');
    keepOpenDrafts();
    const router = reloadAt(paths.wallet.withdraw);
    await waitFor(() => expect(field('amount').value).toBe('100'));
    act(() => void router.navigate(paths.wallet.withdrawals));
    await screen.findByText('withdrawals');
    act(() => void router.navigate(paths.wallet.withdraw));
    await screen.findByRole('radiogroup', { name: 'Bank card' });
    expect(field('amount').value).toBe('');
  });
});
