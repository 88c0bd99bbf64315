import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@shop/contract';
import { OFFLINE_READ_PATHS } from '../offline';

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
