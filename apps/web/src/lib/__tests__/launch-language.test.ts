import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { followLaunchLanguage } from '@/lib/launch-params';
import { queryClient } from '@/lib/query-client';
import { switchLanguage } from '@/lib/language-packs';
import { useLanguage } from '@/stores/language';
import { ok, prepareApp, startFakeApi } from '@/test/helpers';

// The `lang` launch parameter in the hash wins (`#/…?lang=zh-tw`), also when only the hash changes in
// a tab where the app is already open: the app switches language as the member's own choice does.

const api = await startFakeApi({
  '/user/getLangBag': (r) => ok({ lang: String(r.headers['think-lang']), version: 'v1', pack: { 'app.tab.home': `home in ${String(r.headers['think-lang'])}` } }),
});

let stop: () => void = () => undefined;
beforeAll(() => prepareApp());
beforeEach(async () => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  window.history.replaceState(null, '', '#/pages/tabbar/index');
  await switchLanguage('zh-cn');
  api.requests.length = 0;
  stop = followLaunchLanguage();
});
afterEach(async () => {
  stop();
  window.history.replaceState(null, '', '#/');
  await switchLanguage('en-us');
});
afterAll(() => api.close());

/** The address bar's hash changed in place (a link, the shell, the member), as the browser tells the page. */
const changeHash = async (hash: string) => {
  window.location.hash = hash;
  await new Promise((r) => setTimeout(r, 100));
};

describe('the lang launch parameter after the app has loaded', () => {
  it('a hash change naming another language switches the app to it: texts, stored choice and the document’s lang', async () => {
    expect(document.documentElement.lang).toBe('zh-CN');
    await changeHash('#/pages/tabbar/index?lang=zh-tw');
    await expect.poll(() => document.documentElement.lang).toBe('zh-TW');
    expect(useLanguage.getState().lang).toBe('zh-tw');
    expect(i18n.language).toBe('zh-tw');
    expect(localStorage.getItem('lang') ?? JSON.stringify(localStorage)).toContain('zh-tw');
  });

  it('asks the server’s data again in the new language', async () => {
    let refetched = 0;
    const unsubscribe = queryClient.getQueryCache().subscribe((e) => e.type === 'updated' && e.action.type === 'invalidate' && refetched++);
    queryClient.setQueryData(['/shop/goods/info', { id: 1 }], { name: '茶壶' });
    await changeHash('#/pages/goods/info?id=1&lang=zh-tw');
    await expect.poll(() => queryClient.getQueryState(['/shop/goods/info', { id: 1 }])?.isInvalidated).toBe(true);
    unsubscribe();
    expect(refetched).toBeGreaterThan(0);
  });

  it('a hash change without lang, or naming the language in use or an unknown one, changes nothing', async () => {
    await changeHash('#/pages/tabbar/index?lang=xx');
    await changeHash('#/pages/my/index');
    await changeHash('#/pages/tabbar/index?lang=zh-CN');
    expect(useLanguage.getState().lang).toBe('zh-cn');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(api.requests.filter((r) => r.url.startsWith('/user/getLangBag') && r.headers['think-lang'] !== 'zh-cn')).toHaveLength(0);
  });
});
