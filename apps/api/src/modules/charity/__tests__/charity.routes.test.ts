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

  it('refuses more than the largest pledge with the limit as money in the cause’s currency, in the member’s language; the limit itself is taken', async () => {
    const m = await newMember(t);
    const pledgeOf = (amount: number, key: string, lang: string) => post('/attractive/lovers/submitPay', { cause_id: causeId, amount }, { ...m.headers, 'idempotency-key': `${key}-${m.userId}` }, lang);
    const big = await pledgeOf(200_000_000, 'too-large-en', 'en-us');
    expect(big.body).toMatchObject({ code: ResponseCode.charityAmountTooLarge, msg: 'The largest donation is 1,000,000.00 USD' });
    // Hungarian writes a decimal comma and groups with (no-break) spaces: "1 000 000,00", never "100000000".
    const hu = await pledgeOf(200_000_000, 'too-large-hu', 'hu');
    expect(hu.body.code).toBe(ResponseCode.charityAmountTooLarge);
    expect(hu.body.msg.replace(/\s/g, ' ')).toBe('A legnagyobb adomány 1 000 000,00 USD');
    // Nothing, a negative amount or zero is refused on the field, without a figure in minor units.
    const negative = await pledgeOf(-500, 'negative', 'en-us');
    expect(negative).toMatchObject({ status: 422, body: { msg: 'Enter an amount greater than zero' } });
    expect((await pledgeOf(100_000_000, 'largest', 'en-us')).body.data).toMatchObject({ amount: 100_000_000, status: 'awaiting_payment' });
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

describe('causes published from the console', () => {
  it('refuses a currency the shop does not have and a picture that is not one of the shop’s own files, on the field, in the operator’s language; nothing is published', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const publish = (body: object, lang = 'en-us') =>
      post('/admin/api/charity/causes', { title: { 'en-us': `Well ${Date.now()}` }, currency: 'USD', min_amount: 500, ...body }, { ...owner.headers, 'idempotency-key': `cause-${Date.now()}-${Math.random()}` }, lang);
    const before = (await get('/admin/api/charity/causes/list', owner.headers)).body.data.list.length;

    const abc = await publish({ currency: 'ABC' });
    expect([abc.status, abc.body.data?.errors?.[0]?.field]).toEqual([422, 'currency']);
    expect(abc.body.msg).toBe('ABC is not one of the shop’s currencies: choose one from the list');
    const abcZh = await publish({ currency: 'ABC' }, 'zh-cn');
    expect(abcZh.body.msg).toContain('ABC');
    expect(abcZh.body.msg).not.toBe(abc.body.msg);

    // Another site's picture would tell that site every member's address: only the shop's own files.
    for (const image of ['javascript:alert(1)', '//evil.example/a.png', 'http://example.com/a.png', 'https://cdn.example.com/well.jpg', 'data:image/png;base64,AAAA', 'x']) {
      const refused = await publish({ image });
      expect([refused.status, refused.body.data?.errors?.[0]?.field], image).toEqual([422, 'image']);
    }
    expect((await get('/admin/api/charity/causes/list', owner.headers)).body.data.list.length).toBe(before);

    // The shop's currencies and its own pictures (or none) are published.
    for (const [currency, image] of [['EUR', '/uploads/well.png'], ['JPY', '/media/demo/well.png'], ['THB', '']]) {
      const published = await publish({ currency, image });
      expect(published.body.data, currency).toMatchObject({ currency, image });
    }
  });

  it('the console’s causes count paid pledges apart from all pledges', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const created = (await post('/admin/api/charity/causes', { title: { 'en-us': 'Counted pledges' }, currency: 'USD', min_amount: 100 }, { ...owner.headers, 'idempotency-key': `counted-${Date.now()}` })).body.data;
    const m = await newMember(t);
    const paid = (await post('/attractive/lovers/submitPay', { cause_id: created.id, amount: 700 }, { ...m.headers, 'idempotency-key': `counted-paid-${m.userId}` })).body.data;
    await post('/attractive/lovers/submitPay', { cause_id: created.id, amount: 900 }, { ...m.headers, 'idempotency-key': `counted-open-${m.userId}` });
    const cancelled = (await post('/attractive/lovers/submitPay', { cause_id: created.id, amount: 300 }, { ...m.headers, 'idempotency-key': `counted-cancel-${m.userId}` })).body.data;
    await post('/attractive/lovers/cancelOrder', { id: cancelled.id }, m.headers);
    expect(await withTransaction(t.db, (tx) => markCharityOrderPaid(tx, { orderId: paid.id, amountMinor: 700, currency: 'USD' }))).toBe('paid');
    const listed = (await get('/admin/api/charity/causes/list', owner.headers)).body.data.list.find((c: { id: number }) => c.id === created.id);
    expect(listed).toMatchObject({ raised: 700, supporters: 1, paid_pledges: 1, pledges: 3 });
  });
});
