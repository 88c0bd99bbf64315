import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, startFakeApi, clearToasts, renderRoutes, fieldRefusal } from '@/test/helpers';
import { ResponseCode } from '@shop/contract/common';
import type { PayMethod } from '@shop/contract/payments';
import { pollDelay } from '../api/get-payment';
import PayFinishPage from '../pages/pay-finish-page';
import PayNextPage from '../pages/pay-next-page';
import PayNormalPage from '../pages/pay-normal-page';
import StripePayPage from '../pages/stripe-pay-page';
import WeixinGoPage from '../pages/weixin-go-page';

const method = (fields: Partial<PayMethod> & Pick<PayMethod, 'pay_way' | 'name'>): PayMethod => ({ gateway: null, method: 'balance', currency: 'USD', fee_rate_bp: 0, fee_fixed: 0, fee: 0, total: 4190, balance: null, needed: null, usable: true, ...fields });
const methods = [
  method({ pay_way: 'balance', name: 'Wallet balance', balance: 10_000, needed: 4190 }),
  method({ pay_way: 'points', name: 'Points', method: 'points', currency: 'USD', balance: 120, needed: 4190, usable: false }),
  method({ pay_way: 'stripe_card', name: 'Card', gateway: 'stripe', method: 'card', fee_rate_bp: 300, fee: 126, total: 4316 }),
  method({ pay_way: 'alipay_wap', name: 'Alipay', gateway: 'alipay', method: 'alipay_wap' }),
  method({ pay_way: 'gift_card', name: 'Gift card', method: 'gift_card', balance: 5000, needed: 4190 }),
];
const payment = (fields: Record<string, unknown>) => ({
  payment_no: 'P2611230000000001',
  order_type: 'order',
  order_id: 7,
  order_no: '2611230000000007',
  pay_way: 'balance',
  gateway: null,
  status: 'succeeded',
  state: 'success',
  currency: 'USD',
  amount: 4190,
  fee: 0,
  balance_part: 4190,
  gateway_part: 0,
  points: null,
  redirect_url: null,
  client_secret: null,
  sdk_params: null,
  expires_at: '2026-11-23T11:00:00.000Z',
  finished_at: '2026-11-23T10:01:00.000Z',
  message: null,
  ...fields,
});
const hosted = 'http://127.0.0.1:9/sandbox/stripe/pay/pi_1';
/** What payInfo answers, reading after reading. */
let readings: Array<Record<string, unknown>> = [];
let googleBound = false;
/** The method the server remembers as chosen for the order (choosePayWay). */
let chosenByServer: string | null = null;
/** Whether the order still awaits payment (else payWayCostTotal refuses it as the server does). */
let payable = true;
const api = await startFakeApi({
  '/user/info/index': () => ok(memberFixture({ has_pay_password: true, google_bound: googleBound })),
  '/shop/order/payWayCostTotal': () =>
    payable ? ok({ order_no: '2611230000000007', currency: 'USD', amount: 4190, chosen: chosenByServer, list: methods }) : { json: { code: ResponseCode.payableNotPayable, msg: 'This order can no longer be paid', data: null } },
  '/shop/order/choosePayWay': (r) => {
    const m = methods.find((x) => x.pay_way === (JSON.parse(r.body) as { pay_way: string }).pay_way)!;
    chosenByServer = m.pay_way;
    return ok({ order_no: '2611230000000007', pay_way: m.pay_way, currency: 'USD', amount: 4190, fee: m.fee, total: m.total });
  },
  '/shop/order/payWayCost': (r) => {
    const m = methods.find((x) => x.pay_way === new URL(r.url, 'http://x').searchParams.get('pay_way'))!;
    return ok({ pay_way: m.pay_way, currency: 'USD', amount: 4190, fee: m.fee, total: m.total });
  },
  '/oms/viewNotice/notice': () =>
    ok({ pay_way: 'stripe_card', title: 'Before you pay', paragraphs: ['You pay 43.16 USD with Card, a payment service outside the shop.', 'This method costs a fee of 1.26 USD.'], currency: 'USD', amount: 4190, fee: 126, read_at: '2026-11-23T10:00:00.000Z', reads: 1 }),
  '/shop/buy/payOrder': (r) => {
    const body = JSON.parse(r.body) as { pay_way: string; pay_password?: string };
    if (body.pay_way === 'balance') {
      if (body.pay_password !== '135790') return { json: { code: 4005, msg: 'Wrong pay password', data: null } };
      readings = [payment({})];
      return ok(payment({}));
    }
    const open = payment({ pay_way: 'stripe_card', gateway: 'stripe', status: 'pending', state: 'in_progress', fee: 126, balance_part: 0, gateway_part: 4316, redirect_url: hosted, finished_at: null });
    readings = [open];
    return ok(open);
  },
  '/shop/buy/payInfo': () => (readings.length ? ok(readings.length > 1 ? readings.shift() : readings[0]) : { json: { code: ResponseCode.paymentNotFound, msg: 'Payment not found', data: null } }),
});

// The first page of a run loads its chunks cold.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  readings = [];
  googleBound = false;
  chosenByServer = null;
  payable = true;
  api.requests.length = 0;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const PAGES = {
  [paths.goods.payNext]: <PayNextPage />,
  [paths.goods.paid]: <PayFinishPage />,
  [paths.pay.payment]: <PayNormalPage />,
  [paths.pay.stripe]: <StripePayPage />,
  [paths.goods.openInWechat]: <WeixinGoPage />,
  [paths.order.details]: <div>Order page</div>,
};
const renderAt = (path: string) => renderRoutes(PAGES, path);

const bodiesOf = (path: string) => api.requests.filter((r) => r.url.startsWith(path)).map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe('payment pages', () => {
  it('shows the amount and each method with its fee and total; a method the balance does not cover cannot be chosen', async () => {
    renderAt(`${paths.goods.payNext}?order_id=7`);
    expect(await screen.findByText('Order no. 2611230000000007')).toBeTruthy();
    expect(document.querySelector('.pay-amount')?.textContent).toBe('$41.90');
    expect(screen.getByText('Balance $100.00')).toBeTruthy();
    expect(screen.getByText('Not enough (balance 120 points)')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Points/ }) as HTMLButtonElement).disabled).toBe(true);
    // A points method says the points it takes, not the money they stand for.
    expect(screen.getByRole('radio', { name: /Points/ }).querySelector('.pay-method-side')?.textContent).toMatch(/^4,?190 points$/);
    expect(screen.getByText('$43.16')).toBeTruthy();
    expect(screen.getByText('Fee $1.26')).toBeTruthy();
    // The first usable method is chosen to begin with.
    expect(screen.getByRole('radio', { name: /Wallet balance/ }).getAttribute('aria-checked')).toBe('true');
  });

  it('says before a gift card pays that cards are spent whole and what is left of one goes to the balance', async () => {
    renderAt(`${paths.goods.payNext}?order_id=7`);
    const note = 'Gift cards are spent whole: what a card has left after this payment goes to your balance.';
    await screen.findByRole('radio', { name: /Gift card/ });
    expect(screen.queryByText(note)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Gift card/ }));
    expect(await screen.findByText(note)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Wallet balance/ }));
    await waitFor(() => expect(screen.queryByText(note)).toBeNull());
  });

  it('pays with the wallet balance after the pay password and the authenticator code, then shows the server’s success', async () => {
    googleBound = true;
    const router = renderAt(`${paths.goods.payNext}?order_id=7`);
    const pay = await screen.findByRole('button', { name: 'Pay $41.90' });
    fireEvent.change(screen.getByPlaceholderText('6-digit pay password'), { target: { value: '135790' } });
    await screen.findByPlaceholderText('6-digit code from the app');
    fireEvent.click(pay);
    expect(await fieldRefusal()).toBe('Please enter Google code');
    expect(bodiesOf('/shop/buy/payOrder')).toEqual([]);
    fireEvent.change(screen.getByPlaceholderText('6-digit code from the app'), { target: { value: '246810' } });
    fireEvent.click(pay);
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(bodiesOf('/shop/buy/payOrder')).toEqual([{ order_id: 7, order_type: 'order', pay_way: 'balance', pay_password: '135790', google_code: '246810' }]);
    expect(router.state.location.pathname).toBe(paths.goods.paid);
    const keyed = api.requests.find((r) => r.url.startsWith('/shop/buy/payOrder'))!;
    expect(keyed.headers['idempotency-key']).toBeTruthy();
  });

  it('shows the notice on the page once an online method is chosen; Pay then goes to the gateway’s page, no dialog or page of ours between', async () => {
    const router = renderAt(`${paths.goods.payNext}?order_id=7`);
    fireEvent.click(await screen.findByRole('radio', { name: /Card/ }));
    expect(await screen.findByText('Including a fee of $1.26')).toBeTruthy();
    // The notice is read (and recorded) when the method is chosen, and shown in place.
    expect(await screen.findByText('This method costs a fee of 1.26 USD.')).toBeTruthy();
    expect(bodiesOf('/oms/viewNotice/notice')).toEqual([{ order_id: 7, order_type: 'order', pay_way: 'stripe_card' }]);
    expect(bodiesOf('/shop/buy/payOrder')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $43.16' }));
    await waitFor(() => expect(bodiesOf('/shop/buy/payOrder')).toEqual([{ order_id: 7, order_type: 'order', pay_way: 'stripe_card' }]));
    expect(screen.queryByText('Continue')).toBeNull();
    // The browser is sent to the hosted page itself: the app does not open a page of its own with a link to it.
    expect(router.state.location.pathname).toBe(paths.goods.payNext);
    expect(screen.queryByRole('link', { name: 'Go to the payment page' })).toBeNull();
    expect(bodiesOf('/oms/viewNotice/notice')).toHaveLength(1);
  });

  it('fixes the method the member taps (and its fee) on the order, so the pay page starts with it next time', async () => {
    renderAt(`${paths.goods.payNext}?order_id=7`);
    // The page's own first choice is not the member's: nothing is fixed yet.
    expect((await screen.findByRole('radio', { name: /Wallet balance/ })).getAttribute('aria-checked')).toBe('true');
    expect(bodiesOf('/shop/order/choosePayWay')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: /Card/ }));
    await waitFor(() => expect(bodiesOf('/shop/order/choosePayWay')).toEqual([{ order_id: 7, order_type: 'order', pay_way: 'stripe_card' }]));
    // Tapping the chosen method again changes nothing.
    fireEvent.click(screen.getByRole('radio', { name: /Card/ }));
    expect(await screen.findByText('Including a fee of $1.26')).toBeTruthy();
    expect(bodiesOf('/shop/order/choosePayWay')).toHaveLength(1);
    cleanup();
    renderAt(`${paths.goods.payNext}?order_id=7`);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Card/ }).getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByRole('radio', { name: /Wallet balance/ }).getAttribute('aria-checked')).toBe('false');
  });

  it('keeps reading a payment in progress with back-off and shows success only once the server says so', async () => {
    const pending = payment({ status: 'pending', state: 'in_progress', finished_at: null });
    readings = [pending, pending, payment({})];
    renderAt(`${paths.goods.paid}?payment_no=P2611230000000001`);
    expect(await screen.findByText('Payment in progress')).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
    expect(await screen.findByText('Payment successful', undefined, { timeout: 8000 })).toBeTruthy();
    const reads = api.requests.filter((r) => r.url.startsWith('/shop/buy/payInfo'));
    expect(reads).toHaveLength(3);
    expect(reads[0]!.url).toContain('payment_no=P2611230000000001');
    expect([1, 2, 3, 4, 5, 6].map(pollDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });

  it('shows "Payment Failed" with the reason and the way to pay again', async () => {
    readings = [payment({ pay_way: 'stripe_card', gateway: 'stripe', status: 'failed', state: 'failed', message: 'Your card was declined' })];
    const router = renderAt(`${paths.goods.paid}?payment_no=P2611230000000001`);
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Your card was declined')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    expect(router.state.location.search).toBe('?order_id=7&order_type=order');
  });

  it('an order already paid says so and leads to the order; one cancelled unpaid still cannot be paid', async () => {
    payable = false;
    readings = [payment({})];
    const router = renderAt(`${paths.goods.payNext}?order_id=7`);
    expect(await screen.findByText('This order has already been paid')).toBeTruthy();
    expect(screen.getByText('Order no. 2611230000000007')).toBeTruthy();
    expect(screen.queryByText('This order can no longer be paid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.order.details));
    expect(router.state.location.search).toBe('?id=7');
    cleanup();

    // Cancelled after an attempt that expired, or before any attempt at all.
    for (const last of [[payment({ status: 'expired', state: 'failed', finished_at: null })], []]) {
      readings = last;
      renderAt(`${paths.goods.payNext}?order_id=7`);
      expect(await screen.findByText('This order can no longer be paid')).toBeTruthy();
      expect(screen.queryByText('This order has already been paid')).toBeNull();
      cleanup();
    }
  });

  it('the WeChat steps opened without a payment say it needs one, with no steps and no link to a payment of none', async () => {
    renderAt(paths.goods.openInWechat);
    expect(await screen.findByText('This page needs a payment: open it from the order you are paying')).toBeTruthy();
    expect(screen.queryByText('Choose "Open in Browser".')).toBeNull();
    expect(screen.queryByLabelText('Or copy this address into your browser:')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose another payment method' })).toBeNull();
  });

  it('inside WeChat, tells the member how to pay with Alipay in the browser instead of starting a payment WeChat cannot open', async () => {
    const ua = navigator.userAgent;
    Object.defineProperty(navigator, 'userAgent', { value: `${ua} MicroMessenger/8.0.50`, configurable: true });
    try {
      const router = renderAt(`${paths.goods.payNext}?order_id=7`);
      fireEvent.click(await screen.findByRole('radio', { name: /Alipay/ }));
      fireEvent.click(await screen.findByRole('button', { name: 'Pay $41.90' }));
      expect(await screen.findByText('WeChat cannot open this payment method')).toBeTruthy();
      expect(screen.getByText('Choose "Open in Browser".')).toBeTruthy();
      expect((screen.getByLabelText('Or copy this address into your browser:') as HTMLInputElement).value).toMatch(/#\/pages\/goods\/payNext\?order_id=7&order_type=order$/);
      expect(bodiesOf('/shop/buy/payOrder')).toEqual([]);
      expect(bodiesOf('/oms/viewNotice/notice')).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Choose another payment method' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    } finally {
      Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
    }
  });
});
