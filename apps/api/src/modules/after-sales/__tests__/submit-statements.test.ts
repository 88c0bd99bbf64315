import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countingProxy } from '../../../test/statement-counter.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

/**
 * The statements opening a case sends to PostgreSQL (the bench's `afterSaleSubmit` row): the
 * idempotency claim, the transaction, the order locked with its lines, the units already in cases,
 * the case written with its lines, evidence and first event, and the stored answer. The settings
 * and reasons are kept by each process; this test also proves a change to either table reaches it.
 */
const SUBMIT_STATEMENTS_MAX = 7;

let t: TestApp;
let kit: AfterSalesKit;
let proxy: Awaited<ReturnType<typeof countingProxy>>;

beforeAll(async () => {
  t = await buildTestApp({}, { databaseUrl: async (url) => (proxy = await countingProxy(new URL(url))).url });
  kit = await afterSalesKit(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  proxy?.close();
});

describe('opening a case', () => {
  it(`sends at most ${SUBMIT_STATEMENTS_MAX} statements`, async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const submit = () => kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', description: 'Too small', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    // The first case reads what a process keeps (the session, the settings, the reasons); the second is counted.
    expect((await submit()).body.code).toBe(200);
    proxy.record(true);
    const before = proxy.statements();
    expect((await submit()).body.code).toBe(200);
    const sent = proxy.statements() - before;
    proxy.record(false);
    expect(sent, proxy.texts.slice(-sent).join('\n')).toBeLessThanOrEqual(SUBMIT_STATEMENTS_MAX);
  });

  it('follows a change of the settings or the reasons made straight in the tables', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const apply = async () => (await kit.post(m, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data;
    const reasonIds = (data: { reasons: Array<{ id: string }> }) => data.reasons.map((r) => r.id);
    const before = await apply();
    expect(before.max_exchanges).toBe(1);
    expect(reasonIds(before)).toContain('changed_mind');

    await t.db.updateTable('after_sale_settings').set({ max_exchanges: 3 }).execute();
    await t.db.updateTable('after_sale_reasons').set({ enabled: false }).where('code', '=', 'changed_mind').execute();
    try {
      await t.changesHeard();
      const after = await apply();
      expect(after.max_exchanges).toBe(3);
      expect(reasonIds(after)).not.toContain('changed_mind');
      const refused = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
      expect(refused.body.msg).toMatch(/reason/i);
    } finally {
      await t.db.updateTable('after_sale_settings').set({ max_exchanges: 1 }).execute();
      await t.db.updateTable('after_sale_reasons').set({ enabled: true }).where('code', '=', 'changed_mind').execute();
      await t.changesHeard();
    }
  });
});
