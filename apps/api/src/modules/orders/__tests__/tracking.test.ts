import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { withTransaction } from '../../../lib/transaction.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { startFakeTrackingServer } from '../../../providers/tracking/fake-tracking-server.js';
import { Kuaidi100Tracker } from '../../../providers/tracking/kuaidi100.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { refreshOpenTracking } from '../fulfilment.service.js';
import { markOrderPaid } from '../orders.service.js';
import { newAddress, newOperatorSession } from './fixtures.js';

const credentials = { kuaidi100: { customer: 'CUSTOMER-1', key: 'kd100-key' }, track17: { token: '17-secret-token' } };
let fake: Awaited<ReturnType<typeof startFakeTrackingServer>>;
let t: TestApp;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  fake = await startFakeTrackingServer(credentials);
  t = await buildTestApp({
    KUAIDI100_CUSTOMER: credentials.kuaidi100.customer,
    KUAIDI100_KEY: credentials.kuaidi100.key,
    KUAIDI100_URL: fake.url,
    TRACK17_TOKEN: credentials.track17.token,
    TRACK17_URL: fake.url,
  });
  operator = await newOperatorSession(t.db, 'support');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });

async function paidOrder() {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId);
  const g = await newGoods(t.db, [{ price: 700, stock: 9 }]);
  const placed = (await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId }, m.headers)).body.data;
  await withTransaction(t.db, (tx) => markOrderPaid(tx, { kind: 'provider', name: 'test', ip: '', lang: 'en-us', requestId: 'pay' }, { orderId: placed.order_id, amountMinor: placed.total, currency: placed.currency }));
  return { member: m, orderId: placed.order_id as number };
}

const texts = async (orderId: number, headers: Headers) => (await get(`/shop/order/trackingLog?order_id=${orderId}`, headers)).body.data.list[0];

describe('tracking providers at their HTTP boundary', () => {
  it('Kuaidi100: events come in through the signed real-time query, newest first, stored once; delivery is noticed', async () => {
    const { member, orderId } = await paidOrder();
    const number = `YT${orderId}0001`;
    fake.scan('kuaidi100', 'yuantong', number, { time: new Date('2026-11-20T02:00:00Z'), place: '深圳', text: '快件已揽收' });
    const shipped = await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'yuantong', tracking_number: number, tracking_provider: 'kuaidi100' }, operator.headers);
    expect(shipped.body.code).toBe(200);
    expect((await runDueJobs(t.deps)).succeeded).toContain('refresh_tracking');
    expect(fake.calls).toContain('POST /poll/query.do');
    expect(await texts(orderId, member.headers)).toMatchObject({ status: 'in_transit', events: [{ text: '快件已揽收', place: '深圳', time: '2026-11-20T02:00:00.000Z' }] });

    fake.scan('kuaidi100', 'yuantong', number, { time: new Date('2026-11-21T05:30:00Z'), place: 'Kuala Lumpur', text: 'Delivered, signed by the recipient', delivered: true });
    await t.db.updateTable('order_packages').set({ tracked_at: new Date(Date.now() - 2 * 3_600_000) }).where('id', '=', shipped.body.data.package_id).execute();
    expect(await refreshOpenTracking(t.deps)).toBeGreaterThanOrEqual(1);
    await runDueJobs(t.deps);
    const after = await texts(orderId, member.headers);
    expect(after.status).toBe('delivered');
    expect(after.events.map((e: { text: string }) => e.text)).toEqual(['Delivered, signed by the recipient', '快件已揽收']);
  });

  it('17TRACK: the number is registered, then read with the 17token header', async () => {
    const { member, orderId } = await paidOrder();
    const number = `LX${orderId}CN`;
    fake.scan('17track', '', number, { time: new Date('2026-11-22T08:00:00Z'), place: 'Bangkok', text: 'Arrived at the sorting centre' });
    await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'Thailand Post', tracking_number: number, tracking_provider: '17track' }, operator.headers);
    await runDueJobs(t.deps);
    expect(fake.calls.filter((c) => c.startsWith('POST /track/v2.2/'))).toEqual(expect.arrayContaining(['POST /track/v2.2/register', 'POST /track/v2.2/gettrackinfo']));
    expect(await texts(orderId, member.headers)).toMatchObject({ carrier: 'Thailand Post', events: [{ text: 'Arrived at the sorting centre', place: 'Bangkok' }] });
  });

  it('a wrong signature is refused by the provider; an unknown number simply has no events yet', async () => {
    const wrong = new Kuaidi100Tracker({ customer: credentials.kuaidi100.customer, key: 'not-the-key', baseUrl: fake.url });
    fake.scan('kuaidi100', 'sf', 'SF1001', { time: new Date(), place: 'X', text: 'scanned' });
    await expect(wrong.track('sf', 'SF1001')).rejects.toThrow(/601/);
    // An unknown number is not a failure: no events yet.
    const right = new Kuaidi100Tracker({ ...credentials.kuaidi100, baseUrl: fake.url });
    expect(await right.track('sf', 'SF-UNKNOWN')).toEqual({ delivered: false, events: [] });
  });

  it('refuses a provider that is not configured', async () => {
    const bare = await buildTestApp();
    try {
      const op = await newOperatorSession(bare.db, 'support');
      const r = await call(bare, 'POST', '/admin/api/orders/ship', { headers: op.headers, body: { order_id: 1, carrier: 'sf', tracking_number: 'SF0001', tracking_provider: 'kuaidi100' } });
      expect(r.body.code).toBe(ResponseCode.trackingProviderUnavailable);
    } finally {
      await bare.close();
    }
  });
});
