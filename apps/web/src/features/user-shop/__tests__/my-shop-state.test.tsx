import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useSession } from '@/stores/session';
import { addStyles } from '@/test/styles';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import MyShopPage from '../pages/my-shop-page';

// My shop at 375 px for a shop the platform closed or paused: a closed shop says why and since when,
// and offers no QR code, link or sharing (its link shows buyers "this shop does not exist"); a
// paused shop keeps its link and says what buyers who open it can do.

const CLOSED_AT = '2026-11-30T08:15:00.000Z';
const base = { id: 5, name: 'Corner Shop', logo: '', intro: '', contact_mobile: '60123456789', address: '1 Jalan Test', region: 'KL', owner_name: 'M**', share_path: '/pages/shop/home?id=5', mine: true, created_at: '2026-11-24T09:00:00.000Z' };
let shop: Record<string, unknown> = {};
const sharing = { share_url: 'https://shop.example/h5/#/pages/shop/home?id=5', qr_code: 'data:image/png;base64,iVBORw0KGgo=' };
const api = await startFakeApi({
  '/attractive/UserPageData/shopSetPage': () => ok({ is_owner: true, shop, entries: [] }),
  // The server gives a closed shop no link or QR code; a page reading an older answer must not offer them either.
  '/attractive/shop/shopInfo': () => ok({ ...shop, ...sharing }),
  '/attractive/shop/shopTotal': () => ok({ orders_awaiting_audit: 0, orders_to_ship: 0, orders_today: 0, sales_today: [], sales_month: [], goods_on_sale: 0, stock_units: 0, sales_slips_month: 0, earnings: [], currencies: ['USD'] }),
});

let removeStyles: () => void = () => undefined;
beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
  removeStyles = addStyles('apps/web/src/features/user-shop/user-shop.css');
});
afterEach(async () => {
  removeStyles();
  cleanup();
  await clearToasts();
});

describe('my shop, closed or paused by the platform, at 375 px', () => {
  it('a closed shop says why and when it was closed, and offers no QR code, link, Copy link or Share', async () => {
    shop = { ...base, status: 'closed', status_reason: 'Owner asked to close', status_changed_at: CLOSED_AT };
    renderRoutes({ [paths.shop.my]: <MyShopPage /> }, paths.shop.my);
    const notice = await screen.findByRole('note', { name: 'Shop closed' });
    expect(within(notice).getByText(`Closed by the platform on ${formatDate(CLOSED_AT)}`)).toBeTruthy();
    expect(within(notice).getByText('Reason: Owner asked to close')).toBeTruthy();
    expect(within(notice).getByText(/Buyers can no longer open or order from it/)).toBeTruthy();
    // The totals have loaded: the page is whole, and nothing of sharing is on it.
    await screen.findByText('Goods on sale');
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('img', { name: "QR code of my shop's page" })).toBeNull();
    expect(screen.queryByText(sharing.share_url)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Shop page' })).toBeNull();
  });

  it('a paused shop keeps its link and says buyers who open it cannot order, with the platform’s reason', async () => {
    shop = { ...base, status: 'paused', status_reason: 'Checking the stock', status_changed_at: CLOSED_AT };
    renderRoutes({ [paths.shop.my]: <MyShopPage /> }, paths.shop.my);
    const notice = await screen.findByRole('note', { name: 'Shop paused' });
    expect(within(notice).getByText('Reason: Checking the stock')).toBeTruthy();
    expect(within(notice).getByText(/see it but cannot order until it opens again/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByText(sharing.share_url)).toBeTruthy();
  });

  it('an open shop shows no notice and offers its link', async () => {
    shop = { ...base, status: 'open', status_reason: '', status_changed_at: CLOSED_AT };
    renderRoutes({ [paths.shop.my]: <MyShopPage /> }, paths.shop.my);
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Shop page' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
