import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@shop/contract';
import { NavigationRoute } from 'workbox-routing';
import { appPagePattern, OFFLINE_READ_PATHS } from '../offline';

describe('what the service worker keeps for offline use', () => {
  it('is only public catalogue and content reads and the language pack, never a member’s, money, order or payment answer', () => {
    for (const path of OFFLINE_READ_PATHS) {
      const calls = allEndpoints.filter((e) => e.path === path);
      expect(calls.map((e) => `${e.method} ${e.auth}`), path).toEqual(['GET optional']);
      expect(['catalogue', 'content', 'account'], path).toContain(calls[0]!.area);
      if (calls[0]!.area === 'account') expect(path).toBe('/user/getLangBag');
    }
  });

  it('keeps no call that a member’s own data answers (search history, share links, versions)', () => {
    for (const path of ['/shop/search/searchLog', '/shop/share/shareInfo', '/web/version', '/user/info/index', '/user/wallet/assets']) {
      expect(OFFLINE_READ_PATHS).not.toContain(path);
    }
  });
});

describe('the navigations the service worker answers with the app’s page (its release’s copy offline)', () => {
  // Workbox's development log of every match.
  (globalThis as { __WB_DISABLE_DEV_LOGS?: boolean }).__WB_DISABLE_DEV_LOGS = true;
  const documentRoute = new NavigationRoute(() => Promise.resolve(new Response()), { allowlist: [appPagePattern('/h5/')] });
  // A browser's navigation (a page cannot make a Request of mode "navigate" itself).
  const answers = (address: string) => Boolean(documentRoute.match({ url: new URL(address, 'https://shop.example'), request: { mode: 'navigate' } as Request, sameOrigin: true, event: undefined as never }));

  it('are the app’s page with whatever query the address carries: a language, the native shell’s launch flag, a campaign', () => {
    for (const address of ['/h5/', '/h5/index.html', '/h5/?lang=km#/pages/tabbar/index', '/h5/?isFlutter=1', '/h5/index.html?lang=hu#/pages/my/wallet', '/h5/?utm_source=x#/pages/tabbar/index', '/h5/?']) {
      expect(answers(address), address).toBe(true);
    }
  });

  it('are not the release’s other files or addresses outside the app', () => {
    for (const address of ['/h5/manifest.webmanifest', '/h5/assets/index-abc.js', '/h5/index.html.map', '/admin/', '/h5', '/h5/sub/', '/h5x/?lang=km']) {
      expect(answers(address), address).toBe(false);
    }
  });
});
