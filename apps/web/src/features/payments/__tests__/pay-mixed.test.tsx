import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import type { PayMethod } from '@shop/contract/payments';
import PayNextPage from '../pages/pay-next-page';

// An order of $43.22 and $10.00 in the wallet: ticking the balance, the card takes the rest and its
// fee on the rest, as the server quotes it (the quote is what paying charges).

const method = (fields: Partial<PayMethod> & Pick<PayMethod, 'pay_way' | 'name'>): PayMethod => ({ gateway: null, method: 'balance', currency: 'USD', fee_rate_bp: 0, fee_fixed: 0, fee: 0, total: 4322, balance: null, needed: null, usable: true, ...fields });
const methods = [
  method({ pay_way: 'stripe_card', name: 'Card', gateway: 'stripe', method: 'card', fee_rate_bp: 290, fee: 125, total: 4447 }),
  method({ pay_way: 'balance', name: 'Wallet balance', method: 'cash', balance: 1000, needed: 4322, usable: false }),
];
const withBalance = (url: string) => new URL(url, 'http://x').searchParams.get('use_balance') === '1';
const api = await startFakeApi({
  '/user/info/index': () => ok(memberFixture({ has_pay_password: true, google_bound: false })),
  '/shop/order/payWayCostTotal': () => ok({ order_no: '2611230000000009', currency: 'USD', amount: 4322, chosen: 'stripe_card', list: methods }),
  '/shop/order/choosePayWay': () => ok({ order_no: '2611230000000009', pay_way: 'stripe_card', currency: 'USD', amount: 4322, fee: 125, total: 4447 }),
  '/shop/order/payWayCost': (r) =>
    ok(withBalance(r.url) ? { pay_way: 'stripe_card', currency: 'USD', amount: 4322, balance_part: 1000, gateway_part: 3418, fee: 96, total: 4418 } : { pay_way: 'stripe_card', currency: 'USD', amount: 4322, balance_part: 0, gateway_part: 4447, fee: 125, total: 4447 }),
  '/oms/viewNotice/notice': (r) => {
    const mixed = (JSON.parse(r.body) as { use_balance?: boolean }).use_balance === true;
    const [charge, fee] = mixed ? ['34.18', '0.96'] : ['44.47', '1.25'];
    return ok({ pay_way: 'stripe_card', title: 'Before you pay', paragraphs: [`You pay ${charge} USD with Card, a payment service outside the shop.`, `This method costs a fee of ${fee} USD, included in the amount.`], currency: 'USD', amount: 4322, fee: mixed ? 96 : 125, read_at: '2026-11-23T10:00:00.000Z', reads: 1 });
  },
});

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  api.requests.length = 0;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

describe('paying with the balance beside a card', () => {
  it('shows the card part, its fee and the total the server quotes for the split, and the notice for that charge', async () => {
    renderRoutes({ [paths.goods.payNext]: <PayNextPage /> }, `${paths.goods.payNext}?order_id=9`);
    // The card alone: the whole order plus its fee.
    expect(await screen.findByText('Including a fee of $1.25')).toBeTruthy();
    expect(await screen.findByText('You pay 44.47 USD with Card, a payment service outside the shop.')).toBeTruthy();

    fireEvent.click(screen.getByText('Use my wallet balance ($10.00)'));
    expect(await screen.findByText('Wallet balance $10.00 + online $34.18')).toBeTruthy();
    expect(screen.getByText('Including a fee of $0.96')).toBeTruthy();
    expect(screen.getByText('Total $44.18')).toBeTruthy();
    // The card's row says what the card takes now.
    expect(screen.getByText('$34.18')).toBeTruthy();
    expect(screen.getByText('Fee $0.96')).toBeTruthy();
    expect(screen.getByText(/\$10\.00 of your balance is held and taken once the rest, \$33\.22 plus/)).toBeTruthy();
    expect(await screen.findByText('You pay 34.18 USD with Card, a payment service outside the shop.')).toBeTruthy();
    // Nothing on the page still names the card-alone charge or fee.
    expect(screen.queryByText(/44\.47|1\.25/)).toBeNull();
    expect(api.requests.some((r) => r.url.startsWith('/shop/order/payWayCost?') && withBalance(r.url))).toBe(true);

    // Unticked: back to the card alone.
    fireEvent.click(screen.getByText('Use my wallet balance ($10.00)'));
    await waitFor(() => expect(screen.getByText('Including a fee of $1.25')).toBeTruthy());
    expect(screen.queryByText('Wallet balance $10.00 + online $34.18')).toBeNull();
  });
});
