import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Address } from '@shop/contract/address';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { useSession } from '@/stores/session';
import { useAppUpdate } from '@/stores/app-update';
import { takeDraftsLeftOpen } from '@/lib/open-drafts';
import { clearToasts, memberFixture, ok, prepareApp, renderRouter, startFakeApi, type Recorded } from '@/test/helpers';

// Checkout, the address list it opens to pick from, and the address form, as the app routes them.
const book = (fields: Partial<Address>): Address => ({
  id: 9, name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country: 'MY', country_name: 'Malaysia', flag: '🇲🇾',
  province_id: null, province: 'Selangor', city_id: null, city: 'Petaling Jaya', district_id: null, district: '', address: 'Jalan 14/20', house_number: '5', zip_code: '46100',
  latitude: null, longitude: null, is_default: true, ...fields,
});
let addresses: Address[] = [];

/** The server's preview: the address named, else the default; freight by city, as a real rate table would differ. */
function preview(req: Recorded) {
  const q = new URL(req.url, 'http://x').searchParams;
  const chosen = addresses.find((a) => String(a.id) === q.get('address_id')) ?? addresses.find((a) => a.is_default);
  const freight = chosen?.city === 'Johor Bahru' ? 900 : 500;
  const points = Math.min(Number(q.get('points') ?? 0), 800);
  return ok({
    currency: 'USD', subtotal: 2500, coupon_discount: 0, operating_fee_rate: 0, operating_fee: 0, freight,
    points_used: points, points_value: points, shopping_points_used: 0, shopping_points_value: 0, total: 2500 + freight - points,
    lines: [{ cart_id: null, goods_id: 3, sku_id: 5, name: 'Teapot', spec_text: 'Blue', image: '', price: 2500, num: 1, line_total: 2500, available: true, problem: null }],
    address: chosen ? { id: chosen.id, name: chosen.name, surname: chosen.surname, mobile_pre: chosen.mobile_pre, mobile: chosen.mobile, email: '', country_code: chosen.country, province: chosen.province, city: chosen.city, district: '', detail: chosen.address, house_number: chosen.house_number, zip_code: chosen.zip_code } : null,
    can_submit: chosen !== undefined,
    points_offer: { points: { balance: 800, per_unit: 100, max: 800 }, shopping_points: { balance: 0, per_unit: 100, max: 0 } },
    points_earned: 0,
  });
}

const api = await startFakeApi({
  '/user/message/total': () => ok({ unread: 0 }),
  '/user/info/index': () => ok(memberFixture()),
  '/shop/buy/cartGoods': preview,
  '/shop/buy/createOrder': () => ok({ order_id: 41, order_no: '2611230000000041', status: 'awaiting_payment', total: 2200, currency: 'USD', expires_at: '2026-11-23T10:30:00.000Z' }),
  '/shop/address/list': () => ok({ list: addresses, max: 20 }),
  '/shop/address/create': (req) => {
    const body = JSON.parse(req.body) as Record<string, string>;
    const created = book({ id: 30, name: body.name!, surname: '', mobile: body.mobile!, address: body.address!, city: 'Johor Bahru', province: 'Johor', is_default: false });
    addresses.push(created);
    return ok(created);
  },
  '/attractive/country/addressCountry': () => ok({ list: [{ code: 'MY', iso3: 'MYS', name: 'Malaysia', dialling_code: '60', currency: 'MYR', flag: '🇲🇾' }] }),
  '/attractive/country/getAreaList': () => ok({ country: 'MY', list: [] }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
  addresses = [book({}), book({ id: 12, name: 'Ali', surname: 'Hassan', city: 'Johor Bahru', province: 'Johor', address: 'Jalan Wong Ah Fook', is_default: false })];
});
afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  await clearToasts();
});

const BUY_NOW = `${paths.goods.checkout}?goods_id=3&sku_id=5&num=1`;
const onCheckout = (router: ReturnType<typeof renderRouter>) => router.state.location.pathname === paths.goods.checkout;
const until = async (check: () => boolean) => {
  await act(async () => {
    for (let i = 0; i < 150 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  });
  expect(check()).toBe(true);
};
const remarksBox = () => screen.getByPlaceholderText<HTMLTextAreaElement>('Remarks for the shop (optional)');

/** Checkout of goods 3 opened from its goods page, with remarks typed and 800 points switched on (their preview asked). */
async function checkoutWithRemarksAndPoints() {
  const router = renderRouter(routes, `${paths.goods.details}?id=3`);
  act(() => router.navigate(BUY_NOW));
  expect(await screen.findByText(/Mei Tan/)).toBeTruthy();
  fireEvent.change(remarksBox(), { target: { value: 'Leave it at the door' } });
  fireEvent.click(screen.getByRole('switch', { name: 'Use 800 points' }));
  await waitFor(() => expect(api.requests.some((r) => r.url.includes('points=800'))).toBe(true));
  return router;
}

describe('choosing the address at checkout', () => {
  it('opens the list to pick from; the address chosen comes back with its freight, and what was typed and switched on is still there', async () => {
    // The goods page behind checkout: Back from checkout leaves it.
    const router = await checkoutWithRemarksAndPoints();

    // The preview with the points is drawn again once its answer comes.
    await waitFor(() => expect(document.querySelector('.checkout-address')).toBeTruthy());
    fireEvent.click(document.querySelector('.checkout-address')!);
    await until(() => router.state.location.pathname === paths.address.list);
    expect(new URLSearchParams(router.state.location.search).get('pick')).toBe('1');
    const ali = await screen.findByRole('region', { name: 'Ali Hassan' });
    // The address is a button Tab reaches, not a box only a finger can use.
    const useAli = within(ali).getByRole('button', { name: 'Use this address' });
    useAli.focus();
    expect(document.activeElement).toBe(useAli);
    fireEvent.click(useAli);

    await until(() => onCheckout(router));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({ goods_id: '3', sku_id: '5', num: '1', address_id: '12' });
    expect(await screen.findByText(/Ali Hassan/)).toBeTruthy();
    expect(await screen.findByText('$9.00')).toBeTruthy();
    expect(remarksBox().value).toBe('Leave it at the door');
    expect(screen.getByRole('switch', { name: 'Use 800 points' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    // Points switched on: the pay password confirms them.
    const sheet = await screen.findByRole('dialog', { name: 'Confirm with your pay password' });
    fireEvent.change(within(sheet).getByPlaceholderText('6-digit pay password'), { target: { value: '135790' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Submit order' }));
    await until(() => router.state.location.pathname === paths.goods.payNext);
    const sent = api.requests.filter((r) => r.url === '/shop/buy/createOrder').map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(sent.at(-1)).toMatchObject({ goods_id: 3, sku_id: 5, num: 1, address_id: 12, remarks: 'Leave it at the door', points: 800, pay_password: '135790', expected_total: 2600 });

    // Placed: the next checkout of the same goods starts empty.
    act(() => router.navigate(BUY_NOW));
    expect(await screen.findByText(/Mei Tan/)).toBeTruthy();
    expect(remarksBox().value).toBe('');
  });

  it('after picking, Back leaves checkout rather than showing it again with the old address', async () => {
    const router = renderRouter(routes, `${paths.goods.details}?id=3`);
    act(() => router.navigate(BUY_NOW));
    expect(await screen.findByText(/Mei Tan/)).toBeTruthy();
    fireEvent.click(document.querySelector('.checkout-address')!);
    fireEvent.click(within(await screen.findByRole('region', { name: 'Ali Hassan' })).getByRole('button', { name: 'Use this address' }));
    await until(() => onCheckout(router));
    act(() => router.navigate(-1));
    await until(() => !onCheckout(router));
    expect(router.state.location.pathname).toBe(paths.goods.details);
  });

  it('a new address added from the list comes back to the list still picking, and choosing it returns to checkout with it', async () => {
    const router = renderRouter(routes, `${paths.goods.details}?id=3`);
    act(() => router.navigate(BUY_NOW));
    expect(await screen.findByText(/Mei Tan/)).toBeTruthy();
    fireEvent.change(remarksBox(), { target: { value: 'Ring twice' } });
    fireEvent.click(document.querySelector('.checkout-address')!);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a new address' }));
    await until(() => router.state.location.pathname === paths.address.edit);

    fireEvent.click(await screen.findByRole('button', { name: /^Country\/Region:/ }));
    fireEvent.click((await screen.findAllByRole('option', { name: /Malaysia/ })).at(-1)!);
    const type = (name: string, value: string) => fireEvent.change(document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!, { target: { value } });
    type('name', 'Siti');
    type('mobile', '0198765432');
    type('address', 'Jalan Tebrau 8');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await until(() => router.state.location.pathname === paths.address.list);
    expect(new URLSearchParams(router.state.location.search).get('pick')).toBe('1');
    fireEvent.click(within(await screen.findByRole('region', { name: 'Siti' })).getByRole('button', { name: 'Use this address' }));
    await until(() => onCheckout(router));
    expect(new URLSearchParams(router.state.location.search).get('address_id')).toBe('30');
    expect(await screen.findByText(/Siti/)).toBeTruthy();
    expect(remarksBox().value).toBe('Ring twice');
    // Checkout, the list and the form were one trip: Back from checkout is the goods page.
    act(() => router.navigate(-1));
    await until(() => !onCheckout(router));
    expect(router.state.location.pathname).toBe(paths.goods.details);
  });
});

describe('what was typed at checkout, another time', () => {
  it('opening checkout of the same goods again from the goods page (not back from an address) starts empty', async () => {
    const router = await checkoutWithRemarksAndPoints();
    // Back to the goods page, and buying them again later (another day, the tab still open).
    act(() => router.navigate(-1));
    await until(() => !onCheckout(router));
    act(() => router.navigate(BUY_NOW));
    expect(await screen.findByText(/Mei Tan/)).toBeTruthy();
    expect(remarksBox().value).toBe('');
    expect(screen.getByRole('switch', { name: 'Use 800 points' }).getAttribute('aria-checked')).toBe('false');
  });

  it('"Reload" on the new version\'s banner brings checkout back with what was typed and switched on, once', async () => {
    await checkoutWithRemarksAndPoints();
    fireEvent.change(await screen.findByPlaceholderText('Coupon code'), { target: { value: 'WELCOME5' } });
    // The new release is installed and waits: the banner offers to reload (the worker then reloads the page).
    let workerTookCharge = false;
    act(() => useAppUpdate.getState().set({ waiting: true, applyUpdate: () => (workerTookCharge = true) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(workerTookCharge).toBe(true);

    // The page is loaded again at the same address, in the same tab.
    cleanup();
    useAppUpdate.getState().set({ waiting: false, applyUpdate: undefined });
    takeDraftsLeftOpen(BUY_NOW);
    const router = renderRouter(routes, BUY_NOW);
    expect(await screen.findByText(/Mei Tan/)).toBeTruthy();
    expect(remarksBox().value).toBe('Leave it at the door');
    expect(screen.getByPlaceholderText<HTMLInputElement>('Coupon code').value).toBe('WELCOME5');
    expect(screen.getByRole('switch', { name: 'Use 800 points' }).getAttribute('aria-checked')).toBe('true');

    // Given back once: checkout opened again inside the app starts empty.
    act(() => router.navigate(`${paths.goods.details}?id=3`));
    await until(() => !onCheckout(router));
    act(() => router.navigate(BUY_NOW));
    expect(await screen.findByText(/Mei Tan/)).toBeTruthy();
    expect(remarksBox().value).toBe('');
  });

  it('a reload that opens another page gives nothing back there or later', async () => {
    await checkoutWithRemarksAndPoints();
    // The browser's reload, while checkout is open; the next load opens at the goods page.
    window.dispatchEvent(new Event('pagehide'));
    cleanup();
    takeDraftsLeftOpen(`${paths.goods.details}?id=3`);
    const router = renderRouter(routes, `${paths.goods.details}?id=3`);
    act(() => router.navigate(BUY_NOW));
    expect(await screen.findByText(/Mei Tan/)).toBeTruthy();
    expect(remarksBox().value).toBe('');
  });

  it('coming back from the address list after more than half an hour starts empty', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const router = renderRouter(routes, `${paths.goods.details}?id=3`);
    act(() => router.navigate(BUY_NOW));
    expect(await screen.findByText(/Mei Tan/)).toBeTruthy();
    fireEvent.change(remarksBox(), { target: { value: 'Leave it at the door' } });
    fireEvent.click(document.querySelector('.checkout-address')!);
    const ali = await screen.findByRole('region', { name: 'Ali Hassan' });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    fireEvent.click(within(ali).getByRole('button', { name: 'Use this address' }));
    await until(() => onCheckout(router));
    expect(await screen.findByText(/Ali Hassan/)).toBeTruthy();
    expect(remarksBox().value).toBe('');
  });
});
