import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
import RechargeInfoPage from '../pages/recharge-info-page';

// The top-up record a gateway's page returns to: it shows the server's state, read again while unpaid.

const topUp = {
  id: 52, order_no: 'R2611230052', channel: 'online', kind: 'online', status: 'awaiting_payment', pay_currency: 'MYR', pay_amount: 2_000, fee: 0, wallet_currency: 'MYR', credit_amount: 2_000,
  rate: '1', rate_source: 'identity', rate_date: '2026-11-23', instalments: null, slip: null, tx_hash: null, network: null, reason: null, created_at: '2026-11-23T10:00:00.000Z', paid_at: null, expires_at: '2026-11-23T10:30:00.000Z',
};
const payment = {
  payment_no: 'P1', order_type: 'recharge', order_id: 52, order_no: 'R2611230052', pay_way: 'stripe_card', gateway: 'stripe', status: 'pending', state: 'in_progress', currency: 'MYR', amount: 2_000, fee: 0,
  balance_part: 0, gateway_part: 2_000, points: null, redirect_url: null, client_secret: null, sdk_params: null, expires_at: '2026-11-23T10:30:00.000Z', finished_at: null, message: null,
};
let readings = 0;
const api = await startFakeApi({
  // Unpaid for the first two readings, then credited: as a webhook or the payment's inquiry settles it.
  '/user/recharge/orderInfo': () => (++readings <= 2 ? ok(topUp) : ok({ ...topUp, status: 'paid', paid_at: '2026-11-23T10:01:00.000Z' })),
  '/shop/buy/payInfo': () => ok(readings <= 2 ? payment : { ...payment, status: 'succeeded', state: 'success', finished_at: '2026-11-23T10:01:00.000Z' }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
  api.requests.length = 0;
  readings = 0;
});
afterEach(() => cleanup());

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: paths.wallet.rechargeInfo, element: <RechargeInfoPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('pages/my/rechargeInfo', () => {
  it('shows "awaiting payment" until the server says credited, asking about the payment meanwhile', async () => {
    renderAt(`${paths.wallet.rechargeInfo}?id=52&payment_no=P1`);
    expect(await screen.findByText('Awaiting payment')).toBeTruthy();
    expect(screen.queryByText('Credited')).toBeNull();
    expect(await screen.findByText('Credited', {}, { timeout: 6000 })).toBeTruthy();
    expect(api.requests.some((r) => r.url.startsWith('/shop/buy/payInfo?payment_no=P1'))).toBe(true);
    const reads = api.requests.filter((r) => r.url.startsWith('/user/recharge/orderInfo')).length;
    await new Promise((res) => setTimeout(res, 1500));
    // Credited: no more readings.
    expect(api.requests.filter((r) => r.url.startsWith('/user/recharge/orderInfo')).length).toBe(reads);
  }, 15_000);

  it('an unknown record says so', async () => {
    renderAt(`${paths.wallet.rechargeInfo}?id=0`);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
