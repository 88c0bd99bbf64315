import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../accounts/__tests__/account-helpers.js';
import { newMember } from '../../address/__tests__/address-helpers.js';
import * as taiwan from '../../../db/migrations/2026_12_02_1620_taiwan_counties_and_cities.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Listed = { id: number; code: string | null; name: string };
const get = async (url: string, lang: string) => (await call(t, 'GET', url, undefined, { lang })).body;
const topRegions = async (lang: string) => (await get('/attractive/country/getAreaList?country=TW', lang)).data.list as Listed[];
const children = async (parentId: number, lang: string) => ((await get(`/attractive/country/areaSonList?parent_id=${parentId}`, lang)).data.list as Listed[]).map((c) => c.name);
const regionId = async (code: string) =>
  (await t.db.selectFrom('geo_regions').select('id').where('country_code', '=', 'TW').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** The six special municipalities, the three cities, the thirteen counties: the order of the Ministry of the Interior. */
const OFFICIAL = ['TPE', 'NWT', 'TAO', 'TXG', 'TNN', 'KHH', 'KEE', 'HSZ', 'CYI', 'HSQ', 'MIA', 'CHA', 'NAN', 'YUN', 'CYQ', 'PIF', 'ILA', 'HUA', 'TTT', 'PEN', 'KIN', 'LIE'].map((c) => `TW-${c}`);

describe('Taiwan’s counties and cities', () => {
  it('a Traditional Chinese reader picks from the 22 counties and cities in Chinese, each named once', async () => {
    const list = await topRegions('zh-tw');
    expect(list.map((r) => r.code)).toEqual(OFFICIAL);
    expect(list.slice(0, 6).map((r) => r.name)).toEqual(['臺北市', '新北市', '桃園市', '臺中市', '臺南市', '高雄市']);
    const named = (code: string) => list.find((r) => r.code === code)!.name;
    expect([named('TW-HSZ'), named('TW-HSQ'), named('TW-CYI'), named('TW-CYQ')]).toEqual(['新竹市', '新竹縣', '嘉義市', '嘉義縣']);
    expect(list.filter((r) => !/^\p{Script=Han}+[市縣]$/u.test(r.name))).toEqual([]);
    expect(new Set(list.map((r) => r.name)).size).toBe(22);
  });

  it('an English reader gets the same 22, each named apart (Hsinchu City and Hsinchu County)', async () => {
    const list = await topRegions('en-us');
    expect(list.map((r) => r.code)).toEqual(OFFICIAL);
    const named = (code: string) => list.find((r) => r.code === code)!.name;
    expect([named('TW-TPE'), named('TW-NWT'), named('TW-HSZ'), named('TW-HSQ'), named('TW-CYI'), named('TW-CYQ')]).toEqual([
      'Taipei City', 'New Taipei City', 'Hsinchu City', 'Hsinchu County', 'Chiayi City', 'Chiayi County',
    ]);
    expect(new Set(list.map((r) => r.name)).size).toBe(22);
    // Simplified Chinese and Japanese readers read them in their own script too.
    expect((await topRegions('zh-cn')).find((r) => r.code === 'TW-CYQ')!.name).toBe('嘉义县');
    expect((await topRegions('jp')).find((r) => r.code === 'TW-HSQ')!.name).toBe('新竹県');
  });

  it('Banqiao and Jiufen are in New Taipei, not in Taipei; the towns are named in Chinese for a Chinese reader', async () => {
    const [taipei, newTaipei, hsinchuCity, hsinchuCounty] = [await regionId('TW-TPE'), await regionId('TW-NWT'), await regionId('TW-HSZ'), await regionId('TW-HSQ')];
    expect(await children(taipei, 'zh-tw')).toEqual(['臺北市']);
    expect(await children(newTaipei, 'zh-tw')).toEqual(expect.arrayContaining(['新北市', '板橋區', '九份']));
    expect(await children(newTaipei, 'en-us')).toEqual(expect.arrayContaining(['Banqiao', 'Jiufen']));
    expect(await children(taipei, 'en-us')).not.toContain('Banqiao');
    // Hsinchu City holds the city, Hsinchu County the county.
    expect(await children(hsinchuCity, 'zh-tw')).toEqual(['新竹市']);
    expect(await children(hsinchuCounty, 'zh-tw')).toEqual(['新竹縣']);
    // No town of Taiwan is left in English for a Chinese reader.
    const towns = await t.db.selectFrom('geo_regions').select('parent_id').distinct().where('country_code', '=', 'TW').where('level', '=', 2).execute();
    for (const { parent_id } of towns) {
      const names = await children(parent_id!, 'zh-tw');
      expect(names.filter((n) => /[A-Za-z]/.test(n))).toEqual([]);
    }
  });

  it('an address saved on Banqiao under Taipei moves to New Taipei with it, and a second run changes nothing', async () => {
    const [taipei, newTaipei] = [await regionId('TW-TPE'), await regionId('TW-NWT')];
    const banqiao = (await t.db.selectFrom('geo_regions').select('id').where('parent_id', '=', newTaipei).where('name', '=', 'Banqiao').executeTakeFirstOrThrow()).id;
    // Banqiao under Taipei, as a database migrated before this fix still has it.
    await t.db.updateTable('geo_regions').set({ parent_id: taipei }).where('id', '=', banqiao).execute();
    const m = await newMember(t);
    const saved = (await call(t, 'POST', '/shop/address/create', {
      name: 'Mei', surname: 'Lin', country: 'TW', mobile: '0912 345 678', address: '中山路一段 1 號', zip_code: '220', province_id: taipei, city_id: banqiao,
    }, { token: m.token, lang: 'en-us' })).body.data;
    expect(saved).toMatchObject({ province_id: taipei, city_id: banqiao });

    await taiwan.up(t.db);
    const snapshot = () => t.db.selectFrom('geo_regions').selectAll().where('country_code', '=', 'TW').orderBy('id').execute();
    const after = await snapshot();
    await taiwan.up(t.db);
    expect(await snapshot()).toEqual(after);

    const info = async (lang: string) => (await call(t, 'GET', `/shop/address/info?id=${saved.id}`, undefined, { token: m.token, lang })).body.data;
    expect(await info('en-us')).toMatchObject({ province_id: newTaipei, province: 'New Taipei City', city_id: banqiao, city: 'Banqiao' });
    // The member edits it as the form sends it back: its places are valid choices.
    const edited = await call(t, 'POST', '/shop/address/update', {
      id: saved.id, name: 'Mei', surname: 'Lin', country: 'TW', mobile: '0912 345 678', address: '中山路一段 2 號', zip_code: '220', province_id: newTaipei, city_id: banqiao,
    }, { token: m.token, lang: 'zh-tw' });
    expect(edited.body).toMatchObject({ code: 200, data: { province: '新北市', city: '板橋區' } });
  });
});
