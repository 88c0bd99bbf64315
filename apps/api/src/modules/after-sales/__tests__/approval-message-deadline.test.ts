import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// The member's "request approved" message states the moment the goods must be sent back by, in the
// member's language, at their place (the order's country), with its UTC offset: a deadline late in a
// UTC day is already the next day in Phnom Penh, and the message says so.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
}, 60_000);
afterAll(() => t.close());

const dayIn = (tag: string, at: Date, timeZone: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone }).format(at);

describe('the approval message of a case', () => {
  it('says the send-back deadline as a date and time in the member’s zone with its offset, in Khmer and in English', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    // The member is in Cambodia (UTC+7): the order goes there.
    await t.db.updateTable('orders').set({ country_code: 'KH' }).where('id', '=', o.orderId).execute();
    const opened = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    expect(opened.body.code).toBe(200);
    const id = opened.body.data.case_id as number;
    // Approved late in a UTC day: 21:09 UTC is 04:09 the next day in Phnom Penh.
    const lateUtc = new Date();
    lateUtc.setUTCHours(21, 9, 0, 0);
    const approvedAt = lateUtc.getTime() - 7 * 86_400_000;
    const realNow = Date.now;
    Date.now = () => approvedAt;
    try {
      expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
    } finally {
      Date.now = realNow;
    }
    const shipBackBy = new Date((await kit.caseRow(id)).ship_back_by!);
    const utcDay = shipBackBy.toISOString().slice(0, 10);
    const textIn = async (lang: string) => {
      const list = (await call(t, 'GET', '/user/message/list?limit=20', { headers: m.headers, lang })).body.data.list as Array<{ kind: string; text: string }>;
      return list.find((x) => x.kind === 'after_sale.approved')!.text;
    };
    const km = await textIn('km');
    expect(km).toContain(dayIn('km-KH', shipBackBy, 'Asia/Phnom_Penh'));
    expect(km).toContain('4:09');
    expect(km).toContain('(UTC+7)');
    expect(km).not.toContain(utcDay);
    const en = await textIn('en-us');
    expect(en).toContain(`${dayIn('en-US', shipBackBy, 'Asia/Phnom_Penh')}, 4:09 AM (UTC+7)`);
    expect(en).not.toContain(utcDay);
    // The Phnom Penh day is the day after the UTC one.
    expect(dayIn('en-US', shipBackBy, 'Asia/Phnom_Penh')).not.toBe(dayIn('en-US', shipBackBy, 'UTC'));
  }, 60_000);
});
