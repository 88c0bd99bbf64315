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

  const readIn = async (lang: 'en-us' | 'th' | 'km' | 'hu', shown: typeof address) => {
    cleanup();
    useLanguage.getState().setLang(lang);
    await act(() => i18n.changeLanguage(lang));
    renderCard(shown);
  };

  it('names the recipient in their own culture’s order, whatever the app’s language: a Thai name given name first in Thai, Khmer and Hungarian', async () => {
    const thai = { ...address, name: 'สมชาย', surname: 'ใจดี' };
    for (const lang of ['th', 'km', 'hu'] as const) {
      await readIn(lang, thai);
      expect(screen.getByText('สมชาย ใจดี · +66 812345678'), lang).toBeTruthy();
    }
  });

  it('writes a Chinese name family name first without a space for an English reader', async () => {
    await readIn('en-us', { ...address, name: '小明', surname: '王', mobile_pre: '86', mobile: '13800138000', country_code: 'CN' });
    expect(screen.getByText('王小明 · +86 13800138000')).toBeTruthy();
  });

  it('writes a Latin name in the order of the address’s country: a Hungarian one family name first in English, an American one given name first in Hungarian', async () => {
    await readIn('en-us', { ...address, name: 'Anna', surname: 'Kovács', mobile_pre: '36', mobile: '301234567', country_code: 'HU' });
    expect(screen.getByText('Kovács Anna · +36 301234567')).toBeTruthy();
    await readIn('hu', { ...address, name: 'John', surname: 'Smith', mobile_pre: '1', mobile: '2025550123', country_code: 'US' });
    expect(screen.getByText('John Smith · +1 2025550123')).toBeTruthy();
  });
});
