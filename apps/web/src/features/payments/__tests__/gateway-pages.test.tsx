import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PayMethod, PaymentInfo } from '@shop/contract/payments';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { useNativeShell } from '@/stores/app-flags';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi, renderRoutes } from '@/test/helpers';
import AirPayPage from '../pages/air-pay-page';
import AlipayReturnPage from '../pages/alipay-return-page';
import ChinaWalletPayPage from '../pages/china-wallet-pay-page';
import Pay2c2pPage from '../pages/pay-2c2p-page';
import PayFinishPage from '../pages/pay-finish-page';
import PayNextPage from '../pages/pay-next-page';
import StripePayPage from '../pages/stripe-pay-page';
import WeixinGoPage from '../pages/weixin-go-page';

// The gateways' pages against a fake API; Stripe.js, Airwallex.js and WeChat's bridge are the
// providers' browser globals, stood in for at that boundary.

const NO = 'P2611230000000009';
const payment = (fields: Partial<PaymentInfo>): PaymentInfo => ({
  payment_no: NO,
  order_type: 'order',
  order_id: 7,
  order_no: '2611230000000007',
  pay_way: 'stripe_card',
  gateway: 'stripe',
  status: 'pending',
  state: 'in_progress',
  currency: 'USD',
  amount: 4190,
  fee: 126,
  balance_part: 0,
  balance_released: 0,
  gateway_part: 4316,
  points: null,
  redirect_url: null,
  client_secret: null,
  sdk_params: null,
  expires_at: '2026-11-23T11:00:00.000Z',
  finished_at: null,
  message: null,
  owed_back: null,
  ...fields,
});
const method = (fields: Partial<PayMethod> & Pick<PayMethod, 'pay_way' | 'name'>): PayMethod => ({ gateway: null, method: 'cash', currency: 'USD', fee_rate_bp: 0, fee_fixed: 0, fee: 0, total: 4190, balance: null, needed: null, usable: true, ...fields });
const methods = [
  method({ pay_way: 'balance', name: 'Wallet balance', balance: 2000, needed: 4190, usable: false }),
  method({ pay_way: 'stripe_card', name: 'Card', gateway: 'stripe', method: 'card', fee_rate_bp: 300, fee: 126, total: 4316 }),
  method({ pay_way: 'airwallex_tng', name: "Touch 'n Go eWallet", gateway: 'airwallex', method: 'tng', total: 4190 }),
  method({ pay_way: 'wechat_h5', name: 'WeChat Pay', gateway: 'wechat', method: 'wechat_h5' }),
  method({ pay_way: 'wechat_jsapi', name: 'WeChat Pay (inside WeChat)', gateway: 'wechat', method: 'wechat_jsapi' }),
];

/** What payInfo answers; what the gateway calls answer. */
let current: PaymentInfo = payment({});
let startFails = false;
const api = await startFakeApi({
  '/user/info/index': () => ok(memberFixture({ has_pay_password: true })),
  '/shop/buy/payInfo': () => ok(current),
  '/shop/order/queryOrder2c2p': () => ok(current),
  '/shop/order/payWayCostTotal': () => ok({ order_no: '2611230000000007', currency: 'USD', amount: 4190, chosen: null, list: methods }),
  '/shop/order/payWayCost': (r) => {
    const query = new URL(r.url, 'http://x').searchParams;
    const m = methods.find((x) => x.pay_way === query.get('pay_way'))!;
    // Beside the $20.00 balance the card takes the rest, $21.90, and its fee on that.
    if (query.get('use_balance') === '1') return ok({ pay_way: m.pay_way, currency: 'USD', amount: 4190, balance_part: 2000, gateway_part: 2259, fee: 69, total: 4259 });
    return ok({ pay_way: m.pay_way, currency: 'USD', amount: 4190, balance_part: 0, gateway_part: m.total, fee: m.fee, total: m.total });
  },
  '/oms/viewNotice/notice': () => ok({ pay_way: 'stripe_card', title: 'Before you pay', paragraphs: ['You pay with a payment service outside the shop.'], currency: 'USD', amount: 4190, fee: 0, read_at: '2026-11-23T10:00:00.000Z', reads: 1 }),
  '/shop/buy/payOrder': () => ok(current),
  '/airwallex/index/createPaymentIntent': () => (startFails ? { json: { code: 5003, msg: 'The payment service did not answer. Nothing was charged, please try again', data: null } } : ok(current)),
  '/oms/onlinepay/order/createToken': () => ok({ ...current, payment_token: 'kSAops9Zwhos8hSTSeLTUcCqSmUI', web_payment_url: current.redirect_url }),
});

// A start on arrival goes through three answers and two navigations: on a busy machine that takes a while.
configure({ asyncUtilTimeout: 10_000 });
beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  current = payment({});
  startFails = false;
  api.requests.length = 0;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  // Answers still on their way when the page went (a reading in progress) arrive before the next test.
  await new Promise((r) => setTimeout(r, 100));
  await clearToasts();
  delete window.Stripe;
  delete window.AirwallexComponentsSDK;
  delete window.WeixinJSBridge;
  document.head.querySelectorAll('script[src^="https://"]').forEach((s) => s.remove());
});

const PAGES = {
  [paths.goods.payNext]: <PayNextPage />,
  [paths.goods.paid]: <PayFinishPage />,
  [paths.pay.stripe]: <StripePayPage />,
  [paths.pay.airwallex]: <AirPayPage />,
  [paths.pay.pay2c2p]: <Pay2c2pPage />,
  [paths.goods.chinaWalletPay]: <ChinaWalletPayPage />,
  [paths.goods.alipayReturn]: <AlipayReturnPage />,
  [paths.goods.openInWechat]: <WeixinGoPage />,
};
const renderAt = (path: string) => renderRoutes(PAGES, path);

const sent = (path: string) => api.requests.filter((r) => r.url.startsWith(path));
const bodiesOf = (path: string) => sent(path).map((r) => JSON.parse(r.body) as Record<string, unknown>);
const paymentPage = (page: string) => `${page}?payment_no=${NO}&order_id=7&order_type=order`;

/** A stand-in for Stripe.js: records what the page asks of it; `confirmPayment` answers in turn. */
function fakeStripe(confirmAnswers: Array<{ error?: { message: string } }>) {
  const calls = { key: '', clientSecret: '', mountedIn: null as HTMLElement | null, confirms: [] as Array<{ return_url: string }> };
  window.Stripe = (key) => {
    calls.key = key;
    return {
      elements: ({ clientSecret }) => {
        calls.clientSecret = clientSecret;
        return { create: () => ({ mount: (el: HTMLElement) => void (calls.mountedIn = el), destroy: () => undefined }) };
      },
      confirmPayment: async ({ confirmParams }) => {
        calls.confirms.push(confirmParams);
        return confirmAnswers.shift() ?? {};
      },
    };
  };
  return calls;
}

describe('Stripe page', () => {
  it('with live keys, shows Stripe’s Payment Element for the intent, shows a refusal, then waits for the server’s word', async () => {
    current = payment({ client_secret: 'pi_3Q_secret_abc', sdk_params: { publishable_key: 'pk_live_shop' } });
    const stripe = fakeStripe([{ error: { message: 'Your card was declined.' } }]);
    const router = renderAt(paymentPage(paths.pay.stripe));
    const pay = await screen.findByRole('button', { name: 'Pay $43.16' });
    await waitFor(() => expect(stripe.mountedIn).toBe(screen.getByTestId('stripe-payment-element')));
    expect(stripe).toMatchObject({ key: 'pk_live_shop', clientSecret: 'pi_3Q_secret_abc' });
    fireEvent.click(pay);
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.pay.stripe);
    fireEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.paid));
    expect(await screen.findByText('Payment in progress')).toBeTruthy();
    expect(stripe.confirms[1]!.return_url).toMatch(new RegExp(`#/pages/goods/payFinish\\?payment_no=${NO}&order_id=7&order_type=order$`));
  });

  it('says when Stripe.js cannot be loaded and loads it again on retry', async () => {
    current = payment({ client_secret: 'pi_3Q_secret_abc', sdk_params: { publishable_key: 'pk_live_shop' } });
    renderAt(paymentPage(paths.pay.stripe));
    await waitFor(() => expect(document.head.querySelector('script[src="https://js.stripe.com/v3/"]')).toBeTruthy());
    expect(screen.getByText('Loading the secure card form…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay $43.16' }) as HTMLButtonElement).disabled).toBe(true);
    document.head.querySelector('script[src="https://js.stripe.com/v3/"]')!.dispatchEvent(new Event('error'));
    expect(await screen.findByText("The payment service's page could not be loaded. Check your connection and try again.")).toBeTruthy();
    expect(document.head.querySelector('script[src="https://js.stripe.com/v3/"]')).toBeNull();
    const stripe = fakeStripe([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stripe.mountedIn).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Pay $43.16' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('in the sandbox, sends the member to the sandbox’s page without loading Stripe.js', async () => {
    current = payment({ redirect_url: 'http://127.0.0.1:9/sandbox/stripe/pay/pi_1', client_secret: 'pi_1_secret', sdk_params: { publishable_key: 'pk_test_sandbox' } });
    renderAt(paymentPage(paths.pay.stripe));
    expect((await screen.findByRole('link', { name: 'Go to the payment page' })).getAttribute('href')).toBe('http://127.0.0.1:9/sandbox/stripe/pay/pi_1');
    expect(document.head.querySelector('script[src^="https://js.stripe.com"]')).toBeNull();
  });

  it('shows the result once the payment ended', async () => {
    current = payment({ status: 'succeeded', state: 'success', finished_at: '2026-11-23T10:01:00.000Z' });
    renderAt(paymentPage(paths.pay.stripe));
    expect(await screen.findByText('Payment successful')).toBeTruthy();
  });
});

describe('Airwallex page', () => {
  it('starts the payment with the chosen e-wallet once, then offers Airwallex’s page', async () => {
    current = payment({ pay_way: 'airwallex_tng', gateway: 'airwallex', fee: 0, gateway_part: 4190, redirect_url: 'http://127.0.0.1:9/sandbox/airwallex/pay/int_1' });
    const router = renderAt(`${paths.pay.airwallex}?order_id=7&order_type=order&pay_way=airwallex_tng`);
    expect((await screen.findByRole('link', { name: 'Go to the payment page' })).getAttribute('href')).toBe('http://127.0.0.1:9/sandbox/airwallex/pay/int_1');
    expect(screen.getByText(/Touch 'n Go, Boost, GrabPay/)).toBeTruthy();
    expect(bodiesOf('/airwallex/index/createPaymentIntent')).toEqual([{ order_id: 7, order_type: 'order', pay_way: 'airwallex_tng' }]);
    expect(sent('/airwallex/index/createPaymentIntent')[0]!.headers['idempotency-key']).toBeTruthy();
    expect(router.state.location.search).toBe(`?payment_no=${NO}&order_id=7&order_type=order`);
  });

  it('when the start fails, says nothing was charged and tries again as another request', async () => {
    startFails = true;
    renderAt(`${paths.pay.airwallex}?order_id=7&order_type=order&pay_way=airwallex_tng`);
    expect(await screen.findByText('The payment could not be started. Nothing was charged.')).toBeTruthy();
    startFails = false;
    current = payment({ pay_way: 'airwallex_tng', gateway: 'airwallex', redirect_url: 'http://127.0.0.1:9/sandbox/airwallex/pay/int_2' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Go to the payment page' })).toBeTruthy();
    const keys = sent('/airwallex/index/createPaymentIntent').map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('with live keys, opens Airwallex’s hosted checkout for the intent with only the chosen method', async () => {
    current = payment({ pay_way: 'airwallex_tng', gateway: 'airwallex', currency: 'MYR', gateway_part: 4190, client_secret: 'awx_secret', sdk_params: { intent_id: 'int_hk1', currency: 'MYR', env: 'prod', methods: 'tng' } });
    const opened: Array<Record<string, unknown>> = [];
    let env = '';
    window.AirwallexComponentsSDK = { init: async (o) => ((env = o.env), { payments: { redirectToCheckout: (x: Record<string, unknown>) => opened.push(x) } }) };
    renderAt(paymentPage(paths.pay.airwallex));
    fireEvent.click(await screen.findByRole('button', { name: 'Go to the payment page' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(env).toBe('prod');
    expect(opened[0]).toMatchObject({ intent_id: 'int_hk1', client_secret: 'awx_secret', currency: 'MYR', methods: ['tng'] });
    expect(String(opened[0]!.successUrl)).toMatch(/#\/pages\/goods\/payFinish\?payment_no=/);
  });
});

describe('2C2P page', () => {
  it('asks for a payment token and offers 2C2P’s payment page', async () => {
    current = payment({ pay_way: '2c2p_card', gateway: '2c2p', redirect_url: 'http://127.0.0.1:9/sandbox/2c2p/payment/4.3/pay/kSAops9Z' });
    renderAt(`${paths.pay.pay2c2p}?order_id=7&order_type=order&pay_way=2c2p_card`);
    expect((await screen.findByRole('link', { name: 'Go to the payment page' })).getAttribute('href')).toBe('http://127.0.0.1:9/sandbox/2c2p/payment/4.3/pay/kSAops9Z');
    expect(screen.getByText("You pay on 2C2P's secure payment page, which brings you back here when it is done.")).toBeTruthy();
    expect(bodiesOf('/oms/onlinepay/order/createToken')).toEqual([{ order_id: 7, order_type: 'order', pay_way: '2c2p_card' }]);
  });

  it('on the way back, asks the shop about the invoice 2C2P names and shows what 2C2P says', async () => {
    current = payment({ pay_way: '2c2p_card', gateway: '2c2p', status: 'succeeded', state: 'success', finished_at: '2026-11-23T10:01:00.000Z' });
    const back = btoa(JSON.stringify({ invoiceNo: NO, respCode: '2000' }));
    renderAt(`${paths.pay.pay2c2p}?payment_no=${NO}&order_id=7&order_type=order&paymentResponse=${encodeURIComponent(back)}`);
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    const asked = new URL(sent('/shop/order/queryOrder2c2p')[0]!.url, 'http://x').searchParams;
    expect(asked.get('paymentResponse')).toBe(back);
    expect(asked.get('payment_no')).toBe(NO);
    expect(sent('/shop/buy/payInfo')).toHaveLength(0);
  });

  it('back from 2C2P after the order was cancelled: says the payment came too late and will be refunded, not "Payment failed", and offers no new payment', async () => {
    current = payment({ pay_way: '2c2p_card', gateway: '2c2p', status: 'canceled', state: 'failed', message: 'Payment Failed', finished_at: '2026-11-23T10:01:00.000Z', owed_back: { amount: 4316, currency: 'USD', reason: 'canceled', refunded: false } });
    const back = btoa(JSON.stringify({ invoiceNo: NO, respCode: '2000' }));
    renderAt(`${paths.pay.pay2c2p}?payment_no=${NO}&order_id=7&order_type=order&paymentResponse=${encodeURIComponent(back)}`);
    expect(await screen.findByText('Payment to be refunded')).toBeTruthy();
    expect(screen.getByText('Your payment of $43.16 for order 2611230000000007 arrived after the order was cancelled. It is owed back to you and will be refunded to the way you paid.')).toBeTruthy();
    expect(document.querySelector('.pay-amount')?.textContent).toBe('$43.16');
    expect(screen.queryByText('Payment Failed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View order' })).toBeTruthy();
  });

  it('once the money owed back is refunded, the result page says so', async () => {
    current = payment({ pay_way: '2c2p_card', gateway: '2c2p', status: 'expired', state: 'failed', message: 'Payment Failed', finished_at: '2026-11-23T10:01:00.000Z', owed_back: { amount: 4316, currency: 'USD', reason: 'expired', refunded: true } });
    renderAt(paymentPage(paths.goods.paid));
    expect(await screen.findByText('Payment refunded')).toBeTruthy();
    expect(screen.getByText('The $43.16 owed back to you for order 2611230000000007 was refunded to the way you paid.')).toBeTruthy();
    expect(screen.queryByText('Payment Failed')).toBeNull();
  });

  it('a top-up paid too late is called a top-up, not an order, and was not added to the balance', async () => {
    current = payment({ order_type: 'recharge', order_no: 'R2611230000000009', pay_way: 'stripe_card', gateway: 'stripe', status: 'expired', state: 'failed', message: 'Payment Failed', finished_at: '2026-11-23T10:01:00.000Z', owed_back: { amount: 1000, currency: 'USD', reason: 'expired', refunded: false } });
    renderAt(`${paths.goods.paid}?payment_no=${NO}&order_id=9&order_type=recharge`);
    expect(await screen.findByText('Payment to be refunded')).toBeTruthy();
    const text = 'Your payment of $10.00 for top-up R2611230000000009 arrived after the top-up had expired. It was not added to your balance: it is owed back to you and will be refunded to the way you paid.';
    expect(screen.getByText(text)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/this order/);
  });

  it('a pledge whose money owed back was refunded says so of the pledge', async () => {
    current = payment({ order_type: 'charity', order_no: 'C2611230000000011', pay_way: 'stripe_card', gateway: 'stripe', status: 'canceled', state: 'failed', message: 'Payment Failed', finished_at: '2026-11-23T10:01:00.000Z', owed_back: { amount: 2500, currency: 'USD', reason: 'canceled', refunded: true } });
    renderAt(`${paths.goods.paid}?payment_no=${NO}&order_id=11&order_type=charity`);
    expect(await screen.findByText('Payment refunded')).toBeTruthy();
    expect(screen.getByText('The $25.00 owed back to you for pledge C2611230000000011 was refunded to the way you paid.')).toBeTruthy();
  });
});

describe('a card payment that landed after its member shop paused', () => {
  // The gateway took the money (the payment succeeded) but the shop order could no longer take it.
  const landedLate = (refunded: boolean, fields: Partial<PaymentInfo> = {}) =>
    payment({ order_type: 'shop_order', order_id: 12, order_no: 'S2611300000000012', amount: 1500, fee: 44, gateway_part: 1544, status: 'succeeded', state: 'failed', message: refunded ? 'Payment refunded' : 'Payment to be refunded', finished_at: '2026-11-30T10:01:00.000Z', owed_back: { amount: 1544, currency: 'USD', reason: 'not_payable', refunded }, ...fields });
  const TO_REFUND = 'Order S2611300000000012 could no longer take your payment of $15.44. It is owed back to you and will be refunded to the way you paid.';
  const REFUNDED = 'The $15.44 owed back to you for order S2611300000000012 was refunded to the way you paid.';
  /** The result page says the money is owed back, with its amount, never that the payment succeeded, and offers the order, not a new payment. */
  async function saysOwedBack(title: string, text: string) {
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(document.querySelector('.pay-amount')?.textContent).toBe('$15.44');
    expect(document.body.textContent).not.toMatch(/Payment successful|received your payment/i);
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View order' })).toBeTruthy();
  }

  it('the pay result page says it is being refunded, then that it was refunded', async () => {
    current = landedLate(false);
    renderAt(`${paths.goods.paid}?payment_no=${NO}&order_id=12&order_type=shop_order`);
    await saysOwedBack('Payment to be refunded', TO_REFUND);
    cleanup();
    current = landedLate(true);
    renderAt(`${paths.goods.paid}?payment_no=${NO}&order_id=12&order_type=shop_order`);
    await saysOwedBack('Payment refunded', REFUNDED);
  });

  it('so do the 2C2P and Alipay return pages', async () => {
    current = landedLate(false, { pay_way: '2c2p_card', gateway: '2c2p' });
    const back = btoa(JSON.stringify({ invoiceNo: NO, respCode: '0000' }));
    renderAt(`${paths.pay.pay2c2p}?payment_no=${NO}&order_id=12&order_type=shop_order&paymentResponse=${encodeURIComponent(back)}`);
    await saysOwedBack('Payment to be refunded', TO_REFUND);
    cleanup();
    current = landedLate(false, { pay_way: 'alipay_wap', gateway: 'alipay' });
    renderAt(`${paths.goods.alipayReturn}?out_trade_no=${NO}&trade_no=2026113022001&sign=forged`);
    await saysOwedBack('Payment to be refunded', TO_REFUND);
  });
});

describe('WeChat Pay and Alipay pages', () => {
  const inWeChat = async (run: () => Promise<void>) => {
    const ua = navigator.userAgent;
    Object.defineProperty(navigator, 'userAgent', { value: `${ua} MicroMessenger/8.0.50`, configurable: true });
    try {
      await run();
    } finally {
      Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
    }
  };

  it('sends the member to Alipay’s page in a browser', async () => {
    current = payment({ pay_way: 'alipay_wap', gateway: 'alipay', currency: 'CNY', redirect_url: 'http://127.0.0.1:9/sandbox/alipay/gateway.do?out_trade_no=P1' });
    renderAt(paymentPage(paths.goods.chinaWalletPay));
    expect((await screen.findByRole('link', { name: 'Go to the payment page' })).getAttribute('href')).toBe('http://127.0.0.1:9/sandbox/alipay/gateway.do?out_trade_no=P1');
    expect(screen.getByText("You pay on Alipay's page, which may open the Alipay app. Come back here when it is done.")).toBeTruthy();
  });

  it('inside WeChat, an Alipay payment leads to the steps for the browser', async () => {
    await inWeChat(async () => {
      current = payment({ pay_way: 'alipay_wap', gateway: 'alipay', currency: 'CNY', redirect_url: 'http://127.0.0.1:9/sandbox/alipay/gateway.do' });
      const router = renderAt(paymentPage(paths.goods.chinaWalletPay));
      expect(await screen.findByText('WeChat cannot open this payment method')).toBeTruthy();
      expect(router.state.location.pathname).toBe(paths.goods.openInWechat);
    });
  });

  it('inside WeChat, opens WeChat’s pay sheet with the server’s signed parameters; a closed sheet is said, a paid one waits for the server', async () => {
    await inWeChat(async () => {
      const sign = { appId: 'wx8888', timeStamp: '1700000000', nonceStr: 'n0nce', package: 'prepay_id=wx201410272009395522657a690389285100', signType: 'RSA', paySign: 'c2lnbmVk' };
      current = payment({ pay_way: 'wechat_jsapi', gateway: 'wechat', currency: 'CNY', sdk_params: sign });
      const invoked: Array<Record<string, string>> = [];
      const answers = ['get_brand_wcpay_request:cancel', 'get_brand_wcpay_request:ok'];
      window.WeixinJSBridge = { invoke: (_name, params, done) => (invoked.push(params), done({ err_msg: answers.shift() })) };
      const router = renderAt(paymentPage(paths.goods.chinaWalletPay));
      fireEvent.click(await screen.findByRole('button', { name: 'Pay with WeChat Pay' }));
      expect(await screen.findByText("You closed WeChat's pay sheet. Nothing was paid; you can try again.")).toBeTruthy();
      expect(invoked[0]).toEqual(sign);
      fireEvent.click(screen.getByRole('button', { name: 'Pay with WeChat Pay' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.paid));
      expect(await screen.findByText('Payment in progress')).toBeTruthy();
    });
  });

  it('offers WeChat Pay’s page in a browser and its pay sheet inside WeChat, never both', async () => {
    renderAt(`${paths.goods.payNext}?order_id=7`);
    expect(await screen.findByRole('radio', { name: /^WeChat Pay/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /inside WeChat/ })).toBeNull();
    cleanup();
    await inWeChat(async () => {
      renderAt(`${paths.goods.payNext}?order_id=7`);
      expect(await screen.findByRole('radio', { name: /WeChat Pay \(inside WeChat\)/ })).toBeTruthy();
      expect(screen.getAllByRole('radio', { name: /WeChat Pay/ })).toHaveLength(1);
    });
  });

  it('Alipay’s return page reads the payment its out_trade_no names from the shop', async () => {
    current = payment({ pay_way: 'alipay_wap', gateway: 'alipay', currency: 'CNY', status: 'failed', state: 'failed', message: 'Payment Failed' });
    renderAt(`${paths.goods.alipayReturn}?out_trade_no=${NO}&trade_no=2026112322001&sign=forged`);
    expect(await screen.findAllByText('Payment Failed')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Pay again' })).toBeTruthy();
    expect(new URL(sent('/shop/buy/payInfo')[0]!.url, 'http://x').searchParams.get('payment_no')).toBe(NO);
  });
});

describe('choosing a method', () => {
  it('offers the wallet balance beside an online method: the balance part is held and the pay password asked', async () => {
    current = payment({ balance_part: 2000, gateway_part: 2259, redirect_url: 'http://127.0.0.1:9/sandbox/stripe/pay/pi_9' });
    const router = renderAt(`${paths.goods.payNext}?order_id=7`);
    fireEvent.click(await screen.findByRole('radio', { name: /Card/ }));
    fireEvent.click(await screen.findByText('Use my wallet balance ($20.00)'));
    expect(await screen.findByText(/\$20\.00 of your balance is held and taken once the rest, \$21\.90 plus the method's fee, is paid with Card/)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('6-digit pay password'), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('$20.00 of your wallet balance is held for this payment')).toBeTruthy();
    expect(bodiesOf('/shop/buy/payOrder')).toEqual([{ order_id: 7, order_type: 'order', pay_way: 'stripe_card', use_balance: true, pay_password: '135790' }]);
    expect(router.state.location.pathname).toBe(paths.pay.stripe);
  });

  it('starts an Airwallex payment from Pay; inside the app shell its own page then offers Airwallex\'s', async () => {
    // In a browser the next screen is Airwallex's page itself (the browser test follows it there).
    useNativeShell.setState({ isNativeShell: true });
    try {
      current = payment({ pay_way: 'airwallex_tng', gateway: 'airwallex', redirect_url: 'http://127.0.0.1:9/sandbox/airwallex/pay/int_3' });
      const router = renderAt(`${paths.goods.payNext}?order_id=7`);
      fireEvent.click(await screen.findByRole('radio', { name: /Touch 'n Go/ }));
      // Pay is busy (and takes no tap) while the chosen gateway's notice is read, as a member sees it.
      const pay = (await screen.findByRole('button', { name: 'Pay $41.90' })) as HTMLButtonElement;
      await waitFor(() => expect(pay.disabled).toBe(false));
      fireEvent.click(pay);
      expect(await screen.findByRole('link', { name: 'Go to the payment page' })).toBeTruthy();
      expect(router.state.location.pathname).toBe(paths.pay.airwallex);
      expect(router.state.location.search).toContain(`payment_no=${NO}`);
      expect(bodiesOf('/shop/buy/payOrder')).toEqual([]);
      expect(bodiesOf('/airwallex/index/createPaymentIntent')).toEqual([{ order_id: 7, order_type: 'order', pay_way: 'airwallex_tng' }]);
    } finally {
      useNativeShell.setState({ isNativeShell: false });
    }
  });
});
