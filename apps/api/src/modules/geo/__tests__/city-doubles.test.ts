import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../accounts/__tests__/account-helpers.js';
import { newMember } from '../../address/__tests__/address-helpers.js';
import * as cityDoubles from '../../../db/migrations/2026_11_30_2230_city_doubles_jp_tw_my.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Listed = { id: number; code: string | null; name: string };
const get = async (url: string, lang = 'en-us') => (await call(t, 'GET', url, undefined, { lang })).body;
const topRegions = async (country: string) => (await get(`/attractive/country/getAreaList?country=${country}`)).data.list as Listed[];
const regionId = async (country: string, code: string) => (await topRegions(country)).find((p) => p.code === code)!.id;
const children = async (parentId: number) => ((await get(`/attractive/country/areaSonList?parent_id=${parentId}`)).data.list as Listed[]).map((c) => c.name);
const japanCities = async (prefectureId: number, lang = 'en-us') => ((await get(`/shop/address/getJpCitys?prefecture_id=${prefectureId}`, lang)).data.list as Listed[]).map((c) => c.name);
/** A Japanese municipality's name with "Shi" (city), macrons, case and hyphens set aside: "Nishi-Tokyo-shi" and "Nishitōkyō" are one. */
const bare = (name: string) => name.replace(/[ -]shi$/i, '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}]/gu, '');

describe('cities listed twice in Japan, Taiwan and Malaysia', () => {
  it('lists each Japanese municipality once in its prefecture, named without "Shi"', async () => {
    const prefectures = await topRegions('JP');
    expect(prefectures).toHaveLength(47);
    for (const p of prefectures) {
      const names = await japanCities(p.id);
      const doubled = names.filter((n, i) => names.findIndex((m) => bare(m) === bare(n)) !== i);
      expect({ prefecture: p.name, doubled }).toEqual({ prefecture: p.name, doubled: [] });
    }
    const gunma = await japanCities(await regionId('JP', 'JP-10'));
    expect(gunma).toContain('Maebashi');
    expect(gunma).not.toContain('Maebashi Shi');
    const tokyo = await japanCities(await regionId('JP', 'JP-13'), 'jp');
    expect(tokyo).toEqual(expect.arrayContaining(['Machida', 'Hino', 'Ōme', 'Chōfu', 'Hachiōji', 'Nishitōkyō', 'Shinjuku-ku']));
    expect(tokyo.filter((n) => /shi$/i.test(n))).toEqual([]);
  });

  it('keeps Hokkaido’s two Shibetsu, the city and the town, told apart', async () => {
    const hokkaido = await japanCities(await regionId('JP', 'JP-01'));
    expect(hokkaido.filter((n) => n.startsWith('Shibetsu'))).toEqual(expect.arrayContaining(['Shibetsu (士別市)', 'Shibetsu (標津町)']));
    expect(hokkaido.filter((n) => n.startsWith('Shibetsu'))).toHaveLength(2);
  });

  it('lists a Taiwanese or Malaysian city once, and leaves Indonesia’s city and regency apart', async () => {
    expect((await children(await regionId('TW', 'TW-TPE'))).filter((n) => n.startsWith('Taipei'))).toEqual(['Taipei']);
    expect((await children(await regionId('TW', 'TW-TXG'))).filter((n) => n.startsWith('Taichung'))).toEqual(['Taichung']);
    expect((await children(await regionId('TW', 'TW-TAO'))).filter((n) => n.startsWith('Taoyuan'))).toEqual(['Taoyuan']);
    expect((await children(await regionId('TW', 'TW-HUA'))).filter((n) => n.startsWith('Hualien'))).toEqual(['Hualien City']);
    expect((await children(await regionId('TW', 'TW-TTT'))).filter((n) => n.startsWith('Taitung'))).toEqual(['Taitung City']);
    const johor = await children(await regionId('MY', 'MY-01'));
    expect(johor.filter((n) => n.startsWith('Daerah'))).toEqual([]);
    expect(johor).toEqual(expect.arrayContaining(['Batu Pahat', 'Johor Bahru', 'Kluang', 'Kota Tinggi', 'Mersing', 'Muar', 'Pontian Kechil', 'Segamat']));
    // "Kota Bandung" (the city) and "Kabupaten Bandung" (the regency around it) are two places.
    expect(await children(await regionId('ID', 'ID-JB'))).toEqual(expect.arrayContaining(['Bandung', 'Kota Bandung', 'Kabupaten Bandung']));
  });

  it('an address saved on a removed double reads back with the city kept, and a second run changes nothing else', async () => {
    const snapshot = () => t.db.selectFrom('geo_regions').selectAll().where('country_code', 'in', ['JP', 'TW', 'MY']).orderBy('id').execute();
    const before = await snapshot();
    const [gunma, tochigi, taipei, johor] = [await regionId('JP', 'JP-10'), await regionId('JP', 'JP-09'), await regionId('TW', 'TW-TPE'), await regionId('MY', 'MY-01')];
    const cityId = async (parent: number, name: string) => (await t.db.selectFrom('geo_regions').select('id').where('parent_id', '=', parent).where('name', '=', name).executeTakeFirstOrThrow()).id;
    const [maebashi, nikko, taipeiCity, muar] = [await cityId(gunma, 'Maebashi'), await cityId(tochigi, 'Nikkō'), await cityId(taipei, 'Taipei'), await cityId(johor, 'Muar')];
    // Rows of the old list, as a database migrated before this fix still has them.
    const maxId = async () => Number((await t.db.selectFrom('geo_regions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
    const old = async (country: string, parent: number, name: string) => {
      const id = (await maxId()) + 1;
      await t.db.insertInto('geo_regions').values({ id, country_code: country, parent_id: parent, level: 2, code: null, name, names: null, sort: 0 }).execute();
      return id;
    };
    const [maebashiShi, nikkoShi, taipeiCityRow, daerahMuar] = [await old('JP', gunma, 'Maebashi Shi'), await old('JP', tochigi, 'Nikko-shi'), await old('TW', taipei, 'Taipei City'), await old('MY', johor, 'Daerah Muar')];

    const m = await newMember(t);
    const save = async (body: Record<string, unknown>, lang = 'en-us') =>
      (await call(t, 'POST', '/shop/address/create', { name: 'Ken', surname: 'Sato', ...body }, { token: m.token, lang })).body.data;
    const inMaebashi = await save({ country: 'JP', mobile: '090-1234-5678', address: '2-12-1 Ōtemachi', zip_code: '371-8601', province_id: gunma, city_id: maebashiShi }, 'jp');
    const inNikko = await save({ country: 'JP', mobile: '090-1234-5678', address: '7-5 Nakahatsuishimachi', zip_code: '321-1292', province_id: tochigi, city_id: nikkoShi });
    const inTaipei = await save({ country: 'TW', mobile: '0912 345 678', address: 'No. 1, Shifu Rd, Xinyi', zip_code: '110', province_id: taipei, city_id: taipeiCityRow });
    const inMuar = await save({ country: 'MY', mobile: '012-345 6789', address: 'Jalan Abdullah 3', zip_code: '84000', province_id: johor, city_id: daerahMuar });
    expect(inMaebashi).toMatchObject({ city: 'Maebashi Shi' });

    await cityDoubles.up(t.db);

    const info = async (id: number, lang = 'en-us') => (await call(t, 'GET', `/shop/address/info?id=${id}`, undefined, { token: m.token, lang })).body.data;
    expect(await info(inMaebashi.id, 'jp')).toMatchObject({ province_id: gunma, city_id: maebashi, city: 'Maebashi', address: '2-12-1 Ōtemachi' });
    expect(await info(inNikko.id)).toMatchObject({ province_id: tochigi, city_id: nikko, city: 'Nikkō' });
    expect(await info(inTaipei.id)).toMatchObject({ province_id: taipei, city_id: taipeiCity, city: 'Taipei' });
    expect(await info(inMuar.id)).toMatchObject({ province_id: johor, city_id: muar, city: 'Muar' });
    // The doubles are gone and every other row is as it was: running the migration again changes nothing.
    expect(await snapshot()).toEqual(before);

    // The member edits the address as the form sends it back: its places are valid choices.
    const edited = await call(t, 'POST', '/shop/address/update', {
      id: inMaebashi.id, country: 'JP', name: 'Ken', surname: 'Sato', mobile: '090-1234-5678', address: '2-12-2 Ōtemachi', zip_code: '371-8601', province_id: gunma, city_id: maebashi,
    }, { token: m.token, lang: 'jp' });
    expect(edited.body).toMatchObject({ code: 200, data: { city: 'Maebashi' } });
  });
});
