import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
import { installFakeShell, type FakeShellCall } from '@/test/fake-shell';
import { useNativeShell } from '@/stores/app-flags';
import RechargeInfoPage from '../pages/recharge-info-page';
import RechargePage from '../pages/recharge-page';

// An online top-up: created, then paid through a gateway method of the payments area; the member
// lands on the top-up's record, which shows the server's state.

const topUp = {
  id: 53, order_no: 'R2611230053', channel: 'online', kind: 'online', status: 'awaiting_payment', pay_currency: 'MYR', pay_amount: 2_000, fee: 0, wallet_currency: 'MYR', credit_amount: 2_000,
  rate: '1', rate_source: 'identity', rate_date: '2026-11-23', instalments: null, slip: null, tx_hash: null, network: null, reason: null, created_at: '2026-11-23T10:00:00.000Z', paid_at: null, expires_at: '2026-11-23T10:30:00.000Z',
};
const method = (pay_way: string, gateway: string | null, m: string) => ({ pay_way, name: pay_way, gateway, method: m, currency: 'MYR', fee_rate_bp: 0, fee_fixed: 0, fee: 0, total: 2_000, balance: null, needed: null, usable: true });
const payment = {
  payment_no: 'P53', order_type: 'recharge', order_id: 53, order_no: 'R2611230053', pay_way: 'stripe_card', gateway: 'stripe', status: 'pending', state: 'in_progress', currency: 'MYR', amount: 2_000, fee: 0,
  balance_part: 0, gateway_part: 2_000, points: null, redirect_url: null, client_secret: 'pi_x_secret', sdk_params: null, expires_at: '2026-11-23T10:30:00.000Z', finished_at: null, message: null,
};
// The gateway's hosted page, when the test's payment has one.
let hostedPage: string | null = null;
const api = await startFakeApi({
  '/user/recharge/config': () =>
    ok({ wallet_currency: 'MYR', currencies: ['MYR'], channels: [{ code: 'online', kind: 'online', name: 'Card', currencies: ['MYR'], min: 100, max: 10_000_000 }], collection_accounts: [], instalment_plans: [], crypto_networks: [] }),
  '/attractive/currency/changeRatio': () => ok({ from: 'MYR', to: 'MYR', rate: '1', source: 'identity', date: '2026-11-23', amount: 2_000, converted: 2_000 }),
  '/user/recharge/create': () => ok(topUp),
  '/shop/order/payWayCostTotal': () => ok({ order_no: 'R2611230053', currency: 'MYR', amount: 2_000, chosen: null, list: [method('stripe_fpx', 'stripe', 'fpx'), method('stripe_card', 'stripe', 'card')] }),
  '/shop/buy/payOrder': () => ok({ ...payment, redirect_url: hostedPage }),
  '/shop/buy/payInfo': () => ok({ ...payment, redirect_url: hostedPage }),
  '/user/recharge/orderInfo': () => ok(topUp),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture({ has_pay_password: true }));
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  hostedPage = null;
  delete (window as { flutter_inappwebview?: unknown }).flutter_inappwebview;
  useNativeShell.setState({ isNativeShell: false });
  await clearToasts();
  await act(() => i18n.changeLanguage('en-us'));
});

/** The recharge page in its router, at the top-up form. */
function renderRecharge() {
  const router = createMemoryRouter(
    [
      { path: paths.wallet.recharge, element: <RechargePage /> },
      { path: paths.wallet.rechargeInfo, element: <RechargeInfoPage /> },
    ],
    { initialEntries: [paths.wallet.recharge] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Tops up `amount` through the online channel and confirms it. */
async function topUpAndConfirm(amount: string) {
  await screen.findAllByText('Online payment (card, e-wallet)');
  fireEvent.change(document.querySelector('input[name="amount"]')!, { target: { value: amount } });
  fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
}

describe('recharge page, online channel', () => {
  it('offers the channel and the currency as named groups of choices Tab reaches, each telling whether it is chosen', async () => {
    renderRecharge();
    await screen.findAllByText('Online payment (card, e-wallet)');
    for (const group of ['Channel', 'Currency']) {
      const choices = within(screen.getByRole('radiogroup', { name: group })).getAllByRole('radio');
      expect(choices.length, group).toBeGreaterThan(0);
      for (const choice of choices) {
        // Real buttons: Enter and Space press them as any button.
        expect(choice.tagName, group).toBe('BUTTON');
        choice.focus();
        expect(document.activeElement, group).toBe(choice);
        expect(['true', 'false'], group).toContain(choice.getAttribute('aria-checked'));
      }
      fireEvent.click(choices.at(-1)!);
      expect(within(screen.getByRole('radiogroup', { name: group })).getAllByRole('radio').at(-1)!.getAttribute('aria-checked'), group).toBe('true');
    }
  });

  it('creates the top-up, pays it with a card method, and lands on its record still awaiting payment', async () => {
    const router = renderRecharge();
    await topUpAndConfirm('20');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.rechargeInfo));
    expect(router.state.location.search).toBe('?id=53&payment_no=P53');
    const pay = api.requests.find((r) => r.url.startsWith('/shop/buy/payOrder'))!;
    expect(JSON.parse(pay.body)).toMatchObject({ order_type: 'recharge', order_id: 53, pay_way: 'stripe_card' });
    expect(pay.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('Awaiting payment')).toBeTruthy();
    expect(screen.queryByText('Credited')).toBeNull();
  }, 15_000);

  it('asks to confirm with the channel named as the list names it and the amount as money, in the member’s language', async () => {
    renderRecharge();
    await screen.findAllByText('Online payment (card, e-wallet)');
    fireEvent.change(document.querySelector('input[name="amount"]')!, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    // Not the server's own name ("Card") nor the amount as typed ("20 MYR").
    expect(await screen.findByText('Top up RM 20.00 through Online payment (card, e-wallet)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    cleanup();
    await clearToasts();
    await act(() => i18n.changeLanguage('th'));
    renderRecharge();
    await screen.findAllByText('ชำระออนไลน์ (บัตร, อีวอลเล็ต)');
    fireEvent.change(document.querySelector('input[name="amount"]')!, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'เติมเงิน' }));
    expect(await screen.findByText('เติมเงิน RM 50.00 ผ่าน ชำระออนไลน์ (บัตร, อีวอลเล็ต) หรือไม่?')).toBeTruthy();
    expect(api.requests.filter((r) => r.url.startsWith('/user/recharge/create'))).toHaveLength(0);
  }, 15_000);
});

describe('an online top-up inside the native shell', () => {
  const shellCalls = () => (window as { __shellCalls?: FakeShellCall[] }).__shellCalls ?? [];

  it('hands the gateway page to the shell, back to the record; after a cancel the record offers the page again', async () => {
    hostedPage = 'https://checkout.example/pay/P53';
    installFakeShell({ readyAfterMs: 0, marksReady: true, replies: { openExternal: { answer: { ok: false, error: 'cancelled' } } } });
    useNativeShell.setState({ isNativeShell: true });
    const router = renderRecharge();
    await topUpAndConfirm('20');
    // Not opened in the web view: the shell was asked, and the member is on the top-up's record.
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wallet.rechargeInfo));
    expect(shellCalls()).toHaveLength(1);
    expect(shellCalls()[0]).toMatchObject({ name: 'openExternal', args: { url: hostedPage } });
    expect(String((shellCalls()[0]!.args as { returnTo: string }).returnTo)).toContain(`#${paths.wallet.rechargeInfo}?id=53&payment_no=P53`);
    const again = await screen.findByRole('button', { name: 'Go to the payment page' });

    installFakeShell({ readyAfterMs: 0, marksReady: true, replies: { openExternal: { answer: { ok: false, error: 'denied' } } } });
    await act(async () => fireEvent.click(again));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not open the payment page. Tap the button to try again.');
    installFakeShell({ readyAfterMs: 0, marksReady: true, replies: { openExternal: { answer: { ok: true } } } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go to the payment page' })));
    expect(await screen.findByText('Finish paying in the other app. This page shows the result when you come back.')).toBeTruthy();
  }, 15_000);
});
