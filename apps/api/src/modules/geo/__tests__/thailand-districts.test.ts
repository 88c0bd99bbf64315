import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../accounts/__tests__/account-helpers.js';
import { newMember } from '../../address/__tests__/address-helpers.js';
import { findShippingAddress } from '../../address/address.queries.js';
import * as thailandDistricts from '../../../db/migrations/2026_11_30_2215_thailand_districts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Listed = { id: number; code: string | null; name: string; level: number; has_children: boolean };
const get = async (url: string, lang = 'en-us') => (await call(t, 'GET', url, undefined, { lang })).body;
const provinces = async (lang = 'en-us') => (await get('/attractive/country/getAreaList?country=TH', lang)).data.list as Listed[];
const cities = async (parentId: number, lang = 'en-us') => (await get(`/attractive/country/areaSonList?parent_id=${parentId}`, lang)).data.list as Listed[];
const provinceId = async (code: string) => (await provinces()).find((p) => p.code === code)!.id;
const THAI = /^[\u0E00-\u0E7F -]+$/; // Thai script (สุไหงโก-ลก has a hyphen)

describe('Thailand’s districts', () => {
  it('lists every province’s districts once, 928 in all, each named in Thai too', async () => {
    const all = (await provinces()).filter((p) => p.code !== 'TH-S'); // Pattaya, a special city, has none
    expect(all).toHaveLength(77);
    let count = 0;
    for (const province of all) {
      const en = await cities(province.id);
      const names = en.map((c) => c.name.replace(/^Amphoe /, ''));
      expect({ province: province.name, names: new Set(names).size }).toEqual({ province: province.name, names: names.length });
      const th = await cities(province.id, 'th');
      expect({ province: province.name, thai: th.filter((c) => THAI.test(c.name)).length }).toEqual({ province: province.name, thai: th.length });
      count += en.length;
    }
    expect(count).toBe(928);
    expect(await cities(await provinceId('TH-10'))).toHaveLength(50);
  });

  it('files Pai under Mae Hong Son, not Chiang Mai', async () => {
    expect((await cities(await provinceId('TH-58'))).map((c) => c.name)).toContain('Pai');
    expect((await cities(await provinceId('TH-50'))).map((c) => c.name)).not.toContain('Pai');
  });

  it('lists Chiang Mai’s districts in Thai script and Thai order for a Thai reader, in English for others', async () => {
    const chiangMai = await provinceId('TH-50');
    const th = (await cities(chiangMai, 'th')).map((c) => c.name);
    expect(th).toHaveLength(25);
    for (const name of th) expect(name).toMatch(THAI);
    expect(th).toEqual([...th].sort(new Intl.Collator('th').compare));
    expect(th).toEqual(expect.arrayContaining(['เมืองเชียงใหม่', 'ฝาง', 'ไชยปราการ', 'กัลยาณิวัฒนา']));
    const en = (await cities(chiangMai)).map((c) => c.name);
    expect(en).toEqual(expect.arrayContaining(['Mueang Chiang Mai', 'Fang', 'Chai Prakan', 'Galyani Vadhana']));
    expect(en).toEqual([...en].sort(new Intl.Collator('en').compare));
  });

  it('an address saved on a removed entry reads back with the district that replaces it', async () => {
    // Entries of the old list: a district's second row, Pai under Chiang Mai, a town, a village it cannot place.
    const [chiangMai, maeHongSon, phuket, songkhla] = [await provinceId('TH-50'), await provinceId('TH-58'), await provinceId('TH-83'), await provinceId('TH-90')];
    const fang = (await cities(chiangMai)).find((c) => c.name === 'Fang')!;
    const pai = (await cities(maeHongSon)).find((c) => c.name === 'Pai')!;
    const kathu = (await cities(phuket)).find((c) => c.name === 'Kathu')!;
    const maxId = async () => Number((await t.db.selectFrom('geo_regions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
    const old = async (parent: number, name: string) => {
      const id = (await maxId()) + 1;
      await t.db.insertInto('geo_regions').values({ id, country_code: 'TH', parent_id: parent, level: 2, code: null, name, names: null, sort: 0 }).execute();
      return id;
    };
    const [amphoeFang, paiInChiangMai, patong, banMai] = [await old(chiangMai, 'Amphoe Fang'), await old(chiangMai, 'Pai'), await old(phuket, 'Patong'), await old(songkhla, 'Ban Mai')];

    const m = await newMember(t);
    const save = async (lang: string, body: Record<string, unknown>) =>
      (await call(t, 'POST', '/shop/address/create', { country: 'TH', name: 'Somchai', surname: 'Jaidee', mobile: '081 234 5678', ...body }, { token: m.token, lang })).body.data;
    const inFang = await save('en-us', { address: '12 Moo 3', zip_code: '50110', province_id: chiangMai, city_id: amphoeFang });
    const inPai = await save('th', { address: '5 ถนนชัยสงคราม', zip_code: '58130', province_id: chiangMai, city_id: paiInChiangMai });
    const inPatong = await save('en-us', { address: '88 Thaweewong Road', zip_code: '83150', province_id: phuket, city_id: patong });
    const inBanMai = await save('en-us', { address: '7 Moo 1', zip_code: '90000', province_id: songkhla, city_id: banMai });
    expect(inFang).toMatchObject({ city: 'Amphoe Fang' });

    await thailandDistricts.up(t.db);

    const info = async (id: number, lang: string) => (await call(t, 'GET', `/shop/address/info?id=${id}`, undefined, { token: m.token, lang })).body.data;
    expect(await info(inFang.id, 'en-us')).toMatchObject({ id: inFang.id, province_id: chiangMai, city_id: fang.id, city: 'Fang', address: '12 Moo 3' });
    // The places read as saved while they still name their region; a merged one reads its region's name.
    expect(await info(inFang.id, 'th')).toMatchObject({ province: 'Chiang Mai', city: 'Fang' });
    expect(await info(inPai.id, 'th')).toMatchObject({ province_id: maeHongSon, province: 'แม่ฮ่องสอน', city_id: pai.id, city: 'Pai' });
    expect(await info(inPatong.id, 'en-us')).toMatchObject({ province_id: phuket, city_id: kathu.id, city: 'Kathu' });
    // A village it cannot place keeps the name it was saved with, as if typed.
    expect(await info(inBanMai.id, 'th')).toMatchObject({ province_id: songkhla, province: 'Songkhla', city_id: null, city: 'Ban Mai' });
    // What checkout copies names the province the district lies in, in the language it was saved in.
    expect(await findShippingAddress(t.db, m.id, inPai.id)).toMatchObject({ province: 'แม่ฮ่องสอน' });
    expect(await t.db.selectFrom('geo_regions').select('id').where('id', 'in', [amphoeFang, paiInChiangMai, patong, banMai]).execute()).toEqual([]);

    // The member edits the address as the form sends it back: its places are valid choices.
    const edited = await call(t, 'POST', '/shop/address/update', {
      id: inPai.id, country: 'TH', name: 'Somchai', surname: 'Jaidee', mobile: '081 234 5678', address: '6 ถนนชัยสงคราม', zip_code: '58130', province_id: maeHongSon, city_id: pai.id,
    }, { token: m.token, lang: 'th' });
    expect(edited.body).toMatchObject({ code: 200, data: { province: 'แม่ฮ่องสอน', city: 'ปาย' } });
  });
});
