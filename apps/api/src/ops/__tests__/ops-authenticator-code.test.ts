import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { OPS_CLI } from '../../test/api-processes.js';
import { call, freshIp } from '../../modules/accounts/__tests__/account-helpers.js';
import { bindAuthenticator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { createOperator } from '../../modules/operators/operators.service.js';
import { operatorCliActor } from '../../lib/actor.js';
import { walletMember } from '../../modules/wallet/__tests__/fixtures.js';
import { runOpsCommand } from '../commands.js';
import { opsOperators } from './ops-operators.js';

// Anyone at the machine can type any operator's name: a command deciding about value also needs that
// operator's current authenticator code, checked as at the console's sign-in (each time step once), and
// every audit entry the command line writes says it came from there.

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const PASSWORD = 'Console-Lantern-2026';
const STEP = 30;

let t: TestApp;
let ids: Record<string, number>;
/** own2's authenticator, as bound at their first console sign-in (the test holds the phone). */
let phone: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await opsOperators(t.db, { own1: 'owner', nocode: 'finance' });
  const { id, setupToken } = await createOperator(t.db, operatorCliActor('admin'), { userName: 'own2', role: 'owner' });
  ids.own2 = id;
  await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
  const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: 'own2', password: PASSWORD }, { ip: freshIp() });
  phone = first.body.data.totp_setup.secret as string;
  await bindAuthenticator(t, first.body.data.token as string, phone);
}, 60_000);
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCommand(t.db, argv, 'own1', { secrets: t.deps.secrets });
/** The code own2's phone shows `steps` time steps from now. */
const codeIn = (steps: number) => generate({ secret: phone, epoch: (Math.floor(Date.now() / 1000 / STEP) + steps) * STEP + 1 });
/** A code of a step own2 has not used yet, as after the half minute an operator waits for the next one. */
const freshCode = async () => {
  await t.db.updateTable('operators').set({ totp_last_step: null }).where('id', '=', ids.own2!).execute();
  return codeIn(0);
};
const request = (id: string) => t.db.selectFrom('approval_requests').select(['status', 'decided_by', 'result']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
const auditOf = (id: string) => t.db.selectFrom('operator_actions').select(['operator', 'action', 'via']).where('target_type', '=', 'approval').where('target_id', '=', Number(id)).orderBy('id').execute();
const askPoints = async (amount: number) => {
  const m = await walletMember(t);
  const asked = await ops('wallet', 'points', m.userName, 'points', String(amount), '--reason', 'grant', '--by', 'own1');
  return { m, id: /request #(\d+) .* waits for a second operator/.exec(asked)![1]! };
};

describe('a command deciding about value needs the operator’s authenticator code', () => {
  it('refuses an approval with no code, a wrong code or a code already used, nothing changing; the right code approves, recorded as from the command line', async () => {
    const { id } = await askPoints(5_000_000);
    const pending = { status: 'pending', decided_by: null, result: null };

    await expect(ops('approvals', 'approve', id, '--by', 'own2')).rejects.toThrow("this decides about value: add --code <6 digits>, the current code of own2's authenticator");
    expect(await request(id)).toEqual(pending);

    // (Its binding at the console used up the step it happened in.)
    const right = await freshCode();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await expect(ops('approvals', 'approve', id, '--by', 'own2', '--code', wrong)).rejects.toMatchObject({ code: ResponseCode.twoFactorInvalid });
    expect(await request(id)).toEqual(pending);

    expect(await ops('approvals', 'approve', id, '--by', 'own2', '--code', right)).toContain('approved (by own2)');
    expect(await request(id)).toMatchObject({ status: 'approved', decided_by: `own2#${ids.own2}` });
    // Asked and approved on the command line: each entry says so (the name stays the console's `name#id`).
    expect(await auditOf(id)).toEqual([
      { operator: `own1#${ids.own1}`, action: `points.grant.request #${id}`, via: 'command_line' },
      { operator: `own2#${ids.own2}`, action: `points.grant.approve #${id}`, via: 'command_line' },
    ]);
    // The wrong code is in the audit log too, as from the command line.
    expect(await t.db.selectFrom('operator_actions').select(['operator', 'via']).where('action', 'like', 'access.wrong_code%').where('target_id', '=', ids.own2!).execute()).toEqual([{ operator: `own2#${ids.own2}`, via: 'command_line' }]);

    // The same code again, for another request (or a rejection): used once, refused.
    const again = await askPoints(100);
    await expect(ops('approvals', 'approve', again.id, '--by', 'own2', '--code', right)).rejects.toMatchObject({ code: ResponseCode.twoFactorInvalid });
    await expect(ops('approvals', 'reject', again.id, '--reason', 'no', '--by', 'own2', '--code', right)).rejects.toMatchObject({ code: ResponseCode.twoFactorInvalid });
    await expect(ops('approvals', 'reject', again.id, '--reason', 'no', '--by', 'own2')).rejects.toThrow('add --code');
    expect(await request(again.id)).toEqual(pending);
    // The next step's code decides it.
    expect(await ops('approvals', 'reject', again.id, '--reason', 'not ours', '--by', 'own2', '--code', await codeIn(1))).toContain('rejected (by own2)');
  });

  it('refuses an operator who has not set up an authenticator, with a plain line', async () => {
    const { id } = await askPoints(700);
    await expect(ops('approvals', 'approve', id, '--by', 'nocode', '--code', '123456')).rejects.toThrow('operator nocode has no authenticator set up: a decision about value on the command line needs its code. Sign in to the console once to set one up');
    expect((await request(id)).status).toBe('pending');
  });

  it('needs the code for payouts and refunds too, before anything is read or done', async () => {
    for (const argv of [
      ['wallet', 'withdrawal', 'approve', '999999'],
      ['wallet', 'withdrawal', 'paid', '999999', '--ref', 'TT-1'],
      ['wallet', 'withdrawal', 'reject', '999999', '--reason', 'x'],
      ['wallet', 'recharge', 'confirm', '999999'],
      ['wallet', 'recharge', 'reject', '999999', '--reason', 'x'],
      ['order', 'cancel', '999999', '--reason', 'x'],
      ['order', 'group-buy', 'end', '999999', '--reason', 'x'],
    ]) {
      await expect(ops(...argv, '--by', 'own2'), argv.join(' ')).rejects.toThrow('this decides about value: add --code');
    }
  });

  it('asked by name alone, a grant waits for a second operator even under the owner’s threshold; with the asker’s code it is done at once', async () => {
    await t.db.insertInto('approval_limits').values({ kind: 'points.grant', currency: 'XXX', auto_up_to: 100, daily_limit: null, updated_by: 'test' }).execute();
    try {
      const m = await walletMember(t);
      const named = await runOpsCommand(t.db, ['wallet', 'points', m.userName, 'points', '50', '--reason', 'goodwill', '--by', 'own2'], 'own2', { secrets: t.deps.secrets });
      expect(named).toMatch(/^request #\d+ .* waits for a second operator/);
      const coded = await runOpsCommand(t.db, ['wallet', 'points', m.userName, 'points', '50', '--reason', 'goodwill too', '--by', 'own2', '--code', await freshCode()], 'own2', { secrets: t.deps.secrets });
      expect(coded).toBe(`granted 50 points to member ${m.userId}; balance 50`);
    } finally {
      await t.db.deleteFrom('approval_limits').where('kind', '=', 'points.grant').where('currency', '=', 'XXX').execute();
    }
  });
});

describe('npm run ops as an operator types it', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, [...OPS_CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, PUBLIC_URL: '', PORT: '', DATABASE_URL: t.deps.config.DATABASE_URL!, DATA_DIR: t.deps.config.dataDir, SECRETS_KEY: t.deps.config.SECRETS_KEY ?? '', NODE_ENV: 'test', ...env },
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stderr }),
    );

  it('one person at the machine no longer approves as another by naming them: the code of their authenticator does', async () => {
    const m = await walletMember(t);
    const asked = await cli(['wallet', 'points', m.userName, 'points', '5000000', '--reason', 'grant', '--by', 'own1']);
    expect(asked.out).toMatch(/request #\d+ .* waits for a second operator: npm run ops -- approvals approve \d+ --by <operator> --code <their authenticator code>/);
    const id = /request #(\d+)/.exec(asked.out)![1]!;

    const named = await cli(['approvals', 'approve', id], { OPERATOR: 'own2' });
    expect(named).toEqual({ code: 1, out: expect.stringContaining("this decides about value: add --code <6 digits>, the current code of own2's authenticator") });
    const guessed = await cli(['approvals', 'approve', id, '--code', '000000'], { OPERATOR: 'own2' });
    expect(guessed).toEqual({ code: 1, out: expect.stringContaining('The authenticator code is wrong or was already used') });
    expect((await request(id)).status).toBe('pending');

    const approved = await cli(['approvals', 'approve', id, '--code', await freshCode()], { OPERATOR: 'own2' });
    expect(approved).toMatchObject({ code: 0, out: expect.stringContaining('approved (by own2)') });
    expect((await auditOf(id)).at(-1)).toEqual({ operator: `own2#${ids.own2}`, action: `points.grant.approve #${id}`, via: 'command_line' });
    // As the owner reads it in the console's audit log, and in the log command.
    const log = await cli(['log', '5'], { OPERATOR: 'own1' });
    expect(log.out).toContain(`own2#${ids.own2}  points.grant.approve #${id}  approval#${id}  {"key":"request","what":{"key":"points","amount":5000000}}  (command line)`);
  }, 120_000);
});
