import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { DEMO_MEMBER, call, freshIp, latestCode, registerMember, seedDemo } from './account-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

describe('every call of the account area', () => {
  it('is built: none answers "not available yet"', async () => {
    const m = await registerMember(t);
    const calls = allEndpoints.filter((e) => e.area === 'account');
    expect(calls.length).toBe(47);
    for (const e of calls) {
      const res = await t.app.inject({ method: e.method, url: e.path, headers: { authorization: `Bearer ${m.token}`, ...(e.method === 'POST' ? { 'content-type': 'application/json' } : {}) }, ...(e.method === 'POST' ? { payload: '{}' } : {}) });
      expect(res.json().code, `${e.method} ${e.path}`).not.toBe(ResponseCode.notAvailableYet);
    }
  });
});

describe('profile, sharing and the registration helpers', () => {
  it('shows who invited, checks availability, and shares an invitation link with a QR code', async () => {
    const inviter = await call(t, 'POST', '/user/no_auth/get_user', { invite_code: DEMO_MEMBER.invite_code.toLowerCase() });
    expect(inviter.body.data).toEqual({ nickname: 'Demo', user_name: 'dem*001' });
    expect((await call(t, 'POST', '/user/no_auth/get_user', { invite_code: 'NOPE0000' })).body.code).toBe(ResponseCode.inviteCodeInvalid);

    // Anyone may ask, so the answer judges the form only: a member's name answers like a free one.
    expect((await call(t, 'POST', '/user/checkAccount', { user_name: DEMO_MEMBER.user_name.toUpperCase() })).body.data).toEqual({ available: true });
    expect((await call(t, 'POST', '/user/checkAccount', { user_name: 'freshname01' })).body.data).toEqual({ available: true });
    expect((await call(t, 'POST', '/user/checkAccount', { user_name: 'ab_1' })).body.data).toEqual({ available: false });
    expect((await call(t, 'POST', '/user/checkAccount', { email: DEMO_MEMBER.email })).body.data).toEqual({ available: true });
    expect((await call(t, 'POST', '/user/checkAccount', { mobile_pre: '86', mobile: '12345' })).body.data).toEqual({ available: false });

    const m = await registerMember(t);
    const share = (await call(t, 'GET', '/user/info/shareImg', undefined, { token: m.token })).body.data;
    expect(share.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(share.share_url).toContain(`/h5/#/pages/login/reg/reg?shareCode=${share.invite_code}`);
    expect(share.qr_code).toMatch(/^data:image\/png;base64,/);
    // The new member's own code brings in the next member.
    const next = await registerMember(t, { invite_code: share.invite_code });
    const row = await t.db.selectFrom('users').select('referrer_id').where('id', '=', next.user.id).executeTakeFirstOrThrow();
    expect(row.referrer_id).toBe(m.user.id);
  });

  it('binds a phone with the code sent to it, refusing one another member uses', async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/user/send_code', { type: 'bind', mobile_pre: '66', mobile: '812345670' }, { ip: freshIp() });
    const code = await latestCode(t, '+66812345670');
    const bound = await call(t, 'POST', '/user/bindMobile', { mobile_pre: '66', mobile: '812345670', code, current_password: m.password }, { token: m.token });
    expect(bound.body.data).toMatchObject({ mobile_pre: '66', mobile: '812345670' });
    const other = await registerMember(t);
    await t.db.updateTable('verification_codes').set({ created_at: new Date(Date.now() - 61_000) }).where('destination', '=', '+66812345670').execute();
    // Asking for a code says nothing about who uses the number: only its owner learns, from the code.
    const taken = await call(t, 'POST', '/user/send_code', { type: 'bind', mobile_pre: '66', mobile: '812345670' }, { ip: freshIp() });
    expect(taken.body).toMatchObject({ code: 200, data: { resend_in: 60 } });
    const second = await latestCode(t, '+66812345670');
    expect((await call(t, 'POST', '/attractive/user/setMobileEmail', { mobile_pre: '66', mobile: '812345670', code: second, current_password: other.password }, { token: other.token })).body).toMatchObject({ code: ResponseCode.mobileTaken, msg: 'This phone number is already in use' });
  });

  it('lists countries with calling codes in the member’s language, and the default code', async () => {
    const zh = (await call(t, 'GET', '/attractive/countryCode', undefined, { lang: 'zh-cn' })).body.data as Array<{ code: string; name: string; pre: string }>;
    expect(zh.find((c) => c.code === 'CN')).toEqual({ code: 'CN', name: '中国', pre: '86' });
    expect(zh.length).toBeGreaterThan(200);
    expect((await call(t, 'GET', '/attractive/country/getAreaPre', undefined, { lang: 'th' })).body.data).toEqual({ country: 'TH', pre: '66' });
    expect((await call(t, 'GET', '/attractive/country/getAreaPre?country=jp')).body.data).toEqual({ country: 'JP', pre: '81' });
  });

  it('fills the settings pages with the member’s state, in their language', async () => {
    const m = await registerMember(t);
    const pay = (await call(t, 'GET', '/attractive/UserPageData/payAccountSetPage', undefined, { token: m.token, lang: 'zh-cn' })).body.data;
    expect(pay.entries.map((e: { key: string; value: string }) => [e.key, e.value])).toEqual([['password', ''], ['payPassword', '未设置'], ['google', '未设置']]);
    const account = (await call(t, 'GET', '/attractive/UserPageData/accountSetPage', undefined, { token: m.token })).body.data;
    expect(account.entries.find((e: { key: string }) => e.key === 'email')).toMatchObject({ done: true, value: expect.stringMatching(/^mem\*+com$/) });
    expect(account.entries.find((e: { key: string }) => e.key === 'realName')).toMatchObject({ value: 'Not verified', done: false });
    for (const page of ['userSetPage', 'threeAccountPage']) {
      expect((await call(t, 'GET', `/attractive/UserPageData/${page}`, undefined, { token: m.token })).body.data.user.id).toBe(m.user.id);
    }
  });
});

describe('housekeeping', () => {
  it('removes expired codes, puzzles, tokens, old failures and long-ended sessions, and keeps live ones', async () => {
    const { purgeStaleRows } = await import('../housekeeping.js');
    const m = await registerMember(t);
    const longAgo = new Date(Date.now() - 10 * 86_400_000);
    const { newToken, hashToken } = await import('../../../lib/tokens.js');
    await t.db.insertInto('sessions').values({ user_id: m.user.id, token_hash: hashToken(newToken()), expires_at: longAgo, revoked_at: null }).execute();
    await t.db.insertInto('login_failures').values({ account: 'old', ip: '1.1.1.1', created_at: longAgo }).execute();
    await t.db.updateTable('verification_codes').set({ expires_at: longAgo }).where('destination', '=', m.email).execute();
    const counts = await purgeStaleRows(t.db);
    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    expect(counts.login_failures).toBeGreaterThanOrEqual(1);
    expect(counts.verification_codes).toBeGreaterThanOrEqual(1);
    // The member's own session is live and stays.
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.code).toBe(200);
  });
});
