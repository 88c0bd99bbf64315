import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { setOperatorRate } from '../../rates/rates.service.js';
import { convertMinor } from '../freight.js';
import { newAddress, newOperatorSession, orderRow } from './fixtures.js';

let t: TestApp;
let goods: Awaited<ReturnType<typeof newGoods>>;
beforeAll(async () => {
  t = await buildTestApp();
  const owner = await newOperatorSession(t.db, 'owner');
  for (const band of [
    { method: 'standard', weight_from_g: 0, weight_to_g: 1000, fee: 1200 },
    { method: 'standard', weight_from_g: 1000, weight_to_g: 5000, fee: 2500 },
    { method: 'express', weight_from_g: 0, weight_to_g: 1000, fee: 2000 },
  ]) {
    const r = await call(t, 'POST', '/admin/api/orders/international-freight', { headers: owner.headers, body: { country_code: 'MY', currency: 'USD', ...band } });
    expect(r.body.code).toBe(200);
  }
  await setOperatorRate(t.db, { kind: 'operator', operatorId: 1, name: 'rates-desk', ip: '', lang: 'en-us', requestId: 'test-rate' }, { base: 'USD', quote: 'MYR', rate: '4.4725', date: new Date().toISOString().slice(0, 10), reason: 'test rate' });
  goods = await newGoods(t.db, [{ price: 3000, stock: 20 }]);
  await t.db.updateTable('goods_skus').set({ weight_g: 400 }).where('id', '=', goods.skuIds[0]!).execute();
});
afterAll(() => t.close());

async function shopper(approved: boolean) {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId, { countryCode: 'MY' });
  if (approved) {
    await t.db
      .insertInto('certifications')
      .values({ user_id: m.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `A${m.userId}123`, surname: 'Tan', given_name: 'Mei', title: null, birthday: null, referral_code: null, status: 'approved', reason: null, reviewed_by: 'test', reviewed_at: new Date() })
      .execute();
  }
  return { ...m, addressId };
}

describe('international orders', () => {
  it('quotes freight by weight band and method, also in the destination currency', async () => {
    const m = await shopper(false);
    const r = await call(t, 'GET', `/shop/buyGuoji/orderFreightFee?goods_id=${goods.goodsId}&sku_id=${goods.skuIds[0]}&num=2&address_id=${m.addressId}`, { headers: m.headers });
    expect(r.body.data).toMatchObject({
      country_code: 'MY',
      method: 'standard',
      weight_g: 800,
      currency: 'USD',
      freight: 1200,
      local_currency: 'MYR',
      // 12.00 USD at 4.4725 is 53.67 MYR.
      local_freight: 5367,
      rate: '4.4725',
      methods: [
        { method: 'express', freight: 2000 },
        { method: 'standard', freight: 1200 },
      ],
    });
    const heavy = await call(t, 'GET', `/shop/buyGuoji/orderFreightFee?goods_id=${goods.goodsId}&sku_id=${goods.skuIds[0]}&num=3&address_id=${m.addressId}&method=express`, { headers: m.headers });
    expect(heavy.body).toMatchObject({ code: ResponseCode.freightTooHeavy, msg: 'This order is too heavy to ship by this method (at most 1 kg)' });
  });

  it('needs the approved international real-name, then places the order with the freight and the recorded rate', async () => {
    const refused = await shopper(false);
    const body = (m: { addressId: number }) => ({ goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 3, address_id: m.addressId, method: 'standard' });
    expect((await call(t, 'POST', '/shop/buyGuoji/createOrder', { headers: refused.headers, body: body(refused) })).body.code).toBe(ResponseCode.realNameRequired);

    const m = await shopper(true);
    const r = await call(t, 'POST', '/shop/buyGuoji/createOrder', { headers: m.headers, body: body(m) });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ freight: 2500, total: 9000 + 2500, currency: 'USD', local_currency: 'MYR', rate: '4.4725', rate_source: 'operator', local_total: convertMinor(11_500, 'USD', 'MYR', '4.4725') });
    const row = await orderRow(t.db, r.body.data.order_id);
    expect(row).toMatchObject({ kind: 'international', shipping_method: 'standard', weight_g: 1200, local_currency: 'MYR' });
  });

  it('converts with one half-up rounding, across currencies of different minor units', () => {
    expect(convertMinor(1200, 'USD', 'MYR', '4.4725')).toBe(5367);
    expect(convertMinor(1, 'USD', 'MYR', '0.5')).toBe(1);
    expect(convertMinor(1000, 'USD', 'JPY', '151.235')).toBe(1512);
    expect(convertMinor(1512, 'JPY', 'USD', '0.0066122')).toBe(1000);
  });
});
