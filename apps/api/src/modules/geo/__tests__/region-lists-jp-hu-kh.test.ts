import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../accounts/__tests__/account-helpers.js';
import { newMember } from '../../address/__tests__/address-helpers.js';
import * as prefectures from '../../../db/migrations/2026_11_30_2520_prefectures_in_japanese.js';
import * as hungaryTowns from '../../../db/migrations/2026_11_30_2521_hungary_towns_without_districts.js';
import * as cambodiaDoubles from '../../../db/migrations/2026_11_30_2522_cambodia_city_doubles.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Listed = { id: number; code: string | null; name: string };
const get = async (url: string, lang = 'en-us') => (await call(t, 'GET', url, undefined, { lang })).body;
const topRegions = async (country: string, lang = 'en-us') => (await get(`/attractive/country/getAreaList?country=${country}`, lang)).data.list as Listed[];
const children = async (parentId: number, lang = 'en-us') => ((await get(`/attractive/country/areaSonList?parent_id=${parentId}`, lang)).data.list as Listed[]).map((c) => c.name);
const regionId = async (country: string, code: string) =>
  (await t.db.selectFrom('geo_regions').select('id').where('country_code', '=', country).where('code', '=', code).executeTakeFirstOrThrow()).id;
const maxId = async () => Number((await t.db.selectFrom('geo_regions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
/** A row of the old list, as a database migrated before these fixes still has it. */
const oldRow = async (country: string, parent: number, name: string) => {
  const id = (await maxId()) + 1;
  await t.db.insertInto('geo_regions').values({ id, country_code: country, parent_id: parent, level: 2, code: null, name, names: null, sort: 0 }).execute();
  return id;
};
/** JP-01 … JP-47: the JIS X 0401 order, Hokkaidō to Okinawa. */
const JIS = Array.from({ length: 47 }, (_, i) => `JP-${String(i + 1).padStart(2, '0')}`);

describe('Japan’s prefectures', () => {
  it('a Japanese reader picks from the prefectures in Japanese, Hokkaidō first and Okinawa last', async () => {
    const jp = await topRegions('JP', 'jp');
    expect(jp.map((r) => r.code)).toEqual(JIS);
    expect(jp[0]!.name).toBe('北海道');
    expect(jp.at(-1)!.name).toBe('沖縄県');
    expect(jp.find((r) => r.code === 'JP-13')!.name).toBe('東京都');
    expect(jp.filter((r) => r.code === 'JP-26' || r.code === 'JP-27').map((r) => r.name)).toEqual(['京都府', '大阪府']);
    expect(jp.filter((r) => !/^\p{Script=Han}+[都道府県]$/u.test(r.name))).toEqual([]);
    expect(new Set(jp.map((r) => r.name)).size).toBe(47);
    // The Japanese address form's own list says the same.
    const cities = (await get('/shop/address/getJpCitys', 'jp')).data.list as Listed[];
    expect(cities.map((r) => r.name).slice(0, 3)).toEqual(['北海道', '青森県', '岩手県']);
    expect(cities.map((r) => r.code)).toEqual(JIS);
  });

  it('every reader gets Japan in the same customary order; Chinese readers in their own script', async () => {
    const en = await topRegions('JP', 'en-us');
    expect(en.map((r) => r.code)).toEqual(JIS);
    expect(en.slice(0, 2).map((r) => r.name)).toEqual(['Hokkaidō Prefecture', 'Aomori Prefecture']);
    expect(en.find((r) => r.code === 'JP-13')!.name).toBe('Tokyo');
    const th = await topRegions('JP', 'th');
    expect(th.map((r) => r.code)).toEqual(JIS);
    expect(th[0]!.name).toBe('Hokkaidō Prefecture');

    const zhCn = await topRegions('JP', 'zh-cn');
    expect(zhCn.map((r) => r.code)).toEqual(JIS);
    const cn = (code: string) => zhCn.find((r) => r.code === code)!.name;
    expect([cn('JP-01'), cn('JP-13'), cn('JP-27'), cn('JP-34'), cn('JP-46'), cn('JP-47')]).toEqual(['北海道', '东京都', '大阪府', '广岛县', '鹿儿岛县', '冲绳县']);
    const zhTw = await topRegions('JP', 'zh-tw');
    const tw = (code: string) => zhTw.find((r) => r.code === code)!.name;
    expect([tw('JP-01'), tw('JP-13'), tw('JP-22'), tw('JP-34'), tw('JP-46'), tw('JP-47')]).toEqual(['北海道', '東京都', '靜岡縣', '廣島縣', '鹿兒島縣', '沖繩縣']);
  });

  it('a saved Japanese address reads its prefecture as saved, whoever reads it', async () => {
    const m = await newMember(t);
    const tokyo = await regionId('JP', 'JP-13');
    const body = { country: 'JP', name: 'Ken', surname: 'Sato', mobile: '090-1234-5678', address: '2-8-1 Nishi-Shinjuku', zip_code: '163-8001', province_id: tokyo };
    const created = (await call(t, 'POST', '/shop/address/create', body, { token: m.token, lang: 'jp' })).body.data;
    expect(created).toMatchObject({ province_id: tokyo, province: '東京都' });
    const info = async (lang: string) => (await call(t, 'GET', `/shop/address/info?id=${created.id}`, undefined, { token: m.token, lang })).body.data;
    expect(await info('en-us')).toMatchObject({ country_name: 'Japan', province: '東京都' });
    expect(await info('zh-cn')).toMatchObject({ country_name: '日本', province: '東京都' });
  });

  it('running the prefectures’ migration again changes nothing, and keeps names of other languages', async () => {
    const snapshot = () => t.db.selectFrom('geo_regions').select(['id', 'name', 'names', 'sort']).where('country_code', '=', 'JP').where('parent_id', 'is', null).orderBy('id').execute();
    const before = await snapshot();
    await prefectures.up(t.db);
    expect(await snapshot()).toEqual(before);
  });
});

describe('Hungary’s towns', () => {
  it('lists no district (járás) among the towns of any county', async () => {
    const counties = await topRegions('HU', 'hu');
    expect(counties).toHaveLength(20);
    for (const county of counties) {
      const districts = (await children(county.id, 'hu')).filter((n) => /járás/i.test(n));
      expect({ county: county.name, districts }).toEqual({ county: county.name, districts: [] });
    }
    const bacsKiskun = await children(counties.find((r) => r.code === 'HU-BK')!.id, 'hu');
    expect(bacsKiskun).toEqual(expect.arrayContaining(['Bácsalmás', 'Baja', 'Kalocsa', 'Kecskemét']));
  });

  it('an address saved on a district keeps its text and stays editable; the district cannot be chosen again', async () => {
    const bacsKiskun = await regionId('HU', 'HU-BK');
    const bajaiJaras = await oldRow('HU', bacsKiskun, 'Bajai Járás');
    const m = await newMember(t);
    const body = { country: 'HU', name: 'Anna', surname: 'Kovács', mobile: '20 123 4567', address: 'Szentháromság tér 1', zip_code: '6500', province_id: bacsKiskun };
    const saved = (await call(t, 'POST', '/shop/address/create', { ...body, city_id: bajaiJaras }, { token: m.token, lang: 'hu' })).body.data;
    expect(saved).toMatchObject({ city_id: bajaiJaras, city: 'Bajai Járás' });

    const snapshot = () => t.db.selectFrom('geo_regions').selectAll().where('country_code', '=', 'HU').orderBy('id').execute();
    await hungaryTowns.up(t.db);
    const after = await snapshot();

    const info = async (lang = 'hu') => (await call(t, 'GET', `/shop/address/info?id=${saved.id}`, undefined, { token: m.token, lang })).body.data;
    expect(await info()).toMatchObject({ id: saved.id, province_id: bacsKiskun, province: 'Bács-Kiskun vármegye', city_id: null, city: 'Bajai Járás', address: 'Szentháromság tér 1' });
    expect(after.filter((r) => /járás/i.test(r.name))).toEqual([]);

    // Choosing the district again is refused and changes nothing.
    const again = await call(t, 'POST', '/shop/address/update', { ...body, id: saved.id, city_id: bajaiJaras, address: 'Szentháromság tér 2' }, { token: m.token, lang: 'hu' });
    expect(again.body.code).toBe(ResponseCode.regionInvalid);
    expect(again.body.msg).toBeTruthy();
    expect(await info()).toMatchObject({ city: 'Bajai Járás', address: 'Szentháromság tér 1' });

    // The member edits the address as the form sends it back (the town as written): it saves.
    const edited = await call(t, 'POST', '/shop/address/update', { ...body, id: saved.id, city: 'Bajai Járás', address: 'Szentháromság tér 3' }, { token: m.token, lang: 'hu' });
    expect(edited.body).toMatchObject({ code: 200, data: { city_id: null, city: 'Bajai Járás', address: 'Szentháromság tér 3' } });

    // Running the migration again changes nothing.
    await hungaryTowns.up(t.db);
    expect(await snapshot()).toEqual(after);
  });
});

describe('Cambodia’s towns', () => {
  it('lists each town once: Ta Khmau in Kandal, Sen Monorom, Kratié, Stung Treng, Takeo and Kampong Speu', async () => {
    for (const lang of ['km', 'en-us']) {
      const kandal = await children(await regionId('KH', 'KH-8'), lang);
      expect(kandal.filter((n) => /ta khmau/i.test(n))).toEqual(['Ta Khmau']);
      // A district of its own, not a second name of the town.
      expect(kandal).toContain('Srŏk Khsăch Kândal');
    }
    const only = async (code: string, pattern: RegExp) => (await children(await regionId('KH', code))).filter((n) => pattern.test(n));
    expect(await only('KH-11', /^(krŏng )?s[eê]n ?m[oô]n[oô]/i)).toEqual(['Sen Monorom']);
    expect(await only('KH-10', /^kra(ti|cheh)/i)).toEqual(['Kratié']);
    expect(await only('KH-19', /^stu?e?ng tr/i)).toEqual(['Stung Treng']);
    expect(await only('KH-21', /^(takeo|krŏng doun kaev)$/i)).toEqual(['Takeo']);
    expect(await only('KH-5', /^(kampong speu|krŏng chbar mon)$/i)).toEqual(['Kampong Speu']);
    // A district beside the town of the same name is another place, and stays.
    expect(await only('KH-13', /t[bp][eê]ng m[eé]anchey/i)).toEqual(expect.arrayContaining(['Tbeng Meanchey', 'Srŏk Tbêng Méanchey']));
  });

  it('an address saved on a removed double reads back with the town kept, and a second run changes nothing', async () => {
    const kandal = await regionId('KH', 'KH-8');
    const taKhmau = (await t.db.selectFrom('geo_regions').select('id').where('parent_id', '=', kandal).where('name', '=', 'Ta Khmau').executeTakeFirstOrThrow()).id;
    const krongTaKhmau = await oldRow('KH', kandal, 'Krŏng Ta Khmau');
    const m = await newMember(t);
    const body = { country: 'KH', name: 'Dara', surname: 'Sok', mobile: '012 345 678', address: 'Street 21', zip_code: '080101', province_id: kandal };
    const saved = (await call(t, 'POST', '/shop/address/create', { ...body, city_id: krongTaKhmau }, { token: m.token, lang: 'km' })).body.data;
    expect(saved).toMatchObject({ city_id: krongTaKhmau, city: 'Krŏng Ta Khmau' });

    const snapshot = () => t.db.selectFrom('geo_regions').selectAll().where('country_code', '=', 'KH').orderBy('id').execute();
    await cambodiaDoubles.up(t.db);
    const after = await snapshot();
    expect(after.find((r) => r.id === krongTaKhmau)).toBeUndefined();
    const info = (await call(t, 'GET', `/shop/address/info?id=${saved.id}`, undefined, { token: m.token, lang: 'km' })).body.data;
    expect(info).toMatchObject({ province_id: kandal, city_id: taKhmau, city: 'Ta Khmau', address: 'Street 21' });

    await cambodiaDoubles.up(t.db);
    expect(await snapshot()).toEqual(after);
  });
});
