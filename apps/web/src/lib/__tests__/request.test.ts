import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoint } from '@shop/contract';
import { createOrder } from '@shop/contract/orders';
import { z } from 'zod';
import { call, resetRequestState, ApiError } from '@/lib/request';
import { i18n } from '@/lib/i18n';
import { hideBlockingLoading } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { useRegion } from '@/stores/region';
import { useLanguage } from '@/stores/language';
import { clearToasts, memberFixture, prepareApp, startFakeApi, toastText } from '@/test/helpers';

/** Waits in real time (vi.waitFor would move the fake clock). */
async function untilReal(cond: () => boolean, ms = 3000) {
  const end = performance.now() + ms;
  while (!cond()) {
    if (performance.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
}

const envelope = (code: number, msg: string, data: unknown = null) => ({ json: { code, msg, data } });
/** The login page's address, to come back to `page` after logging in. */
const loginFrom = (page: string) => `#/pages/login/login/login?redirect=${encodeURIComponent(page)}`;

let release: () => void = () => {};
const api = await startFakeApi({
  '/ok': () => envelope(200, 'Success', { items: [1, 2] }),
  '/echo': (r) => envelope(200, 'Success', { body: r.body ? JSON.parse(r.body) : null }),
  '/expired': () => envelope(2001, 'Authentication failed, please log in again'),
  '/login-required': () => envelope(2002, 'Please log in first'),
  '/gone': () => envelope(2020, 'The user does not exist'),
  '/business': () => envelope(4001, 'Out of stock'),
  '/user/no_auth/register': () => envelope(3001, 'That user name is taken'),
  '/created': () => ({ status: 201, json: { code: 201, msg: 'created', data: null } }),
  '/invalid': () => ({ status: 422, json: { code: 422, msg: 'Please enter a valid email', data: null } }),
  '/broken': () => ({ status: 500, json: { code: 500, msg: 'Something went wrong, please try again later', data: null } }),
  '/limited': () => ({ status: 429, json: { code: 429, msg: 'Too many requests', data: null } }),
  '/slow': () => ({ json: { code: 200, msg: 'Success', data: 'done' }, wait: new Promise<void>((r) => (release = r)) }),
  '/never': () => ({ json: null, wait: new Promise<void>(() => {}) }),
  // A dying API process behind nginx: its HTML page, then (for the calls sent again) the order.
  '/shop/buy/createOrder': () => (gatewayPages-- > 0 ? { status: 502, text: BAD_GATEWAY } : envelope(200, 'Success', placed)),
});

const BAD_GATEWAY = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
const placed = { order_id: 41, order_no: 'O2611300000041', status: 'awaiting_payment', total: 2500, currency: 'USD', expires_at: '2026-11-30T10:30:00.000Z' };
/** How many of the next order calls nginx answers with its 502 page. */
let gatewayPages = 0;

const get = (path: string) => endpoint({ method: 'GET', path, auth: 'optional', area: 'account' });
const post = (path: string) => endpoint({ method: 'POST', path, auth: 'member', area: 'account' });
const listGoods = endpoint({
  method: 'GET',
  path: '/ok',
  auth: 'optional',
  area: 'catalogue',
  query: z.object({ page: z.coerce.number(), cate_id: z.coerce.number().optional(), tags: z.array(z.string()).optional() }),
  data: z.object({ items: z.array(z.number()) }),
});
const order = { goods_id: 3, sku_id: 5, num: 1, address_id: 2 };
const register = endpoint({ method: 'POST', path: '/user/no_auth/register', auth: 'none', area: 'account' });

beforeAll(() => prepareApp());
afterAll(() => api.close());

beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  window.location.hash = '#/pages/tabbar/index';
  useSession.getState().signIn('tok-123', memberFixture({ user_name: 'alice' }));
  useRegion.setState({ clientIp: '', areaName: '' });
  useLanguage.setState({ lang: 'en-us' });
  api.requests.length = 0;
  resetRequestState();
});

afterEach(async () => {
  vi.useRealTimers();
  hideBlockingLoading();
  await clearToasts();
});

describe('what a call sends', () => {
  it('GET sends its input as query parameters, with the spec §7 headers', async () => {
    useRegion.setState({ clientIp: '203.0.113.9', areaName: 'Kuala Lumpur' });
    useLanguage.setState({ lang: 'zh-cn' });
    const data = await call(listGoods, { page: 2, tags: ['a', 'b'] });
    expect(data).toEqual({ items: [1, 2] });
    const [r] = api.requests;
    expect(r!.method).toBe('GET');
    expect(r!.url).toBe('/ok?page=2&tags=a&tags=b');
    expect(r!.headers).toMatchObject({
      authorization: 'Bearer tok-123',
      'accept-language': 'zh-cn',
      'think-lang': 'zh-cn',
      area: '1',
      source: 'H5',
      'client-ip': '203.0.113.9',
      'area-name': encodeURIComponent('Kuala Lumpur'),
    });
  });

  it('POST sends a JSON body; /user/no_auth/ calls go with an empty authorization', async () => {
    const data = await call(post('/echo'), undefined);
    expect(data).toEqual({ body: {} });
    await call(endpoint({ method: 'POST', path: '/echo', auth: 'none', area: 'account' }), undefined);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer tok-123');
    expect(api.requests[0]!.headers['content-type']).toBe('application/json');
    expect(api.requests[1]!.headers.authorization).toBe('');
  });

  it('uses the China host when the region is China', async () => {
    window.SHOP_CONFIG = { api: { default: 'http://127.0.0.1:9', cn: api.url } };
    useRegion.setState({ region: 'cn' });
    await expect(call(get('/ok'))).resolves.toEqual({ items: [1, 2] });
    useRegion.setState({ region: 'default' });
    await expect(call(get('/ok'))).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('answer codes (spec §4, §8)', () => {
  it('2001: the wait-to-login message, session cleared, login after 1 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(call(get('/expired'))).rejects.toMatchObject({ code: 2001 });
    expect(await toastText()).toBe('Your login has expired. Taking you to the login page…');
    expect(useSession.getState()).toMatchObject({ token: '', user: null });
    vi.advanceTimersByTime(999);
    expect(window.location.hash).toBe('#/pages/tabbar/index');
    vi.advanceTimersByTime(1);
    expect(window.location.hash).toBe(loginFrom('/pages/tabbar/index'));
    expect(JSON.parse(localStorage.getItem('shop.session')!).state).toEqual({ token: '', user: null });
  });

  it('2002: login after 1 s, the session kept, no toast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(call(get('/login-required'))).rejects.toMatchObject({ code: 2002 });
    expect(await toastText()).toBe('');
    expect(useSession.getState().token).toBe('tok-123');
    vi.advanceTimersByTime(999);
    expect(window.location.hash).toBe('#/pages/tabbar/index');
    vi.advanceTimersByTime(1);
    expect(window.location.hash).toBe(loginFrom('/pages/tabbar/index'));
  });

  it('2020: user-does-not-exist message and login after 1 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(call(get('/gone'))).rejects.toMatchObject({ code: 2020 });
    expect(await toastText()).toBe('This user does not exist');
    vi.advanceTimersByTime(1000);
    expect(window.location.hash).toBe(loginFrom('/pages/tabbar/index'));
  });

  it('several expired answers at once lead to login once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const spy = vi.spyOn(window.history, 'pushState');
    await Promise.allSettled([call(get('/expired')), call(get('/expired')), call(get('/login-required'))]);
    window.location.hash = '#/pages/tabbar/my';
    vi.advanceTimersByTime(1000);
    expect(window.location.hash).toBe(loginFrom('/pages/tabbar/my'));
    vi.advanceTimersByTime(5000);
    spy.mockRestore();
  });

  it('an expired answer about an older session leaves the new login alone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stale = call(get('/expired'));
    // The member logs in again while the old call is under way.
    useSession.getState().signIn('new-token', memberFixture());
    await expect(stale).rejects.toMatchObject({ code: 2001 });
    expect(useSession.getState().token).toBe('new-token');
    vi.advanceTimersByTime(2000);
    expect(window.location.hash).toBe('#/pages/tabbar/index');
  });

  it('a network failure of a tap (POST) says so; a background read (GET) does not', async () => {
    window.SHOP_CONFIG = { api: { default: 'http://127.0.0.1:9', cn: 'http://127.0.0.1:9' } };
    await expect(call(get('/ok'))).rejects.toMatchObject({ kind: 'network' });
    expect(await toastText()).toBe('');
    await expect(call(post('/ok'), undefined)).rejects.toMatchObject({ kind: 'network' });
    expect(await toastText()).toBe('Network problem, please check your connection');
  });

  it('any other code shows the server message, except for a call whose page shows it (registration)', async () => {
    const err = await call(get('/business')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'code', code: 4001, message: 'Out of stock' });
    expect(await toastText()).toBe('Out of stock');
    await clearToasts();
    await expect(call(register, undefined, { showsFailureItself: true })).rejects.toMatchObject({ code: 3001, message: 'That user name is taken' });
    expect(await toastText()).toBe('');
  });

  it('a quiet (background) call shows no message for a failure code', async () => {
    await expect(call(get('/business'), undefined, { quiet: true })).rejects.toMatchObject({ code: 4001 });
    expect(await toastText()).toBe('');
  });
});

describe('the way to login', () => {
  const memberRead = endpoint({ method: 'GET', path: '/login-required', auth: 'member', area: 'orders' });

  it('a page whose own read needs a session gives its place in history to login (Back goes to the page before)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.location.hash = '#/pages/order/orderInfo?id=1';
    const entries = window.history.length;
    await expect(call(memberRead)).rejects.toMatchObject({ code: 2002 });
    vi.advanceTimersByTime(1000);
    expect(window.location.hash).toBe(loginFrom('/pages/order/orderInfo?id=1'));
    expect(window.history.length).toBe(entries);
  });

  it('a refused tap keeps its page behind the login page, and so does a page the member left meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.location.hash = '#/pages/goods/goodsInfo?id=3';
    let entries = window.history.length;
    await expect(call(post('/login-required'), undefined)).rejects.toMatchObject({ code: 2002 });
    vi.advanceTimersByTime(1000);
    expect(window.location.hash).toBe(loginFrom('/pages/goods/goodsInfo?id=3'));
    expect(window.history.length).toBe(entries + 1);

    window.location.hash = '#/pages/my/wallet';
    await expect(call(memberRead)).rejects.toMatchObject({ code: 2002 });
    window.location.hash = '#/pages/tabbar/index';
    entries = window.history.length;
    vi.advanceTimersByTime(1000);
    expect(window.location.hash).toBe(loginFrom('/pages/tabbar/index'));
    expect(window.history.length).toBe(entries + 1);
  });
});

describe('HTTP statuses (spec §8)', () => {
  it('201: login failed and login after 1.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(call(get('/created'))).rejects.toMatchObject({ status: 201 });
    expect(await toastText()).toBe('Login failed, please log in again');
    vi.advanceTimersByTime(1499);
    expect(window.location.hash).toBe('#/pages/tabbar/index');
    vi.advanceTimersByTime(1);
    expect(window.location.hash).toBe(loginFrom('/pages/tabbar/index'));
  });

  it('422 and 500 show the response message', async () => {
    await expect(call(post('/invalid'), undefined)).rejects.toMatchObject({ status: 422, message: 'Please enter a valid email' });
    expect(await toastText()).toBe('Please enter a valid email');
    await expect(call(get('/broken'))).rejects.toMatchObject({ status: 500 });
    expect(await toastText()).toBe('Something went wrong, please try again later');
  });

  it('other statuses reject without a word', async () => {
    await expect(call(get('/limited'))).rejects.toMatchObject({ status: 429 });
    await expect(call(get('/nowhere'))).rejects.toMatchObject({ status: 404 });
    expect(await toastText()).toBe('');
    expect(window.location.hash).toBe('#/pages/tabbar/index');
  });

  it('an order whose process dies (nginx 502 page) is sent again with its key and placed; a write without a key is not, and says the service is unavailable', async () => {
    gatewayPages = 1;
    await expect(call(createOrder, order)).resolves.toEqual(placed);
    const keys = api.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(await toastText()).toBe('');

    api.requests.length = 0;
    gatewayPages = 1;
    const unkeyed = endpoint({ method: 'POST', path: '/shop/buy/createOrder', auth: 'member', area: 'orders' });
    await expect(call(unkeyed, undefined)).rejects.toMatchObject({ kind: 'unavailable', status: 502, message: 'The service is busy, please try again later' });
    expect(api.requests).toHaveLength(1);
    expect(await toastText()).toBe('The service is busy, please try again later');
  });

  it("still unavailable after the retries: the member's language, never the proxy's page or its English", async () => {
    await i18n.changeLanguage('zh-cn');
    try {
      gatewayPages = 3;
      // No loading indicator in the way of the message (it shows after 800 ms, and the retries take longer).
      await expect(call(createOrder, order, { showLoading: false })).rejects.toMatchObject({ kind: 'unavailable', message: '服务繁忙，请稍后再试' });
      expect(api.requests).toHaveLength(3);
      expect(new Set(api.requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
      expect(await toastText()).toBe('服务繁忙，请稍后再试');
    } finally {
      gatewayPages = 0;
      await i18n.changeLanguage('en-us');
    }
  });

  it('gives up after the timeout', async () => {
    await expect(call(get('/never'), undefined, { timeoutMs: 50 })).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('the blocking loading indicator', () => {
  it('shows only for POST, only after 800 ms, and goes when the answer arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = call(post('/slow'), undefined);
    await untilReal(() => api.requests.length === 1);
    vi.advanceTimersByTime(799);
    expect(await toastText()).toBe('');
    vi.advanceTimersByTime(1);
    expect(await toastText()).toBe('Loading…');
    expect(document.querySelector('.adm-toast-mask')).not.toBeNull();
    release();
    await expect(pending).resolves.toBe('done');
    await vi.waitFor(async () => expect(await toastText(0)).toBe(''), { timeout: 3000, interval: 20 });
  });

  it('never shows for GET, however long it takes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = call(endpoint({ method: 'GET', path: '/slow', auth: 'optional', area: 'account' }));
    await untilReal(() => api.requests.length === 1);
    vi.advanceTimersByTime(5000);
    expect(await toastText()).toBe('');
    release();
    await expect(pending).resolves.toBe('done');
  });
});
