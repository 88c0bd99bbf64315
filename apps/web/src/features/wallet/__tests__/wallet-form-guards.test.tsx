import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { createHashRouter, RouterProvider, type Router } from '@/lib/router';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, renderRoutes, startFakeApi, untilGone, fieldRefusal } from '@/test/helpers';
import RechargePage from '../pages/recharge-page';
import TransferPage from '../pages/transfer-page';
import WithdrawPage from '../pages/withdraw-page';

// The wallet's forms guard what the member confirms: a question asked on one page is never answered on
// another, an amount outside the limits the page shows is refused before any question, and a field's
// error sits under the field, never beside its input.

const member = memberFixture({ has_pay_password: true, google_bound: false, real_name_status: 'approved' });
const usdCard = { id: 7, country_code: 'MY', bank_id: 12, bank_name: 'CIMB Bank', branch_id: null, branch_name: null, holder_name: 'MIA TAN', account_masked: '****7890', currency: 'USD', in_use: false, created_at: '2026-11-20T10:00:00.000Z' };
const assets = {
  display_currency: 'USD',
  cash: [{ currency: 'USD', available: 900_000, frozen: 0 }],
  points: 0, shopping_points: 0, gift_card: [], rewards: [], total: 900_000,
  rates: [{ currency: 'USD', rate: '1', source: 'fixed', date: '2026-11-23' }],
};
const withdrawal = {
  id: 41, withdraw_no: 'W2611230041', method: 'bank', status: 'pending', currency: 'USD', amount: 1_500, fee: 100, bank_name: 'CIMB Bank', account_masked: '****7890',
  network: null, address: null, reason: null, payout_reference: null, created_at: '2026-11-23T10:00:00.000Z', approved_at: null, paid_at: null, rejected_at: null, cancelled_at: null,
};
const rules = {
  bank: { currency: 'USD', method: 'bank', fee_bp: 0, fee_fixed: 100, min: 1_000, max: 500_000, daily_count: 3, daily_amount: 1_000_000 },
  transfer: { currency: 'USD', method: 'transfer', fee_bp: 0, fee_fixed: 0, min: 100, max: 200_000, daily_count: 20, daily_amount: 1_000_000 },
};
const channel = { code: 'online_usd', kind: 'online', name: 'Online payment', currencies: ['USD'], min: 2_000, max: 300_000 };

const api = await startFakeApi({
  '/user/info/index': () => ok(member),
  '/user/wallet/asset': () => ok(assets),
  '/attractive/currency/withdrawChannel': () => ok({ list: [{ method: 'bank', currencies: ['USD'], networks: [] }], cards: [usdCard] }),
  '/attractive/currency/withdrawRatio': (req) => {
    const query = new URL(req.url, 'http://x').searchParams;
    const method = query.get('method') === 'transfer' ? 'transfer' : 'bank';
    const amount = Number(query.get('amount') ?? NaN);
    const fee = rules[method].fee_fixed;
    return ok({ rules: [rules[method]], quote: Number.isFinite(amount) ? { amount: Math.round(amount * 100), fee, total: Math.round(amount * 100) + fee } : null });
  },
  '/user/withdraw/create': () => ok(withdrawal),
  '/user/transfer/info': (req) => {
    const account = new URL(req.url, 'http://x').searchParams.get('account');
    if (account === 'lee88') return ok({ transfer: null, receiver: { masked_name: 'L**', matched_by: 'user_name', matched: 'l***8' } });
    return { json: { code: 6111, msg: i18n.t('wallet.code.receiverNotFound'), data: null } };
  },
  '/user/recharge/config': () => ok({ wallet_currency: 'USD', currencies: ['USD'], channels: [channel], collection_accounts: [], instalment_plans: [], crypto_networks: [] }),
  '/attractive/currency/changeRatio': (req) => {
    const amount = new URL(req.url, 'http://x').searchParams.get('amount');
    const minor = amount === null ? null : Math.round(Number(amount) * 100);
    return ok({ from: 'USD', to: 'USD', rate: '1', source: 'fixed', date: '2026-11-23', amount: minor, converted: minor });
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
  await act(async () => void (await i18n.changeLanguage('en-us')));
});

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const sent = (path: string) => api.requests.filter((r) => r.url.startsWith(path));
const pause = (ms: number) => act(async () => void (await new Promise((r) => setTimeout(r, ms))));
const question = () => screen.queryByText('Withdraw $15.00 to CIMB Bank ****7890?');

/** The wallet's forms in the app's own router, the page in the address's hash as on a phone. */
function openInHash(page: string): Router {
  window.history.replaceState(null, '', `#${page}`);
  const router = createHashRouter([
    { path: paths.wallet.withdraw, element: <WithdrawPage /> },
    { path: paths.wallet.transfer, element: <TransferPage /> },
    { path: paths.wallet.withdrawals, element: <div>withdrawals</div> },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The withdrawal of $15 to the USD card, asked and waiting for the member's answer. */
async function askToWithdraw15() {
  fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'Bank card' })).getByRole('radio', { name: /^CIMB Bank \*{4}7890/ }));
  type('amount', '15');
  type('pay_password', '480913');
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
  expect(await screen.findByText('Withdraw $15.00 to CIMB Bank ****7890?')).toBeTruthy();
  // As a member would: the question has come up before anything else happens.
  await pause(400);
}

describe('a question asked on a page, when the page is left another way than Back', () => {
  it('a deep link (the address set directly) closes it, answered "no": the withdrawal is not sent', async () => {
    openInHash(paths.wallet.withdraw);
    await askToWithdraw15();
    act(() => {
      window.location.hash = `#${paths.wallet.transfer}`;
    });
    expect(await screen.findByRole('button', { name: 'Transfer' })).toBeTruthy();
    await untilGone(question);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await pause(300);
    expect(sent('/user/withdraw/create')).toHaveLength(0);
  });

  it('code that navigates closes it too, and Back from the next page finds no question left behind', async () => {
    const router = openInHash(paths.wallet.withdraw);
    await askToWithdraw15();
    act(() => router.navigate(paths.wallet.transfer));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.transfer));
    await untilGone(question);
    await pause(300);
    expect(sent('/user/withdraw/create')).toHaveLength(0);
    act(() => window.history.back());
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.withdraw));
    await pause(200);
    expect(question()).toBeNull();
    expect(sent('/user/withdraw/create')).toHaveLength(0);
  });

  it('on the page it was asked on, Confirm still sends the withdrawal', async () => {
    const router = openInHash(paths.wallet.withdraw);
    await askToWithdraw15();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.withdrawals));
    expect(JSON.parse(sent('/user/withdraw/create').at(-1)!.body)).toMatchObject({ bank_card_id: 7, amount: '15', currency: 'USD' });
  });
});

/** The page in Malay, as a member in Malaysia reads it. */
async function inMalay() {
  await act(async () => void (await i18n.changeLanguage('may')));
}
const amountRefused = (words: string) => {
  expect(field('amount').getAttribute('aria-invalid')).toBe('true');
  // Said under the field, which it describes.
  expect(document.getElementById(field('amount').getAttribute('aria-describedby')!)?.textContent).toBe(words);
};

describe('an amount outside the limits the page shows', () => {
  it('withdrawal: below the minimum and above the maximum are refused at the field, in the server\'s words, before any question', async () => {
    await inMalay();
    renderRoutes({ [paths.wallet.withdraw]: <WithdrawPage /> }, paths.wallet.withdraw);
    // The limits shown on the page.
    expect(await screen.findByText('$10.00 – $5,000.00')).toBeTruthy();
    type('amount', '5');
    type('pay_password', '480913');
    fireEvent.click(screen.getByRole('button', { name: 'Keluarkan' }));
    expect(await fieldRefusal()).toBe('Jumlah mestilah sekurang-kurangnya 10.00 USD');
    amountRefused('Jumlah mestilah sekurang-kurangnya 10.00 USD');
    expect(document.querySelector('.adm-dialog')).toBeNull();
    await clearToasts();

    type('amount', '5000.01');
    fireEvent.click(screen.getByRole('button', { name: 'Keluarkan' }));
    expect(await fieldRefusal()).toBe('Jumlah mestilah tidak melebihi 5,000.00 USD');
    amountRefused('Jumlah mestilah tidak melebihi 5,000.00 USD');
    expect(document.querySelector('.adm-dialog')).toBeNull();
    expect(sent('/user/withdraw/create')).toHaveLength(0);
    await clearToasts();

    // The minimum itself is within them: asked, as before.
    type('amount', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Keluarkan' }));
    expect(await screen.findByText('Keluarkan $10.00 ke CIMB Bank ****7890?')).toBeTruthy();
  });

  it('transfer: below its own minimum is refused at the field before the question', async () => {
    renderRoutes({ [paths.wallet.transfer]: <TransferPage /> }, paths.wallet.transfer);
    await screen.findByText('USD');
    type('account', 'lee88');
    type('amount', '0.50');
    type('pay_password', '480913');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await fieldRefusal()).toBe('The amount must be at least 1.00 USD');
    amountRefused('The amount must be at least 1.00 USD');
    expect(document.querySelector('.adm-dialog')).toBeNull();
    await clearToasts();
    type('amount', '2000.01');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await fieldRefusal()).toBe('The amount must be at most 2,000.00 USD');
    expect(document.querySelector('.adm-dialog')).toBeNull();
  });

  it('top-up: the channel\'s limits are shown and kept before the question', async () => {
    renderRoutes({ [paths.wallet.recharge]: <RechargePage /> }, paths.wallet.recharge);
    expect(await screen.findByText('From $20.00 to $3,000.00')).toBeTruthy();
    type('amount', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await fieldRefusal()).toBe('The amount must be at least 20.00 USD');
    amountRefused('The amount must be at least 20.00 USD');
    expect(document.querySelector('.adm-dialog')).toBeNull();
  });
});

describe('a field\'s error', () => {
  it('an unknown receiver is said under the Receiver field, never beside its input', async () => {
    await inMalay();
    renderRoutes({ [paths.wallet.transfer]: <TransferPage /> }, paths.wallet.transfer);
    await screen.findByText('USD');
    type('account', 'nosuchmember99');
    const error = await screen.findByText('Tiada ahli dengan nama pengguna, nombor telefon atau kod jemputan itu', {}, { timeout: 3000 });
    const input = field('account');
    const item = input.closest('.adm-list-item')!;
    // The error is the field's own, under it: after the input's row, and nothing at the row's end takes the input's width.
    expect(item.contains(error)).toBe(true);
    expect(error.closest('.adm-list-item-content-extra')).toBeNull();
    expect(item.querySelector('.adm-list-item-content-extra')).toBeNull();
    const row = input.closest('.adm-form-item-child')!;
    expect(row.contains(error)).toBe(false);
    expect(row.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(error.closest('.adm-list-item-description')).not.toBeNull();
    // And the input is said to be wrong, described by those words.
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(error.textContent);
  });

  it('a receiver found is named under the field too, and the input is no longer marked', async () => {
    renderRoutes({ [paths.wallet.transfer]: <TransferPage /> }, paths.wallet.transfer);
    await screen.findByText('USD');
    type('account', 'lee88');
    const named = await screen.findByText('Receiver: L**');
    expect(named.closest('.adm-list-item-content-extra')).toBeNull();
    expect(named.closest('.adm-list-item-description')).not.toBeNull();
    expect(field('account').getAttribute('aria-invalid')).toBeNull();
  });
});
