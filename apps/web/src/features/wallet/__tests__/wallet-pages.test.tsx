import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
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

const api = await startFakeApi({
  '/user/wallet/asset': () => ok(assets),
  '/user/info': () => ok(memberFixture()),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
  api.requests.length = 0;
});
afterEach(() => cleanup());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.wallet.assets, element: <WalletPage /> },
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
