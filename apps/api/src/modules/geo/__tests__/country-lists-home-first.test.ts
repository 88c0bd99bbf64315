import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../accounts/__tests__/account-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Listed = { code: string; name: string };
const list = async (url: string, lang: string) => {
  const data = (await call(t, 'GET', url, undefined, { lang })).body.data as Listed[] | { list: Listed[] };
  return Array.isArray(data) ? data : data.list;
};
const named = (countries: Listed[], code: string) => countries.find((c) => c.code === code)?.name;

describe('the country lists a member picks from', () => {
  it('the real-name list starts with the reader’s own country: Taiwan for a Traditional Chinese reader', async () => {
    const zhTw = await list('/user/certification/countryList', 'zh-tw');
    expect(zhTw[0]).toMatchObject({ code: 'TW', name: '台灣' });
    expect(zhTw.filter((c) => c.code === 'TW')).toHaveLength(1);
    // Every other language's own country first (the mainland, a zh-cn reader's, has the form of its own and is not in this list).
    for (const [lang, code] of [['jp', 'JP'], ['th', 'TH'], ['km', 'KH'], ['may', 'MY'], ['id', 'ID'], ['hu', 'HU'], ['en-us', 'US']] as const)
      expect({ lang, first: (await list('/user/certification/countryList', lang))[0]!.code }).toEqual({ lang, first: code });
    const zhCn = await list('/user/certification/countryList', 'zh-cn');
    expect(zhCn.map((c) => c.code)).not.toContain('CN');
    // The rest stays in name order.
    const rest = zhTw.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('zh-Hant').compare));
  });

  it('Hong Kong and Macao are called by their common names, not the long official ones', async () => {
    const realName = await list('/user/certification/countryList', 'zh-tw');
    expect([named(realName, 'HK'), named(realName, 'MO')]).toEqual(['香港', '澳門']);
    const phone = await list('/attractive/countryCode', 'zh-tw');
    expect([named(phone, 'HK'), named(phone, 'MO')]).toEqual(['香港', '澳門']);
    const shipping = await list('/attractive/country/addressCountry', 'zh-tw');
    expect(named(shipping, 'HK')).toBe('香港');
    const every = await list('/attractive/country/list', 'zh-tw');
    expect([named(every, 'HK'), named(every, 'MO')]).toEqual(['香港', '澳門']);
    const zhCn = await list('/attractive/country/list', 'zh-cn');
    expect([named(zhCn, 'HK'), named(zhCn, 'MO')]).toEqual(['香港', '澳门']);
    expect(named(await list('/attractive/country/list', 'jp'), 'HK')).toBe('香港');
    expect(named(await list('/attractive/country/list', 'th'), 'HK')).toBe('ฮ่องกง');
    expect(named(await list('/attractive/country/list', 'may'), 'HK')).toBe('Hong Kong');
    expect(named(await list('/user/certification/countryList', 'en-us'), 'HK')).toBe('Hong Kong');
  });
});
