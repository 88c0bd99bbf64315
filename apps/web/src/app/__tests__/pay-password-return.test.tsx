import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, renderRoutes, startFakeApi, toastText } from '@/test/helpers';
import PayNextPage from '@/features/payments/pages/pay-next-page';
import SettingPage from '@/app/pages/setting-page';

// A member without a pay password, about to pay an order from the wallet, follows "Set it in
// Settings": once the pay password is saved there, they are back on the order's pay page.

let hasPayPassword = false;
const api = await startFakeApi({
  '/user/info/index': () => ok(memberFixture({ has_pay_password: hasPayPassword })),
  '/shop/order/payWayCostTotal': () =>
    ok({
      order_no: '2611230000000007',
      currency: 'USD',
      amount: 4190,
      chosen: null,
      list: [{ pay_way: 'balance', name: 'Wallet balance', gateway: null, method: 'balance', currency: 'USD', fee_rate_bp: 0, fee_fixed: 0, fee: 0, total: 4190, balance: 10_000, needed: 4190, usable: true }],
    }),
  '/user/reset/pay_password': () => {
    hasPayPassword = true;
    return ok({ ok: true });
  },
});

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  hasPayPassword = false;
  useSession.getState().signIn('member-token', memberFixture({ has_pay_password: false }));
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const type = (name: string, value: string) => fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });

describe('setting the pay password from the pay page', () => {
  it('returns to the unpaid order’s pay page once saved, which then asks for the new password', async () => {
    const payPage = `${paths.goods.payNext}?order_id=7`;
    const router = renderRoutes({ [paths.goods.payNext]: <PayNextPage />, [paths.other.settings]: <SettingPage /> }, payPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Set it in Settings' }));

    const sheet = await screen.findByRole('dialog');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.other.settings));
    type('pay_password', '135790');
    type('pay_password_confirm', '135790');
    type('code', '123456');
    type('current_password', 'my-secret-pass');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await toastText()).toBe('Saved');

    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(payPage));
    expect(await screen.findByText('Wallet balance')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Set it in Settings' })).toBeNull());
  });

  it('never follows a return address outside the app', async () => {
    const router = renderRoutes({ [paths.other.settings]: <SettingPage /> }, `${paths.other.settings}?section=payPassword&return=${encodeURIComponent('https://evil.example/pages/x')}`);
    const sheet = await screen.findByRole('dialog');
    type('pay_password', '135790');
    type('pay_password_confirm', '135790');
    type('code', '123456');
    type('current_password', 'my-secret-pass');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await toastText()).toBe('Saved');
    expect(router.state.location.pathname).toBe(paths.other.settings);
  });
});
