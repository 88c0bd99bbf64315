import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getLanguagePack } from '@shop/contract/lang';
import { i18n } from '@/lib/i18n';
import { linkManifest, loadLanguage, loadRestOfPack, switchLanguage } from '@/lib/language-packs';
import { useLanguage } from '@/stores/language';
import { prepareApp, startFakeApi } from '@/test/helpers';

let serverVersion = 'v2';
let down = false;
/** A key of the rest of the pack, new in each test: the app's texts keep what earlier tests loaded. */
let restKey = 'wallet.title0';
let packs: Record<string, Record<string, string>> = {};
/** As the server splits a pack: the first screens' keys, and the rest. */
const partOf = (pack: Record<string, string> | undefined, part: string | null) =>
  pack && part ? Object.fromEntries(Object.entries(pack).filter(([key]) => key.startsWith('app.') === (part === 'first'))) : pack;
const api = await startFakeApi({
  '/user/getLangBag': (r) => {
    if (down) return { status: 503, json: { code: 503, msg: 'busy', data: null } };
    const lang = String(r.headers['think-lang']);
    const query = new URL(r.url, 'http://x').searchParams;
    const data = query.get('version') === serverVersion ? { lang, version: serverVersion } : { lang, version: serverVersion, pack: partOf(packs[lang], query.get('part')) };
    return { json: { code: 200, msg: 'Success', data } };
  },
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  api.requests.length = 0;
  serverVersion = 'v2';
  down = false;
  restKey = `wallet.title${Math.random().toString(36).slice(2)}`;
  packs = {
    'en-us': { 'app.tab.home': 'Home (server)', [restKey]: 'Wallet (server)' },
    th: { 'app.tab.home': 'หน้าแรก (server)', [restKey]: 'กระเป๋าเงิน (server)' },
  };
});

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('language packs', () => {
  it('links the manifest of the document’s language when asked (once the page is usable), and keeps it in the language the member switches to', async () => {
    document.head.querySelector('link[rel="manifest"]')?.remove();
    await loadLanguage('th');
    expect(document.head.querySelector('link[rel="manifest"]')).toBeNull();
    linkManifest();
    linkManifest();
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('./manifest.th.webmanifest');
    await loadLanguage('en-us');
    expect(links[0]!.getAttribute('href')).toBe('./manifest.webmanifest');
    links[0]!.remove();
  });

  it('asks for the pack by the contract’s call, and answers what its schema accepts', async () => {
    await loadLanguage('th');
    expect(api.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([`${getLanguagePack.method} ${getLanguagePack.path}`]);
    expect(api.violations).toEqual([]);
  });

  it('without a cached pack: asks the server, uses and caches the pack with its version', async () => {
    await loadLanguage('th');
    expect(api.requests[0]!.url).toBe('/user/getLangBag?client=h5');
    expect(api.requests[0]!.headers['think-lang']).toBe('th');
    expect(i18n.language).toBe('th');
    expect(document.documentElement.lang).toBe('th-TH');
    expect(i18n.t('app.tab.home')).toBe('หน้าแรก (server)');
    expect(JSON.parse(localStorage.getItem('shop.langPack.th')!)).toEqual({ version: 'v2', pack: packs.th });
  });

  it('with a cached pack: shows it at once and sends its version; a current version changes nothing', async () => {
    localStorage.setItem('shop.langPack.th', JSON.stringify({ version: 'v2', pack: { 'app.tab.home': 'cached' } }));
    await loadLanguage('th');
    expect(i18n.t('app.tab.home')).toBe('cached');
    await settle();
    expect(api.requests[0]!.url).toBe('/user/getLangBag?client=h5&version=v2');
    expect(i18n.t('app.tab.home')).toBe('cached');
  });

  it('refreshes the cached pack when the server has another version', async () => {
    localStorage.setItem('shop.langPack.th', JSON.stringify({ version: 'v1', pack: { 'app.tab.home': 'old' } }));
    await loadLanguage('th');
    expect(i18n.t('app.tab.home')).toBe('old');
    await settle();
    expect(i18n.t('app.tab.home')).toBe('หน้าแรก (server)');
    expect(JSON.parse(localStorage.getItem('shop.langPack.th')!).version).toBe('v2');
  });

  it('a first screen without a cached pack shows with the first part, and the rest completes and caches the whole', async () => {
    await loadLanguage('th', { firstPart: true });
    expect(api.requests.map((r) => r.url)).toEqual(['/user/getLangBag?client=h5&part=first']);
    expect(i18n.t('app.tab.home')).toBe('หน้าแรก (server)');
    expect(i18n.t(restKey)).toBe(restKey);
    // Not kept until it is whole: a next visit must not start from half a pack.
    expect(localStorage.getItem('shop.langPack.th')).toBeNull();
    // A page other than a first screen waits for the rest, asked for once however many wait.
    await Promise.all([loadRestOfPack(), loadRestOfPack(), loadRestOfPack()]);
    expect(api.requests.map((r) => r.url)).toEqual(['/user/getLangBag?client=h5&part=first', '/user/getLangBag?client=h5&part=rest']);
    expect(i18n.t(restKey)).toBe('กระเป๋าเงิน (server)');
    expect(JSON.parse(localStorage.getItem('shop.langPack.th')!)).toEqual({ version: 'v2', pack: packs.th });
    // Whole now: nothing more is asked.
    await loadRestOfPack();
    expect(api.requests).toHaveLength(2);
  });

  it('when the pack changed between its two parts, the whole new pack is taken instead of mixing versions', async () => {
    await loadLanguage('th', { firstPart: true });
    serverVersion = 'v3';
    await loadRestOfPack();
    expect(api.requests.map((r) => r.url)).toEqual(['/user/getLangBag?client=h5&part=first', '/user/getLangBag?client=h5&part=rest', '/user/getLangBag?client=h5']);
    expect(JSON.parse(localStorage.getItem('shop.langPack.th')!)).toEqual({ version: 'v3', pack: packs.th });
    expect(i18n.t(restKey)).toBe('กระเป๋าเงิน (server)');
  });

  it('when the rest cannot be had, the pages go on with what there is and the next one asks again', async () => {
    await loadLanguage('th', { firstPart: true });
    down = true;
    await loadRestOfPack();
    expect(i18n.t('app.tab.home')).toBe('หน้าแรก (server)');
    down = false;
    await loadRestOfPack();
    // The read answered 503 is asked twice more at once (a process may be going away), then again by the next page.
    expect(api.requests.map((r) => r.url.split('&')[1])).toEqual(['part=first', 'part=rest', 'part=rest', 'part=rest', 'part=rest']);
    expect(i18n.t(restKey)).toBe('กระเป๋าเงิน (server)');
  });

  it('with a cached pack a first screen asks for no part: the whole pack is in use at once', async () => {
    localStorage.setItem('shop.langPack.th', JSON.stringify({ version: 'v2', pack: packs.th }));
    await loadLanguage('th', { firstPart: true });
    await loadRestOfPack();
    await settle();
    expect(api.requests.map((r) => r.url)).toEqual(['/user/getLangBag?client=h5&version=v2']);
    expect(i18n.t(restKey)).toBe('กระเป๋าเงิน (server)');
  });

  it('falls back to the bundled English texts when there is neither a cache nor a server', async () => {
    down = true;
    await loadLanguage('th');
    expect(i18n.language).toBe('en-us');
    expect(i18n.t('app.page.settings')).toBe('Settings');
  });

  it('switching remembers the language and shows its texts', async () => {
    await switchLanguage('th');
    expect(useLanguage.getState().lang).toBe('th');
    expect(localStorage.getItem('lang')).toBe('th');
    expect(i18n.t('app.tab.home')).toBe('หน้าแรก (server)');
  });
});
