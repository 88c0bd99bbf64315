import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, freshIp } from '../../modules/accounts/__tests__/account-helpers.js';
import { runOpsCommand } from '../../ops/commands.js';
import { bindAuthenticator, decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { createOperator } from '../../modules/operators/operators.service.js';
import { operatorCliActor } from '../../lib/actor.js';

// An operator who forgot their password, or whose first link expired, gets a new one-time sign-in
// link: from another owner in the console (approved by a second owner when the operator's role
// approves money), or from the machine's administrator with `npm run ops -- operator setup-link`.

let t: TestApp;
let a: Awaited<ReturnType<typeof signedInOperator>>;
let b: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await buildTestApp();
  a = await signedInOperator(t, 'owner');
  b = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
const PASSWORD = 'Beacon-Harbour-2026';
const NEW_PASSWORD = 'Beacon-Harbour-2027';
let keys = 0;
const send = (url: string, body: unknown, as: { token: string }) => decide(t, url, body, as.token, `link-${RUN}-${++keys}`);
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
const tokenOf = (path: string) => path.split('token=')[1]!;
const signIn = (user_name: string, password: string, totp_code?: string) => call(t, 'POST', '/admin/api/auth/sign-in', { user_name, password, ...(totp_code ? { totp_code } : {}) }, { ip: freshIp() });
const listed = async (id: number) => (await call(t, 'GET', '/admin/api/operators', undefined, { token: a.token })).body.data.list.find((o: { id: number }) => o.id === id);

/** An operator of `role` with a password and a bound authenticator, and an open session. */
async function operatorWithSession(role: 'support' | 'finance' | 'owner') {
  const userName = `lnk${role}${++keys}${RUN}`;
  const { id, setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role });
  await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
  const first = await signIn(userName, PASSWORD);
  const secret = first.body.data.totp_setup.secret as string;
  await bindAuthenticator(t, first.body.data.token, secret);
  return { id, userName, secret, setupToken, token: first.body.data.token as string };
}

describe('a new sign-in link from the console', () => {
  it('for a support operator: one owner issues it at once; password, old links and sessions end, the authenticator stays, the list says "waiting for setup"', async () => {
    const op = await operatorWithSession('support');
    const issued = await send('/admin/api/operators/sign-in-link', { id: op.id, reason: 'forgot the password' }, a);
    expect(issued.body).toMatchObject({ code: 200, data: { operator: { id: op.id, pending_setup: true, totp_bound: true }, sessions_ended: 1, setup_path: expect.stringMatching(/^\/admin\/#\/setup\?token=/), expires_at: expect.any(String), request: null } });
    expect(await listed(op.id)).toMatchObject({ pending_setup: true });
    // The session and the old password end; the first link stays spent.
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: op.token })).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await signIn(op.userName, PASSWORD, await codeAt(op.secret, 1))).body.code).toBe(ResponseCode.loginFailed);
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token: op.setupToken, password: NEW_PASSWORD }, { ip: freshIp() })).body.code).toBe(ResponseCode.operatorSetupInvalid);
    // The new link sets a new password; the operator signs in with it and the authenticator they hold.
    const setup = await call(t, 'POST', '/admin/api/auth/setup-password', { token: tokenOf(issued.body.data.setup_path), password: NEW_PASSWORD }, { ip: freshIp() });
    expect(setup.body).toMatchObject({ code: 200, data: { user_name: op.userName } });
    expect(await listed(op.id)).toMatchObject({ pending_setup: false });
    expect((await signIn(op.userName, NEW_PASSWORD)).body.code).toBe(ResponseCode.loginFailed);
    expect((await signIn(op.userName, NEW_PASSWORD, await codeAt(op.secret, 1))).body.code).toBe(200);
    // Recorded in the audit log with who and why.
    const action = await t.db.selectFrom('operator_actions').selectAll().where('target_type', '=', 'operator').where('target_id', '=', op.id).where('action', 'like', 'operator.sign_in_link%').executeTakeFirstOrThrow();
    expect(action).toMatchObject({ operator: a.recordedAs, reason: 'forgot the password' });
  });

  it('a link issued again voids the one before', async () => {
    const op = await operatorWithSession('support');
    const first = await send('/admin/api/operators/sign-in-link', { id: op.id, reason: 'lost it' }, a);
    const second = await send('/admin/api/operators/sign-in-link', { id: op.id, reason: 'lost the link too' }, b);
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token: tokenOf(first.body.data.setup_path), password: NEW_PASSWORD }, { ip: freshIp() })).body.code).toBe(ResponseCode.operatorSetupInvalid);
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token: tokenOf(second.body.data.setup_path), password: NEW_PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
  });

  it('never for oneself, and only by those who manage operators', async () => {
    const mine = await send('/admin/api/operators/sign-in-link', { id: a.id, reason: 'me' }, a);
    expect(mine.body.code).toBe(ResponseCode.operatorSelfChange);
    const support = await signedInOperator(t, 'support');
    expect((await send('/admin/api/operators/sign-in-link', { id: b.id, reason: 'take over' }, support)).status).toBe(403);
  });

  it('for a finance operator or an owner: another owner approves it and alone receives the link; nothing changes before', async () => {
    for (const role of ['finance', 'owner'] as const) {
      const op = await operatorWithSession(role);
      const asked = await send('/admin/api/operators/sign-in-link', { id: op.id, reason: 'forgot the password' }, a);
      expect(asked.body).toMatchObject({ code: 200, data: { setup_path: null, expires_at: null, sessions_ended: 0, request: { kind: 'operator.grant', status: 'pending', what: { key: 'operator_link', user_name: op.userName, operator_id: op.id, role } } } });
      // Nothing changed yet: the session and password still work.
      expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: op.token })).body.code).toBe(200);
      expect(await listed(op.id)).toMatchObject({ pending_setup: false });
      // The asker cannot approve it; the operator concerned neither (an owner).
      const id = asked.body.data.request.id as number;
      expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, a)).body.code).toBe(ResponseCode.approvalOwnRequest);
      if (role === 'owner') expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, op)).body.code).not.toBe(200);
      const approved = await send('/admin/api/approvals/decide', { id, decision: 'approve' }, b);
      expect(approved.body).toMatchObject({ code: 200, data: { status: 'approved', shown_once: { setup_path: expect.stringMatching(/token=/) } } });
      expect(JSON.stringify(approved.body.data.result)).not.toContain('token');
      expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: op.token })).body.code).toBe(ResponseCode.tokenInvalid);
      expect(await listed(op.id)).toMatchObject({ pending_setup: true });
      expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token: tokenOf(approved.body.data.shown_once.setup_path), password: NEW_PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
      const action = await t.db.selectFrom('operator_actions').select(['operator', 'action', 'facts']).where('target_type', '=', 'operator').where('target_id', '=', op.id).where('action', 'like', 'operator.sign_in_link%').executeTakeFirstOrThrow();
      expect(action).toEqual({ operator: b.recordedAs, action: 'operator.sign_in_link', facts: { key: 'sign_in_link', authenticator_removed: false, request_id: id, asked_by: a.recordedAs } });
    }
  });

  it('for an owner while two owners are active: refused because nobody but the asker and the owner concerned could approve it, as the message says', async () => {
    // Operator own1 asked one for own2 and read "this shop has only one [owner]", with two active.
    const others = (await t.db.updateTable('operators').set({ status: 'disabled' }).where('role', '=', 'owner').where('status', '=', 'active').where('id', 'not in', [a.id, b.id]).returning('id').execute()).map((r) => r.id);
    try {
      const ask = async (lang: string) =>
        (await t.app.inject({
          method: 'POST',
          url: '/admin/api/operators/sign-in-link',
          remoteAddress: '10.0.0.1',
          headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json', 'idempotency-key': `link-${RUN}-${++keys}`, 'think-lang': lang },
          payload: JSON.stringify({ id: b.id, reason: 'forgot the password' }),
        })).json() as { code: number; msg: string };
      const english = await ask('en-us');
      expect(english.code).toBe(ResponseCode.operatorGrantNeedsOwner);
      expect(english.msg).toMatch(/^This needs the approval of another active owner, neither the one asking nor the operator concerned, and this shop has none\./);
      expect(english.msg).not.toContain('only one');
      expect((await ask('hu')).msg).toContain('nem a kérelmező és nem az érintett operátor');
      expect(await listed(b.id)).toMatchObject({ pending_setup: false });
    } finally {
      if (others.length) await t.db.updateTable('operators').set({ status: 'active' }).where('id', 'in', others).execute();
    }
  });
});

describe('npm run ops -- operator setup-link', () => {
  it('prints a new link, ends the sessions and voids the password and older links, for any operator (the last owner too)', async () => {
    const op = await operatorWithSession('owner');
    const out = await runOpsCommand(t.db, ['operator', 'setup-link', op.userName, '--reason', 'lost password'], 'root', { publicUrl: 'https://shop.example/' });
    const link = /https:\/\/shop\.example\/admin\/#\/setup\?token=(\S+)/.exec(out);
    expect(link).not.toBeNull();
    expect(out).toContain('1 session(s) ended');
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: op.token })).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await signIn(op.userName, PASSWORD, await codeAt(op.secret, 1))).body.code).toBe(ResponseCode.loginFailed);
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token: link![1], password: NEW_PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
    expect((await signIn(op.userName, NEW_PASSWORD, await codeAt(op.secret, 1))).body.code).toBe(200);
    // A lost phone too: --reset-2fa removes the authenticator, the next sign-in sets up a new one.
    const again = await runOpsCommand(t.db, ['operator', 'setup-link', op.userName, '--reset-2fa'], 'root');
    const token = /token=(\S+)/.exec(again)![1]!;
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
    expect((await signIn(op.userName, PASSWORD)).body).toMatchObject({ code: ResponseCode.operatorTotpSetupRequired, data: { secret: expect.any(String) } });
    await expect(runOpsCommand(t.db, ['operator', 'setup-link', `nobody${RUN}`], 'root')).rejects.toThrow(/no operator/);
  });
});
