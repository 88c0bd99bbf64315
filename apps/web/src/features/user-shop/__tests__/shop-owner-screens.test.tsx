import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Profiler } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { addStyles } from '@/test/styles';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi, toastText } from '@/test/helpers';
import MyShopPage from '../pages/my-shop-page';
import ShopGoodsPage from '../pages/shop-goods-page';
import ShopHomePage from '../pages/shop-home-page';
import ShopSettingsPage from '../pages/shop-settings-page';
import ShopSlipsPage from '../pages/shop-slips-page';

// On the owner's screens at 375 px, a price or an amount collected too large
// was refused in minor units by the server; the price editor's cancel read "No"; buttons and pictures
// touched their cards' edges, "Set up my shop" the screen's; the settings had no way to set a logo.

const shop = { id: 5, name: 'Corner Shop', logo: '', intro: 'Near the market', contact_mobile: '60123456789', address: '1 Jalan Test', region: 'KL', status: 'open', status_reason: '', owner_name: 'M**', share_path: '/pages/shop/home?id=5', mine: true, created_at: '2026-11-24T09:00:00.000Z' };
let logo = '';
let shopSetUp = true;
let ownShopClosed = false;
const goods = { id: 7, goods_id: 3, name: 'Teapot', cover: 'https://img.example/teapot.jpg', price: 2000, currency: 'USD', pv: 4, stock: 5, on_sale: true };
const api = await startFakeApi({
  '/attractive/shop/shopGoods': () => ok({ list: [goods], total: 1, page: 1, limit: 20, has_more: false }),
  '/attractive/shop/shopGoodsInfo': () => ok({ ...goods, shop_id: 5, images: [], skus: [{ sku_id: 9, spec_text: 'Blue', image: '', price: 2000, platform_price: 2000, price_min: 1800, price_max: 2100, pv: 4, stock: 5 }] }),
  '/attractive/shop/shopGoodsSet': () => ok(goods),
  '/attractive/UserPageData/shopSetPage': () => ok(shopSetUp ? { is_owner: true, shop: { ...shop, logo }, entries: [] } : { is_owner: true, shop: null, entries: [] }),
  '/attractive/shop/editShop': (req) => ok({ ...shop, ...(JSON.parse(req.body) as object) }),
  '/attractive/shop/shopInfo': (req) =>
    ownShopClosed && !req.url.includes('shop_id=') ? ok({ ...shop, status: 'closed', status_reason: 'Owner asked to close' }) : ok({ ...shop, id: 6, mine: false, share_url: 'https://shop.example/h5/#/pages/shop/home?id=6', qr_code: 'data:image/png;base64,iVBORw0KGgo=' }),
  '/attractive/shop/shopTotal': () => ok({ orders_awaiting_audit: 0, orders_to_ship: 0, orders_today: 0, sales_today: [], sales_month: [], goods_on_sale: 1, stock_units: 5, sales_slips_month: 0, earnings: [], currencies: ['USD'] }),
  '/attractive/cart/list': () => ok({ shops: [], total_count: 0 }),
  '/attractive/shop/sellNoteList': () => ok({ list: [], total: 0, page: 1, limit: 10, has_more: false, sum: [] }),
  '/user/upload/createToken': () => ok({ token: 'upload-token', upload_path: '/upload2', expires_at: '2026-11-23T11:00:00.000Z', max_image_bytes: 2 * 1024 * 1024, max_video_bytes: 10 * 1024 * 1024 }),
  '/upload2': () => ok({ id: 31, url: 'https://shop.example/uploads/logo-31.png', kind: 'image', mime: 'image/png', size: 4 }),
});

beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  logo = '';
  shopSetUp = true;
  ownShopClosed = false;
  api.requests.length = 0;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const sent = (path: string) => api.requests.filter((r) => r.url.startsWith(path));

describe('amounts too large for a shop', () => {
  it('a price is refused before sending, its limit said as money in the goods’ currency; Cancel closes the editor', async () => {
    renderRoutes({ [paths.shop.goods]: <ShopGoodsPage /> }, paths.shop.goods);
    fireEvent.click(await screen.findByRole('button', { name: 'Prices' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Price Blue' }), { target: { value: '9999999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Price can be at most $1,000,000,000.00');
    expect(sent('/attractive/shop/shopGoodsSet')).toEqual([]);
    // The editor's way out says what it does.
    expect(screen.queryByRole('button', { name: 'No' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save prices' })).toBeNull());
    expect(sent('/attractive/shop/shopGoodsSet')).toEqual([]);
  });

  it('an amount collected on a slip is refused before sending, its limit said as money', async () => {
    renderRoutes({ [paths.shop.slips]: <ShopSlipsPage /> }, paths.shop.slips);
    fireEvent.click(await screen.findByRole('tab', { name: 'New slip' }));
    fireEvent.click(await screen.findByText(/^Teapot \(/));
    fireEvent.click(await screen.findByText(/^Blue \(/));
    fireEvent.change(screen.getByRole('textbox', { name: 'Buyer' }), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount collected' }), { target: { value: '9,999,999,999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record the sale' }));
    expect(await toastText(5000)).toBe('Amount collected can be at most $1,000,000,000.00');
    expect(sent('/attractive/shop/sellNoteCreate')).toEqual([]);
  });

  it('a closed shop’s slips page lists its slips and offers no new one, saying why', async () => {
    ownShopClosed = true;
    renderRoutes({ [paths.shop.slips]: <ShopSlipsPage /> }, paths.shop.slips);
    expect(await screen.findByText('Your shop is closed: sales slips can no longer be recorded.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'New slip' })).toBeNull();
    expect(await screen.findByText('No sales slips yet')).toBeTruthy();
  });
});

describe('the owner’s screens at 375 px', () => {
  let removeStyles: () => void = () => undefined;
  beforeEach(() => (removeStyles = addStyles('apps/web/src/features/user-shop/user-shop.css')));
  afterEach(() => removeStyles());
  /** The horizontal padding of the card (or bar) holding `el`: what keeps it off the edge. */
  const insetOf = (el: Element, holder: string) => {
    const style = getComputedStyle(el.closest(holder)!);
    return [style.paddingLeft, style.paddingRight];
  };

  it('a shop’s goods: each card keeps its picture and its Add to cart button off the card’s edges', async () => {
    renderRoutes({ [paths.shop.home]: <ShopHomePage /> }, `${paths.shop.home}?id=6`);
    const add = await screen.findByRole('button', { name: 'Add to cart' });
    expect(insetOf(add, '.shop-section')).toEqual(['12px', '12px']);
  });

  it('my goods: the Prices and Take off sale buttons and the picture sit inside the card’s padding', async () => {
    renderRoutes({ [paths.shop.goods]: <ShopGoodsPage /> }, paths.shop.goods);
    const prices = await screen.findByRole('button', { name: 'Prices' });
    expect(insetOf(prices, '.shop-section')).toEqual(['12px', '12px']);
    expect(insetOf(screen.getByRole('button', { name: 'Take off sale' }), '.shop-section')).toEqual(['12px', '12px']);
  });

  it('my shop not set up yet: "Set up my shop" stands off the screen’s edge as the cards do', async () => {
    shopSetUp = false;
    renderRoutes({ [paths.shop.my]: <MyShopPage /> }, paths.shop.my);
    const setUp = await screen.findByRole('button', { name: 'Set up my shop' });
    expect(insetOf(setUp, '.shop-actions')).toEqual(['12px', '12px']);
  });
});

describe('the shop’s logo', () => {
  it('settings show the current logo and pick a new one from the member’s uploads, saved with the profile', async () => {
    logo = 'https://shop.example/uploads/logo-1.png';
    renderRoutes({ [paths.shop.settings]: <ShopSettingsPage />, [paths.shop.my]: <div>my shop</div> }, paths.shop.settings);
    const current = (await screen.findByRole('img', { name: 'Logo' })) as HTMLImageElement;
    expect(current.src).toBe('https://shop.example/uploads/logo-1.png?width=112&height=112');
    fireEvent.change(screen.getByLabelText('Change logo'), { target: { files: [new File(['png!'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect((screen.getByRole('img', { name: 'Logo' }) as HTMLImageElement).src).toBe('https://shop.example/uploads/logo-31.png?width=112&height=112'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/attractive/shop/editShop')).toHaveLength(1));
    expect(JSON.parse(sent('/attractive/shop/editShop')[0]!.body)).toMatchObject({ name: 'Corner Shop', logo: 'https://shop.example/uploads/logo-31.png' });
  });

  it('a shop without a logo offers to choose one; saving without picking leaves the logo out', async () => {
    renderRoutes({ [paths.shop.settings]: <ShopSettingsPage />, [paths.shop.my]: <div>my shop</div> }, paths.shop.settings);
    expect(await screen.findByRole('button', { name: 'Choose a logo' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Logo' })).toBeNull();
    // Saved once the form shows the shop's profile, as the member sees it.
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Shop name' }) as HTMLInputElement).value).toBe('Corner Shop'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/attractive/shop/editShop')).toHaveLength(1));
    expect(JSON.parse(sent('/attractive/shop/editShop')[0]!.body)).not.toHaveProperty('logo');
  });
});

describe('the shop settings as they open', () => {
  it('the first frame drawn with the shop’s data already shows its profile: no empty form a Save would refuse', async () => {
    // What the name field shows at each frame React draws (a commit), from the first one that has the field.
    const drawn: string[] = [];
    const probe = () => {
      const name = document.querySelector<HTMLInputElement>('input[aria-label="Shop name"]');
      if (name) drawn.push(name.value);
    };
    renderRoutes(
      {
        [paths.shop.settings]: (
          <Profiler id="shop-settings" onRender={probe}>
            <ShopSettingsPage />
          </Profiler>
        ),
        [paths.shop.my]: <div>my shop</div>,
      },
      paths.shop.settings,
    );
    const name = (await screen.findByRole('textbox', { name: 'Shop name' })) as HTMLInputElement;
    // No waiting for a fill: the form is drawn with the profile in it.
    expect(name.value).toBe('Corner Shop');
    expect(drawn[0]).toBe('Corner Shop');
    expect((screen.getByRole('textbox', { name: 'Contact phone' }) as HTMLInputElement).value).toBe('60123456789');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/attractive/shop/editShop')).toHaveLength(1));
    expect(JSON.parse(sent('/attractive/shop/editShop')[0]!.body)).toMatchObject({ name: 'Corner Shop', contact_mobile: '60123456789' });
  });

  it('pausing the shop says that orders already approved stay the owner’s to ship, and when their buyers are refunded', async () => {
    renderRoutes({ [paths.shop.settings]: <ShopSettingsPage />, [paths.shop.my]: <div>my shop</div> }, paths.shop.settings);
    const pause = await screen.findByRole('switch', { name: 'Paused (no new orders)' });
    const note = 'Orders you have already approved are paid and stay yours to ship; a buyer you do not serve within 14 days is refunded in full.';
    expect(screen.queryByText(note)).toBeNull();
    fireEvent.click(pause);
    expect(await screen.findByText(note)).toBeTruthy();
  });
});
