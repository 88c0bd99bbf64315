import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { shopKit, type ShopKit } from './fixtures.js';

// A member shop's goods are searched as the catalogue is: words as typed on a Japanese or Chinese
// keyboard, every word in the name in some language, wildcards literal. Its orders' numbers too may
// be typed in full-width digits.

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
});
afterAll(() => t.close());

describe("searching a member shop's goods", () => {
  it('finds goods by normalised words in any language, and nothing by wildcards or language codes', async () => {
    const o = await k.owner();
    const b = await k.buyer();
    const named = async (name: Record<string, string>) => {
      const g = await k.offered(o);
      await t.db.updateTable('goods').set({ name: JSON.stringify(name) }).where('id', '=', g.goodsId).execute();
      return g.goodsId;
    };
    const maker = await named({ 'en-us': 'Aurora Coffee Maker', 'zh-cn': '极光咖啡机', 'zh-tw': '極光咖啡機', jp: 'オーロラ コーヒーメーカー' });
    const tee = await named({ 'en-us': '100% Cotton Tee', 'zh-cn': '纯棉T恤', jp: '綿100%Tシャツ' });
    const buyerFinds = async (q: string, lang = 'jp') =>
      (await k.get(b, `/attractive/shop/shopGoods?shop_id=${o.shopId}&q=${encodeURIComponent(q)}`, lang)).body.data.list.map((g: { goods_id: number }) => g.goods_id);
    const ownerFinds = async (q: string, lang = 'jp') =>
      (await k.get(o, `/attractive/shop/shopGoodsList?limit=100&q=${encodeURIComponent(q)}`, lang)).body.data.list.map((g: { goods_id: number }) => g.goods_id);

    for (const finds of [buyerFinds, ownerFinds]) {
      expect(await finds('ｺｰﾋｰ　ﾒｰｶｰ')).toEqual([maker]);
      expect(await finds('ＡＵＲＯＲＡ')).toEqual([maker]);
      expect(await finds('咖啡 機', 'zh-tw')).toEqual([maker]);
      expect(await finds('コーヒー 紅茶')).toEqual([]);
      expect(await finds('%')).toEqual([tee]);
      expect(await finds('zh-cn')).toEqual([]);
    }
  });

  it("finds an owner's order by its number typed in full-width digits, and nothing by a wildcard", async () => {
    const o = await k.owner('Search Centre');
    const b = await k.buyer(10_000);
    const g = await k.offered(o, { stock: 5 });
    const orderId = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    const orderNo = (await k.orderRow(orderId)).order_no;
    const fullWidth = orderNo.slice(-6).replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    const ownerFinds = async (q: string) => (await k.get(o, `/attractive/shop/shopOrderList?q=${encodeURIComponent(q)}`, 'jp')).body.data;
    expect((await ownerFinds(fullWidth)).list.map((r: { order_no: string }) => r.order_no)).toEqual([orderNo]);
    expect((await ownerFinds(fullWidth)).total).toBe(1);
    expect((await ownerFinds('%')).total).toBe(0);
  });
});
