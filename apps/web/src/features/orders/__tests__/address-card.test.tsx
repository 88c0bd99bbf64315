import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { useLanguage } from '@/stores/language';
import { ok, prepareApp, startFakeApi } from '@/test/helpers';
import { AddressCard } from '../components/address-card';

// The countries the shop ships to, named in the language asked in, as the address book reads them.
const NAMES: Record<string, string> = { 'en-us': 'Thailand', th: 'ไทย' };
const JAPAN: Record<string, string> = { 'en-us': 'Japan', jp: '日本' };
const api = await startFakeApi({
  '/attractive/country/addressCountry': (req) =>
    ok({
      list: [
        { code: 'TH', iso3: 'THA', name: NAMES[String(req.headers['accept-language'])] ?? 'Thailand', dialling_code: '66', currency: 'THB', flag: '🇹🇭' },
        { code: 'JP', iso3: 'JPN', name: JAPAN[String(req.headers['accept-language'])] ?? 'Japan', dialling_code: '81', currency: 'JPY', flag: '🇯🇵' },
      ],
    }),
});
const address = { name: 'Somchai', surname: 'J', mobile_pre: '66', mobile: '812345678', email: '', country_code: 'TH', province: 'Bangkok', city: 'Khlong Toei', district: '', detail: '99/1 ถนนสุขุมวิท', house_number: '', zip_code: '10110' };

const renderCard = (shown: typeof address = address) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AddressCard address={shown} />
    </QueryClientProvider>,
  );

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
});
afterEach(async () => {
  cleanup();
  useLanguage.getState().setLang('en-us');
  await act(() => i18n.changeLanguage('en-us'));
});

describe('the address on checkout and order cards', () => {
  it('names the country in the member’s language, as the address book does, not its code', async () => {
    renderCard();
    expect(await screen.findByText('99/1 ถนนสุขุมวิท, Khlong Toei, Bangkok, 10110, Thailand')).toBeTruthy();
    cleanup();
    useLanguage.getState().setLang('th');
    await act(() => i18n.changeLanguage('th'));
    renderCard();
    expect(await screen.findByText('99/1 ถนนสุขุมวิท, Khlong Toei, Bangkok, 10110, ไทย')).toBeTruthy();
    expect(screen.queryByText(/, TH$/)).toBeNull();
  });

  it('writes a Japanese address as Japan writes it: postal code, prefecture, city, street, without commas; the country last', async () => {
    const tokyo = { ...address, name: '花子', surname: '山田', mobile_pre: '81', mobile: '9012345678', country_code: 'JP', province: '東京都', city: '渋谷区', district: '', detail: '神南1-2-3', house_number: '', zip_code: '150-0041' };
    useLanguage.getState().setLang('jp');
    await act(() => i18n.changeLanguage('jp'));
    renderCard(tokyo);
    expect(await screen.findByText('〒150-0041 東京都渋谷区神南1-2-3 日本')).toBeTruthy();
    expect(screen.queryByText(/神南1-2-3, /)).toBeNull();
    cleanup();
    // The order follows the address's country, not the reader's language.
    useLanguage.getState().setLang('en-us');
    await act(() => i18n.changeLanguage('en-us'));
    renderCard(tokyo);
    expect(await screen.findByText('〒150-0041 東京都渋谷区神南1-2-3 Japan')).toBeTruthy();
  });

  it('names the recipient in the order the address form asked for the names: family name first in Hungarian, given name first in English', async () => {
    const hungarian = { ...address, name: 'Probe', surname: 'Four', mobile_pre: '36', mobile: '301234567' };
    useLanguage.getState().setLang('hu');
    await act(() => i18n.changeLanguage('hu'));
    renderCard(hungarian);
    expect(screen.getByText('Four Probe · +36 301234567')).toBeTruthy();
    cleanup();
    useLanguage.getState().setLang('en-us');
    await act(() => i18n.changeLanguage('en-us'));
    renderCard(hungarian);
    expect(screen.getByText('Probe Four · +36 301234567')).toBeTruthy();
  });
});
