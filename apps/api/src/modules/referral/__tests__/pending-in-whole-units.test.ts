import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { settleOrder } from '../../orders/order-settlement.js';
import { referralKit } from './fixtures.js';

// A pending commission after a partial refund whose kept share is not a whole number of minor units:
// the member and the console are told, in whole minor units, exactly what settling then pays.

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let sales: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
  sales = await afterSalesKit(t);
});
afterAll(() => t.close());

describe('a pending commission after a partial refund', () => {
  it('is shown in whole minor units, as much as settling pays', async () => {
    const sponsor = await kit.placedSponsor('whole units');
    const buyer = await sales.shopper();
    await t.db.updateTable('users').set({ referrer_id: sponsor.userId } as never).where('id', '=', buyer.userId).execute();
    // Points pay 1.00 of the 17.00 of goods: a returned unit's refund is a share that does not divide the commission evenly.
    const o = await sales.boughtOrder(buyer, { spendPoints: 100 });
    const id = (await sales.post(buyer, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] })).body.data.case_id as number;
    for (const step of ['approve', 'receive', 'refund'] as const) expect((await sales.admin(`/admin/api/after-sales/${step}`, { id, reason: 'returned' })).body.code).toBe(200);

    // The console's list answers (a fraction of a minor unit broke its answer) with the amount settling will pay.
    const answer = (await sales.adminGet(`/admin/api/referral/commissions?order_id=${o.orderId}&member_id=${sponsor.userId}`)).body;
    expect(answer.code).toBe(200);
    const [pending] = answer.data.list as { status: string; amount: number }[];
    expect(pending!.status).toBe('pending');
    expect(Number.isInteger(pending!.amount)).toBe(true);
    const shown = (await kit.get(sponsor, '/user/spread/total')).body.data.commission_pending;
    expect(shown).toEqual([{ currency: 'USD', amount: pending!.amount }]);

    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', o.orderId).execute();
    expect(await settleOrder(t.deps, jobActor('settle_order', o.orderId), o.orderId)).toBe(true);
    const settled = await t.db.selectFrom('commissions').selectAll().where('order_id', '=', o.orderId).where('beneficiary_id', '=', sponsor.userId).executeTakeFirstOrThrow();
    expect(settled.status).toBe('settled');
    expect(Number(settled.posted_minor) + Number(settled.debt_netted_minor)).toBe(pending!.amount);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
