import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import ShopHomePage from '../pages/shop-home-page';
import ShopOrdersPage from '../pages/shop-orders-page';

// Found in use: the owner could not see where to send an order (the card and the Ship dialog
// had no address, tapping did nothing), was offered Complete on a shipped delivery order and read
// the buyer's "Ship to my address"; the shop's option picker showed no prices.

const address = { name: 'Tan Mei Ling', mobile: '+60 123456789', text: '12 Jalan Bukit, Kuala Lumpur, MY, 50450' };
const order = (id: number, status: string, delivery: 'ship' | 'pickup') => ({
  id,
  order_no: `M26112400000000${id}`,
  shop: { id: 5, name: 'Corner Shop', logo: '' },
  buyer_name: 'T**',
  status,
  delivery,
  lines: [{ sku_id: 9, goods_id: 3, name: 'Teapot', spec_text: 'Blue', image: '', price: 1500, num: 2, pv: 4, total: 3000 }],
  goods_total: 3000,
  total: 3000,
  currency: 'USD',
  pv: 8,
  remarks: '',
  reject_reason: '',
  carrier: status === 'shipped' ? 'DHL' : '',
  tracking_number: status === 'shipped' ? 'DHL42' : '',
  refunded: false,
  created_at: '2026-11-24T09:00:00.000Z',
  paid_at: '2026-11-24T09:01:00.000Z',
  audit_due_at: null,
  expires_at: null,
  has_after_sale: false,
  after_sale: null,
  // As a server from before the fix still answered: Complete on a shipped order too.
  actions: { pay: false, audit: false, ship: status === 'approved' && delivery === 'ship', ready_for_pickup: false, complete: status === 'shipped' || status === 'ready_for_pickup', after_sale: false },
});
const orders = [order(41, 'approved', 'ship'), order(42, 'shipped', 'ship'), order(43, 'ready_for_pickup', 'pickup')];
const api = await startFakeApi({
  '/attractive/shop/shopOrderList': () => ok({ list: orders, total: orders.length, page: 1, limit: 10, has_more: false }),
  '/attractive/shop/shopOrderInfo': (req) => {
    const o = orders.find((x) => x.id === Number(new URL(req.url, 'http://x').searchParams.get('id')))!;
    return ok({ ...o, address: o.delivery === 'ship' ? address : null, earnings: null, settled_at: null, events: [] });
  },
  '/attractive/shop/shopInfo': () => ok({ id: 5, name: 'Corner Shop', logo: '', intro: '', contact_mobile: '60123456789', address: '1 Jalan Test', region: 'KL', status: 'open', status_reason: '', owner_name: 'M**', share_path: '/pages/shop/home?id=5', mine: false, created_at: '2026-11-24T09:00:00.000Z' }),
  '/attractive/shop/shopGoods': () => ok({ list: [{ id: 7, goods_id: 3, name: 'Teapot', cover: '', price: 7798, currency: 'USD', pv: 4, stock: 5, on_sale: true }], total: 1, page: 1, limit: 20, has_more: false }),
  '/attractive/shop/shopGoodsInfo': () =>
    ok({
      id: 7, goods_id: 3, shop_id: 5, name: 'Teapot', cover: '', images: [], price: 7798, currency: 'USD', pv: 4, stock: 5, on_sale: true,
      skus: [
        { sku_id: 9, spec_text: 'Blue', image: '', price: 6499, platform_price: 6499, price_min: 6000, price_max: 7000, pv: 4, stock: 0 },
        { sku_id: 10, spec_text: 'Red', image: '', price: 7798, platform_price: 7798, price_min: 7000, price_max: 8000, pv: 4, stock: 5 },
      ],
    }),
  '/attractive/cart/list': () => ok({ shops: [], total_count: 0 }),
});

beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  expect(api.violations).toEqual([]);
  cleanup();
  await clearToasts();
  await i18n.changeLanguage('en-us');
});

const card = (id: number) => document.querySelector(`[data-shop-order="${id}"]`) as HTMLElement;

describe('the owner’s shop orders', () => {
  it('the Ship dialog shows the recipient, phone and address the order goes to', async () => {
    renderRoutes({ [paths.shop.orders]: <ShopOrdersPage /> }, paths.shop.orders);
    await screen.findAllByText('Teapot × 2');
    fireEvent.click(within(card(41)).getByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ship to')).toBeTruthy();
    expect(within(dialog).getByText('Recipient: Tan Mei Ling')).toBeTruthy();
    expect(within(dialog).getByText('Phone: +60 123456789')).toBeTruthy();
    expect(within(dialog).getByText('Address: 12 Jalan Bukit, Kuala Lumpur, MY, 50450')).toBeTruthy();
    expect(within(dialog).getByPlaceholderText('Carrier')).toBeTruthy();
  });

  it('tapping an order opens its details with where it goes, in the member’s language; a pickup says pickup', async () => {
    await i18n.changeLanguage('zh-cn');
    renderRoutes({ [paths.shop.orders]: <ShopOrdersPage /> }, paths.shop.orders);
    await screen.findAllByText('Teapot × 2');
    fireEvent.click(card(42));
    const sheet = await screen.findByRole('dialog', { name: '订单详情' });
    expect(await within(sheet).findByText('收货人: Tan Mei Ling')).toBeTruthy();
    expect(within(sheet).getByText('电话: +60 123456789')).toBeTruthy();
    expect(within(sheet).getByText(/12 Jalan Bukit/)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '订单详情' })).toBeNull());
    fireEvent.click(card(43));
    const pickup = await screen.findByRole('dialog', { name: '订单详情' });
    expect(await within(pickup).findByText('到店自提', { selector: '.shop-address' })).toBeTruthy();
    expect(within(pickup).queryByText(/收货人/)).toBeNull();
  });

  it('a delivery order reads "Ship to the buyer"; Complete is offered on a pickup ready for it, not on a shipped delivery order', async () => {
    renderRoutes({ [paths.shop.orders]: <ShopOrdersPage /> }, paths.shop.orders);
    await screen.findAllByText('Teapot × 2');
    expect(within(card(41)).getByText(/Ship to the buyer/)).toBeTruthy();
    expect(within(card(41)).queryByText(/Ship to my address/)).toBeNull();
    expect(within(card(42)).queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(within(card(43)).getByRole('button', { name: 'Complete' })).toBeTruthy();
  });
});

describe('the shop page’s option picker', () => {
  it('shows each option’s price', async () => {
    renderRoutes({ [paths.shop.home]: <ShopHomePage /> }, `${paths.shop.home}?id=5`);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(document.querySelector('[data-sku-option="10"]')).toBeTruthy());
    expect(document.querySelector('[data-sku-option="9"]')!.textContent).toContain('$64.99');
    expect(document.querySelector('[data-sku-option="10"]')!.textContent).toContain('$77.98');
  });

  it('is a named group of radios Tab reaches: a sold-out option is shown but cannot be picked', async () => {
    renderRoutes({ [paths.shop.home]: <ShopHomePage /> }, `${paths.shop.home}?id=5`);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const options = await screen.findByRole('radiogroup', { name: 'Specification' });
    const blue = within(options).getByRole('radio', { name: /^Blue/ }) as HTMLButtonElement;
    const red = within(options).getByRole('radio', { name: /^Red/ });
    expect(blue.disabled).toBe(true);
    fireEvent.click(blue);
    expect(blue.getAttribute('aria-checked')).toBe('false');
    red.focus();
    expect(document.activeElement).toBe(red);
    fireEvent.click(red);
    expect(red.getAttribute('aria-checked')).toBe('true');
  });
});
