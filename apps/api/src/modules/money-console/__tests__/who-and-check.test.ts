import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { decide as sendDecision, signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// The money pages name operators as every other page does (`fin2#4`): the journal's author of an
// entry, and a gift-card batch's asker beside its approver. The ledger check answers each problem as
// facts the console words in the operator's language.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
const get = async (url: string, token: string) => (await call(t, 'GET', url, undefined, { token })).body;
const decide = async (url: string, body: unknown, token: string, key: string) => (await sendDecision(t, url, body, token, `${key}-${RUN}`)).body;

describe('who wrote what, and the ledger check', () => {
  it('a journal entry an operator wrote names them as name#id; a gift-card batch names who asked and who approved', async () => {
    const asker = await signedInOperator(t, 'finance');
    const approver = await signedInOperator(t, 'finance');
    const member = await registerMember(t);
    const grant = await decide('/admin/api/wallet/points/grant', { user_id: member.user.id, kind: 'points', amount: 40, reason: `Quiz ${RUN}` }, asker.token, 'grant');
    expect((await decide('/admin/api/approvals/decide', { id: grant.data.request.id, decision: 'approve' }, approver.token, 'grant-ok')).code).toBe(200);
    const [entry] = (await get(`/admin/api/ledger/journal?q=${encodeURIComponent(`quiz ${RUN}`)}`, approver.token)).data.list;
    expect(entry).toMatchObject({ actor_kind: 'operator', actor_id: String(approver.id), operator: approver.recordedAs });

    const issued = await decide(
      '/admin/api/wallet/gift-cards/issue',
      { user_id: member.user.id, currency: 'USD', value: 500, count: 1, expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(), reason: `Apology ${RUN}` },
      asker.token,
      'cards',
    );
    expect((await decide('/admin/api/approvals/decide', { id: issued.data.request.id, decision: 'approve' }, approver.token, 'cards-ok')).code).toBe(200);
    const [batch] = (await get(`/admin/api/wallet/gift-card-batches?q=${encodeURIComponent(`apology ${RUN}`)}`, approver.token)).data.list;
    expect(batch).toMatchObject({ requested_by: asker.recordedAs, created_by: approver.recordedAs });
  });

  it('the ledger check answers ok with no problems, and each problem as facts (an account whose balance disagrees with its postings)', async () => {
    const finance = await signedInOperator(t, 'finance');
    expect((await get('/admin/api/ledger/check', finance.token)).data).toMatchObject({ ok: true, problems: [] });
    const member = await registerMember(t);
    const grant = await decide('/admin/api/wallet/points/grant', { user_id: member.user.id, kind: 'points', amount: 25, reason: `Check ${RUN}` }, finance.token, 'check');
    expect((await decide('/admin/api/approvals/decide', { id: grant.data.request.id, decision: 'approve' }, (await signedInOperator(t, 'finance')).token, 'check-ok')).code).toBe(200);
    const account = await t.db.selectFrom('ledger_accounts').select(['id', 'balance']).where('member_id', '=', member.user.id).where('asset', '=', 'points').executeTakeFirstOrThrow();
    await t.db.updateTable('ledger_accounts').set({ balance: 30 }).where('id', '=', account.id).execute();
    try {
      const checked = (await get('/admin/api/ledger/check', finance.token)).data;
      expect(checked.ok).toBe(false);
      expect(checked.problems).toContainEqual({ kind: 'balance-mismatch', account_id: account.id, member_id: member.user.id, asset: 'points', currency: 'XXX', cached: 30, posted: 25 });
    } finally {
      await t.db.updateTable('ledger_accounts').set({ balance: account.balance }).where('id', '=', account.id).execute();
    }
  });
});
