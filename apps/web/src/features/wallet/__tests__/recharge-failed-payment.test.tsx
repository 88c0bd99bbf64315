import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { ResponseCode } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
import RechargeInfoPage from '../pages/recharge-info-page';

// A card top-up whose payment the gateway refused: its record says so, that nothing was charged, and
// offers to try again, as the server says it; the gateway's `redirect_status` in the address proves nothing.

const topUp = {
  id: 1, order_no: 'R2611230001', channel: 'online', kind: 'online', status: 'awaiting_payment', pay_currency: 'USD', pay_amount: 2_000, fee: 0, wallet_currency: 'USD', credit_amount: 2_000,
  rate: '1', rate_source: 'identity', rate_date: '2026-11-23', instalments: null, slip: null, tx_hash: null, network: null, reason: null, created_at: '2026-11-23T10:00:00.000Z', paid_at: null,
  expires_at: '2999-01-01T00:00:00.000Z',
};
const pending = {
  payment_no: 'P2611230000000001', order_type: 'recharge', order_id: 1, order_no: 'R2611230001', pay_way: 'stripe_card', gateway: 'stripe', status: 'pending', state: 'in_progress', currency: 'USD', amount: 2_000, fee: 0,
  balance_part: 0, gateway_part: 2_000, points: null, redirect_url: 'https://checkout.example/pay/1', client_secret: null, sdk_params: null, expires_at: '2999-01-01T00:00:00.000Z', finished_at: null, message: null,
};
const failed = { ...pending, status: 'failed', state: 'failed', redirect_url: null, finished_at: '2026-11-23T10:02:00.000Z', message: 'Payment Failed' };

/** What the server answers for the payment; none: "not found", as for a top-up never paid. */
let answer: unknown = failed;
const api = await startFakeApi({
  '/user/recharge/orderInfo': () => ok(topUp),
  '/shop/buy/payInfo': () => (answer ? ok(answer) : { json: { code: ResponseCode.paymentNotFound, msg: 'Payment not found', data: null } }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
  api.requests.length = 0;
  answer = failed;
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: paths.wallet.rechargeInfo, element: <RechargeInfoPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const returned = (status: string) => `${paths.wallet.rechargeInfo}?id=1&payment_no=P2611230000000001&payment_intent=pi_1&redirect_status=${status}`;

describe('pages/my/rechargeInfo after a failed payment', () => {
  it('says the payment failed and nothing was charged, and offers to try again', async () => {
    renderAt(returned('failed'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment Failed');
    expect(alert.textContent).toContain('Nothing was charged');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.getByText('Awaiting payment')).toBeTruthy();
    expect(api.requests.some((r) => r.url.startsWith('/shop/buy/payInfo?payment_no=P2611230000000001'))).toBe(true);
  });

  it('says it in the member’s language (Traditional Chinese)', async () => {
    await act(() => i18n.changeLanguage('zh-tw'));
    renderAt(returned('failed'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('付款失敗');
    expect(alert.textContent).toContain('未產生任何扣款');
    expect(screen.getByRole('button', { name: '重新付款' })).toBeTruthy();
  });

  it('says nothing of a failure while the server still calls the payment under way, whatever the address says', async () => {
    answer = pending;
    renderAt(returned('failed'));
    expect(await screen.findByText('Go to the payment page')).toBeTruthy();
    expect(screen.queryByText(/Nothing was charged/)).toBeNull();
    expect(screen.queryByText('Payment Failed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a top-up with no payment yet offers to pay, not to try again', async () => {
    answer = undefined;
    renderAt(`${paths.wallet.rechargeInfo}?id=1`);
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeTruthy();
    expect(screen.queryByText(/Nothing was charged/)).toBeNull();
  });

  it('money the gateway took that the top-up could not take is owed back, never "nothing was charged"', async () => {
    answer = { ...failed, status: 'succeeded', message: 'Payment to be refunded', owed_back: { amount: 2_000, currency: 'USD', reason: 'not_payable', refunded: false } };
    renderAt(returned('succeeded'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment to be refunded');
    expect(alert.textContent).toContain('will be refunded');
    expect(alert.textContent).not.toContain('Nothing was charged');
  });
});
