import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { memberWithOrder, useSandboxes } from './payments-helpers.js';

// Two gateways may both take the same wallet (GrabPay through Stripe and through Airwallex, both in
// ringgit). The member sees one "GrabPay", never two options they cannot tell apart at different
// prices: the one that costs them least, or the operator's first when both cost the same.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  useSandboxes(t);
}, 60_000);
afterAll(() => t.close());

type Option = { pay_way: string; name: string; method: string; fee: number | null; total: number | null; fee_rate_bp: number };
/** Options a member cannot tell apart: the same kind of payment under the same name. */
const twins = (list: Option[]) => list.filter((x, i) => list.findIndex((y) => y.method === x.method && y.name === x.name) !== i);

describe('one option per wallet on the pay page', () => {
  it('an RM 57.80 order lists GrabPay once, at the lower fee; a change of fees moves the one shown; a choice of the hidden twin is shown as the one offered', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5780 });
    const methods = async () => {
      const res = await call(t, 'POST', '/shop/order/payWayCostTotal', { headers: m.headers, body: { order_id: m.order.id } });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data as { chosen: string | null; list: Option[] };
    };
    const first = await methods();
    expect(twins(first.list)).toEqual([]);
    const grab = first.list.filter((x) => x.method === 'grabpay');
    expect(grab).toHaveLength(1);
    // Airwallex's 1.8 % (RM 1.04) rather than Stripe's 2 % (RM 1.16).
    expect(grab[0]).toMatchObject({ pay_way: 'airwallex_grabpay', name: 'GrabPay', fee: 104, total: 5884 });
    // Two card options stay: each says what it takes.
    expect(first.list.filter((x) => x.method === 'card').map((x) => x.name)).toEqual(expect.arrayContaining(['Card (Visa, Mastercard, UnionPay, JCB, Apple Pay)', 'Visa / Mastercard (Airwallex)']));

    // The member's wallet list (no order yet) offers it once too.
    const wallet = (await call(t, 'GET', '/attractive/user/payWay?currency=MYR', { headers: m.headers })).body.data.list as Option[];
    expect(twins(wallet)).toEqual([]);
    expect(wallet.filter((x) => x.method === 'grabpay').map((x) => x.pay_way)).toEqual(['airwallex_grabpay']);

    // Airwallex's GrabPay turns dearer than Stripe's: Stripe's is the one shown.
    const owner = await newOperatorSession(t.db, 'owner');
    const settings = (await call(t, 'GET', '/admin/api/payments/methods', { headers: owner.headers })).body.data.list as Array<{ id: number; code: string; currency: string; country_code: string; sort: number; updated_at: string }>;
    const row = settings.find((x) => x.code === 'airwallex_grabpay' && x.currency === 'MYR' && x.country_code === '*')!;
    const saved = await call(t, 'POST', '/admin/api/payments/methods', { headers: { ...owner.headers, 'idempotency-key': `pay-method-twins-${owner.operatorId}` }, body: { id: row.id, fee_bp: 250, fee_fixed_minor: 0, enabled: true, sort: row.sort, base_updated_at: row.updated_at, reason: 'test: provider terms' } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    await t.changesHeard();
    const after = await methods();
    expect(twins(after.list)).toEqual([]);
    expect(after.list.filter((x) => x.method === 'grabpay')).toEqual([expect.objectContaining({ pay_way: 'stripe_grabpay', fee: 116, total: 5896 })]);

    // A choice kept from before of the twin not shown now stands for the GrabPay that is shown.
    expect((await call(t, 'POST', '/shop/order/choosePayWay', { headers: m.headers, body: { order_id: m.order.id, pay_way: 'airwallex_grabpay' } })).body.code).toBe(200);
    expect((await methods()).chosen).toBe('stripe_grabpay');
  });
});
