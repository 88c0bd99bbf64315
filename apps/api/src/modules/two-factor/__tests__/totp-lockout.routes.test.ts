import { codeAt } from './authenticator.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, latestCode, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { MAX_LOGIN_FAILURES } from '../../captcha/lockout.js';

// A stolen session must not guess the member's authenticator: every code typed in the member's own
// session counts under one key for all addresses together, 10 wrong codes in 15 minutes.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  // The slider would otherwise step in after a few failures; these tests are about the lockout behind it.
  await t.db.insertInto('account_settings').values({ key: 'captcha_mode', value: 'off', updated_by: 'test' }).execute();
});
afterAll(() => t.close());

/** A six-digit code the authenticator does not accept now. */
const wrongCode = async (secret: string) => {
  const accepted = new Set([await codeAt(secret, -1), await codeAt(secret), await codeAt(secret, 1)]);
  for (let n = 234_567; ; n++) if (!accepted.has(String(n))) return String(n);
};

async function boundMember() {
  const m = await registerMember(t);
  const { secret } = (await call(t, 'POST', '/user/google_authenticator/createCode', {}, { token: m.token })).body.data as { secret: string };
  const saved = await call(t, 'POST', '/user/google_authenticator/save', { code: await codeAt(secret, -1), current_password: m.password }, { token: m.token });
  expect(saved.body.code, saved.body.msg).toBe(200);
  return { ...m, secret };
}

describe('authenticator codes from the member’s session', () => {
  it('10 wrong codes at the check call from 10 addresses lock the code everywhere: the right one is refused at the password change too', async () => {
    const m = await boundMember();
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      const res = await call(t, 'POST', '/user/google_authenticator/check', { code: await wrongCode(m.secret) }, { token: m.token, ip: freshIp() });
      expect(res.body.code).toBe(ResponseCode.twoFactorInvalid);
    }
    const pw = { old_password: m.password, password: 'Changed-Orbit-77', password_confirm: 'Changed-Orbit-77' };
    const refused = await call(t, 'POST', '/user/reset/password', { ...pw, google_code: await codeAt(m.secret) }, { token: m.token, ip: freshIp() });
    expect(refused.body).toMatchObject({ code: ResponseCode.loginLocked, msg: 'Too many failed attempts, please try again in 15 minutes' });
    expect((await call(t, 'POST', '/user/google_authenticator/check', { code: await codeAt(m.secret) }, { token: m.token, ip: freshIp() })).body.code).toBe(ResponseCode.loginLocked);
    // The login is a count of its own: the member still signs in with the password.
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body.code).toBe(200);

    // Once the window has passed, the right code works again.
    await t.db.updateTable('login_failures').set({ created_at: new Date(Date.now() - 16 * 60_000) }).where('account', '=', `totp:${m.user.id}`).execute();
    expect((await call(t, 'POST', '/user/reset/password', { ...pw, google_code: await codeAt(m.secret) }, { token: m.token, ip: freshIp() })).body.code).toBe(200);
  });

  it('the step-up of a contact change counts the same way, and the change waits', async () => {
    const m = await boundMember();
    const email = `moved-${m.user.id}@example.com`;
    await call(t, 'POST', '/user/send_code', { type: 'bind', email }, { ip: freshIp() });
    const code = await latestCode(t, email);
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      const res = await call(t, 'POST', '/user/reset/email', { email, code, google_code: await wrongCode(m.secret) }, { token: m.token, ip: freshIp() });
      expect(res.body.code).toBe(ResponseCode.twoFactorInvalid);
    }
    expect((await call(t, 'POST', '/user/reset/email', { email, code, google_code: await codeAt(m.secret) }, { token: m.token, ip: freshIp() })).body.code).toBe(ResponseCode.loginLocked);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data.email).toBe(m.email);
  });

  it('a right code forgives its own address’s failures only', async () => {
    const m = await boundMember();
    const thief = freshIp();
    const home = freshIp();
    for (let i = 0; i < MAX_LOGIN_FAILURES - 1; i++) await call(t, 'POST', '/user/google_authenticator/check', { code: await wrongCode(m.secret) }, { token: m.token, ip: thief });
    expect((await call(t, 'POST', '/user/google_authenticator/check', { code: await codeAt(m.secret) }, { token: m.token, ip: home })).body.code).toBe(200);
    // The thief's nine still count: one more wrong code from anywhere locks.
    expect((await call(t, 'POST', '/user/google_authenticator/check', { code: await wrongCode(m.secret) }, { token: m.token, ip: home })).body.code).toBe(ResponseCode.twoFactorInvalid);
    expect((await call(t, 'POST', '/user/google_authenticator/check', { code: await codeAt(m.secret, 1) }, { token: m.token, ip: home })).body.code).toBe(ResponseCode.loginLocked);
  });
});
