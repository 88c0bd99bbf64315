import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';

type Status = 'pending' | 'approved' | 'rejected' | 'withdrawn' | null;
let status: Status = null;
type Money = Array<{ kind: string; currency: string; amount: number }>;
let money: Money = [];
let forfeited = { points: 0, shopping_points: 0 };
let openAfterSales = false;
let openShop = false;
const user = memberFixture({ user_name: 'member01', email: 'mia@example.com' });
const api = await startFakeApi({
  '/user/cancel_account/info': () =>
    ok({
      request: status ? { id: 1, status, reason: null, created_at: '2026-11-20T00:00:00.000Z', reviewed_at: null } : null,
      blocked: money.length > 0 || openAfterSales || openShop,
      open_orders: false,
      open_after_sales: openAfterSales,
      open_shop: openShop,
      money,
      forfeited,
    }),
  '/user/info/index': () => ok({ ...user, google_bound: false, real_name_status: 'none' }),
  '/user/message/total': () => ok({ unread: 0 }),
});

beforeAll(() => prepareApp());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  useSession.getState().clear();
  status = null;
  money = [];
  forfeited = { points: 0, shopping_points: 0 };
  openAfterSales = false;
  openShop = false;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});
afterAll(() => api.close());

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const logIn = () => useSession.getState().signIn('tok-1', user);

describe('the page after closing the account (logOff/finish)', () => {
  it('does not tell an active member the account is closed', async () => {
    logIn();
    renderAt(paths.login.cancelAccountDone);
    expect(await screen.findByText('Your account is open')).toBeTruthy();
    expect(screen.queryByText('Account closed')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Account cancelled' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to account closure' })).toBeTruthy();
  });

  it('asks a visitor to log in instead of announcing a closure', async () => {
    renderAt(paths.login.cancelAccountDone);
    expect(await screen.findByText('Log in first')).toBeTruthy();
    expect(screen.queryByText('Account closed')).toBeNull();
  });

  it('says the account is closed when the confirmation led here', async () => {
    const router = renderAt(paths.tabbar.home);
    router.navigate(paths.login.cancelAccountDone, { replace: true, state: { closed: true } });
    expect(await screen.findByText('Account closed')).toBeTruthy();
  });
});

describe('the confirmation page (logOff/rightEmail)', () => {
  it('offers no "Close my account" while the request is under review', async () => {
    logIn();
    status = 'pending';
    renderAt(paths.login.cancelAccountConfirm);
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close my account' })).toBeNull();
  });

  it('offers no "Close my account" without an approved request', async () => {
    logIn();
    status = 'rejected';
    renderAt(paths.login.cancelAccountConfirm);
    expect(await screen.findByText('No approved request')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close my account' })).toBeNull();
  });

  it('sends a visitor to log in, to come back here, and never reads "to ."', async () => {
    const router = renderAt(paths.login.cancelAccountConfirm);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`${paths.login.login}?redirect=${encodeURIComponent(paths.login.cancelAccountConfirm)}`);
    expect(document.body.textContent).not.toContain('to .');
    expect(screen.queryByRole('button', { name: 'Close my account' })).toBeNull();
  });

  it('shows the form with the masked address once the request is approved', async () => {
    logIn();
    status = 'approved';
    renderAt(paths.login.cancelAccountConfirm);
    expect(await screen.findByRole('button', { name: 'Close my account' })).toBeTruthy();
    expect(await screen.findByText(/We will send a verification code to m\S+\./)).toBeTruthy();
    expect(document.body.textContent).not.toContain('to .');
  });
});

describe('what closing the account weighs', () => {
  /** The amounts listed under `heading`, each as its label and amount. */
  const listed = (heading: string) =>
    [...screen.getByRole('heading', { name: heading }).closest('section')!.querySelectorAll('li')].map((li) => [li.querySelector('span')!.textContent, li.querySelector('strong')!.textContent]);

  it('before applying: the money left to withdraw or spend first, and the points given up, with their amounts', async () => {
    logIn();
    money = [
      { kind: 'gift_card', currency: 'USD', amount: 2000 },
      { kind: 'withdrawal', currency: 'THB', amount: 150_000 },
    ];
    forfeited = { points: 5000, shopping_points: 3000 };
    renderAt(paths.login.cancelAccount);
    expect(await screen.findByRole('heading', { name: 'Money still in your account' })).toBeTruthy();
    expect(screen.getByText('Withdraw or spend it first: an account with money in it cannot be closed.')).toBeTruthy();
    expect(listed('Money still in your account')).toEqual([
      ['Gift card', '$20.00'],
      ['Withdrawal under way', '฿1,500.00'],
    ]);
    expect(listed('Given up when the account closes')).toEqual([
      ['Points', '5,000'],
      ['Shopping points', '3,000'],
    ]);
    expect(screen.queryByText('Your account still has open orders: pay or cancel the unpaid ones and confirm receipt of the others')).toBeNull();
  });

  it('says why the account stays open: an after-sales case still open, the member shop still open', async () => {
    logIn();
    openAfterSales = true;
    openShop = true;
    renderAt(paths.login.cancelAccount);
    expect(await screen.findByText('An after-sales case of yours is still open. The account can be closed once it is finished.')).toBeTruthy();
    expect(screen.getByText('Your member shop is still open or has orders not yet settled. The account can be closed once the shop is closed and its orders are settled.')).toBeTruthy();
    expect(screen.queryByText('Your account still has open orders: pay or cancel the unpaid ones and confirm receipt of the others')).toBeNull();
  });

  it('nothing to weigh: neither list is shown', async () => {
    logIn();
    renderAt(paths.login.cancelAccount);
    expect(await screen.findByRole('button', { name: 'Apply to cancel the account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Money still in your account' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Given up when the account closes' })).toBeNull();
  });

  it('before confirming: the points given up, read again as the page opens', async () => {
    logIn();
    status = 'approved';
    forfeited = { points: 5000, shopping_points: 0 };
    renderAt(paths.login.cancelAccountConfirm);
    expect(await screen.findByRole('button', { name: 'Close my account' })).toBeTruthy();
    expect(listed('Given up when the account closes')).toEqual([['Points', '5,000']]);
    expect(screen.queryByRole('heading', { name: 'Money still in your account' })).toBeNull();
  });
});
