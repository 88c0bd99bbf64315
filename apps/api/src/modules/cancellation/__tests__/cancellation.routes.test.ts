import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { accountHooks } from '../../members/member-hooks.js';
import { call, freshIp, latestCode, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { opsOperators } from '../../../ops/__tests__/ops-operators.js';

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
    const blocker = async (db: typeof t.db, userId: number) =>
      !!(await (db as any).selectFrom('pending_deliveries_probe').select('user_id').where('user_id', '=', userId).executeTakeFirst());
    accountHooks.cancellationBlockers.push(blocker);
    try {
      await (t.db as any).insertInto('pending_deliveries_probe').values({ user_id: m.user.id }).execute();
      expect(await info(m.token)).toMatchObject({ blocked: true });
      expect((await apply(m.token)).body).toMatchObject({
        code: ResponseCode.ordersNotConfirmed,
        msg: 'Your account still has orders that have not been confirmed for delivery',
      });
      await (t.db as any).deleteFrom('pending_deliveries_probe').execute();
      expect((await apply(m.token)).body.code).toBe(200);
    } finally {
      accountHooks.cancellationBlockers.splice(accountHooks.cancellationBlockers.indexOf(blocker), 1);
    }
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
