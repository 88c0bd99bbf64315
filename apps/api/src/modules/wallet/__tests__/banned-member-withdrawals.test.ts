import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { lockWaiters } from '../../../test/test-database.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { balanceOf } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, bankCardOf, pendingWithdrawal, releasesOf, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// The withdrawal queue said nothing of a member's ban, and approving a banned member's withdrawal went
// through. A ban keeps their withdrawals pending for an operator: the queue names the ban, approving is
// refused (the first approval or the second) and changes nothing, rejecting gives the held money back;
// one already approved can still be marked paid (its payout may be on its way).

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
let finance: Awaited<ReturnType<typeof newOperatorSession>>;
let payer: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  finance = await newOperatorSession(t.db, 'finance');
  payer = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Op = { headers: Record<string, string> };
let n = 0;
const get = (op: Op, url: string) => call(t, 'GET', url, { headers: op.headers, lang: 'en-us' });
const post = (op: Op, url: string, body: unknown, lang = 'en-us') => call(t, 'POST', url, { headers: { ...op.headers, 'idempotency-key': `banned-w-${n++}-${Math.random()}` }, body, lang });
const ban = (userId: number, banned = true) => post(owner, '/admin/api/members/ban', { id: userId, banned, reason: banned ? 'Fraudulent orders' : 'Cleared by the bank' });
const approve = (op: Op, id: number, lang?: string) => post(op, '/admin/api/wallet/withdrawals/approve', { id, reason: 'Statement checked' }, lang);
/** The withdrawal as stored, its hold and what the member holds: the member's own session ends with the ban. */
const stateOf = async (id: number, withdrawNo: string, userId: number) => ({
  withdrawal: await t.db.selectFrom('withdrawals').select(['status', 'approvers', 'approved_at', 'reviewed_by']).where('id', '=', id).executeTakeFirstOrThrow(),
  hold: await releasesOf(t, withdrawNo),
  cash: await balanceOf(t.db, userId, 'cash', 'USD'),
  decisions: (await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'withdrawal').where('target_id', '=', id).orderBy('id').execute()).map((a) => a.action),
});
const pendingRows = async (q: string) => (await get(owner, `/admin/api/wallet/withdrawals?status=pending&q=${q}`)).body.data.list as Array<{ id: number; member_status: string }>;

describe('a banned member’s withdrawal', () => {
  it('shows the ban in the queue, is refused on approval in the operator’s language and changes nothing; rejecting gives the held money back', async () => {
    const { m, w } = await pendingWithdrawal(t);
    const other = await pendingWithdrawal(t);
    expect((await ban(m.userId)).body.code).toBe(200);

    expect(await pendingRows(w.withdraw_no)).toEqual([expect.objectContaining({ id: w.id, user_id: m.userId, member_status: 'banned' })]);
    expect(await pendingRows(other.w.withdraw_no)).toEqual([expect.objectContaining({ id: other.w.id, member_status: 'active' })]);

    const before = await stateOf(w.id, w.withdraw_no, m.userId);
    expect(before.withdrawal).toMatchObject({ status: 'pending', approvers: [] });
    expect((await approve(owner, w.id)).body).toMatchObject({ code: ResponseCode.withdrawalMemberBanned, msg: 'This member is banned: the withdrawal cannot be approved. Reject it (the held money goes back to the member), or lift the ban first' });
    expect((await approve(owner, w.id, 'zh-cn')).body).toMatchObject({ code: ResponseCode.withdrawalMemberBanned, msg: '该会员已被封禁，无法批准此提现。请拒绝提现（冻结的金额将退回会员），或先解除封禁' });
    expect(await stateOf(w.id, w.withdraw_no, m.userId)).toEqual(before);
    expect(before.decisions).toEqual([]);

    const rejected = await post(owner, '/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'Account banned for fraud', seen_status: 'pending' });
    expect(rejected.body).toMatchObject({ code: 200, data: { status: 'rejected', member_status: 'banned' } });
    expect(await stateOf(w.id, w.withdraw_no, m.userId)).toMatchObject({ withdrawal: { status: 'rejected' }, hold: { status: 'released', count: 1 }, cash: 10_000, decisions: ['withdrawal.rejected'] });
  });

  it('the second approval a large withdrawal needs is refused too once the member is banned; lifted, it is approved', async () => {
    const m = await walletMember(t, { usd: 300_000 });
    const card = await bankCardOf(t, m);
    const w = (await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { bank_card_id: card, amount: '1500', currency: 'USD', pay_password: PAY_PASSWORD } })).body.data as { id: number; withdraw_no: string };
    expect((await approve(finance, w.id)).body.data).toMatchObject({ status: 'pending', approvals_needed: 2, member_status: 'active' });
    expect((await ban(m.userId)).body.code).toBe(200);
    const before = await stateOf(w.id, w.withdraw_no, m.userId);
    expect((await approve(owner, w.id)).body.code).toBe(ResponseCode.withdrawalMemberBanned);
    expect(await stateOf(w.id, w.withdraw_no, m.userId)).toEqual(before);
    expect(before.withdrawal.approvers).toHaveLength(1);

    expect((await ban(m.userId, false)).body.code).toBe(200);
    expect((await approve(owner, w.id)).body.data).toMatchObject({ status: 'approved', member_status: 'active' });
  });

  it('one approved before the ban can still be marked paid (its payout may be on its way), or rejected', async () => {
    const paid = await pendingWithdrawal(t);
    const bounced = await pendingWithdrawal(t);
    for (const { w } of [paid, bounced]) expect((await approve(owner, w.id)).body.code).toBe(200);
    for (const { m } of [paid, bounced]) expect((await ban(m.userId)).body.code).toBe(200);
    const approvedRows = (await get(owner, `/admin/api/wallet/withdrawals?status=approved&q=${paid.w.withdraw_no}`)).body.data.list;
    expect(approvedRows).toEqual([expect.objectContaining({ id: paid.w.id, member_status: 'banned' })]);

    expect((await post(payer, '/admin/api/wallet/withdrawals/paid', { id: paid.w.id, payout_reference: 'MBB-BANNED' })).body).toMatchObject({ code: 200, data: { status: 'paid', member_status: 'banned' } });
    expect(await releasesOf(t, paid.w.withdraw_no)).toEqual({ status: 'posted', count: 0 });
    expect((await post(owner, '/admin/api/wallet/withdrawals/reject', { id: bounced.w.id, reason: 'Payout stopped: account banned', seen_status: 'approved' })).body.code).toBe(200);
    expect(await releasesOf(t, bounced.w.withdraw_no)).toEqual({ status: 'released', count: 1 });
  });

  it('a closed account’s withdrawal is refused on approval as closed, and tagged closed', async () => {
    const { m, w } = await pendingWithdrawal(t);
    await t.db.updateTable('users').set({ status: 'closed' }).where('id', '=', m.userId).execute();
    expect(await pendingRows(w.withdraw_no)).toEqual([expect.objectContaining({ id: w.id, member_status: 'closed' })]);
    expect((await approve(owner, w.id)).body.code).toBe(ResponseCode.memberClosed);
    expect((await t.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow()).status).toBe('pending');
    expect((await post(owner, '/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'Account closed' })).body.code).toBe(200);
  });

  it('banned while the approval is on its way: the approval waits for the ban, then is refused and changes nothing', async () => {
    const { m, w } = await pendingWithdrawal(t);
    const waitingOnLocks = () => lockWaiters(t.db);
    let answered = false;
    let approving: ReturnType<typeof approve> | undefined;
    // The ban's transaction holds the member's row (as the console's ban does) while the approval arrives.
    await t.db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ status: 'banned' }).where('id', '=', m.userId).execute();
      approving = approve(owner, w.id).finally(() => (answered = true));
      await vi.waitFor(
        async () => {
          if (!answered && (await waitingOnLocks()) === 0) throw new Error('the approval has not reached the member yet');
        },
        { timeout: 10_000, interval: 10 },
      );
    });
    expect((await approving!).body.code).toBe(ResponseCode.withdrawalMemberBanned);
    expect((await stateOf(w.id, w.withdraw_no, m.userId)).withdrawal).toMatchObject({ status: 'pending', approvers: [] });
  });

  it('a ban and an approval sent at once, twenty times: each ends one whole way — approved before the ban, or refused and untouched', async () => {
    for (let round = 0; round < 20; round++) {
      const { m, w } = await pendingWithdrawal(t);
      const [banned, approved] = await Promise.all([ban(m.userId), approve(owner, w.id)]);
      expect(banned.body.code).toBe(200);
      const after = await stateOf(w.id, w.withdraw_no, m.userId);
      if (approved.body.code === 200) {
        expect(after).toMatchObject({ withdrawal: { status: 'approved' }, hold: { status: 'pending', count: 0 }, decisions: ['withdrawal.approved'] });
      } else {
        expect(approved.body.code).toBe(ResponseCode.withdrawalMemberBanned);
        expect(after).toMatchObject({ withdrawal: { status: 'pending', approvers: [], approved_at: null }, hold: { status: 'pending', count: 0 }, decisions: [] });
      }
    }
  });
});
