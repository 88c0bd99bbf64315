import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { notifyMember } from '../messages.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers?: Record<string, string>) => call(t, 'GET', url, { headers });
const tell = (memberId: number, kind: string, eventKey?: string, params: Record<string, string | number> = {}) =>
  withTransaction(t.db, (tx) => notifyMember(tx, { memberId, kind, params, link: '/pages/order/orderInfo?id=1', eventKey }));

describe('member messages', () => {
  it('a message is written once per event; the unread count is right after writing and after reading a page, which marks it read', async () => {
    const m = await newMember(t);
    expect((await get('/user/message/total', m.headers)).body.data).toEqual({ unread: 0 });
    expect(await tell(m.userId, 'order.shipped', 'order:1:shipped', { order_no: 'O1' })).toBe(true);
    // The same event again (a job or a callback repeated): nothing more.
    expect(await tell(m.userId, 'order.shipped', 'order:1:shipped', { order_no: 'O1' })).toBe(false);
    await tell(m.userId, 'withdrawal.approved', 'withdrawal:9:approved');
    // Cached per member, dropped when the member's messages change.
    expect((await get('/user/message/total', m.headers)).body.data).toEqual({ unread: 2 });
    await tell(m.userId, 'order.delivered', 'order:1:delivered');
    expect((await get('/user/message/total', m.headers)).body.data).toEqual({ unread: 3 });

    const page = await get('/user/message/list?page=1&limit=2', m.headers);
    expect(page.body.code).toBe(200);
    expect(page.body.data).toMatchObject({ total: 3, has_more: true, unread: 1 });
    // Newest first, shown as they were when read.
    expect(page.body.data.list.map((x: { kind: string; read: boolean }) => [x.kind, x.read])).toEqual([['order.delivered', false], ['withdrawal.approved', false]]);
    expect(page.body.data.list[0]).toMatchObject({ link: '/pages/order/orderInfo?id=1', created_at: expect.any(String) });
    expect((await get('/user/message/total', m.headers)).body.data).toEqual({ unread: 1 });
    // One area's messages.
    const orders = await get('/user/message/list?kind=order', m.headers);
    expect(orders.body.data.list.map((x: { kind: string }) => x.kind)).toEqual(['order.delivered', 'order.shipped']);
  });

  it("a member never sees another member's messages; a visitor is asked to log in", async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await tell(a.userId, 'order.shipped', 'order:2:shipped');
    expect((await get('/user/message/list', b.headers)).body.data).toMatchObject({ total: 0, list: [] });
    expect((await get('/user/message/total', b.headers)).body.data).toEqual({ unread: 0 });
    expect((await get('/user/message/total')).body.code).toBe(2002);
  });
});
