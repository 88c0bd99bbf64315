import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
import RechargeInfoPage from '../pages/recharge-info-page';
import RechargeListPage from '../pages/recharge-list-page';

// An unpaid top-up says what is still to pay, and the member reaches it from the records list and
// pays it from there: its gateway's page again, or a new payment when the last one failed.

const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
const topUp = (fields: Record<string, unknown> = {}) => ({
  id: 61, order_no: 'R2611300061', channel: 'online', kind: 'online', status: 'awaiting_payment', pay_currency: 'USD', pay_amount: 100, fee: 0, wallet_currency: 'MYR', credit_amount: 416,
  rate: '4.16', rate_source: 'ecb', rate_date: '2026-11-30', instalments: null, slip: null, tx_hash: null, network: null, reason: null, created_at: '2026-11-30T10:00:00.000Z', paid_at: null, expires_at: inAnHour,
  ...fields,
});
const payment = (fields: Record<string, unknown> = {}) => ({
  payment_no: 'P2611300000000061', order_type: 'recharge', order_id: 61, order_no: 'R2611300061', pay_way: 'stripe_card', gateway: 'stripe', status: 'pending', state: 'in_progress', currency: 'USD', amount: 100, fee: 0,
  balance_part: 0, gateway_part: 100, points: null, redirect_url: 'https://checkout.example/pay/pi_61', client_secret: null, sdk_params: null, expires_at: inAnHour, finished_at: null, message: null,
  ...fields,
});

let record = topUp();
let latest: ReturnType<typeof payment> | undefined = payment();
let started = payment({ payment_no: 'P2611300000000062', redirect_url: null });
const api = await startFakeApi({
  '/user/recharge/orderList': () => ok({ list: [record], total: 1, page: 1, limit: 10, has_more: false }),
  '/user/recharge/orderInfo': () => ok(record),
  '/shop/buy/payInfo': (req) => {
    const q = new URL(req.url, 'http://x').searchParams;
    if (q.get('payment_no') === started.payment_no) return ok(started);
    return latest ? ok(latest) : { json: { code: 6203, msg: 'Payment not found', data: null } };
  },
  '/shop/order/payWayCostTotal': () =>
    ok({ order_no: 'R2611300061', currency: 'USD', amount: 100, chosen: null, list: [{ pay_way: 'stripe_card', name: 'Card', gateway: 'stripe', method: 'card', currency: 'USD', fee_rate_bp: 0, fee_fixed: 0, fee: 0, total: 100, balance: null, needed: null, usable: true }] }),
  '/shop/buy/payOrder': () => ok(started),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture({ has_pay_password: true }));
  api.requests.length = 0;
  record = topUp();
  latest = payment();
  started = payment({ payment_no: 'P2611300000000062', redirect_url: null });
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

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
  return router;
}

const sent = (path: string) => api.requests.filter((r) => r.url.startsWith(path));

describe('an unpaid top-up', () => {
  it('says what is still to pay, what was paid once paid, and what was never paid once expired', async () => {
    renderAt(`${paths.wallet.rechargeInfo}?id=61`);
    expect(await screen.findByText('Awaiting payment')).toBeTruthy();
    expect(screen.getByText('To pay $1.00')).toBeTruthy();
    expect(screen.queryByText(/^Paid /)).toBeNull();
    cleanup();

    record = topUp({ status: 'paid', paid_at: '2026-11-30T10:01:00.000Z' });
    renderAt(`${paths.wallet.rechargeInfo}?id=61`);
    expect(await screen.findByText('Credited')).toBeTruthy();
    expect(screen.getByText('Paid $1.00')).toBeTruthy();
    cleanup();

    record = topUp({ status: 'expired', expires_at: '2026-11-30T10:30:00.000Z' });
    renderAt(`${paths.wallet.rechargeInfo}?id=61`);
    expect(await screen.findByText('Expired')).toBeTruthy();
    expect(screen.getByText('Not paid: $1.00')).toBeTruthy();
    // Nothing to pay any more: no way to the gateway, no new payment.
    expect(screen.queryByRole('link', { name: 'Go to the payment page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    cleanup();

    record = topUp();
    await act(() => i18n.changeLanguage('zh-cn'));
    renderAt(`${paths.wallet.rechargeInfo}?id=61`);
    expect(await screen.findByText('待支付 $1.00')).toBeTruthy();
  }, 15_000);

  it('opens from the records list, and its gateway page is offered again without a payment number in the address', async () => {
    const router = renderAt(paths.wallet.recharges);
    expect(await screen.findByText('To pay $1.00')).toBeTruthy();
    fireEvent.click(screen.getByText('To pay $1.00'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.rechargeInfo));
    expect(router.state.location.search).toBe('?id=61');
    const go = await screen.findByRole('link', { name: 'Go to the payment page' });
    expect(go.getAttribute('href')).toBe('https://checkout.example/pay/pi_61');
    // The top-up's newest payment was asked for (the server asks its gateway meanwhile).
    expect(sent('/shop/buy/payInfo?')[0]!.url).toContain('order_id=61');
    expect(sent('/shop/buy/payInfo?')[0]!.url).toContain('order_type=recharge');
  }, 15_000);

  it('after a failed payment, or with none, offers to pay it, which starts a payment and follows it', async () => {
    latest = payment({ status: 'failed', state: 'failed', redirect_url: null, message: 'Payment Failed' });
    const router = renderAt(`${paths.wallet.rechargeInfo}?id=61`);
    expect(await screen.findByText('To pay $1.00')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to the payment page' })).toBeNull();
    // The failed payment is said, and paying is offered as trying again.
    expect((await screen.findByRole('alert')).textContent).toContain('Nothing was charged');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?id=61&payment_no=${started.payment_no}`));
    const [pay] = sent('/shop/buy/payOrder');
    expect(JSON.parse(pay!.body)).toMatchObject({ order_type: 'recharge', order_id: 61, pay_way: 'stripe_card' });
    cleanup();

    latest = undefined;
    renderAt(`${paths.wallet.rechargeInfo}?id=61`);
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeTruthy();
  }, 15_000);

  it('a top-up sent for review offers no payment', async () => {
    record = topUp({ kind: 'bank_transfer', channel: 'bank', status: 'under_review', slip: 'https://cdn.example/slip.png', expires_at: null });
    renderAt(`${paths.wallet.rechargeInfo}?id=61`);
    expect(await screen.findByText('Sent $1.00')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(sent('/shop/buy/payInfo')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });
});
