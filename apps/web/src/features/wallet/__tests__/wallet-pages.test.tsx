import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi, toastText } from '@/test/helpers';
import TransferListPage from '../pages/transfer-list-page';
import TransferPage from '../pages/transfer-page';
import WalletPage from '../pages/wallet-page';

const assets = {
  display_currency: 'USD',
  cash: [
    { currency: 'USD', available: 12_345, frozen: 2_000 },
    { currency: 'MYR', available: 10_000, frozen: 0 },
  ],
  points: 320,
  shopping_points: 45,
  gift_card: [{ currency: 'USD', available: 5_000, frozen: 0 }],
  rewards: [],
  total: 16_475,
  rates: [
    { currency: 'USD', rate: '1', source: 'fixed', date: '2026-11-23' },
    { currency: 'MYR', rate: '0.2130', source: 'operator', date: '2026-11-23' },
  ],
};

const refused = (msg: string) => ({ json: { code: 4100, msg, data: null } });
let member = memberFixture({ has_pay_password: true, google_bound: true });
const transfer = { id: 31, transfer_no: 'T2611230031', direction: 'out', counterparty: 'L**', currency: 'MYR', amount: 1_250_050, remark: 'rent', created_at: '2026-11-23T10:00:00.000Z' };

const api = await startFakeApi({
  '/user/wallet/asset': () => ok(assets),
  '/user/info/index': () => ok(member),
  '/user/transfer/info': (req) =>
    new URL(req.url, 'http://x').searchParams.get('account') === 'lee88'
      ? ok({ transfer: null, receiver: { masked_name: 'L**', user_name: 'lee88' } })
      : refused('No member with that user name, mobile or invitation code'),
  '/user/transfer/create': () => ok(transfer),
  '/user/transfer/list': () => ok({ list: [transfer, { ...transfer, id: 32, transfer_no: 'T2611230032', direction: 'in', counterparty: 'S**', amount: 500, remark: '' }], total: 2, page: 1, limit: 10, has_more: false }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  member = memberFixture({ has_pay_password: true, google_bound: true });
  useSession.getState().signIn('member-token', member);
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const type = (name: string, value: string) => fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });
const sent = (path: string) => api.requests.filter((r) => r.url.startsWith(path));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.wallet.assets, element: <WalletPage /> },
      { path: paths.wallet.transfer, element: <TransferPage /> },
      { path: paths.wallet.transfers, element: <TransferListPage /> },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('wallet page', () => {
  it('shows each balance with its frozen part, points, gift cards and the total with the rate used', async () => {
    renderAt(paths.wallet.assets);
    expect(await screen.findByText('$164.75')).toBeTruthy();
    expect(screen.getByText('Total assets (USD)')).toBeTruthy();
    expect(screen.getByText('1 MYR = 0.2130 USD (rate of 2026-11-23)')).toBeTruthy();
    expect(screen.getByText('$123.45')).toBeTruthy();
    expect(screen.getByText('$20.00')).toBeTruthy();
    expect(screen.getByText('RM100.00')).toBeTruthy();
    expect(screen.getByText('320')).toBeTruthy();
    expect(screen.getByText('45')).toBeTruthy();
    expect(screen.getByText('$50.00')).toBeTruthy();
    expect(screen.getByText(/held for withdrawals under review/)).toBeTruthy();
  });

  it('leads to the wallet actions', async () => {
    const router = renderAt(paths.wallet.assets);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(router.state.location.pathname).toBe(paths.wallet.withdraw);
  });
});

describe('transfer page', () => {
  it('names the first missing field, then refuses an unknown receiver without sending', async () => {
    renderAt(paths.wallet.transfer);
    await screen.findByRole('option', { name: 'MYR' }).catch(() => screen.findByText('MYR'));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await toastText()).toBe('Please enter Receiver');
    await clearToasts();
    type('account', 'nobody');
    type('amount', '12.345');
    type('pay_password', '123456');
    type('google_code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await toastText()).toBe('Please enter a valid amount (up to 2 decimals)');
    await clearToasts();
    type('amount', '12,500.50');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await toastText()).toBe('No member with that user name, mobile or invitation code');
    expect(sent('/user/transfer/create')).toHaveLength(0);
  });

  it('asks for the authenticator code once one is bound', async () => {
    renderAt(paths.wallet.transfer);
    await screen.findByText('MYR');
    type('account', 'lee88');
    type('amount', '10');
    type('pay_password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await toastText()).toBe('Please enter Google code');
  });

  it('shows the receiver, confirms, sends once with an idempotency key and lists the transfer', async () => {
    const router = renderAt(paths.wallet.transfer);
    await screen.findByText('MYR');
    fireEvent.click(screen.getByText('MYR'));
    type('account', 'lee88');
    expect(await screen.findByText('Receiver: L**')).toBeTruthy();
    type('amount', '12,500.50');
    type('remark', 'rent');
    type('pay_password', '123456');
    type('google_code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Send 12,500.50 MYR to L**?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.transfers));
    expect(await toastText()).toBe('RM12500.50 sent to L**');
    const [create] = sent('/user/transfer/create');
    expect(JSON.parse(create!.body)).toEqual({ account: 'lee88', amount: '12,500.50', currency: 'MYR', remark: 'rent', pay_password: '123456', google_code: '654321' });
    expect(create!.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('To L**')).toBeTruthy();
    expect(screen.getByText('From S**')).toBeTruthy();
    expect(screen.getByText('-RM12500.50')).toBeTruthy();
    expect(screen.getByText('RM5.00')).toBeTruthy();
    await act(async () => {});
  });
});
