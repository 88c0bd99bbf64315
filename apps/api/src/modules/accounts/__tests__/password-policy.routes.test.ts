import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { DEMO_MEMBER, call, freshIp, latestCode, registerMember, seedDemo } from './account-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const LENGTH_RULE = 'The password must be 8 to 128 characters';
const TOO_COMMON = 'This password is too common or has appeared in a data breach. Please choose another';
/** A fresh e-mail with a register code waiting in the outbox. */
async function emailWithCode(tag: string) {
  const email = `policy-${tag}-${Date.now().toString(36)}@example.com`;
  await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() });
  return { email, code: await latestCode(t, email) };
}
const registration = (over: Record<string, unknown>) => ({ user_name: `policy${Date.now().toString(36)}`.slice(0, 16), nickname: 'Pol', invite_code: DEMO_MEMBER.invite_code, ...over });

describe('the password policy', () => {
  it('refuses weak passwords at registration with the localized message, and registers nobody', async () => {
    const { email, code } = await emailWithCode('weak');
    const expected: Record<string, string> = { '123456': LENGTH_RULE, abc123: LENGTH_RULE, password: TOO_COMMON, qwertyuiop: TOO_COMMON, 'PassWord1': TOO_COMMON };
    for (const [password, msg] of Object.entries(expected)) {
      const res = await call(t, 'POST', '/user/no_auth/register', registration({ password, email, code }), { ip: freshIp() });
      expect(res.status, password).toBe(422);
      expect(res.body.msg, password).toBe(msg);
    }
    const zh = await call(t, 'POST', '/user/no_auth/register', registration({ password: 'password', email, code }), { ip: freshIp(), lang: 'zh-cn' });
    expect(zh.body.msg).toBe('该密码过于常见或曾在数据泄露中出现，请换一个');
    const th = await call(t, 'POST', '/user/no_auth/register', registration({ password: '123456', email, code }), { ip: freshIp(), lang: 'th' });
    expect(th.body.msg).toBe('รหัสผ่านต้องมี 8 ถึง 128 ตัวอักษร');
    // The user name itself is no password either.
    const own = await call(t, 'POST', '/user/no_auth/register', registration({ user_name: 'policyself1', password: 'PolicySelf1', email, code }), { ip: freshIp() });
    expect(own.body.msg).toBe(TOO_COMMON);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(0);
    // The code is still good for a proper password.
    expect((await call(t, 'POST', '/user/no_auth/register', registration({ password: 'Quiet-Meadow-31', email, code }), { ip: freshIp() })).body.code).toBe(200);
  });

  it('takes 70 characters whole: the password logs in, one that differs after the 64th character does not', async () => {
    const { email, code } = await emailWithCode('long');
    const head = 'correct-horse-battery-staple-'.repeat(3).slice(0, 64);
    const password = `${head}ABCDEF`;
    const other = `${head}ABCDEG`;
    expect(password).toHaveLength(70);
    const user_name = `longpw${Date.now().toString(36)}`.slice(0, 16);
    expect((await call(t, 'POST', '/user/no_auth/register', registration({ user_name, password, email, code }), { ip: freshIp() })).body.code).toBe(200);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: user_name, password }, { ip: freshIp() })).body.code).toBe(200);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: user_name, password: other }, { ip: freshIp() })).body.code).toBe(ResponseCode.loginFailed);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: user_name, password: head }, { ip: freshIp() })).body.code).toBe(ResponseCode.loginFailed);
    // Longer than 128 is refused, never cut.
    const tooLong = await call(t, 'POST', '/user/no_auth/register', registration({ password: 'x'.repeat(129), email, code }), { ip: freshIp() });
    expect(tooLong.body.msg).toBe(LENGTH_RULE);
  });

  it('applies when the password is changed or reset, and leaves it unchanged when refused', async () => {
    const m = await registerMember(t);
    for (const password of ['password1', 'short1']) {
      const res = await call(t, 'POST', '/user/reset/password', { old_password: m.password, password, password_confirm: password }, { token: m.token });
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe(password === 'short1' ? LENGTH_RULE : TOO_COMMON);
    }
    await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip: freshIp() });
    const code = await latestCode(t, m.email);
    const reset = await call(t, 'POST', '/user/no_auth/forget', { account: m.user.user_name, code, password: 'iloveyou', password_confirm: 'iloveyou' }, { ip: freshIp() });
    expect(reset.body).toMatchObject({ msg: TOO_COMMON });
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body.code).toBe(200);
    // The refused attempt did not use the code up.
    const ok = await call(t, 'POST', '/user/no_auth/forget', { account: m.user.user_name, code, password: 'Copper-Kettle-19', password_confirm: 'Copper-Kettle-19' }, { ip: freshIp() });
    expect(ok.body.code).toBe(200);
  });

  it('keeps existing passwords working: the demo member logs in with Demo2026!', async () => {
    const res = await call(t, 'POST', '/user/no_auth/login', { account: DEMO_MEMBER.user_name, password: 'Demo2026!' }, { ip: freshIp() });
    expect(res.body.code).toBe(200);
  });
});
