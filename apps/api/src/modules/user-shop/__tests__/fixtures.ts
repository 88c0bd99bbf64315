import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { systemActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { grantMemberRole } from '../../members/roles.queries.js';
import { newAddress } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { changeShopStock } from '../user-shop.service.js';

let payClient = 1;

/** The calls a test of member shops makes: owners with a shop, buyers with money and an address. */
export function shopKit(t: TestApp) {
  type Member = Awaited<ReturnType<typeof walletMember>>;
  const get = (m: { headers: Record<string, string> }, url: string, lang = 'en-us') => call(t, 'GET', url, { headers: m.headers, lang });
  const post = (m: Member, url: string, body: unknown, lang = 'en-us') => call(t, 'POST', url, { headers: m.keyed(), body, lang });

  /** A member holding the shop-owner role (as an operator grants it) with a shop set up. */
  async function owner(name = 'Mei Service Centre') {
    const m = await walletMember(t);
    await grantMemberRole(t.db, { member_id: m.userId, kind: 'shop_owner', granted_by: 'operator:test', reason: 'service centre' });
    const res = await post(m, '/attractive/shop/editShop', { name, intro: 'Near the market', contact_mobile: '60123456789', address: '1 Jalan Test', region: 'Kuala Lumpur' });
    expect(res.body.code, res.body.msg).toBe(200);
    return { ...m, shopId: res.body.data.id as number };
  }

  /** A buyer with an address and, when told, some USD. */
  async function buyer(usd = 0) {
    const m = await walletMember(t);
    if (usd) await fund(t.db, m.userId, usd, 'USD');
    return { ...m, addressId: await newAddress(t.db, m.userId) };
  }

  /** Platform goods the shop offers, with `stock` units of its SKU held by the shop (an operator's adjustment). */
  async function offered(o: Awaited<ReturnType<typeof owner>>, opts: { price?: number; stock?: number; pv?: number } = {}) {
    const g = await newGoods(t.db, [{ price: opts.price ?? 1500, stock: 99 }]);
    if (opts.pv) await t.db.updateTable('goods_skus').set({ pv: opts.pv }).where('id', '=', g.skuIds[0]!).execute();
    const res = await post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true });
    expect(res.body.code, res.body.msg).toBe(200);
    if (opts.stock) await withTransaction(t.db, (tx) => changeShopStock(tx, systemActor('test'), { shopId: o.shopId, skuId: g.skuIds[0]!, goodsId: g.goodsId, delta: opts.stock!, cause: 'operator', reference: 'test', reason: 'opening stock' }));
    return { goodsId: g.goodsId, skuId: g.skuIds[0]!, shopGoodsId: res.body.data.id as number };
  }

  /** A shop order of one SKU placed and paid from the buyer's balance; its id. */
  async function paidOrder(b: Member, shopId: number, skuId: number, num = 1, opts: { pickup?: boolean; addressId?: number } = {}) {
    const placed = await post(b, '/attractive/buy/createOrder', { shop_id: shopId, sku_id: skuId, num, ...(opts.pickup ? { pickup: true } : { address_id: opts.addressId }) });
    expect(placed.body.code, placed.body.msg).toBe(200);
    // Each from its own client address: the pay call's own limit per client is not what these tests are about.
    const res = await t.app.inject({ method: 'POST', url: '/attractive/buy/payOrder', remoteAddress: `10.${payClient >> 16 & 255}.${payClient >> 8 & 255}.${payClient++ & 255}`, headers: { ...b.keyed(), 'think-lang': 'en-us' }, payload: { order_id: placed.body.data.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD } });
    const paid = { body: res.json() as { code: number; msg: string; data: unknown } };
    expect(paid.body.code, paid.body.msg).toBe(200);
    expect(paid.body.data).toMatchObject({ state: 'success', order_type: 'shop_order' });
    return placed.body.data.order_id as number;
  }

  const orderRow = (id: number) => t.db.selectFrom('shop_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stockOf = async (shopId: number, skuId: number) => (await t.db.selectFrom('shop_stock').select('stock').where('shop_id', '=', shopId).where('sku_id', '=', skuId).executeTakeFirst())?.stock ?? 0;
  const usd = async (memberId: number, asset: 'cash' | 'rewards' = 'cash') =>
    Number((await t.db.selectFrom('ledger_accounts').select('balance').where('member_id', '=', memberId).where('asset', '=', asset).where('currency', '=', 'USD').executeTakeFirst())?.balance ?? 0);
  const refundsOf = (orderId: number) =>
    t.db.selectFrom('payment_refunds as r').innerJoin('payments as p', 'p.id', 'r.payment_id').select(['r.amount_minor', 'r.status', 'r.cause']).where('p.payable_type', '=', 'shop_order').where('p.payable_id', '=', orderId).execute();
  const ledgerClean = async () => expect(await ledgerCheck(t.db)).toEqual([]);
  return { get, post, owner, buyer, offered, paidOrder, orderRow, stockOf, usd, refundsOf, ledgerClean };
}
export type ShopKit = ReturnType<typeof shopKit>;
