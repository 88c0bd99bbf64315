import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi, toastText } from '@/test/helpers';
import CharityOrdersPage from '../pages/charity-orders-page';
import CharityPage from '../pages/charity-page';

const cause = { id: 2, title: 'School meals in Kampot', description: 'A warm lunch for every pupil.', image: '', currency: 'USD', min_amount: 500, goal: 1_000_000, raised: 125_000, supporters: 48 };
let pledgeStatus: 'awaiting_payment' | 'cancelled' = 'awaiting_payment';
const pledge = () => ({ id: 15, order_no: 'L2611230000000015', cause_id: 2, cause_title: cause.title, amount: 2550, currency: 'USD', status: pledgeStatus, message: 'For the kids', created_at: '2026-11-23T10:00:00.000Z', expires_at: '2026-11-23T10:30:00.000Z', paid_at: null });
const api = await startFakeApi({
  '/attractive/lovers/userCenter': () => ok({ given: [{ currency: 'USD', amount: 12_000 }], count: 3, causes_supported: 2, causes: [cause] }),
  '/attractive/lovers/submitPay': () => ok(pledge()),
  '/attractive/lovers/orderList': () => ok({ list: [pledge()], total: 1, page: 1, limit: 10, has_more: false }),
  '/attractive/lovers/cancelOrder': () => {
    pledgeStatus = 'cancelled';
    return ok(pledge());
  },
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(async () => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  pledgeStatus = 'awaiting_payment';
  useSession.getState().signIn('member-token', null);
  await clearToasts();
});
afterEach(() => cleanup());

const renderAt = (path: string) =>
  renderRoutes(
    {
      [paths.charity.index]: <CharityPage />,
      [paths.charity.orders]: <CharityOrdersPage />,
      [paths.goods.payNext]: <p>pay next</p>,
    },
    path,
  );

describe('charity pages', () => {
  it('shows what the member has given and the causes; a pledge checks its amount and goes on to payment', async () => {
    const router = renderAt(paths.charity.index);
    expect(await screen.findByText('School meals in Kampot')).toBeTruthy();
    expect(screen.getByText('$120.00')).toBeTruthy();
    expect(screen.getByText('48 supporters', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await toastText()).toBe('Please enter Amount');
    await clearToasts();
    fireEvent.change(amount, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await toastText()).toBe('At least $5.00');
    await clearToasts();
    fireEvent.change(amount, { target: { value: '25.555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    expect(await toastText()).toBe('Enter an amount with up to 2 decimals');
    expect(api.requests.some((r) => r.url === '/attractive/lovers/submitPay')).toBe(false);
    fireEvent.change(amount, { target: { value: '25.50' } });
    fireEvent.change(screen.getByPlaceholderText('Message (optional)'), { target: { value: 'For the kids' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    expect(router.state.location.search).toBe('?order_id=15&order_type=charity');
    const sent = api.requests.filter((r) => r.url === '/attractive/lovers/submitPay').map((r) => JSON.parse(r.body));
    expect(sent).toEqual([{ cause_id: 2, amount: 2550, message: 'For the kids' }]);
  });

  it('reads the amount in the member\'s own number format: "25,50" in Hungarian pledges 25.50, not 2550', async () => {
    await i18n.changeLanguage('hu');
    try {
      const router = renderAt(paths.charity.index);
      expect(await screen.findByText('School meals in Kampot')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: i18n.t('orders.charity.pledge') }));
      fireEvent.change(screen.getByRole('textbox', { name: i18n.t('orders.charity.amount') }), { target: { value: '25,50' } });
      fireEvent.click(screen.getByRole('button', { name: i18n.t('orders.charity.pledge') }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
      const sent = api.requests.filter((r) => r.url === '/attractive/lovers/submitPay').map((r) => JSON.parse(r.body) as { amount: number });
      expect(sent.at(-1)!.amount).toBe(2550);
    } finally {
      await i18n.changeLanguage('en-us');
    }
  });

  it('lists the pledges; an unpaid one is cancelled after asking', async () => {
    renderAt(paths.charity.orders);
    expect(await screen.findByText('Awaiting payment')).toBeTruthy();
    expect(screen.getByText('$25.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel pledge' }));
    fireEvent.click(await screen.findByText('Yes'));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel pledge' })).toBeNull();
    expect(api.requests.filter((r) => r.url === '/attractive/lovers/cancelOrder').map((r) => JSON.parse(r.body))).toEqual([{ id: 15 }]);
  });
});
