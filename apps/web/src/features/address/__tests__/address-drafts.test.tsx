import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { Address } from '@shop/contract/address';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { useSession } from '@/stores/session';
import { keepOpenDrafts, takeDraftsLeftOpen } from '@/lib/open-drafts';
import { clearToasts, memberFixture, ok, prepareApp, renderRouter, startFakeApi } from '@/test/helpers';

// The address form, reloaded while it is open (the browser's reload, the new version's "Reload"):
// what the member had typed and chosen comes back, to the same address only.
const region = (id: number, name: string, level: number, has_children: boolean) => ({ id, code: null, name, level, has_children });
const saved = (fields: Partial<Address>): Address => ({
  id: 1, name: 'Home', surname: 'Rahman', mobile_pre: '60', mobile: '123456789', email: '', country: 'MY', country_name: 'Malaysia', flag: '🇲🇾',
  province_id: 10, province: 'Johor', city_id: 11, city: 'Batu Pahat', district_id: null, district: '', address: 'Jalan Ampang 12', house_number: '', zip_code: '50450',
  latitude: null, longitude: null, is_default: false, ...fields,
});
let addresses: Address[] = [];

const api = await startFakeApi({
  '/user/message/total': () => ok({ unread: 0 }),
  '/user/info/index': () => ok(memberFixture()),
  '/attractive/country/addressCountry': () => ok({ list: [{ code: 'MY', iso3: 'MYS', name: 'Malaysia', dialling_code: '60', currency: 'MYR', flag: '🇲🇾' }] }),
  '/attractive/country/getAreaList': () => ok({ country: 'MY', list: [region(10, 'Johor', 1, true), region(12, 'Selangor', 1, true)] }),
  '/attractive/country/areaSonList': (req) =>
    req.url.includes('parent_id=10') ? ok({ parent: region(10, 'Johor', 1, true), list: [region(11, 'Batu Pahat', 2, false), region(13, 'Kluang', 2, false)] }) : ok({ parent: region(12, 'Selangor', 1, true), list: [] }),
  '/shop/address/list': () => ok({ list: addresses, max: 20 }),
  '/shop/address/info': (req) => ok(addresses.find((a) => new URL(req.url, 'http://x').searchParams.get('id') === String(a.id))),
  '/shop/address/create': (req) => {
    const body = JSON.parse(req.body) as Record<string, unknown>;
    const created = saved({ id: 3, name: String(body.name), mobile: String(body.mobile), address: String(body.address) });
    addresses.push(created);
    return ok(created);
  },
  '/shop/address/update': (req) => {
    const body = JSON.parse(req.body) as Address;
    addresses = addresses.map((a) => (a.id === body.id ? { ...a, ...body } : a));
    return ok(addresses.find((a) => a.id === body.id));
  },
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
  addresses = [saved({}), saved({ id: 2, name: 'Office', address: 'Jalan Tun Razak 1', zip_code: '50400' })];
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const openPicker = async (label: string) => fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${label}:`) }));
const pickOption = async (name: string) => fireEvent.click((await screen.findAllByRole('option', { name: new RegExp(name) })).at(-1)!);
const until = async (check: () => boolean) => {
  await act(async () => {
    for (let i = 0; i < 150 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  });
  expect(check()).toBe(true);
};
const asked = (path: string) => api.requests.filter((r) => r.url.startsWith(path)).length;
const isDefault = () => screen.getByRole('switch', { name: 'Set as default address' }).getAttribute('aria-checked');

/** The page loaded again at `page` in the same tab: the last document's open forms were written down as it ended. */
function reloadAt(page: string) {
  cleanup();
  takeDraftsLeftOpen(page);
  return renderRouter(routes, page);
}

describe('the address form, loaded again while it is open', () => {
  it('a new address comes back with its name, phone, places, street, postcode and default flag, once', async () => {
    renderRouter(routes, paths.address.edit);
    await openPicker('Country/Region');
    await pickOption('Malaysia');
    await openPicker('Province/State');
    await pickOption('Johor');
    await openPicker('City');
    await pickOption('Kluang');
    type('name', 'Siti');
    type('mobile', '0198765432');
    type('address', 'Jalan Mersing 4');
    type('zip_code', '86000');
    fireEvent.click(screen.getByRole('switch', { name: 'Set as default address' }));
    await until(() => isDefault() === 'true');

    // The browser's reload: the document ends, and the same page opens again.
    window.dispatchEvent(new Event('pagehide'));
    const router = reloadAt(paths.address.edit);
    await until(() => field('name')?.value === 'Siti');
    expect(field('mobile').value).toBe('0198765432');
    expect(field('address').value).toBe('Jalan Mersing 4');
    expect(field('zip_code').value).toBe('86000');
    expect(await screen.findByRole('button', { name: /^Country\/Region: .*Malaysia$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Province/State: Johor' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'City: Kluang' })).toBeTruthy();
    expect(isDefault()).toBe('true');

    // Saved as it came back.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await until(() => router.state.location.pathname === paths.address.list);
    const sent = JSON.parse(api.requests.filter((r) => r.url === '/shop/address/create').at(-1)!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({ country: 'MY', mobile_pre: '60', province_id: 10, province: 'Johor', city_id: 13, city: 'Kluang', name: 'Siti', mobile: '0198765432', address: 'Jalan Mersing 4', zip_code: '86000', is_default: true });
  });

  it('given back once: a new address opened again inside the app starts empty', async () => {
    renderRouter(routes, paths.address.edit);
    await openPicker('Country/Region');
    await pickOption('Malaysia');
    type('name', 'Siti');
    window.dispatchEvent(new Event('pagehide'));
    const router = reloadAt(paths.address.edit);
    await until(() => field('name')?.value === 'Siti');
    act(() => void router.navigate(paths.address.list));
    await until(() => router.state.location.pathname === paths.address.list);
    act(() => void router.navigate(paths.address.edit));
    await screen.findByRole('button', { name: /^Country\/Region:/ });
    expect(field('name').value).toBe('');
  });

  it('an address being changed comes back with the changes, not the saved address, after the new version\'s reload', async () => {
    renderRouter(routes, `${paths.address.edit}?id=1`);
    await until(() => field('name')?.value === 'Home');
    type('name', 'Home, upstairs');
    type('zip_code', '50451');
    await openPicker('City');
    await pickOption('Kluang');
    // "Reload" on the new version's banner writes the open forms down before the worker reloads.
    keepOpenDrafts();
    const infoAsked = asked('/shop/address/info');
    const router = reloadAt(`${paths.address.edit}?id=1`);
    await until(() => asked('/shop/address/info') > infoAsked);
    // The saved address has arrived and does not overwrite the member's changes.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(field('name').value).toBe('Home, upstairs');
    expect(field('zip_code').value).toBe('50451');
    expect(screen.getByRole('button', { name: 'City: Kluang' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await until(() => router.state.location.pathname === paths.address.list);
    expect(JSON.parse(api.requests.filter((r) => r.url === '/shop/address/update').at(-1)!.body)).toMatchObject({ id: 1, name: 'Home, upstairs', zip_code: '50451', city_id: 13, city: 'Kluang' });
  });

  it('the draft of one address never fills another', async () => {
    renderRouter(routes, `${paths.address.edit}?id=1`);
    await until(() => field('name')?.value === 'Home');
    type('name', 'Home, upstairs');
    keepOpenDrafts();
    // The reload opens another address's form.
    const router = reloadAt(`${paths.address.edit}?id=2`);
    await until(() => field('name')?.value === 'Office');
    expect(field('address').value).toBe('Jalan Tun Razak 1');
    // Nor is it kept for later: the first address, opened now, is as saved.
    act(() => void router.navigate(`${paths.address.edit}?id=1`));
    await until(() => field('name')?.value === 'Home');
  });

  it('the draft of an address never fills a new one', async () => {
    renderRouter(routes, `${paths.address.edit}?id=2`);
    await until(() => field('name')?.value === 'Office');
    type('name', 'Office, 3rd floor');
    keepOpenDrafts();
    reloadAt(paths.address.edit);
    await screen.findByRole('button', { name: /^Country\/Region:/ });
    expect(field('name').value).toBe('');
  });

  it('a form opened and left as it was keeps nothing', async () => {
    renderRouter(routes, `${paths.address.edit}?id=1`);
    await until(() => field('name')?.value === 'Home');
    keepOpenDrafts();
    expect(sessionStorage.getItem('shop.openDrafts')).toBeNull();
  });
});
