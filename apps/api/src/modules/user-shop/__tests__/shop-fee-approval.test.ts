import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { settleShopOrder } from '../shop-orders.service.js';
import { shopKit, type ShopKit } from './fixtures.js';

// What owners earn is shaped by the platform's fee and the price band: one operator alone changes
// neither (a second approves), and an order settles at the fee in force when it was paid.

let t: TestApp;
let k: ShopKit;
let asker: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
let keyN = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  asker = await newOperatorSession(t.db, 'owner');
  approver = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());

const op = (who: { headers: Record<string, string> }, url: string, body?: unknown) =>
  call(t, body === undefined ? 'GET' : 'POST', url, { headers: { ...who.headers, 'idempotency-key': `shop-fee-${Date.now()}-${keyN++}` }, body, lang: 'en-us' });
/** The shop settings saved as the console's form saves them: from the settings it read, naming their version. */
const saveSettings = async (who: { headers: Record<string, string> }, body: Record<string, unknown>) =>
  op(who, '/admin/api/shops/settings', { ...body, base_updated_at: (await op(who, '/admin/api/shops/settings')).body.data.updated_at });
const settings = async () => (await op(asker, '/admin/api/shops/settings')).body.data;

/** A pickup order of one unit, paid now; `settle` approves it, hands it over and settles it once its moment has come. */
async function sellAndSettle(o: Awaited<ReturnType<ShopKit['owner']>>, skuId: number, b: Awaited<ReturnType<ShopKit['buyer']>>) {
  const id = await k.paidOrder(b, o.shopId, skuId, 1, { pickup: true });
  const settle = async () => {
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.code).toBe(200);
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'ready_for_pickup' })).body.code).toBe(200);
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'completed' })).body.code).toBe(200);
    await t.db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect(await settleShopOrder(t.deps, systemActor('shop-fee-test'), id)).toBe(true);
  };
  return { id, settle };
}

describe('the fee and the price band take a second operator', () => {
  it('a change of the fee waits for a second operator, the asker cannot approve it, and an order paid before it settles at the fee it was paid at', async () => {
    expect(await settings()).toMatchObject({ fee_bp: 1000, pending: null });
    const o = await k.owner();
    const g = await k.offered(o, { price: 2000, stock: 5 });
    const b = await k.buyer(10_000);
    const before = await sellAndSettle(o, g.skuId, b);

    // One operator sets the fee to 0 and the hours to 24: the hours are saved at once, the fee waits.
    const asked = await saveSettings(asker, { fee_bp: 0, audit_hours: 24, payment_minutes: 30, price_below_bp: 0, price_above_bp: 0, reason: 'promotion month' });
    expect(asked.body.code, asked.body.msg).toBe(200);
    const request = asked.body.data.request;
    expect(request).toMatchObject({ kind: 'shop.settings', status: 'pending', reason: 'promotion month', changes: [{ field: 'fee_bp', star: null, from: 1000, to: 0 }] });
    expect(asked.body.data).toMatchObject({ fee_bp: 1000, audit_hours: 24, pending: { id: request.id } });
    expect(await settings()).toMatchObject({ fee_bp: 1000, audit_hours: 24, pending: { id: request.id, changes: [{ field: 'fee_bp', from: 1000, to: 0 }] } });
    // Asked again the same: the same request; something different meanwhile: refused, naming it.
    expect((await saveSettings(asker, { fee_bp: 0, audit_hours: 24, payment_minutes: 30, reason: 'double tap' })).body.data.request.id).toBe(request.id);
    const other = await saveSettings(asker, { fee_bp: 500, audit_hours: 24, payment_minutes: 30, reason: 'rather 5 %' });
    expect(other.body.code).toBe(ResponseCode.approvalAlreadyWaiting);
    expect(other.body.msg).toContain(`#${request.id}`);

    // The asker's own approval is refused; the fee stays 10 % until a second operator approves.
    expect((await op(asker, '/admin/api/approvals/decide', { id: request.id, decision: 'approve', reason: 'mine' })).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect((await settings()).fee_bp).toBe(1000);
    const decided = await op(approver, '/admin/api/approvals/decide', { id: request.id, decision: 'approve', reason: 'agreed with finance' });
    expect(decided.body.code, decided.body.msg).toBe(200);
    expect(await settings()).toMatchObject({ fee_bp: 0, audit_hours: 24, pending: null, updated_by: expect.stringContaining(`#${approver.operatorId}`) });

    // Paid at 10 %: settles at 10 % (18.00 of 20.00), not at the 0 % in force now.
    await before.settle();
    expect(await k.orderRow(before.id)).toMatchObject({ fee_bp: 1000, earnings_minor: 1800 });
    expect(await k.usd(o.userId, 'rewards')).toBe(1800);
    // Paid at 0 %: the owner earns the whole 20.00.
    const after = await sellAndSettle(o, g.skuId, b);
    await after.settle();
    expect(await k.orderRow(after.id)).toMatchObject({ fee_bp: 0, earnings_minor: 2000 });
    expect(await k.usd(o.userId, 'rewards')).toBe(3800);

    // The audit log: the hours saved, the request and the second operator's decision, each with its reason.
    // The request's steps carry what it changes as facts the console words (never an English summary with field names).
    const actions = await t.db.selectFrom('operator_actions').select(['operator', 'action', 'reason', 'facts']).where((w) => w.or([w('action', '=', 'shop.settings'), w('action', 'like', 'shop.settings.%')])).orderBy('id').execute();
    const changed = { key: 'request_changes', currency: expect.any(String), changes: [{ field: 'fee_bp', star: null, from: 1000, to: 0 }] };
    expect(actions).toEqual([
      { operator: expect.stringContaining(`#${asker.operatorId}`), action: `shop.settings.request #${request.id}`, reason: 'promotion month', facts: changed },
      { operator: expect.stringContaining(`#${asker.operatorId}`), action: 'shop.settings', reason: 'promotion month', facts: null },
      { operator: expect.stringContaining(`#${approver.operatorId}`), action: `shop.settings.approve #${request.id}`, reason: 'agreed with finance', facts: changed },
    ]);
    await k.ledgerClean();
  });

  it('a change of the price band alone waits too, listing each band field old → new; rejected, nothing changes', async () => {
    const asked = await saveSettings(asker, { fee_bp: 0, audit_hours: 24, payment_minutes: 30, price_below_bp: 2000, price_above_bp: 500, reason: 'wider band' });
    expect(asked.body.data.request).toMatchObject({ status: 'pending', changes: [{ field: 'price_below_bp', from: 0, to: 2000 }, { field: 'price_above_bp', from: 0, to: 500 }] });
    expect(await settings()).toMatchObject({ price_below_bp: 0, price_above_bp: 0 });
    expect((await op(approver, '/admin/api/approvals/decide', { id: asked.body.data.request.id, decision: 'reject', reason: 'too wide' })).body.code).toBe(200);
    expect(await settings()).toMatchObject({ price_below_bp: 0, price_above_bp: 0, pending: null });
  });

  it('an order keeps the fee in force when it was paid, whatever the fee is when it settles', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 2 });
    const b = await k.buyer(5000);
    await t.db.updateTable('shop_settings').set({ fee_bp: 2500 }).execute();
    const order = await sellAndSettle(o, g.skuId, b);
    expect((await k.orderRow(order.id)).fee_bp).toBe(2500);
    await t.db.updateTable('shop_settings').set({ fee_bp: 0 }).execute();
    await order.settle();
    expect(await k.orderRow(order.id)).toMatchObject({ fee_bp: 2500, earnings_minor: 750 });
    expect(await k.usd(o.userId, 'rewards')).toBe(750);
    await k.ledgerClean();
  });
});
