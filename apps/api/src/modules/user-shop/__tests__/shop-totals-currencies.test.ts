import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

// The owner's totals name the currencies the shop's money is in, so that a figure of none reads as
// zero money ("฿0.00") and the app need not read the shop's goods to learn it.

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
});
afterAll(() => t.close());

const currenciesOf = async (o: Awaited<ReturnType<ShopKit['owner']>>) => {
  const res = await k.get(o, '/attractive/shop/shopTotal');
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.currencies as string[];
};

describe('the currencies of a shop’s totals', () => {
  it('of a shop without goods: that of the newest goods on the platform’s sale, the first it may add', async () => {
    await newGoods(t.db, [{ price: 5000, stock: 3 }], { currency: 'THB' });
    expect(await currenciesOf(await k.owner('Empty Shelves'))).toEqual(['THB']);
  });

  it('of a shop with goods: those of its goods, each once', async () => {
    const o = await k.owner('Two Currencies');
    await k.offered(o);
    await k.offered(o);
    const yen = await newGoods(t.db, [{ price: 900, stock: 3 }], { currency: 'JPY' });
    expect((await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: yen.goodsId, on_sale: true })).body.code).toBe(200);
    expect(await currenciesOf(o)).toEqual(['JPY', 'USD']);
  });
});
