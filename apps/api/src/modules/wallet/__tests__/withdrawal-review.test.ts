import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, bankCardOf, pendingWithdrawal, releasesOf, usdOf, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';
import * as withdrawalReviewers from '../../../db/migrations/2026_11_29_0100_withdrawal_reviewers.js';

// The operators' review of withdrawals: approve, mark paid, or reject, a pending one or an
// approved one whose payout did not go through; whatever two operators do at once, one decision
// applies and the held funds are posted or released exactly once.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
/** Marks payouts paid: never the operator who approved them. */
let payer: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  payer = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const usd = (m: { headers: Headers }) => usdOf(t, m);


describe('reviewing withdrawals', () => {
  it('approve and reject of a pending withdrawal at once, 10 times: one decision applies, the other is told it was decided, the money follows it', async () => {
    for (let round = 0; round < 10; round++) {
      const { m, w } = await pendingWithdrawal(t);
      // Both operators decide on the pending withdrawal they see (the console sends what it shows).
      const [approve, reject] = await Promise.all([
        post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, owner.headers),
        post('/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'Name does not match the bank', seen_status: 'pending' }, owner.headers),
      ]);
      expect([approve.body.code, reject.body.code].filter((c) => c === 200), `round ${round}`).toHaveLength(1);
      expect([approve.body.code, reject.body.code]).toContain(ResponseCode.requestNotPending);
      const after = (await get(`/user/withdraw/info?id=${w.id}`, m.headers)).body.data;
      if (reject.body.code === 200) {
        expect(after).toMatchObject({ status: 'rejected', reason: 'Name does not match the bank', approved_at: null });
        expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
        expect(await releasesOf(t, w.withdraw_no)).toEqual({ status: 'released', count: 1 });
      } else {
        expect(after.status).toBe('approved');
        expect((await usd(m)).frozen).toBe(3_000 + 130);
        expect(await releasesOf(t, w.withdraw_no)).toEqual({ status: 'pending', count: 0 });
      }
    }
  });

  it('an approved withdrawal whose payout failed is rejected before it is marked paid: the hold goes back once, the decision is recorded', async () => {
    const { m, w } = await pendingWithdrawal(t);
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, owner.headers)).body.code).toBe(200);
    const rejected = await post('/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'The bank returned the payout: account closed', seen_status: 'approved' }, owner.headers);
    expect(rejected.body.code, rejected.body.msg).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'The bank returned the payout: account closed' });
    const info = (await get(`/user/withdraw/info?id=${w.id}`, m.headers)).body.data;
    expect(info.approved_at && info.rejected_at).toBeTruthy();
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await releasesOf(t, w.withdraw_no)).toEqual({ status: 'released', count: 1 });
    // Neither a second rejection nor marking it paid moves anything now.
    expect((await post('/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'again' }, owner.headers)).body.code).toBe(ResponseCode.requestNotPending);
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'MBB-1' }, payer.headers)).body.code).toBe(ResponseCode.requestNotPending);
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    const actions = await t.db.selectFrom('operator_actions').select(['action', 'reason']).where('target_type', '=', 'withdrawal').where('target_id', '=', w.id).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['withdrawal.approved', 'withdrawal.rejected']);
    // A paid withdrawal can no longer be rejected.
    const paid = await pendingWithdrawal(t);
    await post('/admin/api/wallet/withdrawals/approve', { id: paid.w.id, reason: 'member checked' }, owner.headers);
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: paid.w.id, payout_reference: 'MBB-2' }, payer.headers)).body.code).toBe(200);
    expect((await post('/admin/api/wallet/withdrawals/reject', { id: paid.w.id, reason: 'too late' }, owner.headers)).body.code).toBe(ResponseCode.requestNotPending);
    expect(await usd(paid.m)).toEqual({ currency: 'USD', available: 10_000 - 3_130, frozen: 0 });
  });

  it('a rejection decided on what the operator saw is refused once the withdrawal moved on', async () => {
    const { m, w } = await pendingWithdrawal(t);
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, owner.headers)).body.code).toBe(200);
    // Another operator still looking at it as pending.
    expect((await post('/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'Name does not match', seen_status: 'pending' }, owner.headers)).body.code).toBe(ResponseCode.requestNotPending);
    expect((await get(`/user/withdraw/info?id=${w.id}`, m.headers)).body.data.status).toBe('approved');
    expect((await usd(m)).frozen).toBe(3_130);
  });

  it('marking paid and rejecting an approved withdrawal at once, 10 times: one applies; the hold is posted or released, once', async () => {
    for (let round = 0; round < 10; round++) {
      const { m, w } = await pendingWithdrawal(t);
      expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, owner.headers)).body.code).toBe(200);
      const [paid, reject] = await Promise.all([
        post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: `MBB-${round}` }, payer.headers),
        post('/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'payout bounced', seen_status: 'approved' }, owner.headers),
      ]);
      expect([paid.body.code, reject.body.code].filter((c) => c === 200), `round ${round}`).toHaveLength(1);
      const hold = await t.db.selectFrom('holds').select('status').where('reference_type', '=', 'withdrawal').where('reference_id', '=', w.withdraw_no).executeTakeFirstOrThrow();
      if (paid.body.code === 200) {
        expect(reject.body.code).toBe(ResponseCode.requestNotPending);
        expect(hold.status).toBe('posted');
        expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000 - 3_130, frozen: 0 });
      } else {
        expect(paid.body.code).toBe(ResponseCode.requestNotPending);
        expect(hold.status).toBe('released');
        expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
      }
      expect(await ledgerCheck(t.db)).toEqual([]);
    }
  });
});

/** An operator with the name their decisions are recorded under (`name#id`). */
async function namedOperator(role: 'owner' | 'finance') {
  const session = await newOperatorSession(t.db, role);
  const { user_name } = await t.db.selectFrom('operators').select('user_name').where('id', '=', session.operatorId).executeTakeFirstOrThrow();
  return { ...session, name: `${user_name}#${session.operatorId}`, headers: { ...session.headers, 'Accept-Language': 'en-us' } };
}

/** A CSV export as the console downloads it, split into cells (no cell of these holds a quote or a line break). */
async function csvOf(url: string, headers: Headers) {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'think-lang': 'en-us' } });
  return res.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!.replace(/^"(.*)"$/, '$1')));
}

describe('who decided a withdrawal, as the console shows it', () => {
  it('two approvers above the threshold, a third operator pays: each is named apart, the payer is no reviewer, in the list and the CSV', async () => {
    const m = await walletMember(t, { usd: 300_000 });
    const card = await bankCardOf(t, m);
    const w = (await post('/user/withdraw/create', { bank_card_id: card, amount: '1500', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())).body.data;
    const [fin1, fin2, owner1] = [await namedOperator('finance'), await namedOperator('finance'), await namedOperator('owner')];
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'statement checked' }, fin1.headers)).body.code).toBe(200);
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'identity checked' }, fin2.headers)).body.data).toMatchObject({ status: 'approved', reviewed_by: `${fin1.name}, ${fin2.name}` });
    const paid = await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'MBB-4EYES' }, owner1.headers);
    expect(paid.body.data).toMatchObject({ status: 'paid', approvers: [fin1.name, fin2.name], approvals_needed: 2, reviewed_by: `${fin1.name}, ${fin2.name}`, rejected_by: null, paid_by: owner1.name });
    const listed = (await get(`/admin/api/wallet/withdrawals?status=paid&q=${w.withdraw_no}`, owner1.headers)).body.data.list;
    expect(listed).toEqual([expect.objectContaining({ id: w.id, approvers: [fin1.name, fin2.name], approvals_needed: 2, reviewed_by: `${fin1.name}, ${fin2.name}`, paid_by: owner1.name })]);

    const [head, row, ...more] = await csvOf(`/admin/api/wallet/withdrawals/export?status=paid&q=${w.withdraw_no}`, owner1.headers);
    expect(more).toEqual([]);
    const cell = (header: string) => row![head!.indexOf(header)];
    expect(head).toEqual(expect.arrayContaining(['Approved by', 'Approvals needed', 'Rejected by', 'Paid by']));
    expect(head).not.toContain('Reviewed by');
    expect([cell('Approved by'), cell('Approvals needed'), cell('Rejected by'), cell('Paid by')]).toEqual([`${fin1.name}, ${fin2.name}`, '2', '', owner1.name]);
  });

  it('an approved withdrawal rejected when its payout failed names its approver and who rejected it', async () => {
    const { w } = await pendingWithdrawal(t);
    const [fin1, fin2] = [await namedOperator('finance'), await namedOperator('finance')];
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, fin1.headers)).body.data).toMatchObject({ reviewed_by: fin1.name, rejected_by: null });
    const rejected = await post('/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'The bank returned it', seen_status: 'approved' }, fin2.headers);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', approvers: [fin1.name], approvals_needed: 1, reviewed_by: fin2.name, rejected_by: fin2.name, paid_by: null });
    const [head, row] = await csvOf(`/admin/api/wallet/withdrawals/export?status=rejected&q=${w.withdraw_no}`, fin2.headers);
    expect(['Approved by', 'Approvals needed', 'Rejected by', 'Paid by'].map((h) => row![head!.indexOf(h)])).toEqual([fin1.name, '1', fin2.name, '']);
  });

  it('marking paid before the approvals are in says what is missing and changes nothing; other wrong states still say the state', async () => {
    const m = await walletMember(t, { usd: 300_000 });
    const card = await bankCardOf(t, m);
    const w = (await post('/user/withdraw/create', { bank_card_id: card, amount: '1500', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())).body.data;
    const [fin1, fin2, owner1] = [await namedOperator('finance'), await namedOperator('finance'), await namedOperator('owner')];
    const unchanged = async () => {
      expect((await get(`/user/withdraw/info?id=${w.id}`, m.headers)).body.data).toMatchObject({ status: 'pending', paid_at: null, payout_reference: null });
      expect(await usd(m)).toEqual({ currency: 'USD', available: 300_000 - w.amount - w.fee, frozen: w.amount + w.fee });
      expect(await releasesOf(t, w.withdraw_no)).toEqual({ status: 'pending', count: 0 });
      const actions = await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'withdrawal').where('target_id', '=', w.id).execute();
      expect(actions.map((a) => a.action)).not.toContain('withdrawal.paid');
    };
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'EARLY-0' }, owner1.headers)).body).toMatchObject({
      code: ResponseCode.requestNotPending,
      msg: 'This withdrawal is not approved yet: it can be marked paid once it is approved',
    });
    await unchanged();
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'statement checked' }, fin1.headers)).body.data).toMatchObject({ status: 'pending', reviewed_by: null });
    // The audit log counts the approvals as facts the console words ("1 of 2 approvals" in English only in English).
    const recorded = await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('target_type', '=', 'withdrawal').where('target_id', '=', w.id).execute();
    expect(recorded).toEqual([{ action: 'withdrawal.approve', facts: { key: 'approvals_given', given: 1, needed: 2 } }]);
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'EARLY-1' }, owner1.headers)).body).toMatchObject({
      code: ResponseCode.requestNotPending,
      msg: 'This withdrawal has 1 of 2 approvals: another operator must approve it before it can be marked paid',
    });
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'EARLY-2' }, { ...owner1.headers, 'think-lang': 'zh-cn' })).body.msg).toBe('此提现已获 1/2 个批准：还需另一位操作员批准后才能标记为已付款');
    await unchanged();
    // Rejected: marking it paid is refused as decided, naming the state.
    expect((await post('/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'Name does not match' }, fin2.headers)).body.code).toBe(200);
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'LATE-1' }, owner1.headers)).body).toMatchObject({
      code: ResponseCode.requestNotPending,
      msg: 'This request has already been decided (rejected)',
    });
  });
});

describe('withdrawals decided before the payer stopped overwriting the reviewer', () => {
  it('the migration gives paid ones their approvers back (from the row, else the record of decisions) and the payer its own column', async () => {
    const [fin1, fin2, owner1] = [await namedOperator('finance'), await namedOperator('finance'), await namedOperator('owner')];
    const paidAs = async (approvers: string[], paidBy: string | null) => {
      const { w } = await pendingWithdrawal(t);
      await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, fin1.headers);
      await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: `OLD-${w.id}` }, owner1.headers);
      // As the old code left it: the payer in `reviewed_by`.
      await t.db.updateTable('withdrawals').set({ reviewed_by: owner1.name, approvers, paid_by: paidBy }).where('id', '=', w.id).execute();
      return w.id;
    };
    const twoApprovers = await paidAs([fin1.name, fin2.name], owner1.name);
    const beforeFourEyes = await paidAs([], null);
    const { w: rejected } = await pendingWithdrawal(t);
    await post('/admin/api/wallet/withdrawals/reject', { id: rejected.id, reason: 'Name does not match' }, fin2.headers);

    await withdrawalReviewers.up(t.db);
    const rows = await t.db.selectFrom('withdrawals').select(['id', 'reviewed_by', 'approvers', 'paid_by']).where('id', 'in', [twoApprovers, beforeFourEyes, rejected.id]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: twoApprovers, reviewed_by: `${fin1.name}, ${fin2.name}`, approvers: [fin1.name, fin2.name], paid_by: owner1.name },
      { id: beforeFourEyes, reviewed_by: fin1.name, approvers: [], paid_by: owner1.name },
      { id: rejected.id, reviewed_by: fin2.name, approvers: [], paid_by: null },
    ]);
  });
});
