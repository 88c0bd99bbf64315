import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { shopKit, type ShopKit } from './fixtures.js';

// What a shop owner writes that buyers read (the shop's name, a shipment's carrier and number, a walk-in
// buyer's name on a slip) is refused when it holds the controls that turn text around or is blank to
// the eye, and a tracking number is letters, digits and dashes: a buyer's notice cannot be made to read
// backwards or carry markup. Each refusal is the field's localized message and changes nothing.

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
}, 60_000);
afterAll(() => t.close());

describe('texts an owner writes for buyers', () => {
  it('a shop name with a direction control or nothing visible is refused; the name stays', async () => {
    const o = await k.owner('Honest Corner');
    for (const name of ['Shop\u202egnp.exe', '\u2066Demo\u2069', '\u200b\u200b']) {
      const res = await k.post(o, '/attractive/shop/editShop', { name }, 'hu');
      expect(res.body.code, name).toBe(422);
      expect(res.body.msg).toMatch(/Bolt|név|Név/);
    }
    expect((await k.get(o, '/attractive/shop/shopInfo')).body.data.name).toBe('Honest Corner');
    expect((await k.post(o, '/attractive/shop/editShop', { name: 'Corner Két' })).body.code).toBe(200);
  });

  it('a shipment whose carrier turns text around or whose number is not letters, digits and dashes is refused; the order stays approved', async () => {
    const o = await k.owner('Parcel Corner');
    const g = await k.offered(o, { price: 800, stock: 3 });
    const b = await k.buyer(5_000);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
    for (const body of [
      { carrier: 'DHL\u202eevil', tracking_number: 'DHL-1' },
      { carrier: 'DHL', tracking_number: '<script>alert(1)</script>' },
      { carrier: 'DHL', tracking_number: 'DHL 1' },
    ]) {
      const res = await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', ...body }, 'th');
      expect(res.body.code, JSON.stringify(body)).toBe(422);
      expect(res.body.msg).toMatch(/[\u0e00-\u0e7f]/);
    }
    expect((await k.orderRow(id)).status).toBe('approved');
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'Kerry Express', tracking_number: 'KEX-0042' })).body.data.status).toBe('shipped');
  });

  it('a walk-in buyer’s name on a slip that turns text around is refused; no slip is written', async () => {
    const o = await k.owner('Slip Corner');
    const g = await k.offered(o, { price: 500, stock: 2 });
    const res = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_name: 'Bob\u202eevil', lines: [{ sku_id: g.skuId, num: 1 }], paid: 500 });
    expect(res.body.code).toBe(422);
    expect((await k.get(o, '/attractive/shop/sellNoteList')).body.data).toMatchObject({ total: 0 });
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(2);
  });
});
