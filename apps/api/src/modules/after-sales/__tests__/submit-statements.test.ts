import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_COUNTING_STATUSES } from '@shop/contract';
import { findUnitsInCases, insertCaseWithDetails, unitsInCasesLockedOf, unitsInCasesQuery } from '../after-sales.queries.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countingProxy } from '../../../test/statement-counter.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

/**
 * The statements opening a case sends to PostgreSQL (the bench's `afterSaleSubmit` row): the
 * idempotency claim, the transaction, the order locked with its lines and the units already in
 * cases, the case written with its lines, evidence and first event, and the stored answer. The
 * settings and reasons are kept by each process; this test also proves a change to either table
 * reaches it.
 */
const SUBMIT_STATEMENTS_MAX = 6;

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

  it('counts an order’s units in cases through indexes, however many case lines the shop holds', async () => {
    const m = await kit.shopper();
    const busy = await kit.boughtOrder(m);
    const mine = await kit.boughtOrder(m);
    expect((await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: mine.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: mine.lines[0]!.id, qty: 1 }] })).body.code).toBe(200);
    // 5,000 cases of another order, their statistics read, inside a transaction that is then undone.
    const plan = await t.db
      .transaction()
      .execute(async (tx) => {
        await sql`
          with c as (
            insert into after_sales (case_no, order_id, user_id, kind, status, reason_code, currency)
            select 'PLAN' || g, ${busy.orderId}, ${m.userId}, 'exchange', 'withdrawn', 'changed_mind', ${busy.currency} from generate_series(1, 5000) g returning id)
          insert into after_sale_lines (case_id, order_line_id, qty) select id, ${busy.lines[0]!.id}, 1 from c`.execute(tx);
        await sql`analyze after_sales, after_sale_lines`.execute(tx);
        const rows = await unitsInCasesQuery(tx, { kind: 'order', id: mine.orderId }, AFTER_SALE_COUNTING_STATUSES).explain('json', sql`analyze, buffers`);
        throw Object.assign(new Error('undo'), { plan: rows[0]!['QUERY PLAN'] });
      })
      .catch((e: { plan?: unknown }) => e.plan);
    const nodes: Array<{ 'Node Type': string; 'Relation Name'?: string }> = [];
    const walk = (n: { Plans?: unknown[] } & (typeof nodes)[number]) => (nodes.push(n), n.Plans?.forEach((c) => walk(c as typeof n)));
    walk((plan as Array<{ Plan: Parameters<typeof walk>[0] }>)[0]!.Plan);
    // No table read whole: the order's cases by the order, their lines by the case.
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
  });

  it('counts under the lock exactly what the unlocked read counts, for cases of every kind and state', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const [a, b] = [o.lines[0]!.id, o.lines[1]!.id];
    const statuses = ['under_review', 'awaiting_return', 'received', 'completed', 'refunded', 'rejected', 'withdrawn', 'closed'] as const;
    const kinds = ['return', 'exchange', 'warranty'] as const;
    const made = statuses.flatMap((status, i) => kinds.map((kind, j) => ({ status, kind, line: (i + j) % 2 ? a : b, qty: 1 + ((i * 3 + j) % 2) })));
    await sql`
      with c as (
        insert into after_sales (case_no, order_id, user_id, kind, status, reason_code, currency)
        select 'EQ' || ${o.orderId} || '-' || n, ${o.orderId}, ${m.userId}, x.kind, x.status, 'changed_mind', ${o.currency}
        from jsonb_to_recordset(${JSON.stringify(made.map((x, n) => ({ ...x, n })))}::jsonb) as x(kind text, status text, line int, qty int, n int) returning id, case_no)
      insert into after_sale_lines (case_id, order_line_id, qty)
      select c.id, x.line, x.qty from c join jsonb_to_recordset(${JSON.stringify(made.map((x, n) => ({ ...x, n })))}::jsonb) as x(kind text, status text, line int, qty int, n int)
        on c.case_no = 'EQ' || ${o.orderId} || '-' || x.n`.execute(t.db);
    const key = (u: { order_line_id: number; kind: string; status: string; qty: number }) => `${u.order_line_id}:${u.kind}:${u.status}:${u.qty}`;
    const unlocked = (await findUnitsInCases(t.db, { kind: 'order', id: o.orderId }, AFTER_SALE_COUNTING_STATUSES)).map(key).sort();
    const locked = await t.db.transaction().execute(async (tx) => (await sql<{ units: Parameters<typeof key>[0][] }>`select ${unitsInCasesLockedOf(AFTER_SALE_COUNTING_STATUSES)(o.orderId)} as units`.execute(tx)).rows[0]!.units);
    expect(unlocked.length).toBeGreaterThan(4);
    expect(locked.map((u) => key({ ...u, qty: Number(u.qty) })).sort()).toEqual(unlocked);
  });

  it('writes nothing for a case number already taken (the service then draws another)', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const opened = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    expect(opened.body.code).toBe(200);
    const { id, created_at: _created, updated_at: _updated, ...taken } = await t.db.selectFrom('after_sales').selectAll().where('id', '=', opened.body.data.case_id).executeTakeFirstOrThrow();
    const again = await insertCaseWithDetails(t.db, { ...taken, shop_order_id: null }, [{ order_line_id: o.lines[1]!.id, qty: 1 }], [], { kind: 'submitted', from_status: null, to_status: 'under_review', actor_kind: 'member', actor_id: String(m.userId) });
    expect(again).toBeUndefined();
    const cases = await t.db.selectFrom('after_sales').select('id').where('order_id', '=', o.orderId).execute();
    expect(cases.map((c) => c.id)).toEqual([id]);
    const lines = await t.db.selectFrom('after_sale_lines').select('order_line_id').where('case_id', '=', id).execute();
    expect(lines.map((l) => l.order_line_id)).toEqual([o.lines[0]!.id]);
  });
});
