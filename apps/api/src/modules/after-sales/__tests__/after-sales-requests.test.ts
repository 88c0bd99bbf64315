import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;

/** An order of `units` units of one SKU (7.00 each; two more SKUs of the goods at 7.00 are not bought), paid from the balance, shipped and received. */
async function unitsOrder(m: Member, units: number) {
  const g = await newGoods(t.db, [{ price: 700, stock: 20 }, { price: 700, stock: 20 }, { price: 700, stock: 20 }]);
  await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: units });
  const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
  await fund(t.db, m.userId, order.total, order.currency);
  expect((await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD })).body.data).toMatchObject({ state: 'success' });
  expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `RQ0000${order.order_id}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
  const line = await t.db.selectFrom('order_lines').select(['id', 'sku_id']).where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
  return { orderId: order.order_id as number, lineId: line.id, skuIds: g.skuIds };
}

/** Takes a case from under review to its end: a return refunded, an exchange's replacement received. */
async function carriedThrough(m: Member, id: number, kind: 'return' | 'exchange') {
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  if (kind === 'return') expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
  else {
    expect((await kit.admin('/admin/api/after-sales/ship', { id, carrier: 'DHL', tracking_number: `EX0000${id}` })).body.code).toBe(200);
    expect((await kit.post(m, '/attractive/AfterSales/receipt', { case_id: id })).body.data.status).toBe('completed');
  }
}

const casesOf = async (orderId: number) => t.db.selectFrom('after_sales').select(['id', 'status', 'follows_case_id']).where('order_id', '=', orderId).orderBy('id').execute();

describe('sending a rejected case again', () => {
  it('ten times at once, each with its own key: one new case, the other nine told the case cannot be sent again (never an error), five rounds', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    for (let round = 0; round < 5; round++) {
      const sent = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', description: `round ${round}`, lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
      expect(sent.body.code).toBe(200);
      const id = sent.body.data.case_id;
      expect((await kit.admin('/admin/api/after-sales/reject', { id, reason: 'No photo of the box' })).body.code).toBe(200);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => kit.post(m, '/attractive/AfterSales/submit', { case_id: id, description: `again ${i}` })));
      expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
      const refused = answers.filter((a) => a.body.code !== 200);
      expect(refused.map((a) => a.body.code)).toEqual(Array(9).fill(ResponseCode.afterSaleState));
      expect(refused[0]!.body.msg).toBe('This after-sales case cannot be changed this way now');
      const following = (await casesOf(o.orderId)).filter((c) => c.follows_case_id === id);
      expect(following).toEqual([{ id: answers.find((a) => a.body.code === 200)!.body.data.case_id, status: 'under_review', follows_case_id: id }]);
      // Withdrawn, so the next round's case has a unit to name.
      expect((await kit.post(m, '/attractive/AfterSales/cancel', { case_id: following[0]!.id })).body.code).toBe(200);
    }
  }, 60_000);
});

describe('the cap of exchanges', () => {
  it('counts the units the member still holds: of three bought, two returned, the one kept is exchanged once (the operator\'s setting per unit), not three times', async () => {
    const m = await kit.shopper();
    const o = await unitsOrder(m, 3);
    const returned = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lineId, qty: 2 }] });
    expect(returned.body.code).toBe(200);
    await carriedThrough(m, returned.body.data.case_id, 'return');
    const choices = async () => (await kit.get(m, `/attractive/AfterSales/huanhuoGoods?order_line_id=${o.lineId}`)).body.data;
    expect(await choices()).toMatchObject({ max_exchanges: 1, used: 0, left: 1 });
    const exchange = () => kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lineId, qty: 1, exchange_sku_id: o.skuIds[1] }] });
    const first = await exchange();
    expect(first.body.code).toBe(200);
    await carriedThrough(m, first.body.data.case_id, 'exchange');
    // The unit kept was exchanged once: no more exchanges, said so on every page.
    expect(await choices()).toMatchObject({ max_exchanges: 1, used: 1, left: 0 });
    const apply = (await kit.post(m, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data;
    expect(apply.lines[0]).toMatchObject({ bought: 3, left: 1, kinds: ['return'] });
    const second = await exchange();
    // The refusal says the cap, in the member's language.
    expect(second.body).toMatchObject({ code: ResponseCode.afterSaleExchangeLimit, msg: 'Maximum number of item exchanges reached (1 per item)' });
    const inChinese = await call(t, 'POST', '/shop/order/afterSaleSubmit', { headers: m.keyed(), lang: 'zh-cn', body: { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lineId, qty: 1 }] } });
    expect(inChinese.body).toMatchObject({ code: ResponseCode.afterSaleExchangeLimit, msg: '已达到商品换货次数上限（每件最多1次）' });
    expect((await casesOf(o.orderId)).filter((c) => c.status === 'under_review')).toEqual([]);
    // Two exchanges per unit: the unit kept may be exchanged once more, and no more than that.
    await t.db.updateTable('after_sale_settings').set({ max_exchanges: 2 }).execute();
    await t.changesHeard();
    try {
      expect(await choices()).toMatchObject({ max_exchanges: 2, used: 1, left: 1 });
      expect((await exchange()).body.code).toBe(200);
    } finally {
      await t.db.updateTable('after_sale_settings').set({ max_exchanges: 1 }).execute();
      await t.changesHeard();
    }
  });
});

describe('the lines of a request', () => {
  it('naming one order line twice is refused (422, in the member\'s language) and changes nothing, whatever the replacements asked', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const line = o.lines[0]!.id;
    const stock = await Promise.all(o.goods.skuIds.map((id) => stockOf(t.db, id)));
    const twice = await kit.post(m, '/shop/order/afterSaleSubmit', {
      order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size',
      lines: [{ order_line_id: line, qty: 1, exchange_sku_id: o.goods.skuIds[0] }, { order_line_id: line, qty: 1, exchange_sku_id: o.goods.skuIds[2] }],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.msg).toBe('Each order item can be chosen only once in a request');
    const inThai = await call(t, 'POST', '/shop/order/afterSaleSubmit', { headers: m.keyed(), lang: 'th', body: { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line, qty: 1 }, { order_line_id: o.lines[1]!.id, qty: 1 }, { order_line_id: line, qty: 1 }] } });
    expect(inThai.status).toBe(422);
    expect(inThai.body.msg).toBe('แต่ละรายการเลือกได้เพียงครั้งเดียวต่อคำขอ');
    expect(await casesOf(o.orderId)).toEqual([]);
    expect(await Promise.all(o.goods.skuIds.map((id) => stockOf(t.db, id)))).toEqual(stock);
    // Each line once: taken.
    const once = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: line, qty: 2, exchange_sku_id: o.goods.skuIds[2] }] });
    expect(once.body.code).toBe(200);
  });
});

describe('the order of a request', () => {
  it('names exactly one order: neither is "order required", both is refused saying only one may be named (in the member\'s language), and nothing is opened', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const base = { kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] };
    const neither = await kit.post(m, '/shop/order/afterSaleSubmit', base);
    expect(neither.status).toBe(422);
    expect(neither.body.msg).toBe('Order is required');
    const both = await kit.post(m, '/shop/order/afterSaleSubmit', { ...base, order_id: o.orderId, shop_order_id: 1 });
    expect(both.status).toBe(422);
    expect(both.body.msg).toBe('Name either an order or a shop order, not both');
    const bothApply = await call(t, 'POST', '/shop/order/afterSaleApply', { headers: m.keyed(), lang: 'hu', body: { order_id: o.orderId, shop_order_id: 1 } });
    expect(bothApply.status).toBe(422);
    expect(bothApply.body.msg).toBe('Egy rendelést vagy egy bolti rendelést adjon meg, ne mindkettőt');
    // The refund estimate asks the same: one order, not two.
    const estimate = await kit.get(m, `/attractive/AfterSales/refundEstimate?order_id=${o.orderId}&shop_order_id=1&lines=${o.lines[0]!.id}:1`);
    expect(estimate.status).toBe(422);
    expect(estimate.body.msg).toBe('Name either an order or a shop order, not both');
    expect(await casesOf(o.orderId)).toEqual([]);
  });
});

describe('the window of a request', () => {
  it('a request after its window is refused saying the day it closed, in the member\'s language; the data keeps the moment', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const completed = new Date(Date.now() - 20 * 86_400_000);
    await t.db.updateTable('orders').set({ completed_at: completed }).where('id', '=', o.orderId).execute();
    const returnEnds = new Date(completed.getTime() + 7 * 86_400_000).toISOString();
    const body = { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] };
    const en = await kit.post(m, '/shop/order/afterSaleSubmit', body);
    expect(en.body).toMatchObject({ code: ResponseCode.afterSaleNotAllowed, msg: `This request was possible until ${returnEnds.slice(0, 10)}`, data: { deadline: returnEnds } });
    const th = await call(t, 'POST', '/shop/order/afterSaleSubmit', { headers: m.keyed(), lang: 'th', body: { ...body, kind: 'exchange', reason_id: 'wrong_size' } });
    const exchangeEnds = new Date(completed.getTime() + 15 * 86_400_000).toISOString();
    expect(th.body).toMatchObject({ code: ResponseCode.afterSaleNotAllowed, msg: `คำขอนี้ทำได้ถึงวันที่ ${exchangeEnds.slice(0, 10)} เท่านั้น`, data: { deadline: exchangeEnds } });
    expect(await casesOf(o.orderId)).toEqual([]);
  });
});

// ---------------------------------------------------------------- videos as the member's camera or a tool writes them

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
/** A full box: version and flags, then its fields. */
const full = (type: string, version: number, flags: number, ...fields: Buffer[]) => box(type, u32((version << 24) | flags), ...fields);
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};

/**
 * A fragmented MP4 as cameras and streaming tools write it: the movie header says 0 (time scale 1000),
 * one video track counting at 90 000 per second; `mehd` the fragment duration (in ms) when given, and
 * fragments of `samples` samples each of `sampleTicks` (written per sample, or as the track's default in `trex`).
 */
function fragmentedMp4(o: { mehdMs?: number; fragments: number; samples: number; sampleTicks: number; defaults?: boolean }) {
  const mvhd = full('mvhd', 0, 0, u32(0), u32(0), u32(1000), u32(0), Buffer.alloc(80));
  const tkhd = full('tkhd', 0, 3, u32(0), u32(0), u32(1), u32(0), u32(0), Buffer.alloc(60));
  const mdhd = full('mdhd', 0, 0, u32(0), u32(0), u32(90_000), u32(0), Buffer.alloc(4));
  const trak = box('trak', tkhd, box('mdia', mdhd, full('hdlr', 0, 0, u32(0), Buffer.from('vide'), Buffer.alloc(13))));
  const trex = full('trex', 0, 0, u32(1), u32(1), u32(o.defaults ? o.sampleTicks : 0), u32(0), u32(0));
  const mvex = box('mvex', ...(o.mehdMs !== undefined ? [full('mehd', 0, 0, u32(o.mehdMs))] : []), trex);
  const moov = box('moov', mvhd, trak, mvex);
  const fragments = Array.from({ length: o.fragments }, (_, i) => {
    const perSample = o.defaults ? [] : Array.from({ length: o.samples }, () => Buffer.concat([u32(o.sampleTicks), u32(100)]));
    // Flags: a data offset, then per sample (unless the defaults) its duration and size.
    const trun = full('trun', 0, o.defaults ? 0x1 : 0x301, u32(o.samples), u32(0), ...perSample);
    const traf = box('traf', full('tfhd', 0, 0x20000, u32(1)), full('tfdt', 1, 0, u64(i * o.samples * o.sampleTicks)), trun);
    return Buffer.concat([box('moof', full('mfhd', 0, 0, u32(i + 1)), traf), box('mdat', Buffer.alloc(64))]);
  });
  return Buffer.concat([box('ftyp', Buffer.from('iso5\0\0\0\0iso5dash', 'latin1')), moov, ...fragments]);
}

/** A WebM file of 2 seconds (its EBML header and a segment whose info says 2000 ms). */
const webm = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0, 0x10, 0x15, 0x49, 0xa9, 0x66, 0x8e, 0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40, 0x44, 0x89, 0x84, 0x44, 0xfa, 0x00, 0x00]),
  Buffer.alloc(2000),
]);

describe('the evidence video', () => {
  it('a fragmented MP4 is measured by its fragment duration or its fragments: 300 s refused as too long, 20 s taken; a WebM or a movie of length 0 is refused as a file that cannot be measured', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const stored = async (file: Buffer, ext: string, mime: string) => {
      const key = `as/${m.userId}-${Math.random().toString(36).slice(2, 10)}.${ext}`;
      await t.deps.providers.storage.write(key, file);
      await t.db.insertInto('uploads').values({ user_id: m.userId, storage_key: key, mime, kind: 'video', size: file.length, original_name: null }).execute();
      return `/uploads/${key}`;
    };
    const submit = async (video: string, lang = 'en-us') =>
      (await call(t, 'POST', '/shop/order/afterSaleSubmit', { headers: m.keyed(), lang, body: { order_id: o.orderId, kind: 'return', reason_id: 'damaged', video, lines: [{ order_line_id: o.lines[1]!.id, qty: 1 }] } })).body;
    const tooLong = { code: ResponseCode.afterSaleVideoTooLong, msg: 'The video must be at most 60 seconds long' };
    const unreadable = { code: ResponseCode.afterSaleVideoTooLong, msg: 'The video\'s length cannot be read: please upload an MP4 or MOV video' };
    // A file whose movie header says 0 and whose fragment duration says 300 s.
    expect(await submit(await stored(fragmentedMp4({ mehdMs: 300_000, fragments: 1, samples: 2, sampleTicks: 3000 }), 'mp4', 'video/mp4'))).toMatchObject(tooLong);
    // No fragment duration: the fragments' samples add up to 90 s (two of 45 s at 30 frames a second).
    expect(await submit(await stored(fragmentedMp4({ fragments: 2, samples: 1350, sampleTicks: 3000 }), 'mp4', 'video/mp4'))).toMatchObject(tooLong);
    // A fragment duration that says less than its fragments hold is not believed.
    expect(await submit(await stored(fragmentedMp4({ mehdMs: 10_000, fragments: 2, samples: 1350, sampleTicks: 3000 }), 'mp4', 'video/mp4'))).toMatchObject(tooLong);
    // A header of length 0 and nothing else: cannot be measured. WebM: cannot be measured, said as such (also in Chinese).
    expect(await submit(await stored(fragmentedMp4({ fragments: 0, samples: 0, sampleTicks: 0 }), 'mp4', 'video/mp4'))).toMatchObject(unreadable);
    const webmVideo = await stored(webm, 'webm', 'video/webm');
    expect(await submit(webmVideo)).toMatchObject(unreadable);
    expect(await submit(webmVideo, 'zh-cn')).toMatchObject({ code: ResponseCode.afterSaleVideoTooLong, msg: '无法读取视频时长，请上传 MP4 或 MOV 格式的视频' });
    expect(await casesOf(o.orderId)).toEqual([]);
    // 20 s of fragments (the samples' length the track's default): taken.
    expect(await submit(await stored(fragmentedMp4({ mehdMs: 20_000, fragments: 2, samples: 300, sampleTicks: 3000, defaults: true }), 'mp4', 'video/mp4'))).toMatchObject({ code: 200 });
  });
});

