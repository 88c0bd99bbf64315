import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { ResponseCode } from '@shop/contract';
import { grantMemberRole, revokeMemberRole } from '../../members/roles.queries.js';
import { shopKit, type ShopKit } from './fixtures.js';

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
});
afterAll(() => t.close());

describe('the owner’s cached order list', () => {
  it('shows at once a new paid order, an approval, a rejection with its refund, a shipment and the shop’s new name', async () => {
    const o = await k.owner('Cached Corner');
    const g = await k.offered(o, { price: 900, stock: 5 });
    const b = await k.buyer(10_000);
    const list = async (view = 'all') => (await k.get(o, `/attractive/shop/shopOrderList?view=${view}&page=1&limit=10`)).body.data;
    const states = async () => (await list()).list.map((r: { id: number; status: string; refunded: boolean }) => [r.id, r.status, r.refunded]);
    expect((await list()).total).toBe(0);

    const first = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    expect(await states()).toEqual([[first, 'awaiting_audit', false]]);
    expect((await list('awaiting_audit')).total).toBe(1);

    const second = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    expect(await states()).toEqual([
      [second, 'awaiting_audit', false],
      [first, 'awaiting_audit', false],
    ]);

    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id: first, decision: 'approve' })).body.code).toBe(200);
    expect(await states()).toEqual([
      [second, 'awaiting_audit', false],
      [first, 'approved', false],
    ]);
    expect((await list('awaiting_audit')).total).toBe(1);

    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id: second, decision: 'reject', reason: 'closed today' })).body.code).toBe(200);
    expect(await states()).toEqual([
      [second, 'rejected', true],
      [first, 'approved', false],
    ]);
    expect((await list('awaiting_audit')).total).toBe(0);

    expect((await k.post(o, '/attractive/shop/changeOrderState', { id: first, to: 'shipped', carrier: 'DHL', tracking_number: 'DHL42' })).body.code).toBe(200);
    expect((await list()).list.find((r: { id: number }) => r.id === first)).toMatchObject({ status: 'shipped', carrier: 'DHL', tracking_number: 'DHL42' });

    expect((await k.post(o, '/attractive/shop/editShop', { name: 'Cached Corner 2' })).body.code).toBe(200);
    expect((await list()).list.map((r: { shop: { name: string } }) => r.shop.name)).toEqual(['Cached Corner 2', 'Cached Corner 2']);
    await k.ledgerClean();
  });

  it('another owner reads only their own shop’s list, cached or not', async () => {
    const a = await k.owner('Shop A');
    const g = await k.offered(a, { stock: 2 });
    const b = await k.buyer(10_000);
    await k.paidOrder(b, a.shopId, g.skuId, 1, { pickup: true });
    const other = await k.owner('Shop B');
    expect((await k.get(a, '/attractive/shop/shopOrderList?view=all&page=1&limit=10')).body.data.total).toBe(1);
    expect((await k.get(other, '/attractive/shop/shopOrderList?view=all&page=1&limit=10')).body.data.total).toBe(0);
  });

  it('an owner whose role is revoked loses the list at once, and has it again once the role is granted again', async () => {
    const o = await k.owner('Revoked Corner');
    const g = await k.offered(o, { stock: 2 });
    const b = await k.buyer(10_000);
    await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    const url = '/attractive/shop/shopOrderList?view=all&page=1&limit=10';
    expect((await k.get(o, url)).body.data.total).toBe(1);
    await revokeMemberRole(t.db, o.userId, 'shop_owner', 'Closed by the operator');
    expect((await k.get(o, url)).body).toMatchObject({ code: ResponseCode.shopMissing });
    await grantMemberRole(t.db, { member_id: o.userId, kind: 'shop_owner', granted_by: 'operator:test', reason: 'reopened' });
    expect((await k.get(o, url)).body.data.total).toBe(1);
    // Revoked by hand in the database, as no call of the shop does: the change is heard, and the owner refused.
    await t.db.updateTable('member_roles').set({ status: 'revoked' }).where('member_id', '=', o.userId).execute();
    await t.changesHeard();
    expect((await k.get(o, url)).body).toMatchObject({ code: ResponseCode.shopMissing });
  });
});
