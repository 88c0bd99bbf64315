import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { shopKit, type ShopKit } from './fixtures.js';

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
});
afterAll(() => t.close());

const slipsOf = async (shopId: number) => (await t.db.selectFrom('shop_sales').select('id').where('shop_id', '=', shopId).execute()).length;

describe('the member named as a slip’s buyer', () => {
  it('an unknown id and a member with no link to the shop are refused alike, in every language, and nothing is written', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 5, pv: 7 });
    const stranger = await k.buyer();
    const unknownId = 2_000_000_000;
    for (const lang of ['en-us', 'zh-cn', 'zh-tw', 'jp', 'th', 'km', 'may', 'id', 'hu']) {
      const unknown = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_id: unknownId, lines: [{ sku_id: g.skuId, num: 1 }], paid: 1000 }, lang);
      const unattached = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_id: stranger.userId, lines: [{ sku_id: g.skuId, num: 1 }], paid: 1000 }, lang);
      expect(unknown.body.code).toBe(ResponseCode.shopBuyerNotFound);
      // One answer for both: the id cannot be probed for a member.
      expect(unattached.body).toEqual(unknown.body);
      expect(unknown.body.msg).not.toBe('');
    }
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(5);
    expect(await slipsOf(o.shopId)).toBe(0);
    expect((await k.get(o, '/attractive/shop/sellNoteList')).body.data).toMatchObject({ total: 0, sum: [] });
  }, 60_000);

  it('the owner cannot be the buyer of their own slip', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 5 });
    const own = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_id: o.userId, lines: [{ sku_id: g.skuId, num: 1 }], paid: 1000 });
    expect(own.body.code).toBe(ResponseCode.shopOwnShop);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(5);
    expect(await slipsOf(o.shopId)).toBe(0);
  });

  it('a member the owner invited and a member who bought from the shop are accepted; a slip earns and shows no PV', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 5, pv: 7 });
    const invitee = await k.buyer();
    await t.db.updateTable('users').set({ referrer_id: o.userId } as never).where('id', '=', invitee.userId).execute();
    const pastBuyer = await k.buyer(5_000);
    await k.paidOrder(pastBuyer, o.shopId, g.skuId, 1, { addressId: pastBuyer.addressId });

    const invited = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_id: invitee.userId, lines: [{ sku_id: g.skuId, num: 2 }], paid: 2000 });
    expect(invited.body.code, invited.body.msg).toBe(200);
    expect(invited.body.data).toMatchObject({ buyer_id: invitee.userId, goods_total: 2000, pv: 0, lines: [expect.objectContaining({ sku_id: g.skuId, num: 2, pv: 0 })] });
    const bought = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_id: pastBuyer.userId, lines: [{ sku_id: g.skuId, num: 1 }], paid: 1000 });
    expect(bought.body.code, bought.body.msg).toBe(200);
    expect(bought.body.data).toMatchObject({ buyer_id: pastBuyer.userId, pv: 0 });
    const walkIn = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_name: 'Walk-in', lines: [{ sku_id: g.skuId, num: 1 }], paid: 1000 });
    expect(walkIn.body.code, walkIn.body.msg).toBe(200);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(1);

    const list = (await k.get(o, '/attractive/shop/sellNoteList')).body.data;
    expect(list.total).toBe(3);
    for (const slip of list.list) {
      expect(slip.pv).toBe(0);
      for (const line of slip.lines) expect(line.pv).toBe(0);
    }
    // Nothing stored looks earned, and the buyers' own PV did not move.
    const stored = await t.db.selectFrom('shop_sales as s').innerJoin('shop_sale_lines as l', 'l.sale_id', 's.id').select(['s.pv as slip_pv', 'l.pv as line_pv']).where('s.shop_id', '=', o.shopId).execute();
    expect(stored.every((r) => Number(r.slip_pv) === 0 && Number(r.line_pv) === 0)).toBe(true);
    expect(await t.db.selectFrom('pv_entries').select('member_id').where('member_id', 'in', [invitee.userId, pastBuyer.userId]).execute()).toEqual([]);
  }, 60_000);
});
