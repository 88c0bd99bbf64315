import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

// A bank or a company collection account an operator adds commits together with the record of who
// added it and why: never one without the other (rows written by one transaction share its xmin).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const RUN = Date.now().toString(36).toUpperCase();
const xminOf = async (table: 'banks' | 'collection_accounts' | 'operator_actions', id: number) =>
  (await sql<{ x: string }>`select xmin::text as x from ${sql.table(table)} where id = ${id}`.execute(t.db)).rows[0]!.x;
const recordOf = (action: string, targetId: number) =>
  t.db.selectFrom('operator_actions').select(['id', 'reason']).where('action', '=', action).where('target_id', '=', targetId).executeTakeFirstOrThrow();

describe('what an operator adds to the money settings', () => {
  it('a bank and its record commit in one transaction', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const code = `TX${RUN}`.slice(0, 20);
    const res = await call(t, 'POST', '/admin/api/wallet/banks', { headers: { ...owner.headers, 'idempotency-key': `bank-${RUN}` }, body: { country_code: 'MY', type: 'bank', name: `Harbour Bank ${RUN}`, code, reason: 'members asked for it' } });
    expect(res.body.code).toBe(200);
    const record = await recordOf('bank.add', res.body.data.id);
    expect(record.reason).toBe('members asked for it');
    // The bank by its code and name, as facts the console shows (never the code after the kind).
    expect((await t.db.selectFrom('operator_actions').select('facts').where('id', '=', record.id).executeTakeFirstOrThrow()).facts).toEqual({ key: 'bank', code, name: `Harbour Bank ${RUN}` });
    expect(await xminOf('operator_actions', record.id)).toBe(await xminOf('banks', res.body.data.id));
  });

  it('a collection account and its record commit in one transaction, when a second operator approves it', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const res = await call(t, 'POST', '/admin/api/wallet/collection-accounts', {
      headers: { ...owner.headers, 'idempotency-key': `ca-${RUN}` },
      body: { currency: 'MYR', bank_name: 'Maybank', account_name: 'Shop Sdn Bhd', account_number: '5140 7777 0001', branch: '', reason: 'second account' },
    });
    expect(res.body.code).toBe(200);
    const requestId = res.body.data.request.id as number;
    const approver = await newOperatorSession(t.db, 'finance');
    const approved = await call(t, 'POST', '/admin/api/approvals/decide', { headers: { ...approver.headers, 'idempotency-key': `ca-ok-${RUN}` }, body: { id: requestId, decision: 'approve' } });
    const id = approved.body.data.result.id as number;
    const asker = await t.db.selectFrom('operators').select('user_name').where('id', '=', owner.operatorId).executeTakeFirstOrThrow();
    const record = await recordOf('collection_account.add', id);
    expect(record.reason).toBe('second account');
    // The currency, the request and who asked are facts the console words (not `approval=#… asked_by=…`).
    const { facts } = await t.db.selectFrom('operator_actions').select('facts').where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(facts).toEqual({ key: 'collection_account', currency: 'MYR', request_id: requestId, asked_by: `${asker.user_name}#${owner.operatorId}` });
    expect(await xminOf('operator_actions', record.id)).toBe(await xminOf('collection_accounts', id));
  });
});
