import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { settleDeliveries } from '../../verification/verification.service.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { DEMO_MEMBER, call, freshIp, latestCode, seedDemo } from './account-helpers.js';

/** The demo member's phone (seeded as confirmed). */
const DEMO_PHONE = { mobile_pre: '60', mobile: '123456789' };

// A phone typed at registration is proved by nothing (the code went to the e-mail): it is kept as
// unconfirmed, names nobody and blocks nobody, until its owner confirms it with a code sent to it
// (docs/decisions/2026-11-30-registration-phone-unconfirmed.md).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insertInto('account_settings').values({ key: 'captcha_mode', value: 'off', updated_by: 'test' }).execute();
  await seedDemo(t);
});
afterAll(() => t.close());

let n = 0;
/** Registers with the e-mailed code only, typing `phone` as the member's phone. */
async function registerWithPhone(phone: { mobile_pre: string; mobile: string }, password = 'Lantern-Orbit-42') {
  const tag = `${Date.now().toString(36)}${++n}`;
  const email = `phone${tag}@probe.test`;
  const ip = freshIp();
  expect((await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip })).body.code).toBe(200);
  const res = await call(t, 'POST', '/user/no_auth/register', { user_name: `phone${tag}`, nickname: 'P', password, email, invite_code: DEMO_MEMBER.invite_code, code: await latestCode(t, email), ...phone }, { ip });
  return { res, email, password, token: res.body.data?.token as string, id: res.body.data?.user?.id as number };
}

/** Binds a phone from the settings: a code sent to it, and the login password. */
async function bindPhone(m: { token: string; password: string }, phone: { mobile_pre: string; mobile: string }) {
  expect((await call(t, 'POST', '/user/send_code', { type: 'bind', ...phone }, { ip: freshIp() })).body.code).toBe(200);
  const code = await latestCode(t, `+${phone.mobile_pre}${phone.mobile}`);
  return call(t, 'POST', '/user/bindMobile', { ...phone, code, current_password: m.password }, { token: m.token, ip: freshIp() });
}

const profileOf = async (token: string) => (await call(t, 'GET', '/user/info/index', undefined, { token })).body.data;
const outboxFor = async (to: string) => (await call(t, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}&limit=5`, undefined, { ip: '127.0.0.1' })).body.data as unknown[];
const login = (body: Record<string, unknown>) => call(t, 'POST', '/user/no_auth/login', body, { ip: freshIp() });

describe('a phone typed at registration with the e-mailed code', () => {
  it('is kept unconfirmed: the real owner of the number still registers and binds it, which takes it from the squatter', async () => {
    const phone = { mobile_pre: '60', mobile: '123456780' };
    const squatter = await registerWithPhone(phone, 'Copper-Kettle-77');
    expect(squatter.res.body.code, squatter.res.body.msg).toBe(200);
    // The squatter sees the number they typed, marked as not confirmed, not as their phone.
    expect(squatter.res.body.data.user).toMatchObject({ mobile_pre: null, mobile: null, unverified_mobile_pre: '60', unverified_mobile: '123456780' });
    const page = await call(t, 'GET', '/attractive/UserPageData/accountSetPage', undefined, { token: squatter.token });
    expect(page.body.data.entries.find((e: { key: string }) => e.key === 'mobile')).toMatchObject({ value: '+60 123***780 (not confirmed)', done: false });

    // The real owner is not told the number is in use, at registration ...
    const owner = await registerWithPhone(phone);
    expect(owner.res.body.code, owner.res.body.msg).toBe(200);
    // ... nor when binding it with the code texted to it.
    const bound = await bindPhone(owner, phone);
    expect(bound.body.code, bound.body.msg).toBe(200);
    expect(bound.body.data).toMatchObject({ mobile_pre: '60', mobile: '123456780', unverified_mobile: null });
    expect((await login({ account: '+60123456780', password: owner.password })).body.data.user.id).toBe(owner.id);
    // The squatter's unconfirmed copy is gone: nobody else shows that number now.
    expect(await profileOf(squatter.token)).toMatchObject({ mobile: null, unverified_mobile_pre: null, unverified_mobile: null });
    // Once confirmed, the number is the owner's: a later registration keeps it only unconfirmed (binding it is refused: profile.routes.test.ts).
    const late = await registerWithPhone(phone, 'Velvet-Harbor-31');
    expect(late.res.body.data.user).toMatchObject({ mobile: null, unverified_mobile: '123456780' });
    expect((await login({ account: '+60123456780', password: late.password })).body.code).toBe(ResponseCode.loginFailed);
  });

  it('does not tell the holder of one e-mail code whether a phone is in use: the demo member’s confirmed number registers unconfirmed, and stays the demo member’s', async () => {
    const m = await registerWithPhone(DEMO_PHONE);
    expect(m.res.body.code, m.res.body.msg).toBe(200);
    expect(m.res.body.data.user).toMatchObject({ mobile: null, unverified_mobile: DEMO_PHONE.mobile });
    const demo = await login({ account: '+60123456789', password: DEMO_MEMBER.password });
    expect(demo.body.data.user.user_name).toBe(DEMO_MEMBER.user_name);
  });

  it('names nobody: login, password reset, codes to the phone, transfers and gift cards all treat it as unknown', async () => {
    const phone = { mobile_pre: '60', mobile: '123456771' };
    const e164 = '+60123456771';
    const m = await registerWithPhone(phone);
    expect(m.res.body.code, m.res.body.msg).toBe(200);

    // Login by the phone, in each form, is the answer an unknown account gets.
    for (const body of [{ account: e164 }, { account: phone.mobile, mobile_pre: '60' }, { account: phone.mobile }]) {
      expect((await login({ ...body, password: m.password })).body, JSON.stringify(body)).toMatchObject({ code: ResponseCode.loginFailed });
    }

    // A reset asked by the phone answers as for an unknown account, and nothing goes anywhere.
    const mailBefore = (await outboxFor(m.email)).length;
    const asked = await call(t, 'POST', '/user/sendWithUsername', { type: 'forget', user_name: e164 }, { ip: freshIp() });
    const unknown = await call(t, 'POST', '/user/sendWithUsername', { type: 'forget', user_name: '+60123456772' }, { ip: freshIp() });
    expect(asked.body.code).toBe(200);
    expect(Object.keys(asked.body.data)).toEqual(Object.keys(unknown.body.data));
    expect((await call(t, 'POST', '/user/send_code', { type: 'forget', ...phone }, { ip: freshIp() })).body.code).toBe(200);
    await settleDeliveries();
    expect(await outboxFor(m.email)).toHaveLength(mailBefore);
    expect(await outboxFor(e164)).toEqual([]);
    const reset = await call(t, 'POST', '/user/no_auth/forget', { account: e164, code: '123456', password: 'Harbor-Lights-93', password_confirm: 'Harbor-Lights-93' }, { ip: freshIp() });
    expect(reset.body.code).toBe(ResponseCode.codeExpired);

    // The member's own codes are never texted to a number nobody confirmed.
    const own = await call(t, 'POST', '/user/send_code_with_token', { type: 'pay_password', channel: 'sms' }, { token: m.token, ip: freshIp() });
    expect(own.body.code).toBe(ResponseCode.noContact);
    expect(await outboxFor(e164)).toEqual([]);

    // Transfers and gift cards: no member answers to it.
    const sender = await walletMember(t, { usd: 1_000 });
    const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { ...sender.keyed(), 'content-type': 'application/json' }, payload: JSON.stringify(payload) }).then((r) => r.json() as { code: number });
    const preview = await t.app.inject({ method: 'GET', url: `/user/transfer/info?account=${encodeURIComponent(e164)}`, headers: sender.headers });
    expect(preview.json().code).toBe(ResponseCode.receiverNotFound);
    expect((await post('/user/transfer/create', { account: e164, amount: '1', currency: 'USD', pay_password: PAY_PASSWORD })).code).toBe(ResponseCode.receiverNotFound);
    expect((await post('/user/transfer/create', { account: phone.mobile, amount: '1', currency: 'USD', pay_password: PAY_PASSWORD })).code).toBe(ResponseCode.receiverNotFound);
    expect((await post('/user/gift_card/give', { account: e164, card_ids: [1], pay_password: PAY_PASSWORD })).code).toBe(ResponseCode.receiverNotFound);

    // Confirmed by its code, the same number names the member everywhere.
    expect((await bindPhone(m, phone)).body.code).toBe(200);
    expect((await login({ account: e164, password: m.password })).body.data.user.id).toBe(m.id);
    const named = await t.app.inject({ method: 'GET', url: `/user/transfer/info?account=${encodeURIComponent(e164)}`, headers: sender.headers });
    expect(named.json().data.receiver).toMatchObject({ matched_by: 'mobile', matched: '+60 123***771' });
  });
  it('once confirmed, takes a password reset: the code texted to it finishes the reset, as the e-mailed one does, each once', async () => {
    const phone = { mobile_pre: '60', mobile: '123456773' };
    const e164 = '+60123456773';
    const m = await registerWithPhone(phone);
    expect((await bindPhone(m, phone)).body.code).toBe(200);
    const reset = (account: string, code: string, password: string) => call(t, 'POST', '/user/no_auth/forget', { account, code, password, password_confirm: password }, { ip: freshIp() });

    // Asked by the phone typed (`send_code`; `sendCodeV4` sends the same way), finished naming the account by its phone.
    expect((await call(t, 'POST', '/user/send_code', { type: 'forget', ...phone }, { ip: freshIp() })).body.code).toBe(200);
    const texted = await latestCode(t, e164);
    expect((await reset(e164, texted, 'Harbor-Lights-93')).body).toMatchObject({ code: 200 });
    expect((await login({ account: e164, password: 'Harbor-Lights-93' })).body.data.user.id).toBe(m.id);
    expect((await reset(e164, texted, 'Quiet-Meadow-58')).body.code).toBe(ResponseCode.codeExpired);

    // Asked by the account's name, the code goes to the e-mail and finishes the reset there.
    expect((await call(t, 'POST', '/user/sendWithUsername', { type: 'forget', user_name: m.email }, { ip: freshIp() })).body.code).toBe(200);
    expect((await reset(e164, await latestCode(t, m.email), 'Silver-Canyon-64')).body).toMatchObject({ code: 200 });
    expect((await login({ account: m.email, password: 'Silver-Canyon-64' })).body.data.user.id).toBe(m.id);
  });
});
