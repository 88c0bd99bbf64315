import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { newAddress, newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';

/** The calls a test of after-sales makes: a member's, the console's (an owner), and its orders and uploads. */
export async function afterSalesKit(t: TestApp) {
  const operator = await newOperatorSession(t.db, 'owner');
  let opKey = 0;
  type Member = Awaited<ReturnType<typeof shopper>>;
  async function shopper() {
    const m = await walletMember(t);
    return { ...m, addressId: await newAddress(t.db, m.userId) };
  }
  const get = (m: { headers: Record<string, string> }, url: string) => call(t, 'GET', url, { headers: m.headers, lang: 'en-us' });
  const post = (m: Member, url: string, body: unknown) => call(t, 'POST', url, { headers: m.keyed(), body, lang: 'en-us' });
  const admin = (url: string, body: unknown) => call(t, 'POST', url, { headers: { ...operator.headers, 'idempotency-key': `op-${Date.now()}-${opKey++}` }, body });
  const adminGet = (url: string) => call(t, 'GET', url, { headers: operator.headers });

  /** An order of two SKUs of one goods (2 × 7.00 and 1 × 3.00; a third SKU at 7.00 is not bought), paid from the balance, shipped, and received unless told. */
  async function boughtOrder(m: Member, opts: { receive?: boolean; ship?: boolean; payWith?: 'balance' | 'points'; spendPoints?: number } = {}) {
    const g = await newGoods(t.db, [{ price: 700, stock: 9 }, { price: 300, stock: 9 }, { price: 700, stock: 9 }]);
    await post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 });
    await post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[1], num: 1 });
    // Points spent at checkout take part of the price off (one point per minor unit by default).
    if (opts.spendPoints) await fund(t.db, m.userId, opts.spendPoints, 'XXX', 'points');
    const order = (await post(m, '/shop/buy/createOrder', { address_id: m.addressId, ...(opts.spendPoints ? { points: opts.spendPoints, pay_password: PAY_PASSWORD } : {}) })).body.data;
    // Points pay at 100 per major unit: one point per minor unit of a two-decimal currency.
    if (opts.payWith === 'points') await fund(t.db, m.userId, order.total, 'XXX', 'points');
    else await fund(t.db, m.userId, order.total, order.currency);
    const paid = await post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: opts.payWith ?? 'balance', pay_password: PAY_PASSWORD });
    expect(paid.body.data).toMatchObject({ state: 'success' });
    if (opts.ship !== false) {
      const shipped = await admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `AS0000${order.order_id}` });
      expect(shipped.body.code).toBe(200);
      if (opts.receive !== false) expect((await post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
    }
    const lines = await t.db.selectFrom('order_lines').select(['id', 'sku_id', 'quantity', 'line_total_minor']).where('order_id', '=', order.order_id).orderBy('id').execute();
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', order.order_id).executeTakeFirstOrThrow();
    return { orderId: order.order_id as number, total: Number(row.total_minor), freight: Number(row.freight_minor), currency: row.currency, goods: g, lines };
  }

  /** A file the member uploaded (the uploads area stores it; its row is what after-sales checks). */
  async function uploaded(userId: number, kind: 'image' | 'video' = 'image') {
    const key = `as/${userId}-${Math.random().toString(36).slice(2, 10)}.${kind === 'image' ? 'jpg' : 'mp4'}`;
    await t.db.insertInto('uploads').values({ user_id: userId, storage_key: key, mime: kind === 'image' ? 'image/jpeg' : 'video/mp4', kind, size: 1000, original_name: null }).execute();
    return `/uploads/${key}`;
  }

  /** A video the member uploaded, stored as an MP4 of `seconds` (a movie header as cameras write it), or bytes with none. */
  async function uploadedVideo(userId: number, seconds: number | 'unreadable', version: 0 | 1 = 0) {
    const key = `as/${userId}-${Math.random().toString(36).slice(2, 10)}.mp4`;
    const box = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + body.length, 0);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body]);
    };
    let file: Buffer;
    if (seconds === 'unreadable') file = Buffer.from('not a video at all, only text renamed to mp4');
    else {
      const mvhd = Buffer.alloc(version === 1 ? 108 : 96);
      mvhd.writeUInt8(version, 0);
      if (version === 1) {
        mvhd.writeUInt32BE(600, 20);
        mvhd.writeBigUInt64BE(BigInt(Math.round(seconds * 600)), 24);
      } else {
        mvhd.writeUInt32BE(1000, 12);
        mvhd.writeUInt32BE(Math.round(seconds * 1000), 16);
      }
      file = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1')), box('free', Buffer.alloc(16)), box('moov', box('mvhd', mvhd))]);
    }
    await t.deps.providers.storage.write(key, file);
    await t.db.insertInto('uploads').values({ user_id: userId, storage_key: key, mime: 'video/mp4', kind: 'video', size: file.length, original_name: null }).execute();
    return `/uploads/${key}`;
  }

  /** What the apply page's estimate says a return of these units (`<line id>:<units>,…`) of the member's order would give back. */
  async function refundEstimate(m: { headers: Record<string, string> }, orderId: number, lines: string) {
    const res = await get(m, `/attractive/AfterSales/refundEstimate?order_id=${orderId}&lines=${lines}`);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { currency: string; goods: number; freight: number; surcharge: number; refund: number; points: number; shopping_points: number };
  }

  const caseRow = (id: number) => t.db.selectFrom('after_sales').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const eventsOf = async (id: number) => (await t.db.selectFrom('after_sale_events').select(['kind', 'to_status']).where('case_id', '=', id).orderBy('id').execute()).map((e) => `${e.kind}:${e.to_status ?? ''}`);
  return { operator, shopper, get, post, admin, adminGet, boughtOrder, uploaded, uploadedVideo, refundEstimate, caseRow, eventsOf };
}
export type AfterSalesKit = Awaited<ReturnType<typeof afterSalesKit>>;
