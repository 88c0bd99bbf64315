import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, type OperatorRole } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { decide as sendDecision, idleOut, signedInOperator } from '../../operators/__tests__/operator-fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { PAY_PASSWORD, tronAddressOf, walletMember } from '../../wallet/__tests__/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
const operator = (role: OperatorRole) => signedInOperator(t, role);

/** A POST with an Idempotency-Key (made unique to this run), as the console sends its decisions. */
const decide = async (url: string, body: unknown, token: string, key: string) => (await sendDecision(t, url, body, token, `${key}-${RUN}`)).body;

const get = async (url: string, token: string) => (await call(t, 'GET', url, undefined, { token })).body;
/** A second operator approves what one asked for (four eyes); the request as decided, with what it did. */
const approve = async (asked: { data: { request: { id: number } } }, token: string) => {
  const decided = await decide('/admin/api/approvals/decide', { id: asked.data.request.id, decision: 'approve' }, token, `ap-${asked.data.request.id}`);
  expect(decided.code, JSON.stringify(decided)).toBe(200);
  return decided.data;
};
const cashOf = async (token: string, memberId: number, currency: string) => {
  const accounts = (await get(`/admin/api/ledger/accounts?member_id=${memberId}`, token)).data.list as Array<{ asset: string; currency: string; balance: number }>;
  return accounts.find((a) => a.asset === 'cash' && a.currency === currency)?.balance ?? 0;
};
const auditOf = (userId: number) => t.db.selectFrom('operator_actions').selectAll().where('target_type', '=', 'user').where('target_id', '=', userId).where('action', 'like', 'adjustment.%').orderBy('id').execute();

/** Every money call of the console, with a role refused and a role let in. */
const calls: Array<{ method: 'GET' | 'POST'; url: string; body?: unknown; allowed: OperatorRole; refused: OperatorRole }> = [
  { method: 'GET', url: '/admin/api/ledger/journal', allowed: 'support', refused: 'catalogue' },
  { method: 'GET', url: '/admin/api/ledger/kinds', allowed: 'finance', refused: 'reviewer' },
  { method: 'GET', url: '/admin/api/ledger/accounts?member_id=2147483000', allowed: 'support', refused: 'catalogue' },
  { method: 'GET', url: '/admin/api/ledger/account-entries?account_id=2147483000', allowed: 'finance', refused: 'reviewer' },
  { method: 'POST', url: '/admin/api/ledger/adjustments', body: { user_id: 2147483000, asset: 'cash', currency: 'USD', amount: 100, reason: 'goodwill' }, allowed: 'finance', refused: 'support' },
  { method: 'GET', url: '/admin/api/ledger/adjustments', allowed: 'support', refused: 'catalogue' },
  { method: 'POST', url: '/admin/api/ledger/adjustments/decide', body: { id: 2147483000, decision: 'approve' }, allowed: 'finance', refused: 'support' },
  { method: 'GET', url: '/admin/api/ledger/adjustment-limits', allowed: 'finance', refused: 'reviewer' },
  { method: 'POST', url: '/admin/api/ledger/adjustment-limits', body: { currency: 'JPY', amount: 0, reason: 'every JPY adjustment is approved' }, allowed: 'owner', refused: 'finance' },
  { method: 'GET', url: '/admin/api/wallet/gift-card-batches', allowed: 'finance', refused: 'catalogue' },
  { method: 'GET', url: '/admin/api/rates/list', allowed: 'support', refused: 'catalogue' },
  { method: 'GET', url: '/admin/api/payments/methods', allowed: 'finance', refused: 'reviewer' },
  { method: 'POST', url: '/admin/api/payments/methods', body: { id: 2147483000, fee_bp: 0, fee_fixed_minor: 0, enabled: false, sort: 0, reason: 'off' }, allowed: 'owner', refused: 'finance' },
  { method: 'GET', url: '/admin/api/wallet/limits', allowed: 'finance', refused: 'catalogue' },
  { method: 'GET', url: '/admin/api/wallet/recharge-channels', allowed: 'support', refused: 'reviewer' },
  { method: 'GET', url: '/admin/api/wallet/collection-accounts', allowed: 'finance', refused: 'catalogue' },
  { method: 'GET', url: '/admin/api/wallet/banks?country_code=MY', allowed: 'finance', refused: 'reviewer' },
  { method: 'GET', url: '/admin/api/wallet/crypto-addresses', allowed: 'support', refused: 'catalogue' },
];

describe('the console’s money calls', () => {
  it('each refuses no token, a member token, an operator without the permission, and an ended operator session', async () => {
    const member = await registerMember(t);
    const ops = new Map<OperatorRole, Awaited<ReturnType<typeof operator>>>();
    for (const r of ['owner', 'finance', 'support', 'catalogue', 'reviewer'] as OperatorRole[]) ops.set(r, await operator(r));
    for (const c of calls) {
      expect((await call(t, c.method, c.url, c.body)).body.code, c.url).toBe(ResponseCode.loginRequired);
      expect((await call(t, c.method, c.url, c.body, { token: member.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
      const refused = await call(t, c.method, c.url, c.body, { token: ops.get(c.refused)!.token });
      expect(refused.status, c.url).toBe(403);
      expect(refused.body.code, c.url).toBe(ResponseCode.forbidden);
      const allowed = await call(t, c.method, c.url, c.body, { token: ops.get(c.allowed)!.token });
      expect([200, ResponseCode.notFound], c.url).toContain(allowed.body.code);
    }
    const ended = await operator('owner');
    await idleOut(t, ended.id);
    for (const c of calls) expect((await call(t, c.method, c.url, c.body, { token: ended.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
  });

  it('the journal by member and by kind, and a member’s accounts with their entries and the balance after each', async () => {
    const support = await operator('support');
    const member = await registerMember(t);
    const other = await registerMember(t);
    const first = await fund(t.db, member.user.id, 5000, 'USD');
    const second = await fund(t.db, member.user.id, 700, 'USD');
    await fund(t.db, other.user.id, 900, 'USD');
    await fund(t.db, member.user.id, 40, 'XXX', 'points');

    const mine = await get(`/admin/api/ledger/journal?member_id=${member.user.id}&limit=100`, support.token);
    expect(mine.code).toBe(200);
    expect(mine.data.total).toBe(3);
    expect(mine.data.list.map((e: { id: number }) => e.id).slice(1)).toEqual([second, first]);
    expect(mine.data.list[2].postings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ owner: member.user.user_name, member_id: member.user.id, asset: 'cash', currency: 'USD', amount: 5000 }),
        expect.objectContaining({ owner: 'gateway_clearing:test', member_id: null, amount: -5000 }),
      ]),
    );
    const byKind = await get(`/admin/api/ledger/journal?kind=recharge&member_id=${other.user.id}`, support.token);
    expect(byKind.data.list).toHaveLength(1);
    expect((await get(`/admin/api/ledger/journal?kind=transfer&member_id=${other.user.id}`, support.token)).data.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/admin/api/ledger/journal?member_id=${member.user.id}&from=${today}&to=${today}`, support.token)).data.total).toBe(3);
    expect((await get(`/admin/api/ledger/journal?member_id=${member.user.id}&to=2020-01-01`, support.token)).data.total).toBe(0);
    expect((await get('/admin/api/ledger/kinds', support.token)).data.list).toContain('recharge');

    const accounts = (await get(`/admin/api/ledger/accounts?member_id=${member.user.id}`, support.token)).data.list;
    expect(accounts).toEqual([
      expect.objectContaining({ asset: 'cash', currency: 'USD', balance: 5700, frozen: 0, entries: 2 }),
      expect.objectContaining({ asset: 'points', currency: 'XXX', balance: 40, entries: 1 }),
    ]);
    const lines = await get(`/admin/api/ledger/account-entries?account_id=${accounts[0].id}`, support.token);
    expect(lines.data.list.map((l: { entry_id: number; amount: number; balance_after: number }) => [l.entry_id, l.amount, l.balance_after])).toEqual([
      [second, 700, 5700],
      [first, 5000, 5000],
    ]);
    const system = await t.db.selectFrom('ledger_accounts').select('id').where('owner_kind', '=', 'system').executeTakeFirstOrThrow();
    expect((await get(`/admin/api/ledger/account-entries?account_id=${system.id}`, support.token)).code).toBe(ResponseCode.notFound);
  });

  it('an adjustment within the limit is posted at once, audited with its reason; a double-click with one key is one adjustment', async () => {
    const [owner, finance] = [await operator('owner'), await operator('finance')];
    const member = await registerMember(t);
    expect((await decide('/admin/api/ledger/adjustment-limits', { currency: 'USD', amount: 10_000, reason: 'desk limit' }, owner.token, 'limit-usd')).data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'USD', amount: 10_000, updated_by: owner.recordedAs })]),
    );
    const body = { user_id: member.user.id, asset: 'cash', currency: 'usd', amount: 2500, reason: 'Courier lost the parcel' };
    const [a, b] = await Promise.all([
      decide('/admin/api/ledger/adjustments', body, finance.token, `adj-${member.user.id}`),
      decide('/admin/api/ledger/adjustments', body, finance.token, `adj-${member.user.id}`),
    ]);
    for (const r of [a, b]) expect([200, ResponseCode.requestInProgress], JSON.stringify(r)).toContain(r.code);
    const again = await decide('/admin/api/ledger/adjustments', body, finance.token, `adj-${member.user.id}`);
    expect(again).toMatchObject({ code: 200, data: { status: 'posted', amount: 2500, currency: 'USD', requested_by: finance.recordedAs, decided_by: null } });
    expect(await cashOf(finance.token, member.user.id, 'USD')).toBe(2500);
    const rows = await t.db.selectFrom('ledger_adjustments').selectAll().where('user_id', '=', member.user.id).execute();
    expect(rows).toHaveLength(1);
    const entry = await t.db.selectFrom('journal_entries').selectAll().where('id', '=', again.data.entry_id).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'adjustment', memo: 'Courier lost the parcel', actor_kind: 'operator' });
    expect(await auditOf(member.user.id)).toEqual([expect.objectContaining({ action: `adjustment.post #${rows[0]!.id} cash 25.00 USD`, reason: 'Courier lost the parcel', operator: finance.recordedAs })]);

    // A debit takes the member down, never below zero.
    const tooMuch = await decide('/admin/api/ledger/adjustments', { ...body, amount: -3000, reason: 'Duplicate credit' }, finance.token, `adj-neg-${member.user.id}`);
    expect(tooMuch.code).toBe(ResponseCode.insufficientBalance);
    expect((await decide('/admin/api/ledger/adjustments', { ...body, amount: -500, reason: 'Duplicate credit' }, finance.token, `adj-neg2-${member.user.id}`)).data.status).toBe('posted');
    expect(await cashOf(finance.token, member.user.id, 'USD')).toBe(2000);
    // A reason is required; points keep no currency.
    expect((await decide('/admin/api/ledger/adjustments', { ...body, reason: ' ' }, finance.token, `adj-r-${member.user.id}`)).code).toBe(ResponseCode.validation);
    expect((await decide('/admin/api/ledger/adjustments', { ...body, asset: 'points', currency: 'USD' }, finance.token, `adj-p-${member.user.id}`)).code).toBe(ResponseCode.currencyUnsupported);
  });

  it('cash is adjusted only in a currency the wallet offers, and a points adjustment with a wrong currency says what is wrong', async () => {
    const [asker, second] = [await operator('finance'), await operator('finance')];
    const member = await registerMember(t);
    // JPY is a known currency but not one of the wallet's: refused at once, with the currency named.
    const jpy = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'cash', currency: 'JPY', amount: 10, reason: 'probe' }, asker.token, `jpy-${member.user.id}`);
    expect(jpy).toMatchObject({ code: ResponseCode.currencyUnsupported, msg: 'The wallet does not hold JPY: adjust cash only in a currency the wallet offers' });
    // One asked for before the wallet stopped offering its currency is refused at approval too.
    const usd = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'cash', currency: 'MYR', amount: 1_000_000, reason: 'big one' }, asker.token, `myr-${member.user.id}`);
    expect(usd.data.status).toBe('pending');
    await t.db.updateTable('wallet_currencies').set({ enabled: false }).where('currency', '=', 'MYR').execute();
    try {
      expect((await decide('/admin/api/ledger/adjustments/decide', { id: usd.data.id, decision: 'approve' }, second.token, `myr-ap-${usd.data.id}`)).code).toBe(ResponseCode.currencyUnsupported);
    } finally {
      await t.db.updateTable('wallet_currencies').set({ enabled: true }).where('currency', '=', 'MYR').execute();
    }
    expect(await cashOf(asker.token, member.user.id, 'JPY')).toBe(0);
    expect(await cashOf(asker.token, member.user.id, 'MYR')).toBe(0);
    // Points: a currency sent, or cash without one, each said plainly (no blank currency in the message).
    const points = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'points', currency: 'USD', amount: 10, reason: 'probe' }, asker.token, `pts-usd-${member.user.id}`);
    expect(points).toMatchObject({ code: ResponseCode.currencyUnsupported, msg: 'Points have no currency: send the adjustment without one' });
    const none = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'cash', amount: 10, reason: 'probe' }, asker.token, `cash-none-${member.user.id}`);
    expect(none).toMatchObject({ code: ResponseCode.currencyUnsupported, msg: 'Choose the currency of the cash adjustment' });
  });

  it('the Approvals page’s threshold of balance adjustments is the one adjustments follow, and both pages show it', async () => {
    const [owner, finance] = [await operator('owner'), await operator('finance')];
    const member = await registerMember(t);
    // CNY has no limit of its own yet: every adjustment would wait.
    // Set from the table as read (the pair's version, none while it has no row), as the console does.
    const listed = (await get('/admin/api/approvals/limits', owner.token)).data.list.find((l: { kind: string; currency: string }) => l.kind === 'ledger.adjust' && l.currency === 'CNY');
    const set = await decide('/admin/api/approvals/limits/set', { kind: 'ledger.adjust', currency: 'CNY', auto_up_to: 10_000, daily_limit: null, base_updated_at: listed?.updated_at, reason: 'desk limit for yuan' }, owner.token, 'approvals-limit-cny');
    expect(set.code, set.msg).toBe(200);
    // The limits set are facts the console words (it read `setting.approval_limit ledger.adjust CNY auto=10000 daily=none`).
    const limitSet = await t.db.selectFrom('operator_actions').select(['action', 'reason', 'facts']).where('operator', '=', owner.recordedAs).where('action', 'like', 'setting.approval_limit%').execute();
    expect(limitSet).toEqual([{ action: 'setting.approval_limit', reason: 'desk limit for yuan', facts: { key: 'approval_limit', kind: 'ledger.adjust', currency: 'CNY', auto_up_to: 10_000, daily_limit: null } }]);
    expect((await get('/admin/api/ledger/adjustment-limits', finance.token)).data.list).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'CNY', amount: 10_000 })]));
    const small = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'cash', currency: 'CNY', amount: 6000, reason: 'Courier refund' }, finance.token, `cny-small-${member.user.id}`);
    expect(small).toMatchObject({ code: 200, data: { status: 'posted' } });
    const big = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'cash', currency: 'CNY', amount: 10_001, reason: 'Goodwill' }, finance.token, `cny-big-${member.user.id}`);
    expect(big).toMatchObject({ code: 200, data: { status: 'pending' } });

    // Changed on the Adjustments page, the Approvals page shows the same threshold.
    await decide('/admin/api/ledger/adjustment-limits', { currency: 'CNY', amount: 500, reason: 'tighter' }, owner.token, 'limit-cny-tighter');
    const limits = (await get('/admin/api/approvals/limits', owner.token)).data.list as Array<{ kind: string; currency: string; auto_up_to: number | null }>;
    expect(limits.find((l) => l.kind === 'ledger.adjust' && l.currency === 'CNY')).toMatchObject({ auto_up_to: 500 });
    expect((await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'cash', currency: 'CNY', amount: 600, reason: 'Courier refund' }, finance.token, `cny-after-${member.user.id}`)).data.status).toBe('pending');
  });

  it('above the limit an adjustment waits for a second operator: not its requester; of two approvals at once one posts; a rejection needs a reason', async () => {
    const [owner, asker, second, third] = [await operator('owner'), await operator('finance'), await operator('finance'), await operator('owner')];
    const member = await registerMember(t);
    await decide('/admin/api/ledger/adjustment-limits', { currency: 'XXX', amount: 100, reason: 'points desk limit' }, owner.token, 'limit-xxx');
    const big = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'points', amount: 5000, reason: 'Campaign prize' }, asker.token, `big-${member.user.id}`);
    expect(big).toMatchObject({ code: 200, data: { status: 'pending', currency: 'XXX', entry_id: null } });
    const id = big.data.id as number;
    const queue = await get('/admin/api/ledger/adjustments?status=pending&limit=100', second.token);
    expect(queue.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ user_name: member.user.user_name, amount: 5000, reason: 'Campaign prize' });

    const own = await decide('/admin/api/ledger/adjustments/decide', { id, decision: 'approve' }, asker.token, `own-${id}`);
    expect(own.code).toBe(ResponseCode.adjustmentOwnApproval);
    expect(own.msg).toBe('Another operator must approve an adjustment you asked for');

    const [x, y] = await Promise.all([
      decide('/admin/api/ledger/adjustments/decide', { id, decision: 'approve', reason: 'checked the campaign list' }, second.token, `appr-a-${id}`),
      decide('/admin/api/ledger/adjustments/decide', { id, decision: 'approve' }, third.token, `appr-b-${id}`),
    ]);
    expect([x.code, y.code].sort()).toEqual([200, ResponseCode.requestNotPending].sort());
    const posted = (x.code === 200 ? x : y).data;
    expect(posted).toMatchObject({ status: 'posted', requested_by: asker.recordedAs });
    expect([second.recordedAs, third.recordedAs]).toContain(posted.decided_by);
    const points = (await get(`/admin/api/ledger/accounts?member_id=${member.user.id}`, second.token)).data.list.find((a: { asset: string }) => a.asset === 'points');
    expect(points.balance).toBe(5000);
    expect(await t.db.selectFrom('journal_entries').select('id').where('reference_type', '=', 'adjustment').where('reference_id', '=', String(id)).execute()).toHaveLength(1);

    const cash = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'cash', currency: 'MYR', amount: 1, reason: 'No MYR limit set' }, asker.token, `myr-${member.user.id}`);
    expect(cash.data.status).toBe('pending');
    expect((await decide('/admin/api/ledger/adjustments/decide', { id: cash.data.id, decision: 'reject' }, second.token, `rej-a-${cash.data.id}`)).code).toBe(ResponseCode.reasonRequired);
    const rejected = await decide('/admin/api/ledger/adjustments/decide', { id: cash.data.id, decision: 'reject', reason: 'Not owed' }, second.token, `rej-b-${cash.data.id}`);
    expect(rejected.data).toMatchObject({ status: 'rejected', decided_by: second.recordedAs, decision_reason: 'Not owed', entry_id: null });
    expect(await cashOf(second.token, member.user.id, 'MYR')).toBe(0);
    expect((await get(`/admin/api/ledger/adjustments?status=rejected&user_id=${member.user.id}`, second.token)).data.list.map((r: { id: number }) => r.id)).toEqual([cash.data.id]);

    expect((await auditOf(member.user.id)).map((a) => [a.action.split(' ')[0], a.operator])).toEqual([
      ['adjustment.request', asker.recordedAs],
      ['adjustment.approve', posted.decided_by],
      ['adjustment.request', asker.recordedAs],
      ['adjustment.reject', second.recordedAs],
    ]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('the audit log writes adjustments and their limits in currency units, and points as points', async () => {
    const [owner, asker, second] = [await operator('owner'), await operator('finance'), await operator('finance')];
    const member = await registerMember(t);
    await decide('/admin/api/ledger/adjustment-limits', { currency: 'USD', amount: 10_000, reason: 'desk limit' }, owner.token, 'limit-usd-audit');
    await decide('/admin/api/ledger/adjustment-limits', { currency: 'XXX', amount: 10, reason: 'points desk limit' }, owner.token, 'limit-xxx-audit');
    const limits = await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('action', 'like', 'setting.adjustment_limit%').where('reason', 'in', ['desk limit', 'points desk limit']).orderBy('id', 'desc').limit(2).execute();
    // The currency and the amount (minor units, points as points) are facts the console words as money.
    expect(limits).toEqual([
      { action: 'setting.adjustment_limit', facts: { key: 'adjustment_limit', currency: 'XXX', amount: 10 } },
      { action: 'setting.adjustment_limit', facts: { key: 'adjustment_limit', currency: 'USD', amount: 10_000 } },
    ]);
    const cash = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'cash', currency: 'USD', amount: 30, reason: 'Rounding' }, asker.token, `audit-cash-${member.user.id}`);
    const points = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'points', amount: 25, reason: 'Prize' }, asker.token, `audit-pts-${member.user.id}`);
    const taken = await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'points', amount: -25, reason: 'Prize twice' }, asker.token, `audit-pts-neg-${member.user.id}`);
    expect([cash.data.status, points.data.status, taken.data.status]).toEqual(['posted', 'pending', 'pending']);
    await decide('/admin/api/ledger/adjustments/decide', { id: points.data.id, decision: 'approve' }, second.token, `audit-ap-${points.data.id}`);
    expect((await auditOf(member.user.id)).map((a) => a.action)).toEqual([
      `adjustment.post #${cash.data.id} cash 0.30 USD`,
      `adjustment.request #${points.data.id} points 25 points`,
      `adjustment.request #${taken.data.id} points -25 points`,
      `adjustment.approve #${points.data.id} points 25 points`,
    ]);
  });

  it('gift-card batches are listed with their member and how many cards are used up', async () => {
    const finance = await operator('finance');
    const member = await registerMember(t);
    const issued = await decide('/admin/api/wallet/gift-cards/issue', { user_id: member.user.id, currency: 'USD', value: 1000, count: 3, expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(), reason: 'Launch gift' }, finance.token, `gc-${member.user.id}`);
    expect(issued.code).toBe(200);
    expect((await get(`/admin/api/wallet/gift-card-batches?user_id=${member.user.id}`, finance.token)).data.total).toBe(0);
    const approver = await operator('finance');
    const { result } = await approve(issued, approver.token);
    const list = await get(`/admin/api/wallet/gift-card-batches?user_id=${member.user.id}`, finance.token);
    expect(list.data).toMatchObject({ total: 1, list: [{ id: result.batch_id, user_name: member.user.user_name, currency: 'USD', value: 1000, count: 3, redeemed: 0, reason: 'Launch gift', created_by: approver.recordedAs }] });
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('the journal, adjustments and gift-card batches are searched, sorted and exported as CSV', async () => {
    const finance = await operator('finance');
    const approver = await operator('finance');
    const member = await registerMember(t);
    const other = await registerMember(t);
    for (const [who, value, why] of [[member, 500, `Spring gift ${RUN}`], [member, 2500, `Anniversary ${RUN}`], [other, 900, `Other gift ${RUN}`]] as const) {
      const issued = await decide('/admin/api/wallet/gift-cards/issue', { user_id: who.user.id, currency: 'USD', value, count: 1, expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(), reason: why }, finance.token, `gcs-${who.user.id}-${value}`);
      expect(issued.code).toBe(200);
      await approve(issued, approver.token);
    }
    // By the member's name or number, or by the reason; sorted by value.
    const batches = async (q: string, sort = '') => (await get(`/admin/api/wallet/gift-card-batches?q=${encodeURIComponent(q)}${sort}`, finance.token)).data.list.map((b: { value: number }) => b.value);
    expect(await batches(member.user.user_name, '&sort=value&order=desc')).toEqual([2500, 500]);
    // By the member's number: theirs, and any whose member's name or reason holds those digits.
    const number = String(other.user.id);
    const byNumber = await batches(number);
    expect(byNumber).toContain(900);
    const holds = (text: string) => text.toLowerCase().includes(number);
    if (!holds(member.user.user_name) && !holds(`Anniversary ${RUN}`) && member.user.id !== other.user.id) expect(byNumber).not.toContain(2500);
    expect(await batches(`anniversary ${RUN}`)).toEqual([2500]);
    const file = await t.app.inject({ method: 'GET', url: `/admin/api/wallet/gift-card-batches/export?q=${member.user.user_name}&sort=value&order=asc`, headers: { authorization: `Bearer ${finance.token}` } });
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('5.00');

    // Adjustments by member and reason, sorted by amount.
    await fund(t.db, member.user.id, 10_000, 'USD');
    for (const [amount, why] of [[300, `Late parcel ${RUN}`], [-200, `Duplicate credit ${RUN}`]] as const)
      expect((await decide('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'cash', currency: 'USD', amount, reason: why }, finance.token, `adjs-${amount}`)).code).toBe(200);
    const adjustments = async (q: string, status: string) => (await get(`/admin/api/ledger/adjustments?status=${status}&q=${encodeURIComponent(q)}&sort=amount&order=asc`, finance.token)).data.list.map((a: { amount: number }) => a.amount);
    const status = (await get(`/admin/api/ledger/adjustments?status=pending&q=${member.user.user_name}`, finance.token)).data.total ? 'pending' : 'posted';
    expect(await adjustments(member.user.user_name, status)).toEqual([-200, 300]);
    expect(await adjustments(`late parcel ${RUN}`, status)).toEqual([300]);
    expect((await t.app.inject({ method: 'GET', url: `/admin/api/ledger/adjustments/export?status=${status}&q=${member.user.user_name}`, headers: { authorization: `Bearer ${finance.token}` } })).body).toContain(`Duplicate credit ${RUN}`);

    // The journal by its memo, oldest first when asked.
    for (const who of [member, other]) await approve(await decide('/admin/api/wallet/points/grant', { user_id: who.user.id, kind: 'points', amount: 50, reason: `Contest ${RUN}` }, finance.token, `pts-${who.user.id}`), approver.token);
    const journal = (await get(`/admin/api/ledger/journal?q=${encodeURIComponent(`contest ${RUN}`)}&sort=id&order=asc`, finance.token)).data.list as Array<{ id: number; kind: string; memo: string }>;
    expect(journal.map((e) => [e.kind, e.memo])).toEqual([['points.grant', `Contest ${RUN}`], ['points.grant', `Contest ${RUN}`]]);
    expect(journal[0]!.id).toBeLessThan(journal[1]!.id);
    const newest = (await get(`/admin/api/ledger/journal?q=${encodeURIComponent(`contest ${RUN}`)}&sort=id&order=desc`, finance.token)).data.list as Array<{ id: number }>;
    expect(newest.map((e) => e.id)).toEqual([journal[1]!.id, journal[0]!.id]);
    const csv = await t.app.inject({ method: 'GET', url: `/admin/api/ledger/journal/export?member_id=${member.user.id}`, headers: { authorization: `Bearer ${finance.token}` } });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n').filter(Boolean).length).toBeGreaterThan(1);
    // The reference column names what the entry is about (a gift-card batch, an adjustment…), not a refund.
    const [header] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.split(',')).toContain('Reference');
    expect(header).not.toContain('Refund no.');
    expect(csv.body).toMatch(/,points\.grant,[a-z_]+:\d+,/);
  });

  it('the money settings: an operator rate wins over the feed; a payment method’s fee changed and audited; limits, channels, accounts, banks and the address pool listed', async () => {
    const owner = await operator('owner');
    const rates = (await get('/admin/api/rates/list', owner.token)).data;
    const eurMyr = rates.list.find((r: { base: string; quote: string }) => r.base === 'EUR' && r.quote === 'MYR');
    expect(eurMyr).toMatchObject({ effective: 'ecb', operator: null });
    expect(eurMyr.ecb.rate).toMatch(/^\d+(\.\d+)?$/);
    await approve(await decide('/admin/api/rates/set', { base: 'EUR', quote: 'MYR', rate: '4.9', reason: 'bank quote' }, owner.token, 'rate-eur-myr'), (await operator('finance')).token);
    const after = (await get('/admin/api/rates/list', owner.token)).data.list.find((r: { base: string; quote: string }) => r.base === 'EUR' && r.quote === 'MYR');
    expect(after).toMatchObject({ effective: 'operator', operator: { rate: '4.9', date: rates.date }, ecb: eurMyr.ecb });

    const methods = (await get('/admin/api/payments/methods', owner.token)).data.list;
    expect(methods.length).toBeGreaterThan(0);
    const m = methods[0];
    // Saved from the row as listed: it names the version it read.
    const changed = await decide('/admin/api/payments/methods', { id: m.id, fee_bp: 250, fee_fixed_minor: 30, enabled: !m.enabled, sort: m.sort, base_updated_at: m.updated_at, reason: 'new gateway price list' }, owner.token, `pm-${m.id}`);
    expect(changed).toMatchObject({ code: 200, data: { id: m.id, fee_bp: 250, fee_fixed_minor: 30, enabled: !m.enabled, updated_by: owner.recordedAs } });
    const recorded = await t.db.selectFrom('operator_actions').selectAll().where('target_type', '=', 'setting').where('target_id', '=', m.id).where('action', 'like', 'setting.pay_method%').execute();
    // What was saved is a fact the console words (it read `setting.pay_method #3 fee=250bp+30 on sort=1`).
    expect(recorded).toEqual([
      expect.objectContaining({
        action: 'setting.pay_method',
        operator: owner.recordedAs,
        reason: 'new gateway price list',
        facts: { key: 'pay_method', code: m.code, currency: m.currency, fee_bp: 250, fee_fixed: 30, enabled: !m.enabled, sort: m.sort },
      }),
    ]);
    expect((await decide('/admin/api/payments/methods', { id: m.id, fee_bp: m.fee_bp, fee_fixed_minor: m.fee_fixed_minor, enabled: m.enabled, sort: m.sort, base_updated_at: changed.data.updated_at, reason: 'back as it was' }, owner.token, `pm-back-${m.id}`)).code).toBe(200);

    // Every money setting is saved with its reason (refused without one, nothing changed), and recorded with it.
    const listed = (await get('/admin/api/wallet/limits', owner.token)).data.list.find((l: { currency: string; kind: string }) => l.currency === 'MYR' && l.kind === 'withdraw_bank');
    const limit = { currency: 'MYR', kind: 'withdraw_bank', fee_bp: 100, fee_fixed: 200, min: 1000, max: 500000, daily_count: 3, daily_amount: 1000000, base_updated_at: listed?.updated_at };
    expect((await decide('/admin/api/wallet/limits', limit, owner.token, 'limit-myr-no-reason')).code).toBe(ResponseCode.validation);
    expect((await get('/admin/api/wallet/limits', owner.token)).data.list).not.toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'MYR', kind: 'withdraw_bank', fee_bp: 100, fee_fixed: 200 })]));
    expect((await decide('/admin/api/wallet/limits', { ...limit, reason: 'bank raised its fee' }, owner.token, 'limit-myr')).code).toBe(200);
    expect(await t.db.selectFrom('operator_actions').select(['operator', 'reason']).where('action', '=', 'wallet_limit.set').where(sql<string>`facts->>'currency'`, '=', 'MYR').where(sql<string>`facts->>'kind'`, '=', 'withdraw_bank').execute()).toEqual([
      { operator: owner.recordedAs, reason: 'bank raised its fee' },
    ]);
    expect((await get('/admin/api/wallet/limits', owner.token)).data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'MYR', kind: 'withdraw_bank', fee_bp: 100, fee_fixed: 200, min_minor: 1000, max_minor: 500000, daily_count: 3 })]),
    );
    expect((await get('/admin/api/wallet/recharge-channels', owner.token)).data.list.length).toBeGreaterThan(0);
    // Where members send money is added when a second operator approves it, recorded as added by the one who asked.
    const checker = await operator('finance');
    const account = await approve(await decide('/admin/api/wallet/collection-accounts', { currency: 'MYR', bank_name: 'Maybank', account_name: 'Shop Sdn Bhd', account_number: '5140 1234 5678', branch: '', reason: 'new company account' }, owner.token, 'ca-myr'), checker.token);
    expect((await get('/admin/api/wallet/collection-accounts', owner.token)).data.list).toEqual(expect.arrayContaining([expect.objectContaining({ id: account.result.id, bank_name: 'Maybank', created_by: owner.recordedAs })]));
    const banks = (await get('/admin/api/wallet/banks?country_code=my', owner.token)).data.list;
    expect(banks.map((b: { code: string }) => b.code)).toContain('MBBEMYKL');
    expect(banks.every((b: { country_code: string }) => b.country_code === 'MY')).toBe(true);

    const network = `T${RUN}`.slice(0, 20).toUpperCase();
    const addresses = [`TQ${RUN}aaaaaaaaaaaaaaaaaaaaaaaa`, `TQ${RUN}bbbbbbbbbbbbbbbbbbbbbbbb`];
    expect((await approve(await decide('/admin/api/wallet/crypto-addresses', { network, addresses, reason: 'new hot wallet batch' }, owner.token, 'pool'), checker.token)).result).toEqual({ added: 2 });
    const pool = (await get(`/admin/api/wallet/crypto-addresses?network=${network}&assigned=no`, owner.token)).data;
    expect(pool.list.map((a: { address: string }) => a.address).sort()).toEqual(addresses.sort());
    expect(pool.networks).toEqual(expect.arrayContaining([{ network, total: 2, free: 2 }]));
  });

  it('a bank-transfer confirmation and a withdrawal’s approval and payout, each sent twice at once with one key, are one decision each', async () => {
    const finance = await operator('finance');
    const m = await walletMember(t, { usd: 10_000 });
    const recharge = await t.db
      .insertInto('recharge_orders')
      .values({ order_no: `RC${RUN}${m.userId}`, user_id: m.userId, channel: 'bank_transfer', kind: 'bank_transfer', status: 'under_review', pay_currency: 'USD', pay_amount: 12_345, wallet_currency: 'USD', credit_amount: 12_345, rate: '1', rate_source: 'identity', rate_date: new Date().toISOString().slice(0, 10), slip: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const second = await operator('finance');
    const twice = async (url: string, body: unknown, key: string, token = finance.token) => {
      const replies = await Promise.all([decide(url, body, token, key), decide(url, body, token, key)]);
      for (const r of replies) expect([200, ResponseCode.requestInProgress], JSON.stringify(r)).toContain(r.code);
      return decide(url, body, token, key);
    };
    // Crediting money and releasing it are explained: without a reason, refused and nothing moves.
    expect((await decide('/admin/api/wallet/recharges/confirm', { id: recharge.id }, finance.token, `rc-none-${recharge.id}`)).code).toBe(ResponseCode.validation);
    expect(await cashOf(finance.token, m.userId, 'USD')).toBe(10_000);
    const confirmation = await twice('/admin/api/wallet/recharges/confirm', { id: recharge.id, reason: 'slip matches the statement' }, `rc-${recharge.id}`);
    expect(confirmation.data).toMatchObject({ request: { status: 'pending' }, result: null });
    expect(await cashOf(finance.token, m.userId, 'USD')).toBe(10_000);
    expect((await twice('/admin/api/approvals/decide', { id: confirmation.data.request.id, decision: 'approve' }, `rca-${recharge.id}`, second.token)).data.status).toBe('approved');
    expect(await cashOf(finance.token, m.userId, 'USD')).toBe(10_000 + 12_345);

    const asked = await t.app.inject({ method: 'POST', url: '/coin/withdraw/create', remoteAddress: '10.0.0.1', headers: { ...m.keyed(), 'content-type': 'application/json' }, payload: JSON.stringify({ network: 'TRC20', address: tronAddressOf(`${RUN}-${m.userId}-money-console`), amount: '50', currency: 'USD', pay_password: PAY_PASSWORD }) });
    const w = asked.json().data as { id: number };
    expect((await decide('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: '  ' }, finance.token, `wa-none-${w.id}`)).code).toBe(ResponseCode.validation);
    expect((await twice('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'address checked' }, `wa-${w.id}`)).data.status).toBe('approved');
    expect((await twice('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'TRX-ONCE-0001' }, `wp-${w.id}`, second.token)).data).toMatchObject({ status: 'paid', payout_reference: 'TRX-ONCE-0001' });
    expect(await cashOf(finance.token, m.userId, 'USD')).toBe(10_000 + 12_345 - 5_000 - 100);
    const decided = await t.db
      .selectFrom('operator_actions')
      .select('action')
      .where((eb) => eb.or([eb.and([eb('target_type', '=', 'recharge'), eb('target_id', '=', recharge.id)]), eb.and([eb('target_type', '=', 'withdrawal'), eb('target_id', '=', w.id)])]))
      .orderBy('id')
      .execute();
    expect(decided.map((a) => a.action)).toEqual(['recharge.confirm', 'withdrawal.approved', 'withdrawal.paid']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
