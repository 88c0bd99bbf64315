import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { withTransaction } from '../../../lib/transaction.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { markCharityOrderPaid } from '../charity.service.js';

let t: TestApp;
let causeId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const owner = await newOperatorSession(t.db, 'owner');
  const created = await call(t, 'POST', '/admin/api/charity/causes', {
    headers: owner.headers,
    body: { title: { 'en-us': 'Clean water for schools', 'zh-cn': '学校净水' }, currency: 'USD', min_amount: 500, goal: 1_000_000 },
  });
  expect(created.body.code).toBe(200);
  causeId = created.body.data.id;
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers, lang?: string) => call(t, 'GET', url, { headers, lang });
const post = (url: string, body: unknown, headers?: Headers, lang?: string) => call(t, 'POST', url, { headers, body, lang });

describe('charity orders', () => {
  it('a member pledges to a cause, pays through the payments area, and sees the total given', async () => {
    const m = await newMember(t);
    const first = await post('/attractive/lovers/submitPay', { cause_id: causeId, amount: 2500, message: 'For the kids' }, m.headers, 'zh-cn');
    expect(first.body.data).toMatchObject({ cause_title: '学校净水', amount: 2500, currency: 'USD', status: 'awaiting_payment', message: 'For the kids' });
    const second = await post('/attractive/lovers/submitPay', { cause_id: causeId, amount: 1000 }, { ...m.headers, 'idempotency-key': `pledge-${m.userId}-2` });
    for (const o of [first.body.data, second.body.data]) {
      expect(await withTransaction(t.db, (tx) => markCharityOrderPaid(tx, { orderId: o.id, amountMinor: o.amount, currency: o.currency }))).toBe('paid');
    }
    const centre = await get('/attractive/lovers/userCenter', m.headers);
    expect(centre.body.data).toMatchObject({ given: [{ currency: 'USD', amount: 3500 }], count: 2, causes_supported: 1 });
    expect(centre.body.data.causes.find((c: { id: number }) => c.id === causeId)).toMatchObject({ raised: expect.any(Number), min_amount: 500 });
    const list = await get('/attractive/lovers/orderList?status=paid', m.headers);
    expect(list.body.data.list.map((o: { amount: number }) => o.amount)).toEqual([1000, 2500]);
  });

  it('refuses less than the smallest pledge and an unknown cause', async () => {
    const m = await newMember(t);
    const small = await post('/attractive/lovers/submitPay', { cause_id: causeId, amount: 499 }, m.headers, 'en-us');
    expect(small.body).toMatchObject({ code: ResponseCode.charityAmountTooSmall, msg: 'The smallest donation is 5.00 USD' });
    expect((await post('/attractive/lovers/submitPay', { cause_id: 999_999, amount: 1000 }, m.headers)).body.code).toBe(ResponseCode.charityCauseNotFound);
  });

  it('cancels an unpaid pledge once; another member cannot; a paid one cannot be cancelled', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const o = (await post('/attractive/lovers/submitPay', { cause_id: causeId, amount: 800 }, m.headers)).body.data;
    expect((await post('/attractive/lovers/cancelOrder', { id: o.id }, other.headers)).body.code).toBe(ResponseCode.orderNotFound);
    expect((await post('/attractive/lovers/cancelOrder', { id: o.id }, m.headers)).body.data.status).toBe('cancelled');
    expect((await post('/attractive/lovers/cancelOrder', { id: o.id }, { ...m.headers, 'idempotency-key': `cancel-again-${o.id}` })).body.code).toBe(ResponseCode.orderState);
    // A payment after cancellation is refused: the pledge never reopens.
    expect(await withTransaction(t.db, (tx) => markCharityOrderPaid(tx, { orderId: o.id, amountMinor: 800, currency: 'USD' }))).toBe('not_payable');
  });

  it('closes an unpaid pledge through its expiry job', async () => {
    const m = await newMember(t);
    const o = (await post('/attractive/lovers/submitPay', { cause_id: causeId, amount: 900 }, m.headers)).body.data;
    await t.db.updateTable('charity_orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', o.id).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`charity-expiry:${o.id}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('expire_charity_order');
    expect((await get('/attractive/lovers/orderList', m.headers)).body.data.list[0].status).toBe('closed');
  });
});
