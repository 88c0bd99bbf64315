import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import RealTimePage from '../pages/real-time-page';

// "Today's prices": each country's rate is the shop's recorded one, labelled with its day; goods are
// converted from their own currency; forint, rupiah and riel in whole units; numbers as the language writes them.

/** A calendar day `daysAgo` days before today on this device, as the wire writes a rate's date. */
const dayBefore = (daysAgo: number) => {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const FEED_DAY = '2026-11-20';
let myDate = FEED_DAY;

const area = (id: number, code: string, name: string, currency: string, rate: string | null, date: string | null = FEED_DAY) => ({ id, code, name, currency, flag: '', rate, source: rate === null ? null : 'ecb', date: rate === null ? null : date });
const api = await startFakeApi({
  '/attractive/page/areaList': () =>
    ok({
      base_currency: 'USD',
      list: [area(1, 'HU', 'Hungary', 'HUF', '332.368400241943', FEED_DAY), area(2, 'MY', 'Malaysia', 'MYR', '4.1592498055820', myDate), area(3, 'KH', 'Cambodia', 'KHR', null)],
    }),
  '/shop/goods/list': () =>
    ok({
      list: [
        { id: 3, cate_id: 1, name: 'Teapot', cover: '', price: 14755, market_price: 14755, currency: 'USD', sales: 9, stock: 5 },
        { id: 4, cate_id: 1, name: 'Batik scarf', cover: '', price: 10000, market_price: 10000, currency: 'MYR', sales: 3, stock: 5 },
      ],
      total: 2,
      page: 1,
      limit: 20,
      has_more: false,
    }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  myDate = FEED_DAY;
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
/** The converted price a goods row shows, and its own price. */
const row = (name: string) => {
  const link = screen.getByRole('link', { name: new RegExp(`^${name}`) });
  return { converted: nbsp(link.querySelector('strong')?.textContent), own: nbsp(link.textContent) };
};
const rateLine = () => nbsp(document.querySelector('.real-time-rate')?.textContent);

describe('prices by country', () => {
  it('in Hungarian: the feed’s rate with its day, written as Hungarian writes numbers; prices in whole forints, from each goods’ own currency', async () => {
    await act(() => i18n.changeLanguage('hu'));
    renderRoutes({ [paths.activity.realTimePrices]: <RealTimePage /> }, paths.activity.realTimePrices);
    await screen.findByRole('link', { name: /^Teapot/ });
    expect(rateLine()).toBe(`Árfolyam (${nbsp(formatDate(FEED_DAY, { dateOnly: true, lang: 'hu' }))}): 1 USD = 332,368 HUF`);
    // 147.55 USD × 332.3684… = 49 040.96… Ft, floored to whole forints.
    expect(row('Teapot').converted).toBe('49 040 Ft');
    expect(row('Teapot').own).toContain('147,55 $');
    // 100.00 MYR ÷ 4.15925… × 332.3684… = 7991.07… Ft (Hungarian groups from five digits): converted from ringgit, not as if it were dollars.
    expect(row('Batik scarf').converted).toBe('7991 Ft');
  });

  it('a rate of today is today’s; a goods in the area’s own currency keeps its price; a currency without a rate shows none', async () => {
    myDate = dayBefore(0);
    renderRoutes({ [paths.activity.realTimePrices]: <RealTimePage /> }, paths.activity.realTimePrices);
    await screen.findByRole('link', { name: /^Teapot/ });
    fireEvent.click(screen.getByText('Malaysia'));
    expect(rateLine()).toBe('Today: 1 USD = 4.15925 MYR');
    expect(row('Teapot').converted).toBe('RM 613.69');
    expect(row('Batik scarf').converted).toBe('RM 100.00');

    fireEvent.click(screen.getByText('Cambodia'));
    expect(rateLine()).toBe('No KHR rate is recorded yet: prices are shown in their own currency.');
    expect(row('Teapot').converted).toBe('');
    expect(row('Teapot').own).toContain('$147.55');
  });
});
