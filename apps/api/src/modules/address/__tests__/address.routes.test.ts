import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../accounts/__tests__/account-helpers.js';
import { malaysianAddress, newMember } from './address-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof newMember>>;
const create = (m: Member, body: Record<string, unknown>, lang?: string) => call(t, 'POST', '/shop/address/create', body, { token: m.token, lang });
const list = async (m: Member, lang?: string) => (await call(t, 'GET', '/shop/address/list', undefined, { token: m.token, lang })).body.data as { list: Array<Record<string, any>>; max: number };
const defaults = async (m: Member) => (await t.db.selectFrom('addresses').select('id').where('user_id', '=', m.id).where('is_default', '=', true).execute()).map((r) => r.id);
const regionId = async (country: string, code: string) => (await t.db.selectFrom('geo_regions').select('id').where('country_code', '=', country).where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('addresses', () => {
  it('needs a logged-in member', async () => {
    expect((await call(t, 'GET', '/shop/address/list')).body.code).toBe(ResponseCode.loginRequired);
  });

  it('adds an address: the first becomes the default, the phone is kept as its national number', async () => {
    const m = await newMember(t);
    const first = await create(m, malaysianAddress());
    expect(first.body).toMatchObject({ code: 200, data: { country: 'MY', mobile_pre: '60', mobile: '123456789', is_default: true, zip_code: '50450', flag: '🇲🇾' } });
    const second = await create(m, malaysianAddress({ name: 'Second' }));
    expect(second.body.data.is_default).toBe(false);
    const { list: rows, max } = await list(m);
    expect(max).toBe(20);
    expect(rows.map((a) => a.id)).toEqual([first.body.data.id, second.body.data.id]);
  });

  it('checks the country first, then name and phone, each with its own message in the reader’s language', async () => {
    const m = await newMember(t);
    const empty = await create(m, { name: '', mobile: '' }, 'zh-cn');
    expect(empty.status).toBe(422);
    expect(empty.body.msg).toBe('请先选择国家/地区');
    const noName = await create(m, malaysianAddress({ name: ' ' }), 'th');
    expect(noName.body.msg).toBe('โปรดป้อนชื่อผู้รับ');
    const noPhone = await create(m, malaysianAddress({ mobile: undefined }), 'en-us');
    expect(noPhone.body.msg).toBe('Please enter the phone number');
    const noDetail = await create(m, malaysianAddress({ address: '' }), 'jp');
    expect(noDetail.body.msg).toBe('詳細住所を入力してください');
    const longName = await create(m, malaysianAddress({ name: 'x'.repeat(51) }), 'hu');
    expect(longName.body.msg).toBe('Az utónév legfeljebb 50 karakter lehet');
    const badEmail = await create(m, malaysianAddress({ email: 'not-an-email' }), 'id');
    expect(badEmail.body.msg).toBe('Silakan masukkan email yang valid');
    const unknownCountry = await create(m, malaysianAddress({ country: 'ZZ' }), 'en-us');
    expect(unknownCountry.body.msg).toBe('Please choose a country or region from the list');
    expect(await list(m)).toMatchObject({ list: [] });
  });

  it('refuses a name or street that shows nothing, and text that turns itself around, and stores nothing', async () => {
    const m = await newMember(t);
    const rows = async () => (await t.db.selectFrom('addresses').select('id').where('user_id', '=', m.id).execute()).length;
    const spoof = await create(m, { country: 'TH', name: '\u200b', surname: '\u202eevil', mobile: '0812345678', address: '\u2800', zip_code: '10110' }, 'en-us');
    expect(spoof.status).toBe(422);
    expect(spoof.body.msg).toBe("Please enter the recipient's name");
    expect((await create(m, malaysianAddress({ address: '\u200b\u2060' }), 'jp')).body.msg).toBe('詳細住所を入力してください');
    const turned = await create(m, malaysianAddress({ surname: '\u202eevil' }), 'en-us');
    expect(turned.status).toBe(422);
    expect(turned.body.msg).toBe('Surname contains characters that cannot be used (control characters)');
    for (const field of ['name', 'address', 'house_number', 'city', 'province', 'district', 'zip_code']) {
      expect((await create(m, malaysianAddress({ [field]: 'Jalan \u2067Ampang' }))).status, field).toBe(422);
    }
    expect(await rows()).toBe(0);

    const saved = await create(m, malaysianAddress());
    const changed = await call(t, 'POST', '/shop/address/update', malaysianAddress({ id: saved.body.data.id, name: 'Aisyah \u202eevil' }), { token: m.token });
    expect(changed.status).toBe(422);
    expect((await list(m)).list).toMatchObject([{ id: saved.body.data.id, name: 'Aisyah', surname: 'Rahman' }]);
  });

  it('refuses a phone that does not fit its country and a zip code that does not fit the country', async () => {
    const m = await newMember(t);
    const shortPhone = await create(m, malaysianAddress({ mobile: '12345' }), 'may');
    expect(shortPhone.status).toBe(422);
    expect(shortPhone.body.msg).toBe('Sila masukkan nombor telefon yang sepadan dengan kod panggilan');
    // A valid Thai mobile number is not a Malaysian one.
    expect((await create(m, malaysianAddress({ mobile: '081 234 5678', mobile_pre: '60' }))).status).toBe(422);
    expect((await create(m, malaysianAddress({ mobile: '081 234 5678', mobile_pre: '+66' }))).body.data).toMatchObject({ mobile_pre: '66', mobile: '812345678' });
    const zip = await create(m, malaysianAddress({ zip_code: '5045' }), 'zh-tw');
    expect(zip.body.msg).toBe('郵遞區號與所選國家不符');
    expect((await list(m)).list).toHaveLength(1);
  });

  it('takes Cambodia Post’s six-digit postcodes and the older five-digit ones', async () => {
    const m = await newMember(t);
    const cambodian = (zip_code: string) => ({ country: 'KH', name: 'Sok Dara', mobile: '012 345 678', address: 'Street 51, Boeung Keng Kang', zip_code });
    expect((await create(m, cambodian('120101'), 'km')).body).toMatchObject({ code: 200, data: { zip_code: '120101' } });
    expect((await create(m, cambodian('12000'), 'km')).body.code).toBe(200);
    expect((await create(m, cambodian('1201'), 'km')).status).toBe(422);
    expect((await create(m, cambodian('1201011'), 'km')).status).toBe(422);
  });

  it('takes a Japanese postcode written without its hyphen (or with 〒, a space, full-width digits) and stores it as 150-0002', async () => {
    const m = await newMember(t);
    const japanese = (zip_code: string) => ({ country: 'JP', name: '太郎', surname: '山田', mobile: '090-1234-5678', address: '渋谷区神宮前 1-2-3', zip_code });
    for (const written of ['1500002', '150-0002', '150 0002', '〒150-0002', '１５０－０００２']) {
      expect((await create(m, japanese(written), 'jp')).body).toMatchObject({ code: 200, data: { zip_code: '150-0002' } });
    }
    const short = await create(m, japanese('150002'), 'jp');
    expect(short.status).toBe(422);
    expect(short.body.msg).toBe('郵便番号が選択した国と一致しません');
    expect((await create(m, japanese('15-00002'), 'jp')).status).toBe(422);
    expect((await list(m)).list.map((a) => a.zip_code)).toEqual(Array(5).fill('150-0002'));
  });

  it('writes a US ZIP+4 with its hyphen, however it was typed', async () => {
    const m = await newMember(t);
    const american = (zip_code: string) => ({ country: 'US', name: 'Jane', surname: 'Doe', mobile: '(202) 555-0123', address: '1600 Pennsylvania Ave NW', zip_code });
    expect((await create(m, american('205000003'))).body.data).toMatchObject({ zip_code: '20500-0003' });
    expect((await create(m, american('20500 0003'))).body.data).toMatchObject({ zip_code: '20500-0003' });
    expect((await create(m, american('20500'))).body.data).toMatchObject({ zip_code: '20500' });
    expect((await create(m, american('2050000031'))).status).toBe(422);
  });

  it('refuses postcodes their country never issues (Hungary’s run from 1000; Thailand’s, Indonesia’s and Taiwan’s start at 1), in the reader’s language, writing nothing', async () => {
    const m = await newMember(t);
    const hungarian = (zip_code: string) => ({ country: 'HU', name: 'Anna', surname: 'Kovács', mobile: '20 123 4567', address: 'Andrássy út 1', zip_code });
    const zero = await create(m, hungarian('0052'), 'hu');
    expect(zero.status).toBe(422);
    expect(zero.body.msg).toBe('Az irányítószám nem illik a kiválasztott országhoz');
    expect((await create(m, hungarian('0999'), 'hu')).status).toBe(422);
    expect((await create(m, hungarian('10520'), 'hu')).status).toBe(422);
    expect((await list(m)).list).toEqual([]);
    expect((await create(m, hungarian('1052'), 'hu')).body).toMatchObject({ code: 200, data: { zip_code: '1052' } });
    expect((await create(m, hungarian('9999'), 'hu')).body.code).toBe(200);

    const thai = await create(m, { country: 'TH', name: 'Somchai', mobile: '081 234 5678', address: 'Sukhumvit Rd', zip_code: '01110' }, 'th');
    expect(thai.body.msg).toBe('รหัสไปรษณีย์ไม่ตรงกับประเทศที่เลือก');
    expect((await create(m, { country: 'TH', name: 'Somchai', mobile: '081 234 5678', address: 'Sukhumvit Rd', zip_code: '10110' })).body.code).toBe(200);
    expect((await create(m, { country: 'ID', name: 'Budi', mobile: '0812 3456 7890', address: 'Jl. Thamrin 1', zip_code: '01310' }, 'id')).body.msg).toBe('Kode pos tidak sesuai dengan negara yang dipilih');
    expect((await create(m, { country: 'TW', name: '小明', mobile: '0912 345 678', address: '忠孝東路 1 號', zip_code: '010' }, 'zh-tw')).body.msg).toBe('郵遞區號與所選國家不符');
    expect((await create(m, malaysianAddress({ zip_code: '00450' }))).status).toBe(422);
    expect((await list(m)).list.map((a) => a.zip_code).sort()).toEqual(['10110', '1052', '9999']);
  });

  it('takes a phone typed with its country’s calling code or trunk prefix and keeps the national number', async () => {
    const m = await newMember(t);
    const hungarian = (mobile: string, mobile_pre?: string) => ({ country: 'HU', name: 'Anna', surname: 'Kovács', mobile, mobile_pre, address: 'Andrássy út 1', zip_code: '1061' });
    for (const typed of ['+36 20 123 4567', '+36-20-123-4567', '0036 20 123 4567', '06 20 123 4567', '20 123 4567', '+36 06 20 123 4567']) {
      expect((await create(m, hungarian(typed), 'hu')).body.data, typed).toMatchObject({ mobile_pre: '36', mobile: '201234567' });
    }
    expect((await create(m, hungarian('+36201234567', '+36'))).body.data).toMatchObject({ mobile_pre: '36', mobile: '201234567' });
    expect((await create(m, malaysianAddress({ mobile: '+60 12-345 6789' }))).body.data).toMatchObject({ mobile_pre: '60', mobile: '123456789' });
    expect((await create(m, { country: 'JP', name: '太郎', mobile: '+81 90-1234-5678', address: '渋谷区神宮前 1-2-3', zip_code: '1500002' })).body.data).toMatchObject({ mobile_pre: '81', mobile: '9012345678' });
    const written = (await list(m)).list.length;

    // Another country's calling code is not this one's number, nor is a plus in the middle.
    const thaiNumber = await create(m, hungarian('+66 81 234 5678'), 'hu');
    expect(thaiNumber.status).toBe(422);
    expect(thaiNumber.body.msg).toBe('Adjon meg a hívószámnak megfelelő telefonszámot');
    expect((await create(m, hungarian('0066 81 234 5678'), 'en-us')).body.msg).toBe('Please enter a phone number that fits the calling code');
    expect((await create(m, hungarian('20 +36 123 4567'), 'en-us')).status).toBe(422);
    expect((await create(m, hungarian('+36 20 123'), 'en-us')).status).toBe(422);
    expect((await list(m)).list).toHaveLength(written);
  });

  it('keeps regions consistent with the country and the tree, and shows them as saved, as checkout and the order copy them', async () => {
    const m = await newMember(t);
    const beijing = await regionId('CN', '110000');
    const beijingCity = await regionId('CN', '110100');
    const dongcheng = await regionId('CN', '110101');
    const guangdong = await regionId('CN', '440000');
    const china = { country: 'CN', name: '李雷', mobile: '13800138000', address: '东长安街 1 号' };
    const wrongParent = await create(m, { ...china, province_id: guangdong, city_id: beijingCity }, 'en-us');
    expect(wrongParent.body.code).toBe(ResponseCode.regionInvalid);
    expect(wrongParent.body.msg).toBe('Please choose the province, city and district again');
    expect((await create(m, { ...china, country: 'MY', mobile: '0123456789', province_id: beijing })).body.code).toBe(ResponseCode.regionInvalid);
    expect((await create(m, { ...china, city_id: beijingCity })).body.code).toBe(ResponseCode.regionInvalid);
    const ok = await create(m, { ...china, province_id: beijing, city_id: beijingCity, district_id: dongcheng }, 'zh-cn');
    expect(ok.body.data).toMatchObject({ province: '北京市', city: '北京市', district: '东城区', mobile_pre: '86' });
    const inEnglish = (await call(t, 'GET', `/shop/address/info?id=${ok.body.data.id}`, undefined, { token: m.token, lang: 'en-us' })).body.data;
    // The country is named in the reader's language; the places as saved, which is what an order copies.
    expect(inEnglish).toMatchObject({ country_name: 'China', province: '北京市', city: '北京市', district: '东城区' });
    expect((await list(m, 'id')).list.find((a) => a.id === ok.body.data.id)).toMatchObject({ province: '北京市', city: '北京市', district: '东城区' });
    const stored = await t.db.selectFrom('addresses').select(['province', 'city', 'district']).where('id', '=', ok.body.data.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ province: '北京市', city: '北京市', district: '东城区' });
  });

  it('shows, changes and deletes only the member’s own addresses (another member’s id is not found)', async () => {
    const owner = await newMember(t);
    const other = await newMember(t);
    const mine = (await create(owner, malaysianAddress())).body.data;
    await create(other, malaysianAddress({ name: 'Other' }));
    const asOther = { token: other.token };
    expect((await call(t, 'GET', `/shop/address/info?id=${mine.id}`, undefined, asOther)).body.code).toBe(ResponseCode.addressNotFound);
    expect((await call(t, 'POST', '/shop/address/update', malaysianAddress({ id: mine.id, name: 'Hijacked' }), asOther)).body.code).toBe(ResponseCode.addressNotFound);
    expect((await call(t, 'POST', '/shop/address/setDefault', { id: mine.id }, asOther)).body.code).toBe(ResponseCode.addressNotFound);
    expect((await call(t, 'POST', '/shop/address/delete', { id: mine.id }, asOther)).body.code).toBe(ResponseCode.addressNotFound);
    expect((await list(owner)).list).toEqual([mine]);
    expect((await list(other)).list.map((a) => a.name)).toEqual(['Other']);
  });

  it('edits an address and moves the default; deleting the default makes the newest remaining one the default', async () => {
    const m = await newMember(t);
    const a = (await create(m, malaysianAddress({ name: 'A' }))).body.data;
    const b = (await create(m, malaysianAddress({ name: 'B' }))).body.data;
    const c = (await create(m, malaysianAddress({ name: 'C' }))).body.data;
    const edited = await call(t, 'POST', '/shop/address/update', malaysianAddress({ id: b.id, name: 'B2', house_number: '7-3', is_default: true }), { token: m.token });
    expect(edited.body.data).toMatchObject({ id: b.id, name: 'B2', house_number: '7-3', is_default: true });
    expect(await defaults(m)).toEqual([b.id]);
    // The default cannot be switched off, only moved.
    await call(t, 'POST', '/shop/address/update', malaysianAddress({ id: b.id, name: 'B3', is_default: false }), { token: m.token });
    expect(await defaults(m)).toEqual([b.id]);
    expect((await call(t, 'POST', '/shop/address/setDefault', { id: a.id }, { token: m.token })).body.data.is_default).toBe(true);
    expect(await defaults(m)).toEqual([a.id]);
    const removed = await call(t, 'POST', '/shop/address/delete', { id: a.id }, { token: m.token });
    expect(removed.body.data).toEqual({ id: a.id, default_id: c.id });
    expect((await list(m)).list.map((x) => [x.id, x.is_default])).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
    expect((await call(t, 'POST', '/shop/address/delete', { id: b.id }, { token: m.token })).body.data).toEqual({ id: b.id, default_id: c.id });
    expect((await call(t, 'POST', '/shop/address/delete', { id: c.id }, { token: m.token })).body.data).toEqual({ id: c.id, default_id: null });
    expect((await call(t, 'POST', '/shop/address/delete', { id: c.id }, { token: m.token })).body.code).toBe(ResponseCode.addressNotFound);
  });

  it('keeps at most 20 addresses, also when many are added at once', async () => {
    const m = await newMember(t);
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => create(m, malaysianAddress({ name: `N${i}` }), 'en-us')));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(20);
    const refused = results.filter((r) => r.body.code !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.body).toMatchObject({ code: ResponseCode.addressLimit, msg: 'You can keep at most 20 addresses' });
    expect((await list(m)).list).toHaveLength(20);
    expect(await defaults(m)).toHaveLength(1);
  });

  it('has exactly one default under concurrent adds, default changes and deletes', async () => {
    const m = await newMember(t);
    const added = await Promise.all(Array.from({ length: 8 }, (_, i) => create(m, malaysianAddress({ name: `P${i}`, is_default: i % 2 === 0 }))));
    expect(added.every((r) => r.body.code === 200)).toBe(true);
    expect(await defaults(m)).toHaveLength(1);
    const ids = added.map((r) => r.body.data.id as number);
    await Promise.all(ids.map((id) => call(t, 'POST', '/shop/address/setDefault', { id }, { token: m.token })));
    expect(await defaults(m)).toHaveLength(1);
    const current = (await defaults(m))[0]!;
    // Delete the default and three others at once: one default remains, the newest of the rest.
    const doomed = [current, ...ids.filter((id) => id !== current).slice(0, 3)];
    await Promise.all(doomed.map((id) => call(t, 'POST', '/shop/address/delete', { id }, { token: m.token })));
    const left = ids.filter((id) => !doomed.includes(id));
    expect(await defaults(m)).toEqual([Math.max(...left)]);
  });
});
