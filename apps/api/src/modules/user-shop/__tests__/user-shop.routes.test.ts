import QRCode from 'qrcode';
import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { revokeMemberRole } from '../../members/roles.queries.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
});
afterAll(() => t.close());

describe('the owner and the shop', () => {
  it('a member without the shop-owner role cannot set up a shop, and every owner call answers "no shop"', async () => {
    const m = await walletMember(t);
    const edit = await k.post(m, '/attractive/shop/editShop', { name: 'Mine' });
    expect(edit.body).toMatchObject({ code: ResponseCode.shopOwnerRoleRequired, msg: 'Only shop owners can set up a shop' });
    for (const url of ['/attractive/shop/shopInfo', '/attractive/shop/shopTotal', '/attractive/shop/shopGoods', '/attractive/shop/shopOrderList', '/attractive/shop/shopOrderNoAuthTotal', '/attractive/shop/sellNoteList', '/attractive/shop/shopGoodsList']) {
      expect((await k.get(m, url)).body, url).toMatchObject({ code: ResponseCode.shopMissing, msg: 'You have no shop' });
    }
    expect((await k.get(m, '/attractive/shop/shopInfo', 'zh-cn')).body.msg).toBe('您还没有店铺');
    expect((await k.get(m, '/attractive/UserPageData/shopSetPage')).body.data).toEqual({ is_owner: false, shop: null, entries: [] });
    expect(await t.db.selectFrom('member_shops').select('id').where('owner_id', '=', m.userId).execute()).toEqual([]);
  });

  it('an owner sets up one shop, edits it, pauses and opens it; others see it masked; a revoked role loses it', async () => {
    const o = await k.owner('Corner Shop');
    const mine = (await k.get(o, '/attractive/shop/shopInfo')).body.data;
    expect(mine).toMatchObject({ id: o.shopId, name: 'Corner Shop', contact_mobile: '60123456789', status: 'open', mine: true, share_path: `/pages/shop/home?id=${o.shopId}` });
    // The owner's shop page shows its public link as a QR code: the same link, encoded.
    expect(mine.share_url).toMatch(new RegExp(`^https?://[^/]+/h5/#/pages/shop/home\\?id=${o.shopId}$`));
    expect(mine.qr_code).toBe(await QRCode.toDataURL(mine.share_url, { margin: 1, width: 240 }));
    const again = await k.post(o, '/attractive/shop/editShop', { name: 'Corner Shop 2', intro: 'x'.repeat(141) });
    expect(again.status).toBe(422);
    expect((await k.post(o, '/attractive/shop/editShop', { name: 'Corner Shop 2', paused: true })).body.data).toMatchObject({ id: o.shopId, name: 'Corner Shop 2', status: 'paused' });
    expect((await t.db.selectFrom('member_shops').select('id').where('owner_id', '=', o.userId).execute()).length).toBe(1);
    const other = await walletMember(t);
    const seen = (await k.get(other, `/attractive/shop/shopInfo?shop_id=${o.shopId}`)).body.data;
    expect(seen).toMatchObject({ id: o.shopId, mine: false, contact_mobile: '*******6789', status: 'paused' });
    expect(seen.qr_code).toBeUndefined();
    expect((await k.post(o, '/attractive/shop/editShop', { name: 'Corner Shop 2', paused: false })).body.data.status).toBe('open');
    const page = (await k.get(o, '/attractive/UserPageData/shopSetPage')).body.data;
    expect(page.is_owner).toBe(true);
    expect(page.entries.map((e: { key: string }) => e.key)).toEqual(['profile', 'goods', 'stock', 'orders', 'slips']);
    await revokeMemberRole(t.db, o.userId, 'shop_owner', 'test');
    expect((await k.get(o, '/attractive/shop/shopInfo')).body.code).toBe(ResponseCode.shopMissing);
    expect((await k.get(other, `/attractive/shop/shopInfo?shop_id=${o.shopId}`)).body.code).toBe(ResponseCode.shopNotFound);
  });

  it('another member sees only the last four digits of the contact phone, whatever separates its digits', async () => {
    const o = await k.owner('Phone Shop');
    const other = await walletMember(t);
    const seenAs = async (contact_mobile: string) => {
      expect((await k.post(o, '/attractive/shop/editShop', { name: 'Phone Shop', contact_mobile })).body.data.contact_mobile).toBe(contact_mobile);
      expect((await k.get(o, `/attractive/shop/shopInfo?shop_id=${o.shopId}`)).body.data.contact_mobile).toBe(contact_mobile);
      return (await k.get(other, `/attractive/shop/shopInfo?shop_id=${o.shopId}`)).body.data.contact_mobile as string;
    };
    expect(await seenAs('+60 12-345 6789')).toBe('+** **-*** 6789');
    expect(await seenAs('(012) 345-67-89')).toBe('(***) ***-67-89');
    expect(await seenAs('0 1 2 3 4 5 6 7 8 9')).toBe('* * * * * * 6 7 8 9');
    // Digits of any script (full-width, as a Japanese keyboard types them) are digits too.
    expect(await seenAs('０１２-３４５６-７８９０')).toBe('***-****-７８９０');
    expect(await seenAs('60123456789')).toBe('*******6789');
  });
});

describe('goods and stock', () => {
  it('the owner offers platform goods (listed with what the shop holds); buyers see only what is on sale', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1200, stock: 7, pv: 3 });
    const choices = (await k.get(o, '/attractive/shop/shopGoodsList?limit=100')).body.data;
    expect(choices.list.find((c: { goods_id: number }) => c.goods_id === g.goodsId)).toMatchObject({ added: true, stock: 7, price: 1200, pv: 3 });
    const list = (await k.get(o, '/attractive/shop/shopGoods')).body.data;
    expect(list.list).toEqual([expect.objectContaining({ id: g.shopGoodsId, goods_id: g.goodsId, stock: 7, price: 1200, currency: 'USD', on_sale: true })]);
    const info = (await k.get(o, `/attractive/shop/shopGoodsInfo?id=${g.shopGoodsId}`)).body.data;
    expect(info.skus).toEqual([expect.objectContaining({ sku_id: g.skuId, price: 1200, pv: 3, stock: 7 })]);
    const b = await k.buyer();
    expect((await k.get(b, `/attractive/shop/shopGoods?shop_id=${o.shopId}`)).body.data.total).toBe(1);
    await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: false });
    expect((await k.get(b, `/attractive/shop/shopGoods?shop_id=${o.shopId}`)).body.data.total).toBe(0);
    expect((await k.get(b, `/attractive/shop/shopGoodsInfo?id=${g.shopGoodsId}`)).body.code).toBe(ResponseCode.shopItemNotFound);
    expect((await k.get(o, '/attractive/shop/shopGoods')).body.data.list[0].on_sale).toBe(false);
    // Another owner cannot read it as theirs: their own list is theirs only.
    const o2 = await k.owner();
    expect((await k.get(o2, '/attractive/shop/shopGoods')).body.data.total).toBe(0);
  });

  it('restock books a received regular order of the owner into the shop once; an order not received is refused', async () => {
    const { afterSalesKit } = await import('../../after-sales/__tests__/fixtures.js');
    const as = await afterSalesKit(t);
    const o = await k.owner();
    const m = { ...o, addressId: (await k.buyer()).addressId };
    await t.db.updateTable('addresses').set({ user_id: o.userId }).where('id', '=', m.addressId).execute();
    const bought = await as.boughtOrder(m as never);
    const first = await k.post(o, '/attractive/shop/restock', { order_id: bought.orderId });
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data).toMatchObject({ order_id: bought.orderId, units: 3 });
    const sku0 = Number(bought.lines[0]!.sku_id);
    expect(await k.stockOf(o.shopId, sku0)).toBe(2);
    const again = await k.post(o, '/attractive/shop/restock', { order_id: bought.orderId });
    expect(again.body.data.units).toBe(0);
    expect(await k.stockOf(o.shopId, sku0)).toBe(2);
    const adjustments = await t.db.selectFrom('shop_stock_adjustments').select(['delta', 'cause', 'stock_after']).where('shop_id', '=', o.shopId).orderBy('id').execute();
    expect(adjustments).toEqual([
      { delta: 2, cause: 'restock', stock_after: 2 },
      { delta: 1, cause: 'restock', stock_after: 1 },
    ]);
    const unreceived = await as.boughtOrder(m as never, { receive: false });
    // Not received yet: the owner is told to receive it first, in their language.
    const early = await k.post(o, '/attractive/shop/restock', { order_id: unreceived.orderId });
    expect(early.body).toMatchObject({ code: ResponseCode.shopRestockNotReceived, msg: 'Receive this order first: only received orders can go into your shop' });
    expect((await k.post(o, '/attractive/shop/restock', { order_id: unreceived.orderId }, 'zh-cn')).body.msg).toBe('请先确认收货：只有已收货的订单才能入库到您的店铺');
    const stranger = await as.shopper();
    const theirs = await as.boughtOrder(stranger);
    expect((await k.post(o, '/attractive/shop/restock', { order_id: theirs.orderId })).body.code).toBe(ResponseCode.shopItemNotFound);
  });
});

describe('the shop cart and checkout', () => {
  it('a buyer fills a cart per shop; their own shop, goods not offered and another shop in one order are refused', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1500, stock: 5 });
    const b = await k.buyer();
    const added = await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 2, price: 1 });
    expect(added.body.data).toMatchObject({ num: 2, total_count: 2 });
    await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 1 });
    const cart = (await k.get(b, '/attractive/cart/list')).body.data;
    expect(cart.shops).toHaveLength(1);
    expect(cart.shops[0]).toMatchObject({ shop: { id: o.shopId }, selected_count: 3, selected_total: 4500, currency: 'USD' });
    expect((await k.get(b, '/attractive/cart/cartGoodsTotal')).body.data).toEqual({ total: 3 });
    const lineId = cart.shops[0].list[0].id;
    expect((await k.post(b, '/attractive/cart/update', { id: lineId, num: 1 })).body.data).toMatchObject({ num: 1, total_count: 1 });
    // The owner's own shop and goods it does not offer.
    expect((await k.post(o, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId })).body.code).toBe(ResponseCode.shopOwnShop);
    const o2 = await k.owner();
    const g2 = await k.offered(o2, { stock: 5 });
    expect((await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g2.skuId })).body.code).toBe(ResponseCode.shopGoodsNotOffered);
    await k.post(b, '/attractive/cart/add', { shop_id: o2.shopId, sku_id: g2.skuId });
    const both = (await k.get(b, '/attractive/cart/list')).body.data;
    const ids = both.shops.flatMap((s: { list: Array<{ id: number }> }) => s.list.map((l) => l.id));
    const mixed = await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, line_ids: ids, address_id: b.addressId });
    expect(mixed.body).toMatchObject({ code: ResponseCode.shopOnePerOrder, msg: 'An order is for one shop only' });
    expect(await t.db.selectFrom('shop_orders').select('id').where('buyer_id', '=', b.userId).execute()).toEqual([]);
    // Another member's cart lines are not theirs to remove.
    const other = await k.buyer();
    expect((await k.post(other, '/attractive/cart/del', { ids })).body.data.removed).toBe(0);
    expect((await k.post(b, '/attractive/cart/del', { ids })).body.data).toEqual({ removed: 2, total_count: 0 });
  });

  it('an order is priced by the server (price, total, status and another shop in the body are ignored), paid through payments, and awaits the audit', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1500, stock: 5, pv: 4 });
    const b = await k.buyer(10_000);
    await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 2 });
    const lineIds = (await k.get(b, '/attractive/cart/list')).body.data.shops[0].list.map((l: { id: number }) => l.id);
    const placed = await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, line_ids: lineIds, address_id: b.addressId, price: 1, total: 1, status: 'completed', owner_id: b.userId });
    expect(placed.body.code, placed.body.msg).toBe(200);
    expect(placed.body.data).toMatchObject({ total: 3000, currency: 'USD', pv: 8, status: 'awaiting_payment' });
    expect((await k.get(b, '/attractive/cart/cartGoodsTotal')).body.data.total).toBe(0);
    const id = placed.body.data.order_id;
    expect((await k.orderRow(id)).owner_id).toBe(o.userId);
    // The owner does not see an unpaid order.
    expect((await k.get(o, `/attractive/shop/shopOrderInfo?id=${id}`)).body.code).toBe(ResponseCode.orderNotFound);
    const paid = await k.post(b, '/attractive/buy/payOrder', { order_id: id, pay_way: 'balance', pay_password: '246810', order_type: 'order' });
    expect(paid.body.data).toMatchObject({ state: 'success', order_type: 'shop_order', amount: 3000 });
    expect(await k.usd(b.userId)).toBe(7000);
    expect((await k.get(b, `/attractive/buy/payInfo?order_id=${id}`)).body.data).toMatchObject({ state: 'success', order_id: id });
    const info = (await k.get(b, `/attractive/order/info?id=${id}`)).body.data;
    expect(info).toMatchObject({ status: 'awaiting_audit', total: 3000, pv: 8, delivery: 'ship', refunded: false, actions: { pay: false, audit: false } });
    expect(new Date(info.audit_due_at).getTime()).toBeGreaterThan(Date.now() + 47.9 * 3_600_000);
    expect((await k.get(o, '/attractive/shop/shopOrderNoAuthTotal')).body.data).toEqual({ count: 1 });
    const ownerView = (await k.get(o, '/attractive/shop/shopOrderList?view=awaiting_audit')).body.data;
    expect(ownerView.list).toEqual([expect.objectContaining({ id, status: 'awaiting_audit', actions: expect.objectContaining({ audit: true }) })]);
    expect(ownerView.list[0].buyer_name).toContain('*');
    const totals = (await k.get(o, '/attractive/shop/shopTotal')).body.data;
    expect(totals).toMatchObject({ orders_awaiting_audit: 1, orders_today: 1, sales_today: [{ currency: 'USD', amount: 3000 }], goods_on_sale: 1, stock_units: 5 });
    expect((await k.get(b, '/attractive/order/list?view=awaiting_audit')).body.data.total).toBe(1);
    // Paying again: not payable.
    expect((await k.post(b, '/attractive/buy/payOrder', { order_id: id, pay_way: 'balance', pay_password: '246810' })).body.code).toBe(ResponseCode.payableNotPayable);
    // Another buyer, another owner: not found, nothing changes.
    const b2 = await k.buyer();
    expect((await k.get(b2, `/attractive/order/info?id=${id}`)).body.code).toBe(ResponseCode.orderNotFound);
    expect((await k.post(b2, '/attractive/order/confirm', { id })).body.code).toBe(ResponseCode.orderNotFound);
    const o2 = await k.owner();
    expect((await k.get(o2, `/attractive/shop/shopOrderInfo?id=${id}`)).body.code).toBe(ResponseCode.orderNotFound);
    expect((await k.post(o2, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.code).toBe(ResponseCode.orderNotFound);
    expect((await k.post(o2, '/attractive/shop/changeOrderState', { id, to: 'completed' })).body.code).toBe(ResponseCode.orderNotFound);
    expect((await k.orderRow(id)).status).toBe('awaiting_audit');
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(5);
  });

  it('an order asking for more than the shop holds, from a paused shop, or from the owner is refused', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { stock: 1 });
    const b = await k.buyer();
    const short = await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, num: 2, address_id: b.addressId });
    expect(short.body.code).toBe(ResponseCode.shopStockShort);
    expect(short.body.msg).toMatch(/Not enough Teapot .+ in the shop: 1 left/);
    expect((await k.post(o, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, pickup: true })).body.code).toBe(ResponseCode.shopOwnShop);
    await k.post(o, '/attractive/shop/editShop', { name: 'Paused', paused: true });
    expect((await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, pickup: true })).body.code).toBe(ResponseCode.shopNotTakingOrders);
    expect((await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId })).status).toBe(422);
  });
});
