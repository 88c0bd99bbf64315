import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp } from '../../accounts/__tests__/account-helpers.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { createOperator } from '../../operators/operators.service.js';
import { bindAuthenticator } from '../../operators/__tests__/operator-fixtures.js';
import { setOperatorRate } from '../../rates/rates.service.js';
import { malaysianAddress, newMember } from '../../address/__tests__/address-helpers.js';
import { findShippingAddress } from '../../address/address.queries.js';
import * as regionNamesThKm from '../../../db/migrations/2026_11_28_2355_region_names_th_km.js';
import * as regionNamesHu from '../../../db/migrations/2026_11_29_1700_region_names_hu.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = async (url: string, lang = 'en-us') => (await call(t, 'GET', url, undefined, { lang })).body;
const regionId = async (country: string, code: string) => (await t.db.selectFrom('geo_regions').select('id').where('country_code', '=', country).where('code', '=', code).executeTakeFirstOrThrow()).id;
const SHIPPING = ['MY', 'CN', 'SG', 'TH', 'ID', 'JP', 'TW', 'HK', 'KH', 'HU', 'US'];

/** An operator of `role`, signed in (its authenticator set up and bound at the first sign-in; one sign-in is all these tests need). */
async function operatorToken(role: 'owner' | 'catalogue'): Promise<string> {
  const userName = `geo${role}${Date.now().toString(36)}`;
  const { setupToken } = await createOperator(t.db, operatorCliActor('test'), { userName, role });
  const password = 'Compass-Harbour-2026';
  expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password }, { ip: freshIp() })).body.code).toBe(200);
  const signIn = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password }, { ip: freshIp() });
  expect(signIn.body.code).toBe(200);
  await bindAuthenticator(t, signIn.body.data.token, signIn.body.data.totp_setup.secret);
  return signIn.body.data.token as string;
}

describe('countries', () => {
  it('lists every country with dialling code, currency and flag, named in the reader’s language', async () => {
    const en = await get('/attractive/country/list');
    expect(en.data.list.length).toBeGreaterThan(240);
    expect(en.data.list.find((c: { code: string }) => c.code === 'MY')).toEqual({ code: 'MY', iso3: 'MYS', name: 'Malaysia', dialling_code: '60', currency: 'MYR', flag: '🇲🇾' });
    expect(en.data.list.find((c: { code: string }) => c.code === 'CN').name).toBe('China');
    const zh = await get('/attractive/country/list', 'zh-cn');
    expect(zh.data.list.find((c: { code: string }) => c.code === 'MY').name).toBe('马来西亚');
    const th = await get('/attractive/country/list', 'th');
    expect(th.data.list.find((c: { code: string }) => c.code === 'JP').name).toBe('ญี่ปุ่น');
  });

  it('lists the shipping countries in the seeded order', async () => {
    const th = await get('/attractive/country/addressCountry', 'th');
    expect(th.data.list.map((c: { code: string }) => c.code)).toEqual(SHIPPING);
    expect(th.data.list[0].name).toBe('มาเลเซีย');
  });

  it('gives each shipping country’s currency with today’s recorded rate against the settlement currency', async () => {
    await setOperatorRate(t.db, operatorCliActor('test', 0), { base: 'USD', quote: 'KHR', rate: '4100', reason: 'test' });
    const rates = await get('/attractive/country/areaHuilvList');
    expect(rates.data.settlement_currency).toBe('USD');
    const by = (code: string) => rates.data.list.find((r: { country: string }) => r.country === code);
    expect(by('US')).toMatchObject({ currency: 'USD', rate: '1', source: 'identity' });
    expect(by('KH')).toMatchObject({ currency: 'KHR', rate: '4100', source: 'operator' });
    expect(by('MY')).toMatchObject({ currency: 'MYR', source: 'ecb' });
    expect(Number(by('MY').rate)).toBeGreaterThan(1);
  });
});

describe('region tree', () => {
  it('walks China from province to city to district (GB/T 2260), in Chinese and with English province names', async () => {
    const zh = await get('/attractive/country/getAreaList?country=cn', 'zh-cn');
    expect(zh.data.country).toBe('CN');
    expect(zh.data.list).toHaveLength(31);
    expect(zh.data.list[0]).toEqual({ id: expect.any(Number), code: '110000', name: '北京市', level: 1, has_children: true });
    const en = await get('/attractive/country/getAreaList?country=CN');
    expect(en.data.list[0].name).toBe('Beijing');
    const guangdong = zh.data.list.find((r: { code: string }) => r.code === '440000');
    const cities = await get(`/attractive/country/areaSonList?parent_id=${guangdong.id}`, 'zh-cn');
    expect(cities.data.parent.name).toBe('广东省');
    const guangzhou = cities.data.list.find((r: { name: string }) => r.name === '广州市');
    expect(guangzhou).toMatchObject({ code: '440100', level: 2, has_children: true });
    // A city without districts is a leaf.
    expect(cities.data.list.find((r: { name: string }) => r.name === '东莞市')).toMatchObject({ level: 2, has_children: false });
    const districts = await get(`/attractive/country/areaSonList?parent_id=${guangzhou.id}`, 'zh-cn');
    expect(districts.data.list.find((r: { name: string }) => r.name === '天河区')).toMatchObject({ code: '440106', level: 3, has_children: false });
  });

  it('walks Malaysia, the United States and Japan (ISO 3166-2 subdivisions, then cities)', async () => {
    const my = await get('/attractive/country/getAreaList?country=MY');
    expect(my.data.list).toHaveLength(16);
    const johor = my.data.list.find((r: { code: string }) => r.code === 'MY-01');
    expect(johor).toMatchObject({ name: 'Johor', level: 1, has_children: true });
    expect((await get(`/attractive/country/areaSonList?parent_id=${johor.id}`)).data.list.map((r: { name: string }) => r.name)).toContain('Batu Pahat');
    const us = await get('/attractive/country/getAreaList?country=US', 'th');
    const california = us.data.list.find((r: { code: string }) => r.code === 'US-CA');
    expect(california.name).toBe('California');
    const names = (await get(`/attractive/country/areaSonList?parent_id=${california.id}`)).data.list.map((r: { name: string }) => r.name);
    expect(names).toContain('Los Angeles');
    const jp = await get('/shop/address/getJpCitys');
    expect(jp.data.list).toHaveLength(47);
    const tokyo = jp.data.list.find((r: { code: string }) => r.code === 'JP-13');
    const wards = await get(`/shop/address/getJpCitys?prefecture_id=${tokyo.id}&keyword=ku`);
    expect(wards.data.list.map((r: { name: string }) => r.name)).toContain('Chiyoda-ku');
    expect((await get(`/shop/address/getJpCitys?prefecture_id=${california.id}`)).code).toBe(ResponseCode.regionNotFound);
  });

  it('finds international cities by state or by the start of the name', async () => {
    const m = await newMember(t);
    const search = await call(t, 'GET', '/shop/address/getGjCitys?country=US&keyword=san%20fr', undefined, { token: m.token });
    expect(search.body.data.list.map((r: { name: string }) => r.name)).toContain('San Francisco');
    const bangkok = await regionId('TH', 'TH-10');
    const inBangkok = await call(t, 'GET', `/shop/address/getGjCitys?country=TH&region_id=${bangkok}&limit=200`, undefined, { token: m.token });
    expect(inBangkok.body.data.list.map((r: { name: string }) => r.name)).toContain('Bang Kapi');
    expect((await call(t, 'GET', `/shop/address/getGjCitys?country=MY&region_id=${bangkok}`, undefined, { token: m.token })).body.code).toBe(ResponseCode.regionInvalid);
  });

  it('names Thailand’s provinces in Thai and Cambodia’s in Khmer, listed in the reader’s order', async () => {
    type Listed = { code: string; name: string };
    const named = (list: Listed[], code: string) => list.find((r) => r.code === code)?.name;
    const th = (await get('/attractive/country/getAreaList?country=TH', 'th')).data.list as Listed[];
    expect(th).toHaveLength(78); // 76 provinces, Bangkok and Pattaya
    expect(named(th, 'TH-10')).toBe('กรุงเทพมหานคร');
    expect(named(th, 'TH-50')).toBe('เชียงใหม่');
    expect(named(th, 'TH-83')).toBe('ภูเก็ต');
    expect(th.filter((r) => !/^[\u0E00-\u0E7F]+$/.test(r.name))).toEqual([]);
    expect(th.slice(0, 3).map((r) => r.name)).toEqual(['กระบี่', 'กรุงเทพมหานคร', 'กาญจนบุรี']);

    const en = (await get('/attractive/country/getAreaList?country=TH', 'en-us')).data.list as Listed[];
    expect(named(en, 'TH-10')).toBe('Bangkok');
    expect(named(en, 'TH-50')).toBe('Chiang Mai');
    expect(en.slice(0, 3).map((r) => r.name)).toEqual(['Amnat Charoen', 'Ang Thong', 'Bangkok']);

    const km = (await get('/attractive/country/getAreaList?country=KH', 'km')).data.list as Listed[];
    expect(named(km, 'KH-12')).toBe('រាជធានីភ្នំពេញ');
    expect(named(km, 'KH-17')).toBe('ខេត្តសៀមរាប');
    expect(named(km, 'KH-18')).toBe('ខេត្តព្រះសីហនុ');
    // Every province in Khmer, Tboung Khmum too, and no district of Hong Kong among them (the dataset filed one there).
    expect(km.filter((r) => !/^[\u1780-\u17FF]+$/.test(r.name))).toEqual([]);
    expect(named(km, 'KH-25')).toBe('ខេត្តត្បូងឃ្មុំ');
    const kh = (await get('/attractive/country/getAreaList?country=KH', 'en-us')).data.list as Listed[];
    expect(kh.map((r) => r.code).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `KH-${i + 1}`).sort());
    expect(named(kh, 'KH-25')).toBe('Tboung Khmum');
    // Each language keeps its own: a Thai reader sees Cambodia in English, a Khmer reader Thailand.
    expect(named((await get('/attractive/country/getAreaList?country=KH', 'th')).data.list, 'KH-12')).toBe('Phnom Penh');
    expect(named((await get('/attractive/country/getAreaList?country=TH', 'km')).data.list, 'TH-10')).toBe('Bangkok');
  });

  it('the province names’ migration merges into the names a region has and takes back only its own', async () => {
    const names = async (country: string, code: string) =>
      (await t.db.selectFrom('geo_regions').select('names').where('country_code', '=', country).where('code', '=', code).executeTakeFirstOrThrow()).names;
    const bangkok = await regionId('TH', 'TH-10');
    const applied = (await names('TH', 'TH-10'))?.th !== undefined;
    await regionNamesThKm.down(t.db);
    expect(await names('TH', 'TH-10')).toBeNull();
    expect(await names('KH', 'KH-12')).toBeNull();
    await t.db.updateTable('geo_regions').set({ names: JSON.stringify({ 'zh-cn': '曼谷' }) }).where('id', '=', bangkok).execute();
    await regionNamesThKm.up(t.db);
    expect(await names('TH', 'TH-10')).toEqual({ 'zh-cn': '曼谷', th: 'กรุงเทพมหานคร' });
    expect(await names('KH', 'KH-12')).toEqual({ km: 'រាជធានីភ្នំពេញ' });
    await regionNamesThKm.down(t.db);
    expect(await names('TH', 'TH-10')).toEqual({ 'zh-cn': '曼谷' });
    await t.db.updateTable('geo_regions').set({ names: null }).where('id', '=', bangkok).execute();
    await regionNamesThKm.up(t.db);
    expect(await names('TH', 'TH-10')).toEqual({ th: 'กรุงเทพมหานคร' });
    if (!applied) await regionNamesThKm.down(t.db); // as found, for the other tests
  });

  it('shows a saved Thai address’s province as saved and its country in the reader’s language', async () => {
    const m = await newMember(t);
    const bangkok = await regionId('TH', 'TH-10');
    const body = { country: 'TH', name: 'Somchai', surname: 'Jaidee', mobile: '081 234 5678', address: '99 Sukhumvit Road', zip_code: '10110', province_id: bangkok };
    const created = await call(t, 'POST', '/shop/address/create', body, { token: m.token, lang: 'th' });
    expect(created.body.data).toMatchObject({ country_name: 'ไทย', province_id: bangkok, province: 'กรุงเทพมหานคร' });
    const info = async (lang: string) => (await call(t, 'GET', `/shop/address/info?id=${created.body.data.id}`, undefined, { token: m.token, lang })).body.data;
    expect(await info('th')).toMatchObject({ province: 'กรุงเทพมหานคร' });
    expect(await info('en-us')).toMatchObject({ country_name: 'Thailand', province: 'กรุงเทพมหานคร' });
    const listed = (await call(t, 'GET', '/shop/address/list', undefined, { token: m.token, lang: 'km' })).body.data.list;
    expect(listed.map((a: { province: string }) => a.province)).toEqual(['กรุงเทพมหานคร']);
    expect((await call(t, 'GET', '/shop/address/list', undefined, { token: m.token, lang: 'th' })).body.data.list[0].province).toBe('กรุงเทพมหานคร');
  });

  it('answers an unknown country or region clearly, in the reader’s language', async () => {
    const unknown = await call(t, 'GET', '/attractive/country/getAreaList?country=ZZ', undefined, { lang: 'zh-cn' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.msg).toBe('请从列表中选择国家/地区');
    const missing = await call(t, 'GET', '/attractive/country/areaSonList?parent_id=999999999', undefined, { lang: 'th' });
    expect(missing.body).toMatchObject({ code: ResponseCode.regionNotFound, msg: 'ไม่พบสถานที่นี้' });
  });
});

describe('Hungary', () => {
  type Listed = { id: number; code: string | null; name: string; has_children: boolean };
  const children = async (parentId: number, lang = 'hu') => (await get(`/attractive/country/areaSonList?parent_id=${parentId}`, lang)).data.list as Listed[];

  it('lists the 19 counties and Budapest in Hungarian, each city with county rights under its county', async () => {
    const hu = (await get('/attractive/country/getAreaList?country=HU', 'hu')).data.list as Listed[];
    const names = hu.map((r) => r.name);
    expect(names).toHaveLength(20);
    expect(names).toEqual(expect.arrayContaining(['Bács-Kiskun vármegye', 'Budapest', 'Pest vármegye', 'Hajdú-Bihar vármegye', 'Csongrád-Csanád vármegye', 'Komárom-Esztergom vármegye']));
    expect(names.filter((n) => /County/.test(n))).toEqual([]);
    expect(names.filter((n) => n !== 'Budapest' && !n.endsWith(' vármegye'))).toEqual([]);
    expect(names.slice(0, 3)).toEqual(['Bács-Kiskun vármegye', 'Baranya vármegye', 'Békés vármegye']);
    const hajduBihar = hu.find((r) => r.code === 'HU-HB')!;
    expect((await children(hajduBihar.id)).filter((r) => r.name === 'Debrecen')).toHaveLength(1);
    const fejer = (await children(hu.find((r) => r.code === 'HU-FE')!.id)).map((r) => r.name);
    expect(fejer).toEqual(expect.arrayContaining(['Dunaújváros', 'Székesfehérvár']));
    expect((await children(hu.find((r) => r.code === 'HU-KE')!.id)).map((r) => r.name)).toEqual(expect.arrayContaining(['Tatabánya', 'Esztergom', 'Tata', 'Komárom']));
    // Other languages keep the names they had.
    const en = (await get('/attractive/country/getAreaList?country=HU', 'en-us')).data.list as Listed[];
    expect(en.find((r) => r.code === 'HU-BK')!.name).toBe('Bács-Kiskun County');
    expect(en.map((r) => r.name)).not.toContain('Debrecen');
  });

  it('gives Budapest its 23 districts, in order', async () => {
    const budapest = await regionId('HU', 'HU-BU');
    const districts = (await children(budapest)).map((r) => r.name).filter((n) => n !== 'Budapest');
    expect(districts).toHaveLength(23);
    expect(districts.slice(0, 9)).toEqual([
      'I. kerület (Budavár)',
      'II. kerület',
      'III. kerület (Óbuda-Békásmegyer)',
      'IV. kerület (Újpest)',
      'V. kerület (Belváros-Lipótváros)',
      'VI. kerület (Terézváros)',
      'VII. kerület (Erzsébetváros)',
      'VIII. kerület (Józsefváros)',
      'IX. kerület (Ferencváros)',
    ]);
    expect(districts.at(-1)).toBe('XXIII. kerület (Soroksár)');
    expect(districts).toEqual(expect.arrayContaining(['XIV. kerület (Zugló)', 'XIX. kerület (Kispest)']));
  });

  it('an address saved before the change keeps its id and reads the same place after it', async () => {
    // Hungary as the regions dataset had it: Debrecen at the top beside the counties, "Zugló"
    // instead of the XIV. district and Józsefváros listed twice.
    const budapest = await regionId('HU', 'HU-BU');
    const under = await children(budapest);
    const zuglo = under.find((r) => r.name === 'XIV. kerület (Zugló)')!;
    await t.db.updateTable('geo_regions').set({ name: 'Zugló', sort: 0 }).where('id', '=', zuglo.id).execute();
    const maxId = async () => Number((await t.db.selectFrom('geo_regions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
    const debrecenTop = (await maxId()) + 1;
    await t.db.insertInto('geo_regions').values({ id: debrecenTop, country_code: 'HU', parent_id: null, level: 1, code: 'HU-DE', name: 'Debrecen', names: null, sort: 0 }).execute();
    const viiiOld = (await maxId()) + 1;
    await t.db.insertInto('geo_regions').values({ id: viiiOld, country_code: 'HU', parent_id: budapest, level: 2, code: null, name: 'Budapest VIII. kerület', names: null, sort: 0 }).execute();

    const m = await newMember(t);
    const save = async (body: Record<string, unknown>) => (await call(t, 'POST', '/shop/address/create', { country: 'HU', name: 'Anna', surname: 'Kovács', mobile: '20 123 4567', ...body }, { token: m.token, lang: 'en-us' })).body.data;
    const inDebrecen = await save({ address: 'Piac utca 20', zip_code: '4024', province_id: debrecenTop });
    const inZuglo = await save({ address: 'Thököly út 100', zip_code: '1146', province_id: budapest, city_id: zuglo.id });
    const inJozsefvaros = await save({ address: 'Rákóczi út 50', zip_code: '1085', province_id: budapest, city_id: viiiOld });
    expect(inDebrecen).toMatchObject({ province: 'Debrecen', city: '' });

    await regionNamesHu.up(t.db);

    const info = async (id: number, lang = 'hu') => (await call(t, 'GET', `/shop/address/info?id=${id}`, undefined, { token: m.token, lang })).body.data;
    const hajduBihar = await regionId('HU', 'HU-HB');
    const debrecen = (await children(hajduBihar)).find((r) => r.name === 'Debrecen')!;
    const nowDebrecen = await info(inDebrecen.id);
    expect(nowDebrecen).toMatchObject({ id: inDebrecen.id, province_id: hajduBihar, province: 'Hajdú-Bihar vármegye', city_id: debrecen.id, city: 'Debrecen', address: 'Piac utca 20' });
    expect(await info(inZuglo.id)).toMatchObject({ id: inZuglo.id, province: 'Budapest', city_id: zuglo.id, city: 'XIV. kerület (Zugló)' });
    expect(await info(inJozsefvaros.id)).toMatchObject({ id: inJozsefvaros.id, province: 'Budapest', city: 'VIII. kerület (Józsefváros)' });
    // The old entries are gone from the tree (the lists are cached: read where they come from), and
    // what checkout copies names the county and the city.
    expect(await t.db.selectFrom('geo_regions').select('id').where('id', 'in', [debrecenTop, viiiOld]).execute()).toEqual([]);
    const inBudapest = await t.db.selectFrom('geo_regions').select('name').where('parent_id', '=', budapest).where('name', 'like', 'VIII.%').execute();
    expect(inBudapest).toEqual([{ name: 'VIII. kerület (Józsefváros)' }]);
    const copied = await findShippingAddress(t.db, m.id, inDebrecen.id);
    expect(copied).toMatchObject({ province: 'Hajdú-Bihar vármegye', city: 'Debrecen' });

    // The member edits the address as the form sends it back: its places are still valid choices.
    const edited = await call(t, 'POST', '/shop/address/update', {
      id: inDebrecen.id, country: 'HU', name: 'Anna', surname: 'Kovács', mobile: '20 123 4567', address: 'Piac utca 22', zip_code: '4024',
      province_id: nowDebrecen.province_id, city_id: nowDebrecen.city_id,
    }, { token: m.token, lang: 'hu' });
    expect(edited.body).toMatchObject({ code: 200, data: { id: inDebrecen.id, province: 'Hajdú-Bihar vármegye', city: 'Debrecen', address: 'Piac utca 22' } });
  });
});

describe('shipping countries (operator setting)', () => {
  it('an operator with the settings permission replaces the list, recorded with why; members see it at once', async () => {
    const member = await newMember(t);
    expect((await call(t, 'POST', '/shop/address/create', malaysianAddress({ country: 'SG', mobile: '8123 4567', zip_code: '018956' }), { token: member.token })).body.code).toBe(200);

    const catalogue = await operatorToken('catalogue');
    expect((await call(t, 'POST', '/admin/api/geo/shipping-countries', { countries: ['MY'], reason: 'x' }, { token: catalogue })).body.code).toBe(ResponseCode.forbidden);

    const owner = await operatorToken('owner');
    const opened = (await call(t, 'GET', '/admin/api/geo/shipping-countries', undefined, { token: owner })).body.data;
    expect(opened.list.map((c: { code: string }) => c.code)).toEqual(SHIPPING);
    // The list is saved whole, naming the version it was read at.
    const base_updated_at = opened.updated_at as string;
    const bad = await call(t, 'POST', '/admin/api/geo/shipping-countries', { countries: ['MY', 'QQ'], base_updated_at, reason: 'typo' }, { token: owner, lang: 'en-us' });
    expect(bad.body.msg).toBe('Please choose a country or region from the list');
    expect((await call(t, 'POST', '/admin/api/geo/shipping-countries', { countries: ['MY'] }, { token: owner })).status).toBe(422);

    const set = await call(t, 'POST', '/admin/api/geo/shipping-countries', { countries: ['my', 'TH', 'MY', 'DE'], base_updated_at, reason: 'Opening Germany, pausing the others' }, { token: owner });
    expect(set.body.data.list.map((c: { code: string }) => c.code)).toEqual(['MY', 'TH', 'DE']);
    expect((await get('/attractive/country/addressCountry')).data.list.map((c: { code: string }) => c.code)).toEqual(['MY', 'TH', 'DE']);
    const recorded = await t.db.selectFrom('operator_actions').selectAll().where('action', 'like', 'setting.shipping_countries%').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ action: 'setting.shipping_countries', target_type: 'setting', reason: 'Opening Germany, pausing the others', facts: { key: 'shipping_countries', countries: ['MY', 'TH', 'DE'] } });
    expect(recorded.operator).toMatch(/^geoowner/);

    // New addresses only where the shop ships; the saved Singapore address stays.
    const sg = await call(t, 'POST', '/shop/address/create', malaysianAddress({ country: 'SG', mobile: '8123 4567', zip_code: '018956' }), { token: member.token, lang: 'en-us' });
    expect(sg.body).toMatchObject({ code: ResponseCode.countryNotShipped, msg: 'We do not ship to this country or region' });
    expect((await call(t, 'GET', '/shop/address/list', undefined, { token: member.token })).body.data.list.map((a: { country: string }) => a.country)).toEqual(['SG']);

    await call(t, 'POST', '/admin/api/geo/shipping-countries', { countries: SHIPPING, base_updated_at: set.body.data.updated_at, reason: 'Back to the usual list' }, { token: owner });
    expect((await get('/attractive/country/addressCountry')).data.list.map((c: { code: string }) => c.code)).toEqual(SHIPPING);
  });
});
