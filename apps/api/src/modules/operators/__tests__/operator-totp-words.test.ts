import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { call, freshIp } from '../../accounts/__tests__/account-helpers.js';
import { createOperator } from '../operators.service.js';

// The console calls the second factor "authenticator" (身份验证器 / 驗證器) on its screens: a wrong code
// is refused in the same word, never as the member app's "Google code" (谷歌验证码).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('an operator setting up the authenticator', () => {
  it('is told a wrong code in the console’s word for it', async () => {
    const userName = `optotpwords${Date.now().toString(36)}`;
    const { setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role: 'support' });
    await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: 'Console-Lantern-2026' }, { ip: freshIp() });
    const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: 'Console-Lantern-2026' }, { ip: freshIp() });
    expect(first.body.code, first.body.msg).toBe(200);
    const wrong = async (lang: string) => (await call(t, 'POST', '/admin/api/auth/totp/confirm', { totp_code: '000000' }, { token: first.body.data.token, ip: freshIp(), lang })).body;
    expect(await wrong('zh-cn')).toMatchObject({ code: ResponseCode.twoFactorInvalid, msg: '身份验证器验证码错误或已被使用' });
    expect((await wrong('zh-tw')).msg).toBe('驗證器驗證碼錯誤或已被使用');
    expect((await wrong('en-us')).msg).toBe('The authenticator code is wrong or was already used');
    for (const lang of ['zh-cn', 'zh-tw']) expect((await wrong(lang)).msg).not.toMatch(/谷歌|Google/);
  });
});
