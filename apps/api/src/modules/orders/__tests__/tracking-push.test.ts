import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../../lib/transaction.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { startFakeTrackingServer } from '../../../providers/tracking/fake-tracking-server.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { markOrderPaid } from '../orders.service.js';
import { newAddress, newOperatorSession } from './fixtures.js';
import { freePort } from '../../../test/free-port.js';

// Pushed tracking: the providers' local fakes post to the shop's webhooks over HTTP in their own
// formats and signatures (Kuaidi100 after the shop subscribed the number, 17TRACK to the webhook set
// in its console); the member then reads the events without any query to the provider.

const credentials = { kuaidi100: { customer: 'CUSTOMER-1', key: 'kd100-key' }, track17: { token: '17-secret-token' } };
const SALT = 'push-salt-0001';
let fake: Awaited<ReturnType<typeof startFakeTrackingServer>>;
let t: TestApp;
let base: string;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;

beforeAll(async () => {
  fake = await startFakeTrackingServer(credentials);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({
    PUBLIC_URL: base,
    KUAIDI100_CUSTOMER: credentials.kuaidi100.customer,
    KUAIDI100_KEY: credentials.kuaidi100.key,
    KUAIDI100_URL: fake.url,
    KUAIDI100_SALT: SALT,
    TRACK17_TOKEN: credentials.track17.token,
    TRACK17_URL: fake.url,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  operator = await newOperatorSession(t.db, 'support');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });

async function shippedOrder(carrier: string, number: string, provider: 'kuaidi100' | '17track') {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId);
  const g = await newGoods(t.db, [{ price: 700, stock: 9 }]);
  const placed = (await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId }, m.headers)).body.data;
  await withTransaction(t.db, (tx) => markOrderPaid(tx, { kind: 'provider', name: 'test', ip: '', lang: 'en-us', requestId: 'pay' }, { orderId: placed.order_id, amountMinor: placed.total, currency: placed.currency }));
  const shipped = await post('/admin/api/orders/ship', { order_id: placed.order_id, carrier, tracking_number: number, tracking_provider: provider }, operator.headers);
  expect(shipped.body.code).toBe(200);
  return { member: m, orderId: placed.order_id as number };
}

const tracking = async (orderId: number, headers: Headers) => (await call(t, 'GET', `/shop/order/trackingLog?order_id=${orderId}`, { headers })).body.data.list[0];

describe('pushed tracking', () => {
  it('Kuaidi100: the first query subscribes the number; signed pushes add events once, a delivery is noticed, a forged push is refused', async () => {
    const number = `YT${Date.now()}`;
    const { member, orderId } = await shippedOrder('yuantong', number, 'kuaidi100');
    await runDueJobs(t.deps);
    expect(fake.subscriptions.get(`yuantong:${number}`)).toEqual({ url: `${base}/webhooks/kuaidi100`, salt: SALT });

    fake.scan('kuaidi100', 'yuantong', number, { time: new Date('2026-11-20T02:00:00Z'), place: '深圳', text: '快件已揽收' });
    const first = await fake.push('kuaidi100', 'yuantong', number);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ result: true, returnCode: '200', message: '成功' });
    expect(await tracking(orderId, member.headers)).toMatchObject({ status: 'in_transit', events: [{ text: '快件已揽收', place: '深圳', time: '2026-11-20T02:00:00.000Z' }] });

    // The same push delivered again is answered as taken and adds nothing.
    expect((await fake.push('kuaidi100', 'yuantong', number)).status).toBe(200);
    expect((await tracking(orderId, member.headers)).events).toHaveLength(1);

    fake.scan('kuaidi100', 'yuantong', number, { time: new Date('2026-11-21T05:30:00Z'), place: 'Kuala Lumpur', text: 'Signed for by the recipient', delivered: true });
    const forged = await fake.push('kuaidi100', 'yuantong', number, { badSign: true });
    expect(forged.status).toBe(400);
    expect((await tracking(orderId, member.headers)).events).toHaveLength(1);

    expect((await fake.push('kuaidi100', 'yuantong', number)).status).toBe(200);
    const after = await tracking(orderId, member.headers);
    expect(after.status).toBe('delivered');
    expect(after.events.map((e: { text: string }) => e.text)).toEqual(['Signed for by the recipient', '快件已揽收']);
  });

  it('17TRACK: a signed TRACKING_UPDATED push adds the events; a wrong sign is refused', async () => {
    const number = `LX${Date.now()}CN`;
    const { member, orderId } = await shippedOrder('Thailand Post', number, '17track');
    fake.scan('17track', '', number, { time: new Date('2026-11-22T08:00:00Z'), place: 'Bangkok', text: 'Arrived at the sorting centre' });
    const forged = await fake.push('17track', '', number, { webhookUrl: `${base}/webhooks/17track`, badSign: true });
    expect(forged.status).toBe(401);
    expect((await tracking(orderId, member.headers)).events).toEqual([]);
    const pushed = await fake.push('17track', '', number, { webhookUrl: `${base}/webhooks/17track` });
    expect(pushed.status).toBe(200);
    expect(await tracking(orderId, member.headers)).toMatchObject({ carrier: 'Thailand Post', events: [{ text: 'Arrived at the sorting centre', place: 'Bangkok' }] });
  });
});
