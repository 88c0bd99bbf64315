import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, latestCode, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';

// Codes for a member's own changes (pay password, closing) are sent only to the signed-in member:
// a stranger asking one by e-mail or user name is refused, and the member's open code keeps working.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const codeRows = (email: string) => t.db.selectFrom('verification_codes').selectAll().where('destination', '=', email).orderBy('id').execute();

describe('codes only a signed-in member asks', () => {
  it('a stranger’s pay-password or closing code request is refused, writes nothing, and the member’s open code still works', async () => {
    const m = await registerMember(t);
    expect((await call(t, 'POST', '/user/send_code_with_token', { type: 'pay_password' }, { token: m.token })).body.code).toBe(200);
    const code = await latestCode(t, m.email);
    const before = await codeRows(m.email);

    for (const type of ['pay_password', 'cancel', 'password']) {
      const byEmail = await call(t, 'POST', '/user/send_code', { type, email: m.email }, { ip: freshIp() });
      expect(byEmail.body).toMatchObject({ code: ResponseCode.codeNeedsSignIn, msg: "Please sign in first: this code is sent only from your account's security settings" });
      expect((await call(t, 'POST', '/user/sendCodeV4', { type, account: m.email }, { ip: freshIp() })).body.code).toBe(ResponseCode.codeNeedsSignIn);
      expect((await call(t, 'POST', '/user/sendWithUsername', { type, user_name: m.user.user_name }, { ip: freshIp() })).body.code).toBe(ResponseCode.codeNeedsSignIn);
    }
    // Nor can a stranger use up the open code's tries.
    for (let i = 0; i < 6; i++) expect((await call(t, 'POST', '/user/checkCode', { type: 'pay_password', email: m.email, code: '000000' }, { ip: freshIp() })).body.code).toBe(ResponseCode.codeNeedsSignIn);
    expect(await codeRows(m.email)).toEqual(before);

    // An unknown account gets the very same answer, in the caller's language.
    const unknown = await call(t, 'POST', '/user/send_code', { type: 'pay_password', email: 'nobody-here-5@example.com' }, { ip: freshIp(), lang: 'zh-cn' });
    expect(unknown.body).toMatchObject({ code: ResponseCode.codeNeedsSignIn, msg: '请先登录：此验证码只能在账户的安全设置中获取' });

    const set = await call(t, 'POST', '/user/reset/pay_password', { password: '135790', password_confirm: '135790', code, current_password: m.password }, { token: m.token });
    expect(set.body.code, set.body.msg).toBe(200);
  });

  it('the codes a stranger may ask still go out', async () => {
    const m = await registerMember(t);
    expect((await call(t, 'POST', '/user/sendWithUsername', { type: 'forget', user_name: m.user.user_name }, { ip: freshIp() })).body.code).toBe(200);
    expect((await call(t, 'POST', '/user/send_code', { type: 'bind', email: `new-${m.user.id}@example.com` }, { ip: freshIp() })).body.code).toBe(200);
  });
});
