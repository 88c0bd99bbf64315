import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import ShopCartPage from '../pages/shop-cart-page';
import ShopSettingsPage from '../pages/shop-settings-page';

// Found by a tester at 375 px: a shop cart line above what the shop holds said only "Not available
// now" (nothing said 17 were left or that lowering fixes it); a closed shop's lines kept "+" and
// "Place order", and ordering said the shop does not exist; a closed shop's settings offered Save.

type Line = { id: number; shop_id: number; goods_id: number; sku_id: number; name: string; spec_text: string; image: string; price: number; currency: string; num: number; stock: number; selected: boolean; available: boolean; problem: string | null };
const line = (over: Partial<Line>): Line => ({ id: 71, shop_id: 5, goods_id: 3, sku_id: 9, name: 'Teapot', spec_text: 'Blue', image: '', price: 1500, currency: 'USD', num: 2, stock: 5, selected: true, available: true, problem: null, ...over });
let groups: Array<{ shop: { id: number; name: string; logo: string; status: string }; list: Line[]; selected_count: number; selected_total: number; currency: string }> = [];
const shop = { id: 5, name: 'Corner Shop', logo: '', intro: 'Near the market', contact_mobile: '60123456789', address: '1 Jalan Test', region: 'KL', status: 'closed', status_reason: 'Owner asked to close', owner_name: 'M**', share_path: '/pages/shop/home?id=5', mine: true, created_at: '2026-11-24T09:00:00.000Z' };
const api = await startFakeApi({
  '/attractive/cart/list': () => ok({ shops: groups, total_count: groups.flatMap((g) => g.list).reduce((s, l) => s + l.num, 0) }),
  '/attractive/cart/update': (req) => ok({ id: JSON.parse(req.body).id, num: JSON.parse(req.body).num, total_count: 1 }),
  '/attractive/cart/del': (req) => ok({ removed: JSON.parse(req.body).ids.length, total_count: 0 }),
  '/shop/address/list': () => ok({ list: [], max: 20 }),
  '/attractive/UserPageData/shopSetPage': () => ok({ is_owner: true, shop, entries: [] }),
  '/attractive/shop/editShop': () => ok(shop),
});

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
const sent = (path: string) => api.requests.filter((r) => r.url.startsWith(path)).map((r) => JSON.parse(r.body) as unknown);

describe('the shop cart against the shop’s stock', () => {
  it('a line above what the shop holds says how many are left, and its stepper lowers it (but not higher)', async () => {
    groups = [{ shop: { id: 5, name: 'Corner Shop', logo: '', status: 'open' }, list: [line({ num: 18, stock: 17, available: false, problem: 'not_enough_stock' })], selected_count: 0, selected_total: 0, currency: 'USD' }];
    renderRoutes({ [paths.shop.cart]: <ShopCartPage /> }, paths.shop.cart);
    expect(await screen.findByText('Only 17 left')).toBeTruthy();
    expect(screen.queryByText('Not available now')).toBeNull();
    const stepper = screen.getByRole('spinbutton').closest('.adm-stepper')!;
    const plus = stepper.querySelector('.adm-stepper-plus') as HTMLButtonElement;
    const minus = stepper.querySelector('.adm-stepper-minus') as HTMLButtonElement;
    expect(plus.disabled).toBe(true);
    expect(minus.disabled).toBe(false);
    fireEvent.click(minus);
    await waitFor(() => expect(sent('/attractive/cart/update')).toEqual([{ id: 71, num: 17 }]));
  });

  it('a line the shop holds none of says it is sold out', async () => {
    groups = [{ shop: { id: 5, name: 'Corner Shop', logo: '', status: 'open' }, list: [line({ num: 1, stock: 0, available: false, problem: 'out_of_stock' })], selected_count: 0, selected_total: 0, currency: 'USD' }];
    renderRoutes({ [paths.shop.cart]: <ShopCartPage /> }, paths.shop.cart);
    expect(await screen.findByText('Sold out')).toBeTruthy();
    expect(screen.queryByText('Not available now')).toBeNull();
  });
});

describe('a closed shop', () => {
  it('its cart lines say the shop no longer exists, offer no “+” or Place order, and are removed together', async () => {
    groups = [
      { shop: { id: 5, name: 'Corner Shop', logo: '', status: 'closed' }, list: [line({ id: 71, available: false, problem: 'shop_gone' }), line({ id: 72, sku_id: 10, name: 'Cup', available: false, problem: 'shop_gone' })], selected_count: 0, selected_total: 0, currency: 'USD' },
      { shop: { id: 6, name: 'Market Stall', logo: '', status: 'open' }, list: [line({ id: 81, shop_id: 6, name: 'Kettle' })], selected_count: 2, selected_total: 3000, currency: 'USD' },
    ];
    renderRoutes({ [paths.shop.cart]: <ShopCartPage /> }, paths.shop.cart);
    const gone = (await screen.findByText('Corner Shop')).closest('section')!;
    expect(within(gone).getByText('This shop no longer exists')).toBeTruthy();
    expect(within(gone).queryByText('Not available now')).toBeNull();
    expect(within(gone).queryByRole('spinbutton')).toBeNull();
    expect(gone.querySelector('.adm-stepper-plus')).toBeNull();
    expect(within(gone).queryByRole('button', { name: 'Place order' })).toBeNull();
    expect(within(gone).queryByText('$0.00')).toBeNull();
    // The other shop's cart is as it was.
    const open = screen.getByText('Market Stall').closest('section')!;
    expect(within(open).getByRole('button', { name: 'Place order' })).toBeTruthy();
    fireEvent.click(within(gone).getByRole('button', { name: 'Remove these items' }));
    await waitFor(() => expect(sent('/attractive/cart/del')).toEqual([{ ids: [71, 72] }]));
  });

  it('its settings show the profile without a way to edit it, saying why', async () => {
    renderRoutes({ [paths.shop.settings]: <ShopSettingsPage />, [paths.shop.my]: <div>my shop</div> }, paths.shop.settings);
    expect(await screen.findByText('Your shop is closed: its profile can no longer be changed.')).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'Shop name' })) as HTMLInputElement).value).toBe('Corner Shop');
    expect((screen.getByRole('textbox', { name: 'Shop name' }) as HTMLInputElement).readOnly || (screen.getByRole('textbox', { name: 'Shop name' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /logo/i })).toBeNull();
  });
});
