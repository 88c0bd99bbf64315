import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { providerActor, systemActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { markRechargePaid } from '../recharge.service.js';
import { redeemGiftCard } from '../wallet.service.js';
import { PAY_PASSWORD, accountNumberOf, approveRequest, bankCardOf, maybank, pendingWithdrawal, releasesOf, slipOf, usdOf, walletMember, withCollectionAccounts } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  await withCollectionAccounts(t);
  owner = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const usd = (m: { headers: Headers }) => usdOf(t, m);
const cardOf = (m: Awaited<ReturnType<typeof walletMember>>) => bankCardOf(t, m);

describe('assets', () => {
  it('shows each wallet currency with available and frozen, points and a total in the display currency', async () => {
    const m = await walletMember(t, { usd: 12_345 });
    const res = await get('/user/wallet/asset', m.headers);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ display_currency: 'USD', points: 0, shopping_points: 0, total: 12_345 });
    expect(await usd(m)).toEqual({ currency: 'USD', available: 12_345, frozen: 0 });
    const page = await get('/attractive/UserPageData/assetPage', m.headers);
    expect(page.body.data).toEqual(res.body.data);
    expect((await get('/user/wallet/total', m.headers)).body.data).toMatchObject({ total: 12_345, available: 12_345, frozen: 0 });
  });
});

describe('banks and bank cards', () => {
  it('lists the seeded banks by country and type, and branches', async () => {
    const m = await walletMember(t);
    const my = await get('/attractive/bankList?country_code=MY', m.headers);
    expect(my.body.data.list.map((b: { name: string }) => b.name)).toContain('Maybank');
    const wallets = await get('/attractive/bankListByType?country_code=MY&type=ewallet', m.headers);
    expect(wallets.body.data.list.map((b: { name: string }) => b.name)).toContain("Touch 'n Go eWallet");
    for (const c of ['CN', 'TH', 'ID', 'JP', 'KH']) expect((await get(`/user/bank_card/bankList?country_code=${c}`, m.headers)).body.data.list.length).toBeGreaterThan(3);
    const branches = await get(`/attractive/getSonBank?id=${await maybank(t)}`, m.headers);
    expect(branches.body.data.list.length).toBe(3);
  });

  it('adds a card in the real name only, masks the number, and keeps it from other members', async () => {
    const a = await walletMember(t);
    const b = await walletMember(t);
    const wrongName = await post('/user/bank_card/create', { bank_id: await maybank(t), holder_name: 'Someone Else', account_number: '514012345678', currency: 'USD', pay_password: PAY_PASSWORD }, a.headers);
    expect(wrongName.body.code).toBe(ResponseCode.holderNameMismatch);
    const wrongPay = await post('/user/bank_card/create', { bank_id: await maybank(t), holder_name: 'Mei Tan', account_number: '514012345678', currency: 'USD', pay_password: '000000' }, a.headers);
    expect(wrongPay.body.code).toBe(ResponseCode.payPasswordWrong);
    const id = await cardOf(a);
    const info = await get(`/user/bank_card/info?id=${id}`, a.headers);
    expect(info.body.data).toMatchObject({ bank_name: 'Maybank', account_masked: '**** 5678', holder_name: 'Tan Mei' });
    expect(JSON.stringify(info.body.data)).not.toContain(accountNumberOf(a).replace(/ /g, ''));
    expect(JSON.stringify(info.body.data)).not.toContain(accountNumberOf(a));
    expect((await get(`/user/bank_card/info?id=${id}`, b.headers)).body.code).toBe(ResponseCode.bankCardNotFound);
    expect((await post('/user/bank_card/delete', { id }, b.headers)).body.code).toBe(ResponseCode.bankCardNotFound);
    expect((await get('/user/bank_card/list', a.headers)).body.data.list).toHaveLength(1);
    expect((await post('/user/bank_card/delete', { id }, a.headers)).body.code).toBe(200);
    expect((await get('/user/bank_card/list', a.headers)).body.data.list).toHaveLength(0);
  });

  it('refuses a card without an approved real name', async () => {
    const m = await walletMember(t, { realName: false });
    const res = await post('/user/bank_card/create', { bank_id: await maybank(t), holder_name: 'Mei Tan', account_number: '514012345678', currency: 'USD', pay_password: PAY_PASSWORD }, m.headers);
    expect(res.body.code).toBe(ResponseCode.realNameRequired);
  });
});

describe('transfers between members', () => {
  it('moves cash once per key, shows both members the transfer, refuses self, and ignores extra fields', async () => {
    const a = await walletMember(t, { usd: 10_000 });
    const b = await walletMember(t);
    const preview = await get(`/user/transfer/info?account=${b.userName}`, a.headers);
    expect(preview.body.data.receiver).toMatchObject({ masked_name: expect.stringContaining('*'), matched_by: 'user_name' });
    expect((await post('/user/transfer/create', { account: a.userName, amount: '1', currency: 'USD', pay_password: PAY_PASSWORD }, a.keyed())).body.code).toBe(ResponseCode.transferToSelf);
    const headers = a.keyed();
    const body = { account: b.userName, amount: '12.50', currency: 'USD', pay_password: PAY_PASSWORD, user_id: b.userId, balance: 999_999, fee: 0, rate: '9' };
    const first = await post('/user/transfer/create', body, headers);
    expect(first.body.code, first.body.msg).toBe(200);
    const again = await post('/user/transfer/create', body, headers);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await usd(a)).available).toBe(10_000 - 1250);
    expect((await usd(b)).available).toBe(1250);
    expect((await get('/user/transfer/list', b.headers)).body.data.list[0]).toMatchObject({ direction: 'in', amount: 1250 });
    expect((await get(`/user/transfer/info?id=${first.body.data.id}`, b.headers)).body.data.transfer.direction).toBe('in');
    const stranger = await walletMember(t);
    expect((await get(`/user/transfer/info?id=${first.body.data.id}`, stranger.headers)).body.code).toBe(ResponseCode.transferNotFound);
  });

  it('wrong pay password and missing real name move nothing', async () => {
    const a = await walletMember(t, { usd: 5_000 });
    const b = await walletMember(t);
    expect((await post('/user/transfer/create', { account: b.userName, amount: '1', currency: 'USD', pay_password: '111111' }, a.keyed())).body.code).toBe(ResponseCode.payPasswordWrong);
    const noName = await walletMember(t, { usd: 5_000, realName: false });
    expect((await post('/user/transfer/create', { account: b.userName, amount: '1', currency: 'USD', pay_password: PAY_PASSWORD }, noName.keyed())).body.code).toBe(ResponseCode.realNameRequired);
    expect((await usd(a)).available).toBe(5_000);
  });

  it('a sender without real name or with a wrong pay password learns nothing about whether the receiving account exists', async () => {
    const b = await walletMember(t);
    const noName = await walletMember(t, { usd: 5_000, realName: false });
    const wrongPay = await walletMember(t, { usd: 5_000 });
    const answers = async (account: string, m: Awaited<ReturnType<typeof walletMember>>, payPassword: string) => [
      (await post('/user/transfer/create', { account, amount: '1', currency: 'USD', pay_password: payPassword }, m.keyed())).body.code,
      (await post('/user/gift_card/give', { account, count: 1, value: 1_000, currency: 'USD', pay_password: payPassword }, m.keyed())).body.code,
    ];
    for (const account of [b.userName, `nobody${Date.now()}`]) {
      expect(await answers(account, noName, PAY_PASSWORD), account).toEqual([ResponseCode.realNameRequired, ResponseCode.realNameRequired]);
      // Nor does the receiver preview before sending.
      expect((await get(`/user/transfer/info?account=${account}`, noName.headers)).body.code, account).toBe(ResponseCode.realNameRequired);
      expect(await answers(account, wrongPay, '111111'), account).toEqual([ResponseCode.payPasswordWrong, ResponseCode.payPasswordWrong]);
    }
    expect((await usd(noName)).available).toBe(5_000);
  });

  it('many parallel transfers never overdraw: 20 of 10.00 from 50.00, five succeed', async () => {
    const a = await walletMember(t, { usd: 5_000 });
    const b = await walletMember(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/user/transfer/create', { account: b.userName, amount: '10', currency: 'USD', pay_password: PAY_PASSWORD }, a.keyed())));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c !== 200).every((c) => c === ResponseCode.insufficientBalance || c === ResponseCode.dailyCountExceeded)).toBe(true);
    expect((await usd(a)).available).toBe(0);
    expect((await usd(b)).available).toBe(5_000);
  });
});

describe('withdrawals', () => {
  it('20 parallel withdrawals of 60 from 100 hold once; one succeeds', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const card = await cardOf(m);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/user/withdraw/create', { bank_card_id: card, amount: '60', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    const fee = 60 + 100; // 1% of 60.00 plus 1.00
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000 - 6_000 - fee, frozen: 6_000 + fee });
  });

  it('approve, mark paid with a reference: the held funds leave; a card with a withdrawal in flight cannot be deleted', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const card = await cardOf(m);
    const w = (await post('/user/withdraw/create', { bank_card_id: card, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD, fee: 0 }, m.keyed())).body.data;
    expect(w).toMatchObject({ status: 'pending', amount: 2_000, fee: 120 });
    expect((await post('/user/bank_card/delete', { id: card }, m.headers)).body.code).toBe(ResponseCode.bankCardInUse);
    const other = await walletMember(t);
    expect((await get(`/user/withdraw/info?id=${w.id}`, other.headers)).body.code).toBe(ResponseCode.withdrawalNotFound);
    const support = await newOperatorSession(t.db, 'support');
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, support.headers)).body.code).not.toBe(200);
    const queue = await get('/admin/api/wallet/withdrawals?status=pending', owner.headers);
    expect(queue.body.data.list.map((x: { id: number }) => x.id)).toContain(w.id);
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, owner.headers)).body.data).toMatchObject({ status: 'approved', approvals_needed: 1 });
    // Who approved it does not also carry the money out.
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'MBB-778899' }, owner.headers)).body.code).toBe(ResponseCode.payoutSameOperator);
    const payer = await newOperatorSession(t.db, 'owner');
    const paid = await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'MBB-778899' }, payer.headers);
    expect(paid.body.data).toMatchObject({ status: 'paid', payout_reference: 'MBB-778899', paid_by: expect.stringContaining(`#${payer.operatorId}`) });
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000 - 2_120, frozen: 0 });
    const info = (await get(`/user/withdraw/info?id=${w.id}`, m.headers)).body.data;
    expect(info.approved_at && info.paid_at).toBeTruthy();
    const actions = await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'withdrawal').where('target_id', '=', w.id).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['withdrawal.approved', 'withdrawal.paid']);
    expect((await post('/user/bank_card/delete', { id: card }, m.headers)).body.code).toBe(200);
  });

  it('above the payout threshold two different operators approve, and neither of them marks it paid', async () => {
    const m = await walletMember(t, { usd: 300_000 });
    const card = await cardOf(m);
    const w = (await post('/user/withdraw/create', { bank_card_id: card, amount: '1500', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())).body.data;
    const [first, second, payer] = [owner, await newOperatorSession(t.db, 'owner'), await newOperatorSession(t.db, 'owner')];
    const once = (await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'statement checked' }, first.headers)).body.data;
    expect(once).toMatchObject({ status: 'pending', approvals_needed: 2, approvers: [expect.stringContaining(`#${first.operatorId}`)] });
    // They approved it (they did not ask for it): said so.
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'again' }, { ...first.headers, 'Accept-Language': 'en-us' })).body).toMatchObject({ code: ResponseCode.approvalOwnRequest, msg: 'You already approved this: a different operator must approve it too' });
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'EARLY-1' }, payer.headers)).body.code).toBe(ResponseCode.requestNotPending);
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'identity checked' }, second.headers)).body.data).toMatchObject({ status: 'approved', approvers: [expect.any(String), expect.any(String)] });
    for (const who of [first, second]) expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'MBB-1' }, who.headers)).body.code).toBe(ResponseCode.payoutSameOperator);
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'MBB-1' }, payer.headers)).body.data.status).toBe('paid');
  });

  it('a payout threshold cleared (none: one approver never suffices) makes every withdrawal of its currency need two', async () => {
    const set = await post('/admin/api/approvals/limits/set', { kind: 'withdrawal.payout', currency: 'USD', auto_up_to: null, daily_limit: null, reason: 'second approver on every payout' }, owner.headers);
    expect(set.body.code, set.body.msg).toBe(200);
    try {
      const m = await walletMember(t, { usd: 10_000 });
      const w = (await post('/user/withdraw/create', { bank_card_id: await cardOf(m), amount: '15', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())).body.data;
      const once = (await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'statement checked' }, owner.headers)).body.data;
      expect(once).toMatchObject({ status: 'pending', approvals_needed: 2 });
      const second = await newOperatorSession(t.db, 'owner');
      expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'identity checked' }, second.headers)).body.data).toMatchObject({ status: 'approved', approvals_needed: 2 });
    } finally {
      await t.db.deleteFrom('approval_limits').where('kind', '=', 'withdrawal.payout').where('currency', '=', 'USD').execute();
    }
  });

  it('limits: below the minimum and more than the daily count are refused', async () => {
    const m = await walletMember(t, { usd: 100_000 });
    const card = await cardOf(m);
    expect((await post('/user/withdraw/create', { bank_card_id: card, amount: '5', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())).body.code).toBe(ResponseCode.amountBelowMinimum);
    for (let i = 0; i < 3; i++) expect((await post('/user/withdraw/create', { bank_card_id: card, amount: '10', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())).body.code).toBe(200);
    expect((await post('/attractive/currency/withdraw', { bank_card_id: card, amount: '10', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())).body).toMatchObject({ code: ResponseCode.dailyCountExceeded, msg: "You have reached today's limit of 3 withdrawals" });
    const ratio = await get('/attractive/currency/withdrawRatio?currency=USD&amount=100', m.headers);
    expect(ratio.body.data.quote).toEqual({ amount: 10_000, fee: 200, total: 10_200 });
  });
});


describe('cancelling a withdrawal', () => {
  it('the owner cancels a pending withdrawal: amount and fee come back, the record says cancelled with its time', async () => {
    const { m, w } = await pendingWithdrawal(t);
    const res = await post('/user/withdraw/cancel', { id: w.id }, m.keyed());
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ id: w.id, status: 'cancelled' });
    expect(res.body.data.cancelled_at).toBeTruthy();
    expect((await get(`/user/withdraw/info?id=${w.id}`, m.headers)).body.data).toEqual(res.body.data);
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await releasesOf(t, w.withdraw_no)).toEqual({ status: 'released', count: 1 });
  });

  it("another member's withdrawal is not found and stays held", async () => {
    const { m, w } = await pendingWithdrawal(t);
    const other = await walletMember(t, { usd: 500 });
    expect((await post('/user/withdraw/cancel', { id: w.id }, other.keyed())).body.code).toBe(ResponseCode.withdrawalNotFound);
    expect((await get(`/user/withdraw/info?id=${w.id}`, m.headers)).body.data.status).toBe('pending');
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000 - 3_130, frozen: 3_130 });
  });

  it('a decided withdrawal cannot be cancelled, with a message in the reader’s language; a second cancel moves nothing', async () => {
    const { m, w } = await pendingWithdrawal(t);
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, owner.headers)).body.code).toBe(200);
    const refused = await call(t, 'POST', '/user/withdraw/cancel', { headers: m.keyed(), body: { id: w.id }, lang: 'zh-cn' });
    expect(refused.body).toMatchObject({ code: ResponseCode.withdrawalNotPending, msg: '该提现已处理，无法再取消' });
    expect((await call(t, 'POST', '/user/withdraw/cancel', { headers: m.keyed(), body: { id: w.id }, lang: 'en-us' })).body.msg).toBe('This withdrawal has already been decided and can no longer be cancelled');
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000 - 3_130, frozen: 3_130 });

    const second = await pendingWithdrawal(t);
    expect((await post('/user/withdraw/cancel', { id: second.w.id }, second.m.keyed())).body.code).toBe(200);
    expect((await post('/user/withdraw/cancel', { id: second.w.id }, second.m.keyed())).body.code).toBe(ResponseCode.withdrawalNotPending);
    expect(await usd(second.m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await releasesOf(t, second.w.withdraw_no)).toEqual({ status: 'released', count: 1 });
  });

  it('cancelling again what the member already cancelled says it is already cancelled, in the reader’s language, and gives nothing back twice', async () => {
    const { m, w } = await pendingWithdrawal(t);
    expect((await post('/user/withdraw/cancel', { id: w.id }, m.keyed())).body.code).toBe(200);
    const again = await call(t, 'POST', '/user/withdraw/cancel', { headers: m.keyed(), body: { id: w.id }, lang: 'en-us' });
    expect(again.body).toMatchObject({ code: ResponseCode.withdrawalNotPending, msg: 'This withdrawal has already been cancelled', data: null });
    const inChinese = await call(t, 'POST', '/user/withdraw/cancel', { headers: m.keyed(), body: { id: w.id }, lang: 'zh-cn' });
    expect(inChinese.body).toMatchObject({ code: ResponseCode.withdrawalNotPending, msg: '该提现已取消' });
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await releasesOf(t, w.withdraw_no)).toEqual({ status: 'released', count: 1 });
  });

  it('cancel and operator approval at once, 20 times: exactly one of them wins each time, and the money follows it', async () => {
    for (let round = 0; round < 20; round++) {
      const { m, w } = await pendingWithdrawal(t);
      const [cancel, approve] = await Promise.all([post('/user/withdraw/cancel', { id: w.id }, m.keyed()), post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, owner.headers)]);
      expect([cancel.body.code, approve.body.code].filter((c) => c === 200), `round ${round}`).toHaveLength(1);
      const after = (await get(`/user/withdraw/info?id=${w.id}`, m.headers)).body.data;
      if (cancel.body.code === 200) {
        expect(approve.body.code).toBe(ResponseCode.requestNotPending);
        expect(after.status).toBe('cancelled');
        expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
        expect(await releasesOf(t, w.withdraw_no)).toEqual({ status: 'released', count: 1 });
      } else {
        expect(cancel.body.code).toBe(ResponseCode.withdrawalNotPending);
        expect(after.status).toBe('approved');
        expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000 - 3_130, frozen: 3_130 });
        expect(await releasesOf(t, w.withdraw_no)).toEqual({ status: 'pending', count: 0 });
      }
      expect(await ledgerCheck(t.db)).toEqual([]);
    }
  });

  it('a double submit with one idempotency key cancels once and answers both alike', async () => {
    const { m, w } = await pendingWithdrawal(t);
    const headers = m.keyed();
    const answers = await Promise.all([post('/user/withdraw/cancel', { id: w.id }, headers), post('/user/withdraw/cancel', { id: w.id }, headers)]);
    const done = answers.filter((a) => a.body.code === 200);
    // The second either replays the first answer or is told the first is still running.
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, ResponseCode.requestInProgress]).toContain(a.body.code);
    const replay = await post('/user/withdraw/cancel', { id: w.id }, headers);
    expect(replay.body).toEqual(done[0]!.body);
    expect(await usd(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await releasesOf(t, w.withdraw_no)).toEqual({ status: 'released', count: 1 });
  });
});

describe('top-ups', () => {
  it('bank transfer with a slip is credited once when an operator confirms it', async () => {
    const m = await walletMember(t);
    expect((await post('/user/recharge/create', { channel: 'bank_transfer', amount: '50', currency: 'USD' }, m.keyed())).body.code).toBe(ResponseCode.slipRequired);
    const r = (await post('/user/recharge/create', { channel: 'bank_transfer', amount: '1,000.00', currency: 'USD', slip: await slipOf(t, m) }, m.keyed())).body.data;
    expect(r).toMatchObject({ status: 'under_review', credit_amount: 100_000, rate: '1' });
    const other = await walletMember(t);
    expect((await get(`/user/recharge/orderInfo?id=${r.id}`, other.headers)).body.code).toBe(ResponseCode.rechargeNotFound);
    // Two confirmations at once are one request waiting for a second operator; nothing is credited yet.
    const [one, two] = await Promise.all([
      post('/admin/api/wallet/recharges/confirm', { id: r.id, reason: 'slip checked' }, owner.headers),
      post('/admin/api/wallet/recharges/confirm', { id: r.id, reason: 'bank statement checked' }, owner.headers),
    ]);
    expect([one.body.code, two.body.code]).toEqual([200, 200]);
    expect(one.body.data.request.id).toBe(two.body.data.request.id);
    expect(one.body.data).toMatchObject({ request: { status: 'pending', kind: 'recharge.confirm', amount: 100_000 }, result: null });
    expect((await usd(m)).available).toBe(0);
    // The second operator approves it, twice at once (two different taps): credited once.
    const second = await newOperatorSession(t.db, 'owner');
    const approvals = await Promise.all(['statement matches', 'slip matches'].map((reason) => post('/admin/api/approvals/decide', { id: one.body.data.request.id, decision: 'approve', reason }, second.headers)));
    expect(approvals.map((a) => a.body.code).sort()).toEqual([200, ResponseCode.requestNotPending].sort());
    expect((await usd(m)).available).toBe(100_000);
    expect((await get(`/user/recharge/orderInfo?id=${r.id}`, m.headers)).body.data.status).toBe('paid');
  });

  it('a bank transfer slip must be the member\'s own upload: an outside address, a script or another member\'s file is refused', async () => {
    const m = await walletMember(t);
    const other = await walletMember(t);
    const theirs = await slipOf(t, other);
    for (const slip of ['https://evil.example/x.png', 'javascript:alert(1)', theirs, theirs.replace(/\?.*$/, '')]) {
      const res = await post('/user/recharge/create', { channel: 'bank_transfer', amount: '50', currency: 'USD', slip }, m.keyed());
      expect(res.status, slip).toBe(422);
      expect(res.body.msg, slip).toBe('Transfer slip is not valid');
    }
    expect((await get('/user/recharge/orderList', m.headers)).body.data.list).toEqual([]);
    const mine = await post('/user/recharge/create', { channel: 'bank_transfer', amount: '50', currency: 'USD', slip: await slipOf(t, m) }, m.keyed());
    expect(mine.body.code).toBe(200);
    expect(mine.body.data.status).toBe('under_review');
  });

  it('an online top-up is a payable: paid once for its exact amount', async () => {
    const m = await walletMember(t);
    const r = (await post('/user/recharge/create', { channel: 'online', amount: '25', currency: 'USD' }, m.keyed())).body.data;
    expect(r.status).toBe('awaiting_payment');
    const actor = providerActor('test', 'evt');
    expect((await withTransaction(t.db, (tx) => markRechargePaid(tx, actor, { rechargeId: r.id, amountMinor: 2_400, currency: 'USD', gateway: 'test' }))).outcome).toBe('mismatch');
    expect((await withTransaction(t.db, (tx) => markRechargePaid(tx, actor, { rechargeId: r.id, amountMinor: 2_500, currency: 'USD', gateway: 'test' }))).outcome).toBe('paid');
    expect((await withTransaction(t.db, (tx) => markRechargePaid(tx, actor, { rechargeId: r.id, amountMinor: 2_500, currency: 'USD', gateway: 'test' }))).outcome).toBe('not_payable');
    expect((await usd(m)).available).toBe(2_500);
  });

  it('CTBC instalments add the plan fee to what is paid', async () => {
    const m = await walletMember(t);
    const plans = await get('/attractive/currency/ctcbRechargeUDFenQi?amount=3000&currency=TWD', m.headers);
    expect(plans.body.data.list.map((p: { months: number }) => p.months)).toEqual([3, 6, 12]);
    expect(plans.body.data.list[0]).toMatchObject({ fee: 4_500, total: 304_500 });
  });
});

describe('gift cards and points', () => {
  it('operators issue cards; a member gives a count of them; a card is redeemed once among 20 tries', async () => {
    const a = await walletMember(t);
    const b = await walletMember(t);
    const issued = await post('/admin/api/wallet/gift-cards/issue', { user_id: a.userId, currency: 'USD', value: 1_000, count: 3, expires_at: new Date(Date.now() + 86_400_000).toISOString(), reason: 'launch' }, owner.headers);
    expect(issued.body.code, issued.body.msg).toBe(200);
    expect((await get('/user/gift_card/list', a.headers)).body.data.list).toHaveLength(0);
    await approveRequest(t, issued.body.data.request.id);
    expect((await post('/user/gift_card/give', { account: b.userName, pay_password: PAY_PASSWORD }, a.keyed())).body.code).toBe(422);
    const give = await post('/user/gift_card/give', { account: b.userName, count: 2, value: 1_000, currency: 'USD', pay_password: PAY_PASSWORD }, a.keyed());
    expect(give.body.data.given).toBe(2);
    expect((await get('/user/gift_card/list', a.headers)).body.data.list).toHaveLength(1);
    const bCards = (await get('/user/gift_card/list', b.headers)).body.data.list;
    expect(bCards).toHaveLength(2);
    expect(bCards[0].code_masked).toMatch(/^\w{4}-\*{4}-\w{4}$/);
    const card = bCards[0].id;
    const tries = await Promise.allSettled(Array.from({ length: 20 }, () => withTransaction(t.db, (tx) => redeemGiftCard(tx, systemActor('test'), { userId: b.userId, cardId: card }))));
    expect(tries.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect((await usd(b)).available).toBe(1_000);
  });

  it('points granted by an operator show in the points log with the reason and balance after', async () => {
    const m = await walletMember(t);
    for (const [amount, reason] of [[300, 'Welcome gift'], [200, 'Survey']] as const) {
      await approveRequest(t, (await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount, reason }, owner.headers)).body.data.request.id);
    }
    const log = await get('/user/wallet/pointsLog?kind=points', m.headers);
    expect(log.body.data.list.map((l: { amount: number; balance_after: number; reason_text: string }) => [l.amount, l.balance_after, l.reason_text])).toEqual([[200, 500, 'Survey'], [300, 300, 'Welcome gift']]);
    expect((await get('/user/wallet/pointsInfo', m.headers)).body.data.points).toBe(500);
    const rewards = await get('/attractive/reward/log', m.headers);
    expect(rewards.body.data).toMatchObject({ list: [], total: 0 });
    expect(rewards.body.data.empty_text).toMatch(/rewards/i);
  });
});
