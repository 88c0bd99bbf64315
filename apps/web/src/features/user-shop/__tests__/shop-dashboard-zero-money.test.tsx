import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import { paths } from '@/config/paths';
import MyShopPage from '../pages/my-shop-page';

// A shop with no sales this month and no earnings yet showed its money figures as a bare "0": they
// are money, said with the currency the shop's totals name ("US$0.00"), as every other amount is.

const shop = { id: 6, name: 'Corner Shop', logo: '', intro: '', contact_mobile: '', address: '', region: '', status: 'open', status_reason: '', owner_name: 'S**', share_path: '/pages/shop/home?id=6', mine: true, created_at: '2026-11-24T09:00:00.000Z' };
let currencies: string[] = [];
const api = await startFakeApi({
  '/attractive/UserPageData/shopSetPage': () => ok({ is_owner: true, shop, entries: [] }),
  '/attractive/shop/shopInfo': () => ok(shop),
  '/attractive/shop/shopTotal': () => ok({ orders_awaiting_audit: 0, orders_to_ship: 0, orders_today: 0, sales_today: [], sales_month: [], goods_on_sale: 0, stock_units: 0, sales_slips_month: 0, earnings: [], currencies }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(async () => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
  await act(() => i18n.changeLanguage('zh-tw'));
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

/** The figure shown above `label` in the shop's totals, once it is money. */
async function figure(label: string): Promise<string> {
  renderRoutes({ [paths.shop.my]: <MyShopPage /> }, paths.shop.my);
  const strong = (await screen.findByText(label)).closest('div')!.querySelector('strong')!;
  await screen.findAllByText(/0\.00/);
  return strong.textContent!;
}

describe('the money figures of a shop without sales', () => {
  it('say the shop’s currency: "US$0.00", never a bare "0"', async () => {
    currencies = ['USD'];
    expect(await figure('本月銷售額')).toBe('US$0.00');
    const earnings = document.querySelector('[data-earnings]')!.textContent;
    expect(earnings).toBe('US$0.00');
  });

  it('in each of the shop’s currencies when it sells in two', async () => {
    currencies = ['THB', 'USD'];
    expect(await figure('收益')).toMatch(/^(฿|THB\s?)0\.00US\$0\.00$/);
  });
});
