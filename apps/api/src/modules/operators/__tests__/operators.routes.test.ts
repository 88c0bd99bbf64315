import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { createOperator } from '../operators.service.js';
import { setOperatorStatus } from '../operators-admin.service.js';
import { bindAuthenticator, signedInOperator } from './operator-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const PASSWORD = 'Ledger-Lantern-2026';
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
let n = 0;

/** An operator of `role` with a password set through the one-time link, signed in once (TOTP secret in hand), the authenticator bound unless told. */
async function newOperator(role: 'owner' | 'finance' | 'support' | 'catalogue' | 'reviewer', { bound = true } = {}) {
  const userName = `op${role}${++n}${Date.now().toString(36)}`;
  const { setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role });
  const setup = await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
  expect(setup.body).toMatchObject({ code: 200, data: { user_name: userName } });
  const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD }, { ip: freshIp() });
  expect(first.body.code).toBe(200);
  if (bound) await bindAuthenticator(t, first.body.data.token, first.body.data.totp_setup.secret);
  return { userName, setupToken, token: first.body.data.token as string, secret: first.body.data.totp_setup.secret as string };
}

describe('operators', () => {
  it('set a password once with the setup link; TOTP is set up at the first sign-in and required from the second on', async () => {
    const op = await newOperator('owner', { bound: false });
    // The link works once.
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token: op.setupToken, password: 'Another-Long-Pass-1' }, { ip: freshIp() })).body.code).toBe(ResponseCode.operatorSetupInvalid);
    const stored = await t.db.selectFrom('operators').selectAll().where('user_name', '=', op.userName).executeTakeFirstOrThrow();
    expect(stored.totp_pending_secret).not.toContain(op.secret);
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    const signIn = (body: Record<string, unknown>) => call(t, 'POST', '/admin/api/auth/sign-in', { user_name: op.userName, password: PASSWORD, ...body }, { ip: freshIp() });
    const second = await signIn({});
    expect(second.body.code).toBe(ResponseCode.operatorTotpSetupRequired);
    expect(second.body.data.secret).toBe(op.secret);
    const code = await codeAt(op.secret);
    expect((await signIn({ totp_code: code === '000000' ? '111111' : '000000' })).body.code).toBe(ResponseCode.twoFactorInvalid);
    const bound = await signIn({ totp_code: code });
    expect(bound.body).toMatchObject({ code: 200, data: { operator: { user_name: op.userName, role: 'owner', totp_bound: true }, totp_setup: null } });
    // A code is accepted once; without one, the third sign-in is refused: bound, a used or missing code answers as a wrong password.
    expect((await signIn({ totp_code: code })).body.code).toBe(ResponseCode.loginFailed);
    expect((await signIn({})).body.code).toBe(ResponseCode.loginFailed);
    expect((await signIn({ password: 'wrong-password-123', totp_code: await codeAt(op.secret, 1) })).body.code).toBe(ResponseCode.loginFailed);
    expect((await signIn({ totp_code: await codeAt(op.secret, 1) })).body.code).toBe(200);

    const me = await call(t, 'GET', '/admin/api/auth/me', undefined, { token: bound.body.data.token });
    expect(me.body.data).toMatchObject({ user_name: op.userName, role: 'owner' });
    expect(me.body.data.permissions).toContain('rates.set');
    expect((await call(t, 'POST', '/admin/api/auth/sign-out', {}, { token: bound.body.data.token })).body.code).toBe(200);
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: bound.body.data.token })).body.code).toBe(ResponseCode.tokenInvalid);
  });

  it('the authenticator shown at the first sign-in is bound only once a current code of it is confirmed', async () => {
    const op = await newOperator('finance', { bound: false });
    const boundNow = async () => !!(await t.db.selectFrom('operators').select('totp_secret').where('user_name', '=', op.userName).executeTakeFirstOrThrow()).totp_secret;
    const confirm = (code: string, token = op.token) => call(t, 'POST', '/admin/api/auth/totp/confirm', { totp_code: code }, { token, ip: freshIp() });
    // A bad scan: a code of another secret binds nothing; the secret stays pending and is shown again.
    const code = await codeAt(op.secret);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await confirm(wrong)).body.code).toBe(ResponseCode.twoFactorInvalid);
    expect((await confirm('12ab')).status).toBe(422);
    expect(await boundNow()).toBe(false);
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: op.token })).body.data.totp_bound).toBe(false);
    // The current code binds it; confirming again changes nothing.
    expect((await confirm(code)).body).toMatchObject({ code: 200, data: { user_name: op.userName, totp_bound: true } });
    expect(await boundNow()).toBe(true);
    expect((await confirm(wrong)).body).toMatchObject({ code: 200, data: { totp_bound: true } });
    // The code used to confirm is used up; a later one signs in, none is refused.
    const signIn = (body: Record<string, unknown>) => call(t, 'POST', '/admin/api/auth/sign-in', { user_name: op.userName, password: PASSWORD, ...body }, { ip: freshIp() });
    expect((await signIn({ totp_code: code })).body.code).toBe(ResponseCode.loginFailed);
    expect((await signIn({})).body.code).toBe(ResponseCode.loginFailed);
    expect((await signIn({ totp_code: await codeAt(op.secret, 1) })).body.code).toBe(200);
    // Only with a session: a stranger cannot confirm anything.
    expect((await confirm(code, 'not-a-token')).body.code).toBe(ResponseCode.tokenInvalid);
  });

  it('refuses a call the role does not grant, and allows it to a role that does', async () => {
    const catalogue = await newOperator('catalogue');
    const finance = await newOperator('finance');
    const body = { base: 'USD', quote: 'KHR', rate: '4050.5', reason: 'board rate' };
    const refused = await call(t, 'POST', '/admin/api/rates/set', body, { token: catalogue.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ResponseCode.forbidden);
    expect(await t.db.selectFrom('exchange_rates').select('id').where('quote', '=', 'KHR').execute()).toEqual([]);
    expect((await call(t, 'GET', '/admin/api/ledger/check', undefined, { token: catalogue.token })).status).toBe(403);

    // A rate is asked for by one operator and applies once a second approves it.
    const set = await call(t, 'POST', '/admin/api/rates/set', body, { token: finance.token });
    expect(set.body).toMatchObject({ code: 200, data: { request: { kind: 'rate.set', status: 'pending' }, result: null } });
    const approver = await newOperator('finance');
    const approved = await call(t, 'POST', '/admin/api/approvals/decide', { id: set.body.data.request.id, decision: 'approve' }, { token: approver.token });
    expect(approved.body.data).toMatchObject({ status: 'approved', result: { from: 'USD', to: 'KHR', rate: '4050.5', source: 'operator' } });
    const quote = await call(t, 'GET', '/admin/api/rates/quote?from=KHR&to=USD', undefined, { token: finance.token });
    expect(quote.body.data).toMatchObject({ source: 'operator' });
    expect((await call(t, 'GET', '/admin/api/ledger/check', undefined, { token: finance.token })).body.data).toEqual({ ok: true, findings: [], problems: [] });
    const decision = await t.db.selectFrom('operator_actions').selectAll().where('target_type', '=', 'exchange_rate').executeTakeFirstOrThrow();
    expect(decision).toMatchObject({ operator: expect.stringContaining(approver.userName) });
  });

  it('the first sign-in’s session binds the authenticator before it may do anything else, whatever code came with the password', async () => {
    const op = await newOperator('finance', { bound: false });
    const body = { base: 'USD', quote: 'JPY', rate: '150.25', reason: 'board rate' };
    const rateRequests = async () => (await t.db.selectFrom('approval_requests').select('id').where('kind', '=', 'rate.set').execute()).length;
    const before = await rateRequests();
    // A money request, deciding one, reading the queue and the ledger: refused until the authenticator is bound.
    for (const [method, url, payload] of [
      ['POST', '/admin/api/rates/set', body],
      ['POST', '/admin/api/approvals/decide', { id: 1, decision: 'approve' }],
      ['GET', '/admin/api/approvals?status=pending', undefined],
      ['GET', '/admin/api/ledger/check', undefined],
    ] as const) {
      const refused = await call(t, method, url, payload, { token: op.token, lang: 'th' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: ResponseCode.operatorTotpSetupRequired, msg: expect.stringMatching(/[\u0E00-\u0E7F]/) });
    }
    expect(await rateRequests()).toBe(before);
    // What the session is for: who it is, binding the authenticator, signing out.
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: op.token })).body.data).toMatchObject({ user_name: op.userName, totp_bound: false });
    // A first sign-in sending any code with the password gets the same limited session.
    const otherName = `opowner${++n}${Date.now().toString(36)}`;
    const { setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName: otherName, role: 'owner' });
    await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
    const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: otherName, password: PASSWORD, totp_code: '123456' }, { ip: freshIp() });
    expect(first.body).toMatchObject({ code: 200, data: { totp_setup: { secret: expect.any(String) } } });
    expect((await call(t, 'GET', '/admin/api/ledger/check', undefined, { token: first.body.data.token })).body.code).toBe(ResponseCode.operatorTotpSetupRequired);
    // Bound: the same session now does what the role allows.
    await bindAuthenticator(t, op.token, op.secret);
    expect((await call(t, 'GET', '/admin/api/ledger/check', undefined, { token: op.token })).body).toMatchObject({ code: 200, data: { ok: true } });
    expect((await call(t, 'POST', '/admin/api/rates/set', body, { token: op.token })).body).toMatchObject({ code: 200, data: { request: { kind: 'rate.set', status: 'pending' } } });
  });

  it('an operator token is not a member token, and a member token is not an operator token', async () => {
    const op = await newOperator('support');
    const member = await registerMember(t);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: op.token })).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: member.token })).body.code).toBe(200);
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: member.token })).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await call(t, 'GET', '/admin/api/auth/me')).body.code).toBe(ResponseCode.loginRequired);
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: op.token })).body.code).toBe(200);
  });

  it('an operator session ends after 30 idle minutes', async () => {
    const op = await newOperator('reviewer');
    await t.db.updateTable('operator_sessions').set({ last_seen_at: new Date(Date.now() - 31 * 60_000) }).where('operator_id', '=', (await t.db.selectFrom('operators').select('id').where('user_name', '=', op.userName).executeTakeFirstOrThrow()).id).execute();
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: op.token })).body.code).toBe(ResponseCode.tokenInvalid);
  });

  it('an owner cannot link, unlink or relink their own member account; another owner can', async () => {
    const owner = await signedInOperator(t, 'owner');
    const other = await signedInOperator(t, 'owner');
    const mine = await registerMember(t);
    const stranger = await registerMember(t);
    const link = (operatorId: number, member: string | null, token: string, lang?: string) => call(t, 'POST', '/admin/api/operators/member', { operator_id: operatorId, member, reason: 'same person' }, { token, ...(lang ? { lang } : {}) });
    const linkedMember = async () => (await t.db.selectFrom('operators').select('member_id').where('id', '=', owner.id).executeTakeFirstOrThrow()).member_id;

    // Not linked yet: linking oneself is refused, in the operator's language.
    const self = await link(owner.id, String(mine.user.id), owner.token, 'jp');
    expect(self.body.code).toBe(ResponseCode.operatorSelfChange);
    expect(self.body.msg).toBe('ここでは自分のアクセス権は変更できません。別のオーナーが変更できます');
    expect(await linkedMember()).toBeNull();
    // Another owner links it; then neither unlinking nor relinking it is the owner's own decision.
    expect((await link(owner.id, String(mine.user.id), other.token)).body).toMatchObject({ code: 200, data: { operator_id: owner.id, member_id: mine.user.id } });
    expect((await link(owner.id, null, owner.token)).body.code).toBe(ResponseCode.operatorSelfChange);
    expect((await link(owner.id, String(stranger.user.id), owner.token)).body.code).toBe(ResponseCode.operatorSelfChange);
    expect(Number(await linkedMember())).toBe(mine.user.id);
    expect((await link(owner.id, null, other.token)).body).toMatchObject({ code: 200, data: { member_id: null } });
    // Recorded with the member linked (or none) as a fact the console words, not `operator.member none`.
    const recorded = await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('operator', '=', other.recordedAs).where('target_id', '=', owner.id).orderBy('id').execute();
    expect(recorded).toEqual([
      { action: 'operator.member', facts: { key: 'operator_member', member_id: mine.user.id } },
      { action: 'operator.member', facts: { key: 'operator_member', member_id: null } },
    ]);
  });

  it('one active owner always remains, even when the removals of every owner are approved at the same moment', async () => {
    const activeOwners = async () => Number((await t.db.selectFrom('operators').select((eb) => eb.fn.countAll().as('n')).where('role', '=', 'owner').where('status', '=', 'active').executeTakeFirstOrThrow()).n);
    const post = (url: string, body: unknown, token: string) => call(t, 'POST', url, body, { token, lang: 'zh-cn' });
    for (let round = 0; round < 4; round++) {
      const owners = [await signedInOperator(t, 'owner'), await signedInOperator(t, 'owner'), await signedInOperator(t, 'owner')];
      // Only these three are active owners.
      await t.db.updateTable('operators').set({ status: 'disabled' }).where('role', '=', 'owner').where('id', 'not in', owners.map((o) => o.id)).execute();
      // Disabling or demoting an owner waits for another owner: each asks to remove the next one, and the third approves it.
      const requests: number[] = [];
      for (const [i, asker] of owners.entries()) {
        const target = owners[(i + 1) % 3]!;
        const asked = round % 2 === 0 ? await post('/admin/api/operators/status', { id: target.id, active: false, reason: 'leaving' }, asker.token) : await post('/admin/api/operators/role', { id: target.id, role: 'catalogue', reason: 'moves' }, asker.token);
        expect(asked.body.data.request).toMatchObject({ kind: 'operator.grant', status: 'pending' });
        requests.push(asked.body.data.request.id);
      }
      const answers = await Promise.all(requests.map((id, i) => post('/admin/api/approvals/decide', { id, decision: 'approve' }, owners[(i + 2) % 3]!.token)));
      expect(await activeOwners()).toBeGreaterThanOrEqual(1);
      const codes = answers.map((a) => a.body.code);
      // At most two apply; each other is refused because its target is the last active owner, or its approver is no longer one.
      expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(2);
      for (const refused of answers.filter((r) => r.body.code !== 200)) {
        if (refused.body.code === ResponseCode.operatorLastOwner) expect(refused.body.msg).toBe('必须至少保留一位有效的所有者：请先将另一位操作员设为所有者');
        else expect([ResponseCode.tokenInvalid, ResponseCode.forbidden, ResponseCode.notFound]).toContain(refused.body.code);
      }
    }
    // Nothing is raced here: the last active owner is not disabled, whoever asks.
    const last = await signedInOperator(t, 'owner');
    await t.db.updateTable('operators').set({ status: 'disabled' }).where('role', '=', 'owner').where('id', '!=', last.id).execute();
    const finance = await signedInOperator(t, 'finance');
    await expect(setOperatorStatus(t.db, operatorCliActor('olivia', finance.id), { id: last.id, active: false, reason: 'oops' })).rejects.toMatchObject({ code: ResponseCode.operatorLastOwner });
    expect(await activeOwners()).toBe(1);
    // Each round signs three owners in and asks and approves three requests: longer than the default time.
  }, 120_000);

  it('the OpenAPI document shows the operator calls with their permission beside the member calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { security: unknown; 'x-permission'?: string }>> };
    expect(doc.paths['/admin/api/rates/set']!.post).toMatchObject({ security: [{ operatorBearer: [] }], 'x-permission': 'rates.set' });
    expect(doc.paths['/user/info/index']!.get!.security).toEqual([{ bearer: [] }]);
  });
});
