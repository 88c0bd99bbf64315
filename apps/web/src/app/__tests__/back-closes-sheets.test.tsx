import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Address } from '@shop/contract/address';
import { createHashRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { preloadPagesFor } from '@/app/lazy-page';
import { routes } from '@/app/routes';
import { resetRequestState } from '@/lib/request';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi, untilGone } from '@/test/helpers';

// Back (Android's, the browser's, the shell's) while a sheet or dialog is open closes that sheet and
// leaves the member on the page; a sheet closed by its own means leaves no entry behind it.

const user = memberFixture({ user_name: 'member01' });
const home: Address = {
  id: 1, name: 'Home', surname: 'Rahman', mobile_pre: '60', mobile: '123456789', email: '', country: 'MY', country_name: 'Malaysia', flag: '🇲🇾',
  province_id: 10, province: 'Johor', city_id: 11, city: 'Batu Pahat', district_id: null, district: '', address: 'Jalan Ampang 12', house_number: '', zip_code: '50450',
  latitude: null, longitude: null, is_default: true,
};
const api = await startFakeApi({
  '/user/message/total': () => ok({ unread: 0 }),
  '/user/info/index': () => ok(user),
  '/attractive/country/getAreaPre': () => ok({ country: 'US', pre: '1' }),
  '/attractive/countryCode': () => ok([{ code: 'CN', name: 'China', pre: '86' }, { code: 'US', name: 'United States', pre: '1' }]),
  '/shop/address/list': () => ok({ list: [home], max: 20 }),
  '/shop/address/delete': () => ok(null),
});

// jsdom follows a link without an address (`<a role="button">`, as antd-mobile's rows are drawn) to the
// page's bare address; a browser does nothing. Left alone, every tap on a settings row would leave the page.
const ignoreLinksWithoutAddress = (e: MouseEvent) => {
  if (e.target instanceof Element && e.target.closest('a:not([href])')) e.preventDefault();
};

beforeAll(async () => {
  prepareApp();
  document.addEventListener('click', ignoreLinksWithoutAddress, true);
  await Promise.all([paths.address.list, paths.other.settings].map((path) => preloadPagesFor(routes, path)));
}, 60_000);
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  resetRequestState();
  useSession.getState().signIn('tok-1', user);
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});
afterAll(async () => {
  document.removeEventListener('click', ignoreLinksWithoutAddress, true);
  await api.close();
});

const here = () => window.location.hash.replace(/^#/, '');
const pause = (ms: number) => act(async () => void (await new Promise((r) => setTimeout(r, ms))));
/** Waits (a step at a time, each inside act so the page renders between them) until `cond` holds, for at most `ms`. */
async function until(cond: () => boolean, ms = 4000) {
  const end = performance.now() + ms;
  while (!cond() && performance.now() < end) await pause(20);
}
/** The system's Back, as the browser or the shell's web view gives it: one step of the history. */
const back = async () => {
  act(() => window.history.back());
  await pause(120);
};
const dialog = (name: string) => screen.queryByRole('dialog', { name });
/** The list of calling codes (a sheet of its own, over the phone sheet) is on screen: a dialog while open. */
const pickerShown = () => dialog('Country code') !== null;

/** The app as a phone runs it (its routes in the address's hash, the browser's own history): `first`, then `then` opened over it. */
async function openApp(first: string, then: string, ready: string) {
  window.history.replaceState(null, '', `#${first}`);
  const router = createHashRouter(routes);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await pause(50);
  act(() => router.navigate(then));
  await screen.findByText(ready);
}
const openSettings = () => openApp(paths.address.list, paths.other.settings, 'Google Authenticator');

describe('Back while a sheet is open', () => {
  it('closes the sheet and stays on the page; the next Back leaves it', async () => {
    await openSettings();
    fireEvent.click(screen.getByText('Google Authenticator'));
    expect(await screen.findByRole('dialog', { name: 'Google Authenticator' })).toBeTruthy();
    await back();
    await until(() => !dialog('Google Authenticator'));
    expect(dialog('Google Authenticator')).toBeNull();
    expect(here()).toBe(paths.other.settings);
    expect(screen.getByRole('button', { name: /^Google Authenticator/ })).toBeTruthy();
    await back();
    await until(() => here() === paths.address.list);
    expect(here()).toBe(paths.address.list);
  });

  it('a sheet closed by its mask leaves no step behind: one Back leaves the page, and Forward opens nothing again', async () => {
    await openSettings();
    fireEvent.click(screen.getByText('Google Authenticator'));
    const sheet = await screen.findByRole('dialog', { name: 'Google Authenticator' });
    const mask = () => sheet.closest('.adm-popup')?.querySelector('.adm-mask');
    await until(() => Boolean(mask()));
    await act(async () => void fireEvent.click(mask()!));
    await until(() => !dialog('Google Authenticator'));
    await pause(120);
    expect(here()).toBe(paths.other.settings);
    // Forward onto the closed sheet's step: still Settings, and no sheet.
    act(() => window.history.forward());
    await pause(200);
    expect(here()).toBe(paths.other.settings);
    expect(dialog('Google Authenticator')).toBeNull();
    await back();
    await until(() => here() === paths.address.list);
    expect(here()).toBe(paths.address.list);
  });

  it('nested: the country list over the phone sheet closes first, then the sheet, then the page is left', async () => {
    await openSettings();
    fireEvent.click(screen.getByText('Phone number'));
    const sheet = await screen.findByRole('dialog', { name: 'Phone number' });
    fireEvent.click(await within(sheet).findByRole('button', { name: /^Country code/ }));
    await until(pickerShown);
    expect(pickerShown()).toBe(true);
    await back();
    await until(() => !pickerShown());
    expect(pickerShown()).toBe(false);
    expect(dialog('Phone number')).toBeTruthy();
    expect(here()).toBe(paths.other.settings);
    await back();
    await until(() => !dialog('Phone number'));
    expect(dialog('Phone number')).toBeNull();
    expect(here()).toBe(paths.other.settings);
    await back();
    await until(() => here() === paths.address.list);
    expect(here()).toBe(paths.address.list);
  });
});

describe('Back while a question is asked', () => {
  const deleteHome = async () => fireEvent.click(within(await screen.findByRole('region', { name: 'Home Rahman' })).getByRole('button', { name: 'Delete' }));

  it('answers "no": the dialog closes, nothing is deleted, the member stays on the list', async () => {
    await openApp(paths.other.settings, paths.address.list, 'Home Rahman');
    await deleteHome();
    expect(await screen.findByText('Delete this address?')).toBeTruthy();
    // As a member would: Back once the question has come up (antd-mobile's spring, stopped as it starts, may never end in jsdom).
    await pause(400);
    await back();
    await untilGone(() => screen.queryByText('Delete this address?'));
    expect(here()).toBe(paths.address.list);
    expect(api.requests.some((r) => r.url === '/shop/address/delete')).toBe(false);
  });

  it('answered by its own button, it leaves no step: one Back leaves the page', async () => {
    await openApp(paths.other.settings, paths.address.list, 'Home Rahman');
    await deleteHome();
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    // Answered once the question has come up, as a member would (antd-mobile's spring, stopped as it starts, may never end in jsdom).
    await pause(400);
    fireEvent.click(cancel);
    await untilGone(() => screen.queryByText('Delete this address?'));
    await pause(120);
    expect(here()).toBe(paths.address.list);
    await back();
    await until(() => here() === paths.other.settings);
    expect(here()).toBe(paths.other.settings);
  });
});
