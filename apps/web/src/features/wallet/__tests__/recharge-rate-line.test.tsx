import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
import RechargeInfoPage from '../pages/recharge-info-page';
import RechargeListPage from '../pages/recharge-list-page';

// A top-up's rate line says how the money paid became the money credited: there is none to say when
// the member paid in the wallet's own currency.

const topUp = (fields: Record<string, unknown>) => ({
  id: 71, order_no: 'R2611300071', channel: 'bank', kind: 'bank_transfer', status: 'paid', pay_currency: 'MYR', pay_amount: 5_000, fee: 0, wallet_currency: 'MYR', credit_amount: 5_000,
  rate: '1', rate_source: 'identity', rate_date: '2026-11-30', instalments: null, slip: null, tx_hash: null, network: null, reason: null, created_at: '2026-11-30T10:00:00.000Z', paid_at: '2026-11-30T10:05:00.000Z', expires_at: null,
  ...fields,
});
const sameCurrency = topUp({});
const converted = topUp({ id: 72, order_no: 'R2611300072', pay_currency: 'USD', pay_amount: 1_000, credit_amount: 4_160, rate: '4.16', rate_source: 'ecb' });

const api = await startFakeApi({
  '/user/recharge/orderList': () => ok({ list: [converted, sameCurrency], total: 2, page: 1, limit: 10, has_more: false }),
  '/user/recharge/orderInfo': (req) => ok(new URL(req.url, 'http://x').searchParams.get('id') === '72' ? converted : sameCurrency),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
});
afterEach(() => cleanup());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.wallet.recharges, element: <RechargeListPage /> },
      { path: paths.wallet.rechargeInfo, element: <RechargeInfoPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const recordOf = async (id: number) => {
  const no = await screen.findByText(new RegExp(`R26113000${id}`));
  return no.closest('[data-recharge]') as HTMLElement;
};

describe('the rate line of a top-up', () => {
  it('in the records list: shown for a converted top-up only, never "1 MYR = 1 MYR"', async () => {
    renderAt(paths.wallet.recharges);
    expect((await recordOf(72)).textContent).toContain('1 USD = 4.16 MYR');
    expect((await recordOf(71)).textContent).not.toMatch(/1 MYR = 1 MYR|rate of/);
  });

  it('on the top-up’s own page: no rate line when paid in the wallet’s currency', async () => {
    renderAt(`${paths.wallet.rechargeInfo}?id=71`);
    expect((await recordOf(71)).textContent).not.toMatch(/1 MYR = 1 MYR|rate of/);
    cleanup();
    renderAt(`${paths.wallet.rechargeInfo}?id=72`);
    expect((await recordOf(72)).textContent).toContain('1 USD = 4.16 MYR');
  });
});
