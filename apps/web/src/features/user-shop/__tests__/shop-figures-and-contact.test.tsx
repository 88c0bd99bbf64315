import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { addStyles } from '@/test/styles';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import MyShopPage from '../pages/my-shop-page';
import ShopHomePage from '../pages/shop-home-page';

// On a phone, "Sales this month" and "Earnings" in two currencies ran together
// ("฿450.00$531.96"); a shop without address or phone showed a lone "·", and "1 Sukhumvit, Bangkok"
// in the region Bangkok read "1 Sukhumvit, Bangkok Bangkok".

const shop = { id: 6, name: 'Bangkok Fresh Market and Organic Foods', logo: '', intro: 'Fresh every morning', contact_mobile: '', address: '', region: '', status: 'open', status_reason: '', owner_name: 'S**', share_path: '/pages/shop/home?id=6', mine: false, created_at: '2026-11-24T09:00:00.000Z' };
let contact: Partial<typeof shop> = {};
const api = await startFakeApi({
  '/attractive/UserPageData/shopSetPage': () => ok({ is_owner: true, shop: { ...shop, mine: true }, entries: [] }),
  '/attractive/shop/shopInfo': () => ok({ ...shop, ...contact }),
  '/attractive/shop/shopTotal': () =>
    ok({ orders_awaiting_audit: 0, orders_to_ship: 0, orders_today: 0, sales_today: [], sales_month: [{ currency: 'THB', amount: 45000 }, { currency: 'USD', amount: 53196 }], goods_on_sale: 2, stock_units: 9, sales_slips_month: 0, earnings: [{ currency: 'THB', amount: 4050 }, { currency: 'USD', amount: 4787 }], currencies: ['THB', 'USD'] }),
  '/attractive/shop/shopGoods': () => ok({ list: [], total: 0, page: 1, limit: 20, has_more: false }),
  '/attractive/cart/list': () => ok({ shops: [], total_count: 0 }),
});

let removeStyles: () => void;
beforeAll(() => prepareApp());
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  contact = {};
  useSession.getState().signIn('member-token', null);
  removeStyles = addStyles('apps/web/src/features/user-shop/user-shop.css');
});
afterEach(async () => {
  removeStyles();
  cleanup();
  await i18n.changeLanguage('en-us');
});

/** The figure shown above `label` in the shop's totals, as its amounts, each with whether it stands on a line of its own. */
function figure(label: string) {
  const strong = screen.getByText(label).closest('div')!.querySelector('strong')!;
  return [...strong.querySelectorAll<HTMLElement>('.amount')].map((a) => ({ text: a.textContent, ownLine: getComputedStyle(a).display === 'block' }));
}

describe('my shop in several currencies', () => {
  it('shows each currency of the month’s sales and of the earnings on a line of its own (Thai)', async () => {
    await i18n.changeLanguage('th');
    renderRoutes({ [paths.shop.my]: <MyShopPage /> }, paths.shop.my);
    await screen.findByText('฿450.00');
    expect(figure(i18n.t('userShop.app.salesMonth'))).toEqual([
      { text: '฿450.00', ownLine: true },
      { text: '$531.96', ownLine: true },
    ]);
    expect(figure(i18n.t('userShop.app.earnings'))).toEqual([
      { text: '฿40.50', ownLine: true },
      { text: '$47.87', ownLine: true },
    ]);
  });
});

describe("a shop's address and phone on its page", () => {
  const line = async () => {
    renderRoutes({ [paths.shop.home]: <ShopHomePage /> }, `${paths.shop.home}?id=6`);
    await screen.findByText('Fresh every morning');
    return [...document.querySelectorAll('.shop-line-body > .shop-muted')].map((e) => e.textContent).filter((text) => text !== 'Fresh every morning');
  };

  it('shows no line, and no lone "·", when the shop gave neither', async () => {
    expect(await line()).toEqual([]);
    expect(document.body.textContent).not.toContain('·');
  });

  it('names the region once when the address already ends with it', async () => {
    contact = { address: '1 Sukhumvit, Bangkok', region: 'Bangkok', contact_mobile: '+66 2 123 4567' };
    expect(await line()).toEqual(['1 Sukhumvit, Bangkok · +66 2 123 4567']);
  });

  it('joins only the parts present', async () => {
    contact = { address: '12 Street 240', region: 'Phnom Penh' };
    expect(await line()).toEqual(['12 Street 240, Phnom Penh']);
    cleanup();
    contact = { contact_mobile: '+66 2 123 4567' };
    expect(await line()).toEqual(['+66 2 123 4567']);
    cleanup();
    // A region that only looks like the address's last letters is still named.
    contact = { address: '5 Soi Nana', region: 'Ana', contact_mobile: '' };
    expect(await line()).toEqual(['5 Soi Nana, Ana']);
  });
});
