import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { jobActor } from '../../../lib/actor.js';
import { closeUnshippedCase } from '../after-sales.service.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// A case's history as the member reads it carries only what was written for them, in their
// language; the operators' notes (an approval's note, goods back on sale) stay in the console's.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Event = { kind: string; reason: string; follows_case_no: string | null };
const memberEvents = async (m: { headers: Record<string, string> }, id: number, lang = 'th'): Promise<Event[]> => (await call(t, 'GET', `/attractive/AfterSales/info?id=${id}`, { headers: m.headers, lang })).body.data.events;
const consoleEvents = async (id: number): Promise<Event[]> => (await kit.adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data.events;
const shown = (events: Event[]) => events.map((e) => [e.kind, e.reason, e.follows_case_no]);

describe('a case’s history: the member’s and the console’s', () => {
  it('the member reads no operator’s note, and a case sent again names the case it follows by its number; the console keeps the notes', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const first = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] })).body.data.case_id;
    expect((await kit.admin('/admin/api/after-sales/reject', { id: first, reason: 'Opened and used' })).body.code).toBe(200);
    const second = (await kit.post(m, '/attractive/AfterSales/submit', { case_id: first, description: 'Unopened, see photo', images: [await kit.uploaded(m.userId)] })).body.data.case_id;
    expect((await kit.admin('/admin/api/after-sales/approve', { id: second, reason: 'ok' })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/receive', { id: second, resellable: true })).body.code).toBe(200);
    const firstNo = (await kit.caseRow(first)).case_no;

    const mine = await memberEvents(m, second);
    expect(shown(mine)).toEqual([
      ['submitted', '', firstNo],
      ['approved', '', null],
      ['received', '', null],
    ]);
    expect(mine.map((e) => e.reason).join(' ')).not.toMatch(/follows|resellable|\bok\b/);
    // The reason of a rejection is written for the member.
    expect(shown(await memberEvents(m, first))).toEqual([
      ['submitted', '', null],
      ['rejected', 'Opened and used', null],
    ]);

    expect(shown(await consoleEvents(second))).toEqual([
      ['submitted', '', firstNo],
      ['approved', 'ok', null],
      ['received', 'resellable', null],
    ]);
  });

  it('a closing’s reason reaches the member: the operator’s as written, the shop’s own (not sent back in time) in the member’s language', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const submit = async (line: number) => (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[line]!.id, qty: 1 }] })).body.data.case_id;
    const closed = await submit(0);
    expect((await kit.admin('/admin/api/after-sales/close', { id: closed, reason: 'Photos unclear' })).body.code).toBe(200);
    expect((await memberEvents(m, closed)).at(-1)).toMatchObject({ kind: 'closed', reason: 'Photos unclear' });

    const expired = await submit(1);
    expect((await kit.admin('/admin/api/after-sales/approve', { id: expired })).body.code).toBe(200);
    await t.db.updateTable('after_sales').set({ ship_back_by: new Date(Date.now() - 1000) }).where('id', '=', expired).execute();
    expect(await closeUnshippedCase(t.deps, jobActor('close_unshipped_after_sale', 1), expired)).toBe(true);
    expect((await memberEvents(m, expired, 'th')).at(-1)).toMatchObject({ kind: 'closed', reason: 'ไม่ได้ส่งสินค้าคืนภายในเวลาที่กำหนด' });
    expect((await memberEvents(m, expired, 'zh-cn')).at(-1)).toMatchObject({ kind: 'closed', reason: '未在期限内寄回商品' });
  });
});
