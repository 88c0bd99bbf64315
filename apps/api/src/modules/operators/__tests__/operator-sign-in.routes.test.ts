import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp } from '../../accounts/__tests__/account-helpers.js';
import { operatorCliActor, systemActor } from '../../../lib/actor.js';
import { createOperator, signInOperator } from '../operators.service.js';
import { bindAuthenticator } from './operator-fixtures.js';

// What a stranger at the console's sign-in and setup pages can learn and do: a common password is
// refused as for members, and a guessed password is never confirmed before the authenticator's code.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Quay-Lantern-2026';
let n = 0;
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
const wrongCode = async (secret: string) => {
  const accepted = new Set([await codeAt(secret, -1), await codeAt(secret), await codeAt(secret, 1)]);
  for (let c = 345_678; ; c++) if (!accepted.has(String(c))) return String(c);
};

/** A support operator with a password and a bound authenticator. */
async function boundOperator() {
  const userName = `opsign${++n}${Date.now().toString(36)}`;
  const { setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role: 'support' });
  await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
  const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD }, { ip: freshIp() });
  const secret = first.body.data.totp_setup.secret as string;
  await bindAuthenticator(t, first.body.data.token, secret);
  return { userName, secret };
}

describe('an operator’s new password', () => {
  it('is refused when it is common, breached or the operator’s own name, on the field and in the operator’s language; the link stays usable', async () => {
    const userName = `opcommon${Date.now().toString(36)}`;
    const { setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role: 'support' });
    const setup = (password: string, lang = 'en-us') => call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password }, { ip: freshIp(), lang });

    const common = await setup('password1234');
    expect(common.status).toBe(422);
    expect(common.body).toMatchObject({ code: ResponseCode.validation, msg: 'This password is too common or has appeared in a data breach. Please choose another' });
    expect(common.body.data.errors).toEqual([{ field: 'password', msg: common.body.msg }]);
    const inJapanese = await setup('PASSWORD1234', 'jp');
    expect(inJapanese.status).toBe(422);
    expect(inJapanese.body.msg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    // The operator's own name (at least 12 characters here) is no password either.
    expect((await setup(userName.toUpperCase())).status).toBe(422);
    expect(await t.db.selectFrom('operators').select('password_hash').where('user_name', '=', userName).executeTakeFirstOrThrow()).toEqual({ password_hash: null });

    // The refusal spent nothing: a good password with the same link works.
    expect((await setup(PASSWORD)).body).toMatchObject({ code: 200, data: { user_name: userName } });
  });
});

describe('operator sign-in with an authenticator bound', () => {
  it('answers a wrong password, a missing code and a wrong code alike, so a right password is never confirmed alone', async () => {
    const op = await boundOperator();
    const signIn = async (password: string, totp_code?: string) => {
      const res = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: op.userName, password, ...(totp_code ? { totp_code } : {}) }, { ip: freshIp() });
      return { status: res.status, code: res.body.code, msg: res.body.msg, data: res.body.data };
    };
    const wrongPassword = await signIn('Not-The-Password-1');
    expect(wrongPassword).toEqual({ status: 200, code: ResponseCode.loginFailed, msg: 'Incorrect account, password or code', data: null });
    // The right password without a code, or with a wrong one: the very same answer.
    expect(await signIn(PASSWORD)).toEqual(wrongPassword);
    expect(await signIn(PASSWORD, await wrongCode(op.secret))).toEqual(wrongPassword);
    // A right code does not help a wrong password either.
    expect(await signIn('Not-The-Password-1', await codeAt(op.secret, 1))).toEqual(wrongPassword);
    // An unknown name answers the same.
    expect((await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: `nobody${Date.now()}`, password: PASSWORD }, { ip: freshIp() })).body).toEqual({ code: ResponseCode.loginFailed, msg: wrongPassword.msg, data: null });
    // Both right: signed in.
    expect((await signIn(PASSWORD, await codeAt(op.secret, 1))).code).toBe(200);
  });

  it('counts a missing or wrong code with the right password toward the address’s lockout, like a wrong password', async () => {
    const op = await boundOperator();
    const ip = freshIp();
    const signIn = async (body: Record<string, unknown>) => (await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: op.userName, password: PASSWORD, ...body }, { ip })).body.code;
    for (let i = 0; i < 5; i++) expect(await signIn({})).toBe(ResponseCode.loginFailed);
    for (let i = 0; i < 4; i++) expect(await signIn({ totp_code: await wrongCode(op.secret) })).toBe(ResponseCode.loginFailed);
    expect(await signIn({ password: 'Not-The-Password-1' })).toBe(ResponseCode.loginFailed);
    // Ten failures from this address: even both right are refused here (asked of the service itself,
    // past the sign-in call's own 10 a minute per address) …
    const both = { user_name: op.userName, password: PASSWORD, totp_code: await codeAt(op.secret, 1) };
    await expect(signInOperator(t.deps, { ...systemActor('visitor'), ip }, both)).rejects.toMatchObject({ code: ResponseCode.loginLocked });
    // … and elsewhere the operator signs in.
    expect((await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: op.userName, password: PASSWORD, totp_code: await codeAt(op.secret, 1) }, { ip: freshIp() })).body.code).toBe(200);
  });

  it('an operator who has not bound an authenticator still signs in with the password alone, to bind one', async () => {
    const userName = `opfirst${Date.now().toString(36)}`;
    const { setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role: 'support' });
    await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
    const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD }, { ip: freshIp() });
    expect(first.body).toMatchObject({ code: 200, data: { totp_setup: { secret: expect.any(String) }, operator: { totp_bound: false } } });
  });
});
