import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi, toastText, unhandledDuring } from '@/test/helpers';
import BuyerShopOrdersPage from '../pages/buyer-orders-page';
import MyShopPage from '../pages/my-shop-page';
import ShopCartPage from '../pages/shop-cart-page';
import ShopGoodsPage from '../pages/shop-goods-page';
import ShopHomePage from '../pages/shop-home-page';
import ShopOrdersPage from '../pages/shop-orders-page';
import ShopSettingsPage from '../pages/shop-settings-page';
import ShopSlipsPage from '../pages/shop-slips-page';
import AddressListPage from '@/features/address/pages/address-list-page';
import type { Address } from '@shop/contract/address';

const addressOf = (fields: Partial<Address>): Address => ({
  id: 9, name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country: 'MY', country_name: 'Malaysia', flag: '', province_id: null, province: 'Selangor',
  city_id: null, city: 'Petaling Jaya', district_id: null, district: '', address: 'Jalan 14/20', house_number: '', zip_code: '46100', latitude: null, longitude: null, is_default: true, ...fields,
});
let shippingAddresses: Address[] = [];
let owner = true;
/** An owner whose shop is not set up yet (the settings page offers the application's draft). */
let newOwner = false;
let ordersFail = false;
const shop = { id: 5, name: 'Corner Shop', logo: '', intro: 'Near the market', contact_mobile: '60123456789', address: '1 Jalan Test', region: 'KL', status: 'open', status_reason: '', owner_name: 'M**', share_path: '/pages/shop/home?id=5', mine: true, created_at: '2026-11-24T09:00:00.000Z' };
const order = (status: string) => ({
  id: 41,
  order_no: 'M2611240000000041',
  shop: { id: 5, name: 'Corner Shop', logo: '' },
  buyer_name: 'T**',
  status,
  delivery: 'ship',
  lines: [{ sku_id: 9, goods_id: 3, name: 'Teapot', spec_text: 'Blue', image: '', price: 1500, num: 2, pv: 4, total: 3000 }],
  goods_total: 3000,
  total: 3000,
  currency: 'USD',
  pv: 8,
  remarks: '',
  reject_reason: '',
  carrier: '',
  tracking_number: '',
  refunded: false,
  created_at: '2026-11-24T09:00:00.000Z',
  paid_at: '2026-11-24T09:01:00.000Z',
  audit_due_at: '2026-11-26T09:01:00.000Z',
  expires_at: null,
  has_after_sale: false,
  after_sale: null,
  actions: { pay: false, audit: status === 'awaiting_audit', ship: status === 'approved', ready_for_pickup: false, complete: false, after_sale: false },
});
let orderStatus = 'awaiting_audit';
/** The goods has a second option, sold out, when set. */
let soldOutOption = false;
/** The buyer's received order with an open after-sales case (the buyer's list), when set. */
let buyerOrders: unknown[] = [];
/** The owner's order's after-sales, when set. */
let ownerCase: Record<string, unknown> = {};
let pricesSent: unknown[] = [];
/** The owner's decisions and the buyer's checkout are refused (another device got there first), when set. */
let refuseChanges = false;
/** The owner's sales slips (the list's first page). */
let slipList: unknown[] = [];
const api = await startFakeApi({
  '/attractive/shop/shopGoods': () => ok({ list: [{ id: 7, goods_id: 3, name: 'Teapot', cover: '', price: 2000, currency: 'USD', pv: 4, stock: 5, on_sale: true }], total: 1, page: 1, limit: 20, has_more: false }),
  '/attractive/shop/shopGoodsInfo': () =>
    ok({ id: 7, goods_id: 3, shop_id: 5, name: 'Teapot', cover: '', images: [], price: 2000, currency: 'USD', pv: 4, stock: 5, on_sale: true, skus: [{ sku_id: 9, spec_text: 'Blue', image: '', price: 2000, platform_price: 2000, price_min: 1800, price_max: 2100, pv: 4, stock: 5 }, ...(soldOutOption ? [{ sku_id: 10, spec_text: 'Red', image: '', price: 2000, platform_price: 2000, price_min: 1800, price_max: 2100, pv: 4, stock: 0 }] : [])] }),
  '/attractive/shop/shopGoodsSet': (req) => {
    const body = JSON.parse(req.body) as { prices: Array<{ price: number }> };
    pricesSent.push(body);
    return body.prices[0]!.price > 2100 ? { json: { code: 8113, msg: 'The price must be between 18.00 and 21.00 USD', data: null } } : ok({ id: 7, goods_id: 3, name: 'Teapot', cover: '', price: body.prices[0]!.price, currency: 'USD', pv: 4, stock: 5, on_sale: true });
  },
  '/attractive/UserPageData/shopSetPage': () =>
    ok(!owner ? { is_owner: false, shop: null, entries: [] } : newOwner ? { is_owner: true, shop: null, entries: [], draft: { name: 'Sophea’s Corner', contact_mobile: '+855 12345678', address: '12 Street 240' } } : { is_owner: true, shop, entries: [] }),
  '/attractive/shop/editShop': (req) => ok({ ...shop, ...(JSON.parse(req.body) as object) }),
  '/attractive/shop/restockOrders': () => ok({ list: [{ id: 90, order_no: '2611240000000090', completed_at: '2026-11-24T09:00:00.000Z', lines: [{ sku_id: 9, name: 'Teapot', spec_text: 'Blue', num: 2 }] }], total: 1, page: 1, limit: 20, has_more: false }),
  '/attractive/shop/restock': () => ({ json: { code: 8114, msg: 'Nothing of this order is left to put in your shop: its items are in after-sales', data: null } }),
  '/attractive/shop/shopInfo': (req) => {
    // Shop 6 is another member's; 99999 is no shop at all.
    const asked = new URLSearchParams(req.url.split('?')[1]).get('shop_id');
    if (asked === '99999') return { json: { code: 8115, msg: 'This shop does not exist', data: null } };
    return ok({ ...shop, ...(asked === '6' ? { id: 6, mine: false } : {}), share_url: 'https://shop.example/h5/#/pages/shop/home?id=5', qr_code: 'data:image/png;base64,iVBORw0KGgo=' });
  },
  '/attractive/shop/shopTotal': () =>
    ok({ orders_awaiting_audit: 3, orders_to_ship: 1, orders_today: 2, sales_today: [], sales_month: [{ currency: 'USD', amount: 12000 }], goods_on_sale: 4, stock_units: 25, sales_slips_month: 0, earnings: [{ currency: 'USD', amount: 3600 }], currencies: ['USD'] }),
  '/attractive/shop/shopOrderList': () => (ordersFail ? { status: 500, json: { code: 500, msg: 'Server error', data: null } } : ok({ list: [{ ...order(orderStatus), ...ownerCase }], total: 1, page: 1, limit: 10, has_more: false })),
  '/attractive/shop/shopOrderAuth': (req) => {
    if (refuseChanges) return { json: { code: 8110, msg: 'This order is no longer awaiting audit', data: null } };
    orderStatus = JSON.parse(req.body).decision === 'approve' ? 'approved' : 'rejected';
    return ok({ id: 41, status: orderStatus });
  },
  '/attractive/cart/list': () =>
    ok({
      shops: [{ shop: { id: 5, name: 'Corner Shop', logo: '', status: 'open' }, list: [{ id: 71, shop_id: 5, goods_id: 3, sku_id: 9, name: 'Teapot', spec_text: 'Blue', image: '', price: 1500, currency: 'USD', num: 2, stock: 5, selected: true, available: true, problem: null }], selected_count: 2, selected_total: 3000, currency: 'USD' }],
      total_count: 2,
    }),
  '/shop/address/list': () => ok({ list: shippingAddresses, max: 20 }),
  '/attractive/buy/createOrder': () => (refuseChanges ? { json: { code: 8111, msg: 'Teapot has only 1 left in this shop', data: null } } : ok({ order_id: 41, order_no: 'M2611240000000041', total: 3000, currency: 'USD', pv: 8, status: 'awaiting_payment', expires_at: '2026-11-24T09:30:00.000Z' })),
  '/attractive/shop/sellNoteList': () => ok({ list: slipList, total: slipList.length, page: 1, limit: 10, has_more: false, sum: slipList.length ? [{ currency: 'USD', amount: 2000 }] : [] }),
  '/attractive/shop/sellNoteCreate': (req) => {
    const body = JSON.parse(req.body) as { buyer_name: string; paid: number };
    return ok({ id: 3, no: 'S2611240000000003', buyer_id: null, buyer_name: body.buyer_name, lines: [{ sku_id: 9, goods_id: 3, name: 'Teapot', spec_text: 'Blue', image: '', price: 2000, num: 1, pv: 4, total: 2000 }], goods_total: 2000, paid: body.paid, currency: 'USD', pv: 4, note: '', created_at: '2026-11-24T09:00:00.000Z' });
  },
  '/attractive/order/list': () => ok({ list: buyerOrders, total: buyerOrders.length, page: 1, limit: 10, has_more: false }),
});

beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  owner = true;
  newOwner = false;
  ordersFail = false;
  orderStatus = 'awaiting_audit';
  soldOutOption = false;
  buyerOrders = [];
  ownerCase = {};
  refuseChanges = false;
  slipList = [];
  shippingAddresses = [];
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
  await i18n.changeLanguage('en-us');
});


/** Whether Tab stops at the element. */
const tabStop = (el: HTMLElement) => {
  el.focus();
  return document.activeElement === el;
};

describe('member shop pages', () => {
  it('my shop: its pages are links Tab reaches, the orders one with the count awaiting audit', async () => {
    const router = renderRoutes({ [paths.shop.my]: <MyShopPage />, [paths.shop.slips]: <div>slips</div> }, paths.shop.my);
    const orders = await screen.findByRole('link', { name: /^Shop orders/ });
    expect(tabStop(orders)).toBe(true);
    await waitFor(() => expect(orders.textContent).toContain('3'));
    for (const name of ['Shop goods', 'Shop settings']) expect(tabStop(screen.getByRole('link', { name }))).toBe(true);
    const slips = screen.getByRole('link', { name: 'Sales slips' });
    expect(tabStop(slips)).toBe(true);
    fireEvent.click(slips);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.shop.slips));
  });

  it('sales slips: the goods and its options are named groups of radios Tab reaches; a sold-out option is shown but cannot be picked', async () => {
    soldOutOption = true;
    renderRoutes({ [paths.shop.slips]: <ShopSlipsPage /> }, paths.shop.slips);
    fireEvent.click(await screen.findByRole('tab', { name: i18n.t('userShop.app.newSlip') }));
    const goods = await screen.findByRole('radiogroup', { name: 'Goods' });
    const teapot = within(goods).getByRole('radio', { name: /^Teapot \(/ });
    expect(tabStop(teapot)).toBe(true);
    fireEvent.click(teapot);
    expect(teapot.getAttribute('aria-checked')).toBe('true');
    const options = await screen.findByRole('radiogroup', { name: 'Specification' });
    const red = within(options).getByRole('radio', { name: /^Red \(/ }) as HTMLButtonElement;
    expect(red.disabled).toBe(true);
    expect(tabStop(red)).toBe(false);
    fireEvent.click(red);
    expect(red.getAttribute('aria-checked')).toBe('false');
    const blue = within(options).getByRole('radio', { name: /^Blue \(/ });
    expect(tabStop(blue)).toBe(true);
    fireEvent.click(blue);
    expect(blue.getAttribute('aria-checked')).toBe('true');
  });

  it('shop settings: pausing the shop is a switch named by what it does, which Tab reaches and Space turns on', async () => {
    renderRoutes({ [paths.shop.settings]: <ShopSettingsPage />, [paths.shop.my]: <div>my shop</div> }, paths.shop.settings);
    const paused = await screen.findByRole('switch', { name: 'Paused (no new orders)' });
    expect(paused.getAttribute('aria-checked')).toBe('false');
    expect(tabStop(paused)).toBe(true);
    fireEvent.keyDown(paused, { key: ' ' });
    await waitFor(() => expect(paused.getAttribute('aria-checked')).toBe('true'));
  });

  it('my shop: the totals, the earnings, the orders awaiting audit as a badge and the shop’s QR code; a member who is no owner is told', async () => {
    renderRoutes({ [paths.shop.my]: <MyShopPage /> }, paths.shop.my);
    expect(await screen.findByText('Corner Shop')).toBeTruthy();
    expect(await screen.findByText('$120.00')).toBeTruthy();
    expect(screen.getByText('$36.00')).toBeTruthy();
    expect(screen.getByText('25')).toBeTruthy();
    expect(document.querySelector('.adm-badge')?.textContent).toBe('3');
    // The shop's public link as a QR code, with the link written out.
    expect(((await screen.findByAltText("QR code of my shop's page")) as HTMLImageElement).src).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('https://shop.example/h5/#/pages/shop/home?id=5')).toBeTruthy();
    cleanup();
    owner = false;
    renderRoutes({ [paths.shop.my]: <MyShopPage /> }, paths.shop.my);
    expect(await screen.findByText('Shops are run by approved shop owners')).toBeTruthy();
  });

  it('shop home: a shop that does not exist, or a malformed link, says so with a way back and shows no cart bar', async () => {
    renderRoutes({ [paths.shop.home]: <ShopHomePage /> }, `${paths.shop.home}?id=6`);
    expect(await screen.findByRole('button', { name: 'Check out' })).toBeTruthy();
    expect(screen.getByText('Shop cart')).toBeTruthy();
    cleanup();
    for (const id of ['99999', 'abc']) {
      renderRoutes({ [paths.shop.home]: <ShopHomePage /> }, `${paths.shop.home}?id=${id}`);
      const state = within(await screen.findByRole('alert'));
      expect(state.getByText('This shop does not exist')).toBeTruthy();
      expect(state.getByRole('button', { name: 'Back' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Check out' })).toBeNull();
      expect(screen.queryByText('Shop cart')).toBeNull();
      cleanup();
    }
  });

  it('my shop: a member who is no owner is shown the way to become one, to the applications page', async () => {
    owner = false;
    const router = renderRoutes({ [paths.shop.my]: <MyShopPage />, [paths.team.applications]: <div>applications</div> }, paths.shop.my);
    expect(await screen.findByText('Shops are run by approved shop owners')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply to be a shop owner' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.team.applications));
    // The applications form opens on the kind the button names.
    expect(router.state.location.search).toBe('?kind=shop_owner');
  });

  it('shop goods: the restock list is the server’s list of orders left to book; a refused booking is a toast, not a page error', async () => {
    renderRoutes({ [paths.shop.goods]: <ShopGoodsPage /> }, paths.shop.goods);
    fireEvent.click(await screen.findByRole('tab', { name: 'Restock' }));
    expect(await screen.findByText('2611240000000090')).toBeTruthy();
    expect(screen.getByText('Teapot × 2')).toBeTruthy();
    const errors = await unhandledDuring(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book into stock' }));
      expect(await toastText(5000)).toBe('Nothing of this order is left to put in your shop: its items are in after-sales');
    });
    expect(errors).toEqual([]);
  });

  it('shop settings: a new shop starts from the approved application; a contact phone that is no phone number is refused before sending', async () => {
    newOwner = true;
    renderRoutes({ [paths.shop.settings]: <ShopSettingsPage />, [paths.shop.my]: <div>my shop</div> }, paths.shop.settings);
    const name = (await screen.findByRole('textbox', { name: 'Shop name' })) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Sophea’s Corner'));
    const contact = screen.getByRole('textbox', { name: 'Contact phone' }) as HTMLInputElement;
    expect(contact.value).toBe('+855 12345678');
    fireEvent.change(contact, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toastText()).toBe('Enter the contact phone as a phone number: digits, with + in front if you like, spaces, dashes or brackets between them');
    // A screen reader hears the refusal too: the toast is in the page's live region, nothing hiding it.
    const region = document.querySelector('[aria-live="polite"]')!;
    await waitFor(() => expect(region.textContent).toBe('Enter the contact phone as a phone number: digits, with + in front if you like, spaces, dashes or brackets between them'));
    expect(region.querySelector('[aria-hidden]')).toBeNull();
    expect(region.closest('[aria-hidden="true"]')).toBeNull();
    expect(api.requests.some((r) => r.url.startsWith('/attractive/shop/editShop'))).toBe(false);
    fireEvent.change(contact, { target: { value: '+855 12 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests.some((r) => r.url.startsWith('/attractive/shop/editShop'))).toBe(true));
    expect(JSON.parse(api.requests.find((r) => r.url.startsWith('/attractive/shop/editShop'))!.body)).toMatchObject({ name: 'Sophea’s Corner', contact_mobile: '+855 12 345 678', address: '12 Street 240' });
  });

  it('shop orders: approving asks first, sends the decision with an idempotency key, and the order moves on', async () => {
    renderRoutes({ [paths.shop.orders]: <ShopOrdersPage /> }, `${paths.shop.orders}?view=awaiting_audit`);
    expect(await screen.findByText('Awaiting audit', { selector: '.shop-status' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.requests.some((r) => r.url.startsWith('/attractive/shop/shopOrderAuth'))).toBe(true));
    const sent = api.requests.find((r) => r.url.startsWith('/attractive/shop/shopOrderAuth'))!;
    expect(JSON.parse(sent.body)).toEqual({ id: 41, decision: 'approve' });
    expect(sent.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText('Approved', { selector: '.shop-status' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ship' })).toBeTruthy();
  });

  it('shop goods: the owner prices an SKU inside the band; a price outside it is refused with the band', async () => {
    pricesSent = [];
    renderRoutes({ [paths.shop.goods]: <ShopGoodsPage /> }, paths.shop.goods);
    fireEvent.click(await screen.findByRole('button', { name: 'Prices' }));
    expect(await screen.findByText('Platform price $20.00; your price $18.00 to $21.00')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Price Blue' });
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The price must be between 18.00 and 21.00 USD');
    fireEvent.change(input, { target: { value: '18.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    // The save's answer first (the editor also leaves the screen for a moment while the goods are read again).
    await waitFor(() =>
      expect(pricesSent).toEqual([
        { goods_id: 3, on_sale: true, prices: [{ sku_id: 9, price: 2500 }] },
        { goods_id: 3, on_sale: true, prices: [{ sku_id: 9, price: 1850 }] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save prices' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shop goods: prices are written and read in the member’s own number format; "25,50" in Hungarian is sent as 2550, "1,050" is refused with the format', async () => {
    pricesSent = [];
    await i18n.changeLanguage('hu');
    renderRoutes({ [paths.shop.goods]: <ShopGoodsPage /> }, paths.shop.goods);
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('userShop.app.prices') }));
    const input = (await screen.findByRole('textbox', { name: `${i18n.t('userShop.app.price')} Blue` })) as HTMLInputElement;
    // The current price as a Hungarian writes it, read back unchanged.
    expect(input.value).toBe('20,00');
    expect(input.placeholder).toBe('pl. 10\u00a0000,50');
    // Three decimals in Hungarian, or a thousand in English: refused with the format expected, nothing sent.
    fireEvent.change(input, { target: { value: '1,050' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('userShop.app.savePrices') }));
    expect((await screen.findByRole('alert')).textContent).toBe('Az összeget így adja meg: 10\u00a0000,50 (legfeljebb 2 tizedesjegy)');
    expect(pricesSent).toEqual([]);
    fireEvent.change(input, { target: { value: '25,50' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('userShop.app.savePrices') }));
    await waitFor(() => expect(pricesSent).toEqual([{ goods_id: 3, on_sale: true, prices: [{ sku_id: 9, price: 2550 }] }]));
    fireEvent.change(input, { target: { value: '20,00' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('userShop.app.savePrices') }));
    await waitFor(() => expect(pricesSent).toHaveLength(2));
    expect(pricesSent[1]).toEqual({ goods_id: 3, on_sale: true, prices: [{ sku_id: 9, price: 2000 }] });
  });

  it('sales slips: a slip shows its buyer, goods, what was collected and its note, and no PV (a slip earns none), even from an answer that carries a figure', async () => {
    slipList = [{ id: 3, no: 'S2611240000000003', buyer_id: 12, buyer_name: 'A**a', lines: [{ sku_id: 9, goods_id: 3, name: 'Teapot', spec_text: 'Blue', image: '', price: 2000, num: 1, pv: 4, total: 2000 }], goods_total: 2000, paid: 2000, currency: 'USD', pv: 4, note: 'cash', created_at: '2026-11-24T09:00:00.000Z' }];
    renderRoutes({ [paths.shop.slips]: <ShopSlipsPage /> }, paths.shop.slips);
    const slip = await screen.findByText(/A\*\*a · S2611240000000003/);
    const card = slip.closest('article')!;
    expect(within(card as HTMLElement).getByText(/Teapot × 1/)).toBeTruthy();
    expect(card.textContent).toContain('cash');
    expect(card.textContent).not.toMatch(/PV/);
  });

  it('sales slips: the amount collected is read in the member’s own number format; "25,50" in Hungarian is sent as 2550', async () => {
    await i18n.changeLanguage('hu');
    renderRoutes({ [paths.shop.slips]: <ShopSlipsPage /> }, paths.shop.slips);
    fireEvent.click(await screen.findByRole('tab', { name: i18n.t('userShop.app.newSlip') }));
    fireEvent.click(await screen.findByText(/^Teapot \(/));
    fireEvent.click(await screen.findByText(/^Blue \(/));
    fireEvent.change(screen.getByRole('textbox', { name: i18n.t('userShop.field.buyer') }), { target: { value: 'Anna' } });
    const paid = screen.getByRole('textbox', { name: i18n.t('userShop.field.paid') }) as HTMLInputElement;
    expect(paid.placeholder).toBe('pl. 10\u00a0000,50');
    fireEvent.change(paid, { target: { value: '10.50' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('userShop.app.recordSlip') }));
    expect(await toastText(5000)).toBe('Az összeget így adja meg: 10\u00a0000,50 (legfeljebb 2 tizedesjegy)');
    expect(api.requests.some((r) => r.url.startsWith('/attractive/shop/sellNoteCreate'))).toBe(false);
    await clearToasts();
    fireEvent.change(paid, { target: { value: '25,50' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('userShop.app.recordSlip') }));
    await waitFor(() => expect(api.requests.some((r) => r.url.startsWith('/attractive/shop/sellNoteCreate'))).toBe(true));
    expect(JSON.parse(api.requests.find((r) => r.url.startsWith('/attractive/shop/sellNoteCreate'))!.body)).toEqual({ buyer_name: 'Anna', lines: [{ sku_id: 9, num: 1 }], paid: 2550, note: '' });
  });

  it('shop orders: a refused approval is said as the server’s toast, and nothing is thrown as a page error', async () => {
    refuseChanges = true;
    renderRoutes({ [paths.shop.orders]: <ShopOrdersPage /> }, `${paths.shop.orders}?view=awaiting_audit`);
    expect(await screen.findByText('Awaiting audit', { selector: '.shop-status' })).toBeTruthy();
    const errors = await unhandledDuring(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
      expect(await toastText(5000)).toBe('This order is no longer awaiting audit');
    });
    expect(errors).toEqual([]);
    expect(screen.getByText('Awaiting audit', { selector: '.shop-status' })).toBeTruthy();
  });

  it('shop orders: a refused rejection is a toast, not a page error; a rejection without a reason asks for one and keeps the dialog', async () => {
    refuseChanges = true;
    renderRoutes({ [paths.shop.orders]: <ShopOrdersPage /> }, `${paths.shop.orders}?view=awaiting_audit`);
    expect(await screen.findByText('Awaiting audit', { selector: '.shop-status' })).toBeTruthy();
    const decisions = () => api.requests.filter((r) => r.url.startsWith('/attractive/shop/shopOrderAuth')).length;
    const before = decisions();
    const errors = await unhandledDuring(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await toastText(5000)).toBe('Enter a reason');
      expect(decisions()).toBe(before);
      await clearToasts({ dialogs: false });
      fireEvent.change(within(dialog).getByPlaceholderText('Reason'), { target: { value: 'Out of stock' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
      // The refusal comes back from the (fake) shop first: on a busy machine that alone can take a while.
      await waitFor(() => expect(decisions()).toBe(before + 1), { timeout: 10_000 });
      expect(await toastText(5000)).toBe('This order is no longer awaiting audit');
    });
    expect(errors).toEqual([]);
  });

  it('shop cart: a refused checkout is the server’s toast, the cart stays, and nothing is thrown as a page error', async () => {
    refuseChanges = true;
    const router = renderRoutes({ [paths.shop.cart]: <ShopCartPage />, [paths.goods.payNext]: <div>pay next</div> }, paths.shop.cart);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    const errors = await unhandledDuring(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
      expect(await toastText(5000)).toBe('Teapot has only 1 left in this shop');
    });
    expect(errors).toEqual([]);
    expect(router.state.location.pathname).toBe(paths.shop.cart);
  });

  it('shop orders: the owner sees a case on an order, read-only, refunded part included, and that the platform decides', async () => {
    orderStatus = 'completed';
    ownerCase = { has_after_sale: true, after_sale: { cases: 1, open: 0, status: 'refunded', refunded: 1500 } };
    renderRoutes({ [paths.shop.orders]: <ShopOrdersPage /> }, paths.shop.orders);
    const line = await screen.findByText(/After-sales: Refunded \(0 open of 1\)/);
    expect(line.textContent).toBe('After-sales: Refunded (0 open of 1) · refunded $15.00 · After-sales is decided by the platform');
    expect(screen.queryByRole('button', { name: 'Apply for after-sales' })).toBeNull();
  });

  it('shop orders: a failed read shows the error state with a retry', async () => {
    ordersFail = true;
    renderRoutes({ [paths.shop.orders]: <ShopOrdersPage /> }, paths.shop.orders);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('shop cart: one order per shop, picked up by default, then the pay page for a shop order', async () => {
    const router = renderRoutes({ [paths.shop.cart]: <ShopCartPage />, [paths.goods.payNext]: <div>pay next</div> }, paths.shop.cart);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    expect(router.state.location.search).toBe('?order_id=41&order_type=shop_order');
    const sent = api.requests.filter((r) => r.url.startsWith('/attractive/buy/createOrder')).at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ shop_id: 5, line_ids: [71], pickup: true, expected_total: 3000 });
  });

  it('shop cart: ships to an address picked from the address list, which opens picking and comes back to the cart', async () => {
    shippingAddresses = [addressOf({}), addressOf({ id: 12, name: 'Ali', surname: 'Hassan', city: 'Johor Bahru', is_default: false })];
    const router = renderRoutes({ [paths.shop.cart]: <ShopCartPage />, [paths.address.list]: <AddressListPage />, [paths.goods.payNext]: <div>pay next</div> }, `${paths.shop.cart}?shop_id=5`);
    expect(await screen.findByText(/Ship to my address · Mei Tan, Petaling Jaya/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.address.list));
    expect(new URLSearchParams(router.state.location.search).get('pick')).toBe('1');
    fireEvent.click(within(await screen.findByRole('region', { name: 'Ali Hassan' })).getByRole('button', { name: 'Use this address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.shop.cart));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ shop_id: '5', address_id: '12' });
    expect(await screen.findByText(/Ship to my address · Ali Hassan, Johor Bahru/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    const sent = api.requests.filter((r) => r.url.startsWith('/attractive/buy/createOrder')).at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ shop_id: 5, line_ids: [71], address_id: 12, expected_total: 3000 });
  });

  it('my shop orders: a received order offers after-sales (the realSale page with the shop order) and shows its case', async () => {
    buyerOrders = [{ ...order('completed'), has_after_sale: true, after_sale: { cases: 1, open: 1, status: 'awaiting_return', refunded: 0 }, actions: { ...order('completed').actions, after_sale: true } }];
    const router = renderRoutes({ [paths.shop.buyerOrders]: <BuyerShopOrdersPage />, [paths.order.afterSaleApply]: <div>apply</div> }, paths.shop.buyerOrders);
    expect(await screen.findByText('After-sales: Approved: send the goods back (1 open of 1)')).toBeTruthy();
    // The owner's note is not the buyer's.
    expect(screen.queryByText(/decided by the platform/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply for after-sales' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.order.afterSaleApply));
    expect(router.state.location.search).toBe('?shop_order_id=41');
  });

  it('my shop orders: the empty state', async () => {
    renderRoutes({ [paths.shop.buyerOrders]: <BuyerShopOrdersPage /> }, paths.shop.buyerOrders);
    expect(await screen.findByText('No orders yet')).toBeTruthy();
  });
});
