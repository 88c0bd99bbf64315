import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { settleDeliveries } from '../../verification/verification.service.js';
import { DEMO_MEMBER, call, freshIp, latestCode, registerMember, seedDemo } from './account-helpers.js';

// A stranger must not learn whether an account exists from any answer, nor from what the shop does
// behind it. Timing is not measured here (it would be flaky): each test checks instead that the
// same work is done for a real and an unknown account (a code checked, a code row stored).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const codeRows = (destination: string) => t.db.selectFrom('verification_codes').selectAll().where('destination', '=', destination).orderBy('id').execute();
const outbox = async (to: string) => {
  await settleDeliveries();
  return t.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', to).execute();
};
/** The answer with the seconds of a "wait" message left out (they tick between two calls). */
const shape = (body: { code: number; msg: string; data: unknown }) => ({ ...body, msg: body.msg.replace(/\d+/g, 'N'), data: body.data && typeof body.data === 'object' && 'resend_in' in body.data ? { ...body.data, resend_in: 'N' } : body.data });

describe('registration', () => {
  it('answers a taken and a free user name alike until the e-mailed code is right, checking the code in both cases', async () => {
    const email = 'enum-reg@example.com';
    await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() });
    const code = await latestCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { nickname: 'Eve', password: 'Lantern-Orbit-42', email, invite_code: DEMO_MEMBER.invite_code };

    const taken = await call(t, 'POST', '/user/no_auth/register', { ...body, user_name: DEMO_MEMBER.user_name, code: wrong }, { ip: freshIp() });
    const free = await call(t, 'POST', '/user/no_auth/register', { ...body, user_name: 'freshname77', code: wrong }, { ip: freshIp() });
    expect(taken.body).toEqual(free.body);
    expect(taken.body).toMatchObject({ code: ResponseCode.codeInvalid });
    // Both went through the code check: each spent one try.
    expect((await codeRows(email)).at(-1)!.attempts).toBe(2);

    // With the right code the owner of the e-mail may learn the name is taken, and keeps the code to pick another.
    const known = await call(t, 'POST', '/user/no_auth/register', { ...body, user_name: DEMO_MEMBER.user_name, code }, { ip: freshIp() });
    expect(known.body).toMatchObject({ code: ResponseCode.userNameTaken, msg: 'This username is already taken' });
    const done = await call(t, 'POST', '/user/no_auth/register', { ...body, user_name: 'freshname77', code }, { ip: freshIp() });
    expect(done.body.code).toBe(200);
  });

  it('answers a taken and a free e-mail alike: the code goes to the address, and only its owner learns it is taken', async () => {
    const m = await registerMember(t);
    // A minute after the member registered, so the resend wait is not what answers.
    await t.db.updateTable('verification_codes').set({ created_at: new Date(Date.now() - 61_000) }).where('destination', '=', m.email).execute();
    const free = 'enum-free@example.com';
    const before = (await outbox(m.email)).length;
    const takenSend = await call(t, 'POST', '/user/send_code', { type: 'register', email: m.email }, { ip: freshIp() });
    const freeSend = await call(t, 'POST', '/user/send_code', { type: 'register', email: free }, { ip: freshIp() });
    const sentShape = (b: typeof takenSend.body) => ({ code: b.code, msg: b.msg, resend_in: b.data.resend_in, expires_in: b.data.expires_in });
    expect(sentShape(takenSend.body)).toEqual(sentShape(freeSend.body));
    expect(takenSend.body.code).toBe(200);
    expect((await outbox(m.email)).length).toBe(before + 1);

    const codes = [await latestCode(t, m.email), await latestCode(t, free)];
    const wrong = ['000000', '111111', '222222'].find((c) => !codes.includes(c))!;
    const body = { nickname: 'Eve', password: 'Lantern-Orbit-42', invite_code: DEMO_MEMBER.invite_code, code: wrong };
    const takenReg = await call(t, 'POST', '/user/no_auth/register', { ...body, user_name: 'enumtaken1', email: m.email }, { ip: freshIp() });
    const freeReg = await call(t, 'POST', '/user/no_auth/register', { ...body, user_name: 'enumfree01', email: free }, { ip: freshIp() });
    expect(takenReg.body).toEqual(freeReg.body);
    const right = await call(t, 'POST', '/user/no_auth/register', { ...body, user_name: 'enumtaken1', email: m.email, code: codes[0] }, { ip: freshIp() });
    expect(right.body).toMatchObject({ code: ResponseCode.emailTaken, msg: 'This email is already in use' });
  });
});

describe('codes by user name (forgotten password)', () => {
  it('answers a real and an unknown user name alike, the second time too, and sends only to the real one', async () => {
    const m = await registerMember(t);
    const ghost = 'ghostmember9';
    const ip = freshIp();
    const realFirst = await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip });
    const realSecond = await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip });
    const fakeFirst = await call(t, 'POST', '/user/sendWithUsername', { user_name: ghost }, { ip });
    const fakeSecond = await call(t, 'POST', '/user/sendWithUsername', { user_name: ghost }, { ip });

    expect(realFirst.body).toMatchObject({ code: 200, data: { resend_in: 60, expires_in: 600 } });
    expect(fakeFirst.body).toMatchObject({ code: 200, data: { resend_in: 60, expires_in: 600 } });
    expect(realFirst.body.data.to).toBe(`${m.user.user_name.slice(0, 3)}${'*'.repeat(m.user.user_name.length - 6)}${m.user.user_name.slice(-3)}`);
    expect(fakeFirst.body.data.to).toBe('gho******er9');
    expect(shape(realSecond.body)).toEqual(shape(fakeSecond.body));
    expect(realSecond.body.code).toBe(ResponseCode.codeTooSoon);

    // The same work: one stored code each (the unknown one's is a code nobody knows), one message only for the member.
    expect((await codeRows(m.email)).filter((r) => r.purpose === 'forget')).toHaveLength(1);
    expect(await codeRows(`account:${ghost}`)).toHaveLength(1);
    expect((await outbox(m.email)).filter((r) => /\d{6}/.test(r.body))).toHaveLength(2); // registration and forget
    expect(await t.db.selectFrom('outbox_messages').select('id').where('recipient', 'like', `%${ghost}%`).execute()).toHaveLength(0);
  });

  it('sends account codes to a typed e-mail only when a member uses it, answering alike', async () => {
    const m = await registerMember(t);
    const real = await call(t, 'POST', '/user/send_code', { type: 'forget', email: m.email }, { ip: freshIp() });
    const fake = await call(t, 'POST', '/user/send_code', { type: 'forget', email: 'nobody-here@example.com' }, { ip: freshIp() });
    expect({ ...real.body, data: { ...real.body.data, to: '' } }).toEqual({ ...fake.body, data: { ...fake.body.data, to: '' } });
    expect((await outbox(m.email)).length).toBe(2);
    expect(await outbox('nobody-here@example.com')).toHaveLength(0);
    expect(await codeRows('nobody-here@example.com')).toHaveLength(1);
    const again = await call(t, 'POST', '/user/send_code', { type: 'forget', email: 'nobody-here@example.com' }, { ip: freshIp() });
    expect(again.body.code).toBe(ResponseCode.codeTooSoon);
  });

  it('a code asked by e-mail makes no user name wait, whether or not the name belongs to that e-mail (and the other way round)', async () => {
    const m = await registerMember(t);
    const other = 'notthatmember7';
    const ip = freshIp();
    const answer = (body: { code: number; msg: string; data: unknown }) => shape({ ...body, data: body.data && typeof body.data === 'object' ? { ...body.data, to: '' } : body.data });

    expect((await call(t, 'POST', '/user/send_code', { type: 'forget', email: m.email }, { ip })).body.code).toBe(200);
    const matching = await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name, type: 'forget' }, { ip });
    const unrelated = await call(t, 'POST', '/user/sendWithUsername', { user_name: other, type: 'forget' }, { ip });
    expect(answer(matching.body)).toEqual(answer(unrelated.body));
    expect(matching.body.code).toBe(200);

    // The other way round: a name first, then the e-mail typed.
    const n = await registerMember(t);
    expect((await call(t, 'POST', '/user/sendWithUsername', { user_name: n.user.user_name, type: 'forget' }, { ip })).body.code).toBe(200);
    const ownEmail = await call(t, 'POST', '/user/send_code', { type: 'forget', email: n.email }, { ip });
    const strangerEmail = await call(t, 'POST', '/user/send_code', { type: 'forget', email: 'not-theirs-7@example.com' }, { ip });
    expect(answer(ownEmail.body)).toEqual(answer(strangerEmail.body));
    expect(ownEmail.body.code).toBe(200);
  });
});

describe('resetting a forgotten password', () => {
  const reset = (account: string, code: string, ip = freshIp()) =>
    call(t, 'POST', '/user/no_auth/forget', { account, code, password: 'Fresh-Harbor-88', password_confirm: 'Fresh-Harbor-88' }, { ip });

  it('answers alike with and without an outstanding code, for real and unknown accounts', async () => {
    const m = await registerMember(t);
    const ghost = 'ghostforget1';
    // No code asked yet: the same answer.
    const realNone = await reset(m.user.user_name, '123456');
    const fakeNone = await reset(ghost, '123456');
    expect(realNone.body).toEqual(fakeNone.body);
    expect(realNone.body.code).toBe(ResponseCode.codeExpired);

    await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip: freshIp() });
    await call(t, 'POST', '/user/sendWithUsername', { user_name: ghost }, { ip: freshIp() });
    const code = await latestCode(t, m.email);
    const wrong = code === '123456' ? '654321' : '123456';
    // A code outstanding: a wrong guess gets the same answer, and an address's fifth locks it out of both alike.
    const [realIp, fakeIp] = [freshIp(), freshIp()];
    for (let i = 1; i <= 5; i++) {
      const real = await reset(m.user.user_name, wrong, realIp);
      const fake = await reset(ghost, wrong, fakeIp);
      expect(real.body, `try ${i}`).toEqual(fake.body);
      expect(real.body.code).toBe(i < 5 ? ResponseCode.codeExpired : ResponseCode.codeLocked);
    }
  });

  it('answers a member’s phone number and an unknown one alike, asked by either call and typed either way, wrong guesses and lockout included', async () => {
    const cases = [
      { ask: 'send_code', typed: 'with its country code', member: '123456881', unknown: '123456882' },
      { ask: 'send_code', typed: 'as the national number', member: '123456883', unknown: '123456884' },
      { ask: 'sendCodeV4', typed: 'with its country code', member: '123456885', unknown: '123456886' },
      { ask: 'sendCodeV4', typed: 'as the national number', member: '123456887', unknown: '123456888' },
    ] as const;
    for (const c of cases) {
      const what = `asked by ${c.ask}, typed ${c.typed}`;
      await registerMember(t, { mobile_pre: '60', mobile: c.member });
      const typed = (mobile: string) => (c.typed === 'with its country code' ? `+60${mobile}` : mobile);
      const askFor = (mobile: string) =>
        c.ask === 'send_code'
          ? call(t, 'POST', '/user/send_code', { type: 'forget', mobile_pre: '60', mobile }, { ip: freshIp() })
          : call(t, 'POST', '/user/sendCodeV4', { type: 'forget', account: mobile, mobile_pre: '60' }, { ip: freshIp() });

      // No code asked yet: the same answer.
      const [realNone, fakeNone] = [await reset(typed(c.member), '123456'), await reset(typed(c.unknown), '123456')];
      expect(fakeNone.body, what).toEqual(realNone.body);
      expect(realNone.body.code).toBe(ResponseCode.codeExpired);

      const asked = [await askFor(c.member), await askFor(c.unknown)];
      expect(asked.map((a) => a.body.code), what).toEqual([200, 200]);
      // Only the member's phone is texted; the unknown number gets a stored code nobody knows.
      const code = await latestCode(t, `+60${c.member}`);
      expect(await outbox(`+60${c.unknown}`), what).toHaveLength(0);
      expect(await codeRows(`+60${c.unknown}`), what).toHaveLength(1);

      // Wrong guesses from one address each: the same answers in the same order, the fifth locking both out.
      const wrong = code === '000000' ? '111111' : '000000';
      const [realIp, fakeIp] = [freshIp(), freshIp()];
      const real: Array<{ code: number }> = [];
      const fake: Array<{ code: number }> = [];
      for (let i = 1; i <= 6; i++) {
        real.push((await reset(typed(c.member), wrong, realIp)).body);
        fake.push((await reset(typed(c.unknown), wrong, fakeIp)).body);
      }
      expect(fake, what).toEqual(real);
      expect(real.slice(0, 5).map((b) => b.code), what).toEqual([...Array(4).fill(ResponseCode.codeExpired), ResponseCode.codeLocked]);
      // The same work behind the answers: each wrong guess counted on a code, the member's and the unknown number's stand-in.
      const attempts = async (mobile: string) => (await codeRows(`+60${mobile}`)).filter((r) => r.purpose === 'forget').map((r) => r.attempts);
      expect(await attempts(c.unknown), what).toEqual(await attempts(c.member));
      expect(await attempts(c.member)).toEqual([5]);
    }
  });

  it('answers a wrong code for an account with a code outstanding as it answers an unknown account that asked for none', async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip: freshIp() });
    const code = await latestCode(t, m.email);
    const wrong = code === '123456' ? '654321' : '123456';
    const outstanding = await reset(m.user.user_name, wrong);
    const unknown = await reset('neverasked77', wrong);
    expect(outstanding.body).toEqual(unknown.body);
  });

  it('still resets the real member’s password with the right code', async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip: freshIp() });
    expect((await reset(m.user.user_name, await latestCode(t, m.email))).body.code).toBe(200);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: 'Fresh-Harbor-88' }, { ip: freshIp() })).body.code).toBe(200);
  });
});

describe('binding a contact', () => {
  it('says another member uses the e-mail only to whoever holds its code', async () => {
    const owner = await registerMember(t);
    const m = await registerMember(t);
    const bind = (email: string, code: string) => call(t, 'POST', '/user/reset/email', { email, code, current_password: m.password }, { token: m.token });
    const taken = await bind(owner.email, '000000');
    const free = await bind('nobody-binds@example.com', '000000');
    expect(taken.body).toEqual(free.body);
    expect(taken.body.code).toBe(ResponseCode.codeExpired);
    await t.db.updateTable('verification_codes').set({ created_at: new Date(Date.now() - 61_000) }).where('destination', '=', owner.email).execute();
    await call(t, 'POST', '/user/send_code', { type: 'bind', email: owner.email }, { ip: freshIp() });
    expect((await bind(owner.email, await latestCode(t, owner.email))).body.code).toBe(ResponseCode.emailTaken);
  });
});

describe('the availability check', () => {
  it('tells nobody whether an account exists', async () => {
    const m = await registerMember(t, { mobile_pre: '86', mobile: '13800138077' });
    for (const body of [{ user_name: m.user.user_name }, { email: m.email }, { mobile_pre: '86', mobile: '13800138077' }]) {
      expect((await call(t, 'POST', '/user/checkAccount', body, { ip: freshIp() })).body.data, JSON.stringify(body)).toEqual({ available: true });
    }
  });
});
