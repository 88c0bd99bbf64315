import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { newAddress, newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

// Around a shop owner's start and restock: the approved application's shop name
// (and phone and address) start the shop's profile; the shop's contact phone is a phone number; the
// restock list offers only orders a restock would still take.

let t: TestApp;
let k: ShopKit;
let as: AfterSalesKit;
let support: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  as = await afterSalesKit(t);
  support = await newOperatorSession(t.db, 'support');
});
afterAll(() => t.close());

const decide = (id: number) => call(t, 'POST', '/admin/api/referral/applications/decide', { headers: { ...support.headers, 'idempotency-key': `decide-${id}` }, body: { id, approve: true, reason: 'Documents in order' } });
const application = { name: 'Sophea Chan', mobile_pre: '855', mobile: '12345678', country: 'KH', address: '12 Street 240, Phnom Penh', note: '', shop_name: 'Sophea’s Corner' };

describe('a new shop owner’s shop starts from the approved application', () => {
  it('the settings page offers the application’s shop name, phone and address until the shop is set up', async () => {
    const m = await walletMember(t);
    const applied = (await k.post(m, '/attractive/user/applyUser', application)).body;
    expect(applied.code, applied.msg).toBe(200);
    // Pending: no role yet, nothing offered.
    expect((await k.get(m, '/attractive/UserPageData/shopSetPage')).body.data).toMatchObject({ is_owner: false, shop: null });
    expect((await decide(applied.data.application_id)).body.code).toBe(200);

    const page = (await k.get(m, '/attractive/UserPageData/shopSetPage')).body.data;
    expect(page).toMatchObject({ is_owner: true, shop: null, draft: { name: 'Sophea’s Corner', contact_mobile: '+855 12345678', address: '12 Street 240, Phnom Penh' } });
    // The draft as it is offered is a profile the shop accepts.
    const opened = await k.post(m, '/attractive/shop/editShop', page.draft);
    expect(opened.body.code, opened.body.msg).toBe(200);
    expect(opened.body.data).toMatchObject({ name: 'Sophea’s Corner', contact_mobile: '+855 12345678' });
    const after = (await k.get(m, '/attractive/UserPageData/shopSetPage')).body.data;
    expect(after.shop.name).toBe('Sophea’s Corner');
    expect(after.draft).toBeUndefined();
  });
});

describe('a shop’s contact phone', () => {
  it('is refused unless it is a phone number, with a localized message, and nothing changes', async () => {
    const o = await k.owner();
    for (const bad of ['abc', '12ab34567', '+', '1234', '++60123456789', '０１２-abcd']) {
      const res = await k.post(o, '/attractive/shop/editShop', { name: 'Corner', contact_mobile: bad });
      expect(res.status, bad).toBe(422);
      expect(res.body.msg, bad).toBe('Enter the contact phone as a phone number: digits, with + in front if you like, spaces, dashes or brackets between them');
    }
    const zh = await k.post(o, '/attractive/shop/editShop', { name: 'Corner', contact_mobile: 'abc' }, 'zh-cn');
    expect(zh.body.msg).toBe('联系电话请填写电话号码：数字，可在前面加 +，数字间可用空格、短横线或括号');
    expect((await k.get(o, '/attractive/shop/shopInfo')).body.data.contact_mobile).toBe('60123456789');
    for (const good of ['+60 12-345 6789', '(03) 2141 5000', '012 345 678', '０１２-３４５６-７８９０', '']) {
      const res = await k.post(o, '/attractive/shop/editShop', { name: 'Corner', contact_mobile: good });
      expect(res.body.code, good).toBe(200);
      expect(res.body.data.contact_mobile).toBe(good);
    }
  });
});

describe('the restock list', () => {
  it('offers received orders not booked yet with units outside after-sales: not a fully refunded one, not one booked, not another member’s', async () => {
    const o = { ...(await k.owner()), addressId: 0 };
    o.addressId = await newAddress(t.db, o.userId);
    const refunded = await as.boughtOrder(o);
    const kept = await as.boughtOrder(o);
    const onItsWay = await as.boughtOrder(o, { receive: false });
    const list = async () => ((await k.get(o, '/attractive/shop/restockOrders?page=1&limit=20')).body.data.list as Array<{ id: number }>).map((r) => r.id);
    expect(await list()).toEqual([kept.orderId, refunded.orderId]);

    // Every unit of one order returned and refunded: it leaves the list, and booking it is refused as before.
    const opened = await as.post(o, '/shop/order/afterSaleSubmit', { order_id: refunded.orderId, kind: 'return', reason_id: 'changed_mind', lines: refunded.lines.map((l) => ({ order_line_id: l.id, qty: l.quantity })) });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const id = opened.body.data.case_id as number;
    expect((await as.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
    expect((await as.post(o, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `RT${200000 + id}` })).body.code).toBe(200);
    expect((await as.admin('/admin/api/after-sales/receive', { id, resellable: true })).body.code).toBe(200);
    expect((await as.admin('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ status: 'refunded' });
    expect(await list()).toEqual([kept.orderId]);
    expect((await k.post(o, '/attractive/shop/restock', { order_id: refunded.orderId })).body.code).toBe(ResponseCode.shopRestockNothingLeft);

    // Booked once: it leaves the list too.
    const booked = await k.post(o, '/attractive/shop/restock', { order_id: kept.orderId });
    expect(booked.body.data).toMatchObject({ order_id: kept.orderId, units: 3 });
    expect(await list()).toEqual([]);
    expect(onItsWay.orderId).toBeGreaterThan(0);

    // Another member's received orders are never in the owner's list; a member without a shop is told so.
    const other = await k.owner();
    expect((await k.get(other, '/attractive/shop/restockOrders?page=1&limit=20')).body.data).toMatchObject({ list: [], total: 0 });
    const noShop = await walletMember(t);
    expect((await k.get(noShop, '/attractive/shop/restockOrders?page=1&limit=20')).body.code).toBe(ResponseCode.shopMissing);
  });
});
