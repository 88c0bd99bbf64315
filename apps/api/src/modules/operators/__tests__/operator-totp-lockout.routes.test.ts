import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp } from '../../accounts/__tests__/account-helpers.js';
import { operatorCliActor, systemActor } from '../../../lib/actor.js';
import { createOperator, signInOperator } from '../operators.service.js';
import { MAX_ADDRESS_FAILURES } from '../../captcha/lockout.js';
import { bindAuthenticator } from './operator-fixtures.js';

// Whoever holds an operator's password still needs the authenticator, and may not guess its code
// by spreading sign-ins over addresses: 10 wrong codes in 15 minutes from all addresses lock it.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Harbour-Lantern-2026';
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
const wrongCode = async (secret: string) => {
  const accepted = new Set([await codeAt(secret, -1), await codeAt(secret), await codeAt(secret, 1)]);
  for (let n = 345_678; ; n++) if (!accepted.has(String(n))) return String(n);
};

describe('operator sign-in codes', () => {
  it('10 wrong codes from 10 addresses lock the operator’s code: the right one is refused until the window passes', async () => {
    const userName = `oplock${Date.now().toString(36)}`;
    const { id, setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role: 'support' });
    await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
    const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD }, { ip: freshIp() });
    const secret = first.body.data.totp_setup.secret as string;
    await bindAuthenticator(t, first.body.data.token, secret);

    const signIn = async (totp_code: string) => call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD, totp_code }, { ip: freshIp() });
    for (let i = 0; i < 10; i++) expect((await signIn(await wrongCode(secret))).body.code).toBe(ResponseCode.loginFailed);
    expect((await signIn(await codeAt(secret, 1))).body).toMatchObject({ code: ResponseCode.loginLocked, msg: 'Too many failed attempts, please try again in 15 minutes' });
    // Locked for the name whatever the password: the lock tells a guesser nothing about it.
    expect((await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: 'Not-The-Password-1' }, { ip: freshIp() })).body.code).toBe(ResponseCode.loginLocked);

    await t.db.updateTable('login_failures').set({ created_at: new Date(Date.now() - 16 * 60_000) }).where('account', '=', `operator-totp:${id}`).execute();
    expect((await signIn(await codeAt(secret, 1))).body.code).toBe(200);
  });
});

describe('operator sign-in passwords', () => {
  it('10 wrong passwords lock that address out of the name, never the operator elsewhere, however many addresses guess', async () => {
    const userName = `oppass${Date.now().toString(36)}`;
    const { setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role: 'support' });
    await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
    const signIn = (user_name: string, password: string, ip = freshIp()) => call(t, 'POST', '/admin/api/auth/sign-in', { user_name, password }, { ip });

    const stranger = freshIp();
    for (let i = 0; i < 10; i++) expect((await signIn(userName, `Wrong-${i}-Lantern`, stranger)).body.code).toBe(ResponseCode.loginFailed);
    // The stranger's address is out, even with the right password (and unknown names lock the same way;
    // asked of the service itself, past the sign-in call's own 10 a minute per address) …
    const lockedOut = (user_name: string, ip: string) => signInOperator(t.deps, { ...systemActor('visitor'), ip }, { user_name, password: PASSWORD }).then(() => 200, (e: { code?: number }) => e.code);
    expect(await lockedOut(userName, stranger)).toBe(ResponseCode.loginLocked);
    const unknown = `nobody${Date.now().toString(36)}`;
    const other = freshIp();
    for (let i = 0; i < 10; i++) expect((await signIn(unknown, `Wrong-${i}-Lantern`, other)).body.code).toBe(ResponseCode.loginFailed);
    expect(await lockedOut(unknown, other)).toBe(ResponseCode.loginLocked);
    // … while 110 wrong guesses from as many addresses never keep the operator out: the authenticator stands behind the password.
    for (let i = 0; i < 110; i++) await signIn(userName, `Spread-${i}-Lantern`);
    expect((await signIn(userName, PASSWORD)).body.code).toBe(200);
  }, 120_000);

  it('wrong member logins from the operator’s address do not lock the console; as many wrong operator names from an address lock it there', async () => {
    const userName = `opnat${Date.now().toString(36)}`;
    const { setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role: 'support' });
    await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
    const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD }, { ip: freshIp() });
    const secret = first.body.data.totp_setup.secret as string;
    await bindAuthenticator(t, first.body.data.token, secret);
    const signIn = async (ip: string) => call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD, totp_code: await codeAt(secret, 1) }, { ip });
    const failuresAt = (ip: string, key: (i: number) => string) => t.db.insertInto('login_failures').values(Array.from({ length: MAX_ADDRESS_FAILURES }, (_, i) => ({ account: key(i), ip }))).execute();

    const office = freshIp();
    await failuresAt(office, (i) => `name:stranger${i}-${userName}`);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: `stranger0-${userName}`, password: 'Not-The-One-1' }, { ip: office })).body.code).toBe(ResponseCode.loginLocked);
    expect((await signIn(office)).body.code).toBe(200);

    const sprayer = freshIp();
    await failuresAt(sprayer, (i) => `operator:ghost${i}-${userName}`);
    expect((await signIn(sprayer)).body).toMatchObject({ code: ResponseCode.loginLocked });
  });
});
