import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { pendingWithdrawal, releasesOf, usdOf } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

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
