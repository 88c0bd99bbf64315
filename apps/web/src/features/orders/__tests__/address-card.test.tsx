import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { useLanguage } from '@/stores/language';
import { ok, prepareApp, startFakeApi } from '@/test/helpers';
import { AddressCard } from '../components/address-card';

// The countries the shop ships to, named in the language asked in, as the address book reads them.
const NAMES: Record<string, string> = { 'en-us': 'Thailand', th: 'ไทย' };
const api = await startFakeApi({
  '/attractive/country/addressCountry': (req) =>
    ok({ list: [{ code: 'TH', iso3: 'THA', name: NAMES[String(req.headers['accept-language'])] ?? 'Thailand', dialling_code: '66', currency: 'THB', flag: '🇹🇭' }] }),
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
