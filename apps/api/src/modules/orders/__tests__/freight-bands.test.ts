import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { setOperatorRate } from '../../rates/rates.service.js';
import { newAddress, newOperatorSession } from './fixtures.js';

// A kilogram a unit: the number of units is the order's weight in kilograms.
let t: TestApp;
let goods: Awaited<ReturnType<typeof newGoods>>;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
// A band the console saves names the version of the row it read (none: a new band).
async function saveBand({ method = 'standard', ...band }: { method?: 'standard' | 'express'; weight_from_g: number; weight_to_g: number; fee: number }) {
  const rows = (await call(t, 'GET', '/admin/api/settings', { headers: owner.headers })).body.data.international_freight as Array<{ country_code: string; method: string; currency: string; weight_from_g: number; updated_at: string }>;
  const read = rows.find((r) => r.country_code === 'TH' && r.method === method && r.currency === 'USD' && r.weight_from_g === band.weight_from_g);
  return call(t, 'POST', '/admin/api/settings/international-freight', { headers: owner.headers, body: { country_code: 'TH', method, currency: 'USD', reason: 'carrier rates', ...band, ...(read ? { base_updated_at: read.updated_at } : {}) } });
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  for (const band of [
    { weight_from_g: 0, weight_to_g: 5000, fee: 1500 },
    { weight_from_g: 5000, weight_to_g: 10000, fee: 2500 },
    { method: 'express' as const, weight_from_g: 0, weight_to_g: 5000, fee: 3000 },
  ]) {
    expect((await saveBand(band)).body.code).toBe(200);
  }
  await setOperatorRate(t.db, { kind: 'operator', operatorId: 1, name: 'rates-desk', ip: '', lang: 'en-us', requestId: 'test-rate' }, { base: 'USD', quote: 'THB', rate: '35.5', date: new Date().toISOString().slice(0, 10), reason: 'test rate' });
  goods = await newGoods(t.db, [{ price: 1000, stock: 100 }]);
  await t.db.updateTable('goods_skus').set({ weight_g: 1000 }).where('id', '=', goods.skuIds[0]!).execute();
});
afterAll(() => t.close());

async function shopper(countryCode = 'TH', lang = 'en-us') {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId, { countryCode });
  return { ...m, addressId, lang };
}
const quote = (m: Awaited<ReturnType<typeof shopper>>, kilograms: number, method = 'standard') =>
  call(t, 'GET', `/shop/buyGuoji/orderFreightFee?goods_id=${goods.goodsId}&sku_id=${goods.skuIds[0]}&num=${kilograms}&address_id=${m.addressId}&method=${method}`, { headers: m.headers, lang: m.lang });

describe('freight weight bands: "up to" includes its bound', () => {
  it('ships an order of exactly 5,000 g by a method whose only band is 0–5000 g', async () => {
    const m = await shopper();
    expect((await quote(m, 5, 'express')).body).toMatchObject({ code: 200, data: { method: 'express', weight_g: 5000, freight: 3000 } });
    expect((await quote(m, 6, 'express')).body).toMatchObject({ code: ResponseCode.freightTooHeavy, msg: 'This order is too heavy to ship by this method (at most 5 kg)' });
  });

  it('charges an order of exactly 5,000 g by the 0–5000 g band, and one just above by the next band', async () => {
    const m = await shopper();
    const atBound = await quote(m, 5);
    expect(atBound.body).toMatchObject({ code: 200, data: { weight_g: 5000, freight: 1500 } });
    const above = await quote(m, 6);
    expect(above.body).toMatchObject({ code: 200, data: { weight_g: 6000, freight: 2500 } });
    // The heaviest band holds its own bound too.
    expect((await quote(m, 10)).body).toMatchObject({ code: 200, data: { weight_g: 10000, freight: 2500 } });
  });

  it('places an order of exactly 5,000 g with that band\'s freight', async () => {
    const m = await shopper();
    await t.db
      .insertInto('certifications')
      .values({ user_id: m.userId, kind: 'international', country: 'TH', document_type: 'passport', document_number: `T${m.userId}555`, surname: 'Sukjai', given_name: 'Ploy', title: null, birthday: null, referral_code: null, status: 'approved', reason: null, reviewed_by: 'test', reviewed_at: new Date() })
      .execute();
    const r = await call(t, 'POST', '/shop/buyGuoji/createOrder', { headers: m.headers, lang: m.lang, body: { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 5, address_id: m.addressId, method: 'standard' } });
    expect(r.body).toMatchObject({ code: 200, data: { freight: 1500 } });
  });

  it('tells the member an order heavier than every band is too heavy, with the most the method takes', async () => {
    const en = await quote(await shopper(), 11);
    expect(en.body).toMatchObject({ code: ResponseCode.freightTooHeavy, msg: 'This order is too heavy to ship by this method (at most 10 kg)' });
    const th = await quote(await shopper('TH', 'th'), 11);
    expect(th.body).toMatchObject({ code: ResponseCode.freightTooHeavy, msg: 'คำสั่งซื้อนี้หนักเกินกว่าจะจัดส่งด้วยวิธีนี้ (สูงสุด 10 กก.)' });
  });

  it('still says a country without bands is not served', async () => {
    const r = await quote(await shopper('SG'), 1);
    expect(r.body).toMatchObject({ code: ResponseCode.noFreightRoute, msg: 'We do not ship there by this method yet' });
  });

  it('refuses a band that overlaps another beyond a shared bound, and takes one that starts where another ends', async () => {
    const overlapping = await saveBand({ weight_from_g: 4000, weight_to_g: 6000, fee: 9999 });
    expect(overlapping.body).toMatchObject({ code: ResponseCode.settingInvalid, msg: 'This band overlaps the band from 0 g up to 5000 g' });
    const widened = await saveBand({ weight_from_g: 0, weight_to_g: 7000, fee: 1500 });
    expect(widened.body).toMatchObject({ code: ResponseCode.settingInvalid, msg: 'This band overlaps the band from 5000 g up to 10000 g' });
    expect((await saveBand({ weight_from_g: 10000, weight_to_g: 20000, fee: 4000 })).body.code).toBe(200);
    // Editing a band's own fee is not an overlap with itself.
    expect((await saveBand({ weight_from_g: 0, weight_to_g: 5000, fee: 1600 })).body.code).toBe(200);
    expect((await quote(await shopper(), 5)).body.data).toMatchObject({ freight: 1600 });
  });
});
