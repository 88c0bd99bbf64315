import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { accountHooks } from '../../members/member-hooks.js';
import { call, freshIp, latestCode, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { opsOperators } from '../../../ops/__tests__/ops-operators.js';
import { operatorCliActor, systemActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { ledgerCheck, post, releaseHold, reserveHold } from '../../ledger/ledger.service.js';
import type { Asset } from '../../ledger/ledger.table.js';
import { cancellationQueue } from '../../../console/console.service.js';

let t: TestApp;
let ids: Record<string, number> = {};
/** How a command-line operator's decisions are recorded: as the console records them, `name#id`. */
const recordedAs = (name: string) => `${name}#${ids[name]}`;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  // The console operators the commands run as (`--by`, else the default name).
  ids = await opsOperators(t.db, { ops: 'owner', carol: 'support', dave: 'support', erin: 'support', frank: 'support' });
});
afterAll(() => t.close());

const apply = (token: string, body: Record<string, unknown> = { agree: true }) => call(t, 'POST', '/user/cancel_account/apply', body, { token });
const info = async (token: string) => (await call(t, 'GET', '/user/cancel_account/info', undefined, { token })).body.data;

describe('account cancellation', () => {
  it('needs the agreement, waits for review, can be withdrawn, and can be reapplied after a rejection', async () => {
    const m = await registerMember(t);
    expect((await apply(m.token, {})).body).toMatchObject({ code: ResponseCode.agreementRequired, msg: 'Please tick the relevant agreement' });
    expect((await apply(m.token)).body.data).toMatchObject({ request: { status: 'pending' }, blocked: false });
    expect((await apply(m.token)).body.code).toBe(ResponseCode.cancellationState);
    expect((await apply(m.token, { action: 'withdraw' })).body.data.request.status).toBe('withdrawn');
    const id = (await apply(m.token)).body.data.request.id as number;
    await runOpsCommand(t.db, ['cancel', 'reject', String(id), '--reason', 'Balance left'], 'carol');
    expect(await info(m.token)).toMatchObject({ request: { status: 'rejected', reason: 'Balance left' } });
    expect((await apply(m.token, { action: 'withdraw' })).body.code).toBe(ResponseCode.cancellationState);
    expect((await apply(m.token)).body.data.request.status).toBe('pending');
  });

  it('after approval, the e-mailed code closes the account and every session answers 2001', async () => {
    const m = await registerMember(t);
    const other = (await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body.data.token;
    const id = (await apply(m.token)).body.data.request.id as number;
    expect((await call(t, 'POST', '/user/cancel_account/confirm', { code: '123456' }, { token: m.token })).body.code).toBe(ResponseCode.cancellationState);
    expect(await runOpsCommand(t.db, ['cancel', 'approve', String(id), '--by', 'dave'], 'ops')).toContain('approved');
    await call(t, 'POST', '/user/send_code_with_token', { type: 'cancel' }, { token: m.token });
    const code = await latestCode(t, m.email);
    const confirmed = await call(t, 'POST', '/user/cancel_account/confirm', { code }, { token: m.token });
    expect(confirmed.body.code).toBe(200);
    for (const token of [m.token, other]) expect((await call(t, 'GET', '/user/info/index', undefined, { token })).body.code).toBe(ResponseCode.tokenInvalid);
    const login = await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() });
    expect(login.body.code).toBe(ResponseCode.loginFailed);
    const row = await t.db.selectFrom('account_cancellations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', reviewed_by: recordedAs('dave') });
  });

  it('is blocked while orders are not confirmed for delivery', async () => {
    const m = await registerMember(t);
    // Stands in for the orders area's check until its table exists: a real table, a real query.
    await t.db.schema.createTable('pending_deliveries_probe').addColumn('user_id', 'bigint').execute();
    const blocker = {
      reason: 'open_orders' as const,
      blocks: async (db: typeof t.db, userId: number) => !!(await (db as any).selectFrom('pending_deliveries_probe').select('user_id').where('user_id', '=', userId).executeTakeFirst()),
    };
    accountHooks.cancellationBlockers.push(blocker);
    try {
      await (t.db as any).insertInto('pending_deliveries_probe').values({ user_id: m.user.id }).execute();
      expect(await info(m.token)).toMatchObject({ blocked: true, open_orders: true });
      expect((await apply(m.token)).body).toMatchObject({
        code: ResponseCode.ordersNotConfirmed,
        msg: 'Your account still has open orders: pay or cancel the unpaid ones and confirm receipt of the others',
      });
      await (t.db as any).deleteFrom('pending_deliveries_probe').execute();
      expect((await apply(m.token)).body.code).toBe(200);
    } finally {
      accountHooks.cancellationBlockers.splice(accountHooks.cancellationBlockers.indexOf(blocker), 1);
    }
  });
});

let moves = 0;
/** Value given to (positive) or taken from (negative) a member's account, from the shop's promotions account. */
const move = (memberId: number, asset: Asset, currency: string, amount: number) =>
  withTransaction(t.db, (tx) =>
    post(tx, {
      kind: 'test.move',
      reference: { type: 'test-member', id: memberId },
      idempotencyKey: `test-closing-${memberId}-${++moves}`,
      actor: systemActor('test'),
      postings: [
        { account: { member: memberId, asset, currency }, amount },
        { account: { system: 'promotions', asset, currency }, amount: -amount },
      ],
    }),
  );

describe('closing an account with money or points in it', () => {
  it('money blocks applying and confirming, told with the amounts; points are shown, then given up to the ledger at closing', async () => {
    const m = await registerMember(t);
    await move(m.user.id, 'points', 'XXX', 5000);
    await move(m.user.id, 'shopping_points', 'XXX', 3000);
    await move(m.user.id, 'gift_card', 'USD', 2000);
    await move(m.user.id, 'cash', 'THB', 12_345);

    expect(await info(m.token)).toMatchObject({
      blocked: true,
      open_orders: false,
      money: expect.arrayContaining([{ kind: 'gift_card', currency: 'USD', amount: 2000 }, { kind: 'cash', currency: 'THB', amount: 12_345 }]),
      forfeited: { points: 5000, shopping_points: 3000 },
    });
    const refused = await apply(m.token);
    expect(refused.body.code).toBe(ResponseCode.moneyLeft);
    expect(refused.body.msg).toMatch(/^Withdraw or spend your balance first: /);
    expect(refused.body.msg).toContain('USD 20.00 gift card');
    expect(refused.body.msg).toContain('THB 123.45 balance');
    expect(refused.body.data.money).toHaveLength(2);
    const inChinese = await call(t, 'POST', '/user/cancel_account/apply', { agree: true }, { token: m.token, lang: 'zh-cn' });
    expect(inChinese.body.msg).toContain('请先提现或用完余额');
    expect(inChinese.body.msg).toContain('礼品卡 USD 20.00');
    expect(await t.db.selectFrom('account_cancellations').select('id').where('user_id', '=', m.user.id).execute()).toEqual([]);

    // Spent and withdrawn: the request goes in; the points are still shown as what closing gives up.
    await move(m.user.id, 'gift_card', 'USD', -2000);
    await move(m.user.id, 'cash', 'THB', -12_345);
    const applied = await apply(m.token);
    expect(applied.body.data).toMatchObject({ request: { status: 'pending' }, blocked: false, money: [], forfeited: { points: 5000, shopping_points: 3000 } });
    const id = applied.body.data.request.id as number;

    // The reviewer sees the member's money and points in the queue.
    const queue = await cancellationQueue(t.db, operatorCliActor('ops'), { status: 'pending', q: m.user.user_name, page: 1, limit: 20 });
    expect(queue.list.find((r) => r.id === id)?.balances).toEqual({ money: [], forfeited: { points: 5000, shopping_points: 3000 } });
    await runOpsCommand(t.db, ['cancel', 'approve', String(id), '--by', 'dave'], 'ops');

    // Money arrives between approval and confirmation (a withdrawal under way counts too): closing is refused, the code kept.
    await move(m.user.id, 'cash', 'USD', 300);
    const hold = await withTransaction(t.db, (tx) => reserveHold(tx, { account: { member: m.user.id, asset: 'cash', currency: 'USD' }, amount: 300, reference: { type: 'withdrawal', id: `W-${id}` }, idempotencyKey: `test-closing-hold-${id}`, actor: systemActor('test') }));
    await call(t, 'POST', '/user/send_code_with_token', { type: 'cancel' }, { token: m.token });
    const code = await latestCode(t, m.email);
    const late = await call(t, 'POST', '/user/cancel_account/confirm', { code }, { token: m.token });
    expect(late.body).toMatchObject({ code: ResponseCode.moneyLeft, msg: 'Withdraw or spend your balance first: USD 3.00 in a withdrawal under way' });
    const queued = await cancellationQueue(t.db, operatorCliActor('ops'), { status: 'approved', q: m.user.user_name, page: 1, limit: 20 });
    expect(queued.list.find((r) => r.id === id)?.balances.money).toEqual([{ kind: 'withdrawal', currency: 'USD', amount: 300 }]);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.code).toBe(200);

    // The withdrawal fails back and the money is spent: the same code closes the account, the points go out in one entry.
    await withTransaction(t.db, (tx) => releaseHold(tx, hold.id, { actor: systemActor('test') }));
    await move(m.user.id, 'cash', 'USD', -300);
    expect((await call(t, 'POST', '/user/cancel_account/confirm', { code }, { token: m.token })).body.code).toBe(200);
    const accounts = await t.db.selectFrom('ledger_accounts').select(['asset', 'currency', 'balance']).where('member_id', '=', m.user.id).where('asset', 'in', ['points', 'shopping_points']).orderBy('asset').execute();
    expect(accounts.map((a) => [a.asset, Number(a.balance)])).toEqual([['points', 0], ['shopping_points', 0]]);
    const entries = await t.db.selectFrom('journal_entries').selectAll().where('kind', '=', 'account.close.forfeit').where('reference_id', '=', String(id)).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ reference_type: 'cancellation', actor_kind: 'member' });
    const postings = await t.db
      .selectFrom('postings')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
      .select(['ledger_accounts.owner_kind', 'ledger_accounts.system_code', 'ledger_accounts.asset', 'postings.amount'])
      .where('postings.entry_id', '=', entries[0]!.id)
      .execute();
    expect(postings.map((p) => [p.owner_kind, p.system_code, p.asset, Number(p.amount)]).sort()).toEqual(
      [['member', null, 'points', -5000], ['member', null, 'shopping_points', -3000], ['system', 'forfeited', 'points', 5000], ['system', 'forfeited', 'shopping_points', 3000]].sort(),
    );
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('operator bans', () => {
  it('ban ends the sessions and stops logins; unban lets the member back; both are recorded', async () => {
    const m = await registerMember(t);
    expect(await runOpsCommand(t.db, ['ban', m.user.user_name, '--reason', 'fraud', '--by', 'erin'], 'ops')).toContain('banned');
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body.code).toBe(ResponseCode.accountBanned);
    await runOpsCommand(t.db, ['unban', String(m.user.id)], 'frank');
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body.code).toBe(200);
    const log = await runOpsCommand(t.db, ['log', '2'], 'ops');
    expect(log).toMatch(/frank#\d+ {2}user\.unban {2}user#\d+/);
    expect(log).toMatch(/erin#\d+ {2}user\.ban {2}user#\d+ {2}"fraud"/);
    await expect(runOpsCommand(t.db, ['ban', 'no-such-member'], 'ops')).rejects.toThrow('no member no-such-member');
  });
});
