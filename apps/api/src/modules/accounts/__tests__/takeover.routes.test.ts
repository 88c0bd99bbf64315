import { codeAt } from '../../two-factor/__tests__/authenticator.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { purgeStaleRows } from '../housekeeping.js';
import { ACCOUNT_WIDE_FAILURES } from '../../captcha/lockout.js';
import { call, freshIp, latestCode, registerMember, seedDemo } from './account-helpers.js';

// An attacker who holds only a member's bearer token (stolen from a device or a log), and the
// member's own defences: step-up checks, notices, lockout, token families, idle sessions.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  // The slider would otherwise step in after a few failures; these tests are about the lockout behind it.
  await t.db.insertInto('account_settings').values({ key: 'captcha_mode', value: 'off', updated_by: 'test' }).execute();
});
afterAll(() => t.close());


/** Binds an authenticator to the member (with their password) and returns its secret. */
async function bindAuthenticator(m: { token: string; password: string }) {
  const { secret } = (await call(t, 'POST', '/user/google_authenticator/createCode', {}, { token: m.token })).body.data as { secret: string };
  const bound = await call(t, 'POST', '/user/google_authenticator/save', { code: await codeAt(secret, -1), current_password: m.password }, { token: m.token });
  expect(bound.body.code).toBe(200);
  return secret;
}

/** A `bind` code sent to a new e-mail, as the attacker (or the member) would ask for it. */
async function bindCodeFor(email: string) {
  expect((await call(t, 'POST', '/user/send_code', { type: 'bind', email }, { ip: freshIp() })).body.code).toBe(200);
  return latestCode(t, email);
}

const outboxFor = async (to: string) => (await call(t, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}&limit=5`, undefined, { ip: '127.0.0.1' })).body.data as Array<{ subject: string; body: string }>;

describe('step-up before changes that take over an account', () => {
  it('a stolen token cannot move the e-mail; with the current password it moves and the old address is told', async () => {
    const m = await registerMember(t);
    const attackerEmail = `attacker-${m.user.id}@example.com`;
    const code = await bindCodeFor(attackerEmail);

    const bare = await call(t, 'POST', '/user/reset/email', { email: attackerEmail, code }, { token: m.token });
    expect(bare.status).toBe(422);
    expect(bare.body.msg).toBe('Current password is required');
    const guessed = await call(t, 'POST', '/user/reset/email', { email: attackerEmail, code, current_password: 'guess-one' }, { token: m.token });
    expect(guessed.body).toMatchObject({ code: ResponseCode.wrongPassword, msg: 'The current password is incorrect' });
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data.email).toBe(m.email);

    const moved = await call(t, 'POST', '/user/reset/email', { email: attackerEmail, code, current_password: m.password }, { token: m.token });
    expect(moved.body).toMatchObject({ code: 200, data: { email: attackerEmail } });
    const notice = (await outboxFor(m.email))[0]!;
    expect(notice.subject).toBe('Security notice for your account');
    expect(notice.body).toContain(`The email address of your account ${m.user.user_name} was changed to`);
    // The notice names the new address masked, never in full.
    expect(notice.body).not.toContain(attackerEmail);
  });

  it('a moved e-mail or phone signs out the member’s other devices, and keeps the device that moved it signed in', async () => {
    const m = await registerMember(t);
    const signIn = async () => {
      const res = await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() });
      expect(res.body.code).toBe(200);
      return res.body.data.token as string;
    };
    const signedIn = async (token: string) => (await call(t, 'GET', '/user/info/index', undefined, { token })).body.code === 200;
    // The member's phone, and a second device (or a thief's copy of a session) beside it.
    const [phone, other] = [await signIn(), await signIn()];
    const newEmail = `moved-${m.user.id}@example.com`;
    const moved = await call(t, 'POST', '/user/reset/email', { email: newEmail, code: await bindCodeFor(newEmail), current_password: m.password }, { token: phone });
    expect(moved.body.code).toBe(200);
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(m.token)).toBe(false);

    // The same for a phone number bound from another device.
    const third = await signIn();
    const number = { mobile_pre: '66', mobile: `8${String(m.user.id).padStart(8, '0').slice(-8)}` };
    await call(t, 'POST', '/user/send_code', { type: 'bind', ...number }, { ip: freshIp() });
    const code = await latestCode(t, `+${number.mobile_pre}${number.mobile}`);
    expect((await call(t, 'POST', '/user/bindMobile', { ...number, code, current_password: m.password }, { token: third })).body.code).toBe(200);
    expect(await signedIn(third)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
  });

  it('the notice is in the member’s language, and a mobile change is told to the old phone', async () => {
    const m = await registerMember(t);
    const first = { mobile_pre: '66', mobile: '812345671' };
    await call(t, 'POST', '/user/send_code', { type: 'bind', ...first }, { ip: freshIp() });
    const c1 = await latestCode(t, '+66812345671');
    expect((await call(t, 'POST', '/user/bindMobile', { ...first, code: c1, current_password: m.password }, { token: m.token, lang: 'zh-cn' })).body.code).toBe(200);
    expect((await outboxFor(m.email))[0]!.body).toContain('的手机号已更改为');

    const second = { mobile_pre: '66', mobile: '812345672' };
    await call(t, 'POST', '/user/send_code', { type: 'bind', ...second }, { ip: freshIp() });
    const c2 = await latestCode(t, '+66812345672');
    expect((await call(t, 'POST', '/user/reset/mobile', { ...second, code: c2 }, { token: m.token })).status).toBe(422);
    expect((await call(t, 'POST', '/user/reset/mobile', { ...second, code: c2, current_password: m.password }, { token: m.token })).body.code).toBe(200);
    const toOldPhone = (await outboxFor('+66812345671'))[0]!;
    expect(toOldPhone.body).toContain(`The phone number of your account ${m.user.user_name} was changed to`);
  });

  it('a changed login password is told to the member, in their language; a reset one too', async () => {
    const m = await registerMember(t);
    const changed = await call(t, 'POST', '/user/reset/password', { old_password: m.password, password: 'Lantern-Grove-58', password_confirm: 'Lantern-Grove-58' }, { token: m.token, lang: 'th' });
    expect(changed.body.code).toBe(200);
    expect((await outboxFor(m.email))[0]!.body).toContain(`รหัสผ่านเข้าสู่ระบบของบัญชี ${m.user.user_name}`);

    await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip: freshIp() });
    const code = await latestCode(t, m.email);
    expect((await call(t, 'POST', '/user/no_auth/forget', { account: m.user.user_name, code, password: 'Meadow-Kite-94', password_confirm: 'Meadow-Kite-94' })).body.code).toBe(200);
    expect((await outboxFor(m.email))[0]!.body).toContain(`The login password of your account ${m.user.user_name} was changed`);
  });

  it('binding an authenticator needs the password; once bound, its code is the proof instead', async () => {
    const m = await registerMember(t);
    const { secret } = (await call(t, 'POST', '/user/google_authenticator/createCode', {}, { token: m.token })).body.data as { secret: string };
    const bare = await call(t, 'POST', '/user/google_authenticator/save', { code: await codeAt(secret, -1) }, { token: m.token });
    expect(bare.status).toBe(422);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data.google_bound).toBe(false);
    expect((await call(t, 'POST', '/user/google_authenticator/save', { code: await codeAt(secret, -1), current_password: m.password }, { token: m.token })).body.code).toBe(200);
    expect((await outboxFor(m.email))[0]!.body).toContain('Google Authenticator was bound to your account');

    // With the authenticator bound, the password alone no longer moves the e-mail.
    const email = `bound-${m.user.id}@example.com`;
    const code = await bindCodeFor(email);
    const passwordOnly = await call(t, 'POST', '/user/reset/email', { email, code, current_password: m.password }, { token: m.token });
    expect(passwordOnly.body.code).toBe(ResponseCode.twoFactorRequired);
    expect((await call(t, 'POST', '/user/reset/email', { email, code, google_code: await codeAt(secret) }, { token: m.token })).body).toMatchObject({ code: 200, data: { email } });
  });

  it('wrong passwords at the step-up count toward the account lockout', async () => {
    const m = await registerMember(t);
    const email = `guess-${m.user.id}@example.com`;
    const code = await bindCodeFor(email);
    const thief = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await call(t, 'POST', '/user/reset/email', { email, code, current_password: `guess-${i}` }, { token: m.token, ip: thief })).body.code).toBe(ResponseCode.wrongPassword);
    }
    // Even the right password now waits: the guessing cannot go on through this door, nor through login
    // (refused there unchecked, answered as a wrong password, since the user name itself was never typed).
    expect((await call(t, 'POST', '/user/reset/email', { email, code, current_password: m.password }, { token: m.token, ip: thief })).body.code).toBe(ResponseCode.loginLocked);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: thief })).body.code).toBe(ResponseCode.loginFailed);
    // The member, elsewhere, is not kept out by it.
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body.code).toBe(200);
  });
});

describe('password reset with an authenticator bound', () => {
  it('the e-mailed code alone is not enough; with the authenticator code it resets', async () => {
    const m = await registerMember(t);
    const secret = await bindAuthenticator(m);
    await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip: freshIp() });
    const code = await latestCode(t, m.email);
    const reset = { account: m.user.user_name, code, password: 'Harbor-Quill-73', password_confirm: 'Harbor-Quill-73' };

    expect((await call(t, 'POST', '/user/no_auth/forget', reset)).body).toMatchObject({ code: ResponseCode.twoFactorRequired, msg: 'Please enter the Google Authenticator code' });
    expect((await call(t, 'POST', '/user/no_auth/forget', { ...reset, google_code: (await codeAt(secret)) === '000000' ? '111111' : '000000' })).body.code).toBe(ResponseCode.twoFactorInvalid);
    // Nothing changed: the old password still logs in.
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body.code).toBe(200);

    expect((await call(t, 'POST', '/user/no_auth/forget', { ...reset, google_code: await codeAt(secret, 1) })).body.code).toBe(200);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: 'Harbor-Quill-73' }, { ip: freshIp() })).body.code).toBe(200);
  });

  it('whoever holds the e-mailed code has ten guesses at the authenticator in all, not ten per address', async () => {
    const m = await registerMember(t);
    const secret = await bindAuthenticator(m);
    await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip: freshIp() });
    const reset = { account: m.user.user_name, code: await latestCode(t, m.email), password: 'Harbor-Quill-74', password_confirm: 'Harbor-Quill-74' };
    const accepted = new Set([await codeAt(secret, -1), await codeAt(secret), await codeAt(secret, 1)]);
    const wrong = Array.from({ length: 13 }, (_, i) => String(123_450 + i)).filter((c) => !accepted.has(c));
    for (const google_code of wrong.slice(0, 10)) expect((await call(t, 'POST', '/user/no_auth/forget', { ...reset, google_code }, { ip: freshIp() })).body.code).toBe(ResponseCode.twoFactorInvalid);
    // From yet another address, even the right code now waits.
    const locked = await call(t, 'POST', '/user/no_auth/forget', { ...reset, google_code: await codeAt(secret, 1) }, { ip: freshIp() });
    expect(locked.body.code).not.toBe(200);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: 'Harbor-Quill-74' }, { ip: freshIp() })).body.code).toBe(ResponseCode.loginFailed);
  });

  it('a stranger without the e-mailed code learns nothing of the authenticator', async () => {
    const withTotp = await registerMember(t);
    await bindAuthenticator(withTotp);
    const without = await registerMember(t);
    const answers = [];
    for (const m of [withTotp, without]) {
      await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip: freshIp() });
      const res = await call(t, 'POST', '/user/no_auth/forget', { account: m.user.user_name, code: '000000', password: 'Harbor-Quill-73', password_confirm: 'Harbor-Quill-73' });
      answers.push(res.body);
    }
    // (A one-in-a-million chance that 000000 is one of the codes is accepted.)
    expect(answers[0]).toEqual(answers[1]);
  });
});

describe('login lockout per account', () => {
  const login = (account: string, password: string, ip: string, mobile_pre?: string) => call(t, 'POST', '/user/no_auth/login', { account, password, ...(mobile_pre ? { mobile_pre } : {}) }, { ip });

  it('failures by user name lock the account by e-mail and by mobile too, for the address they came from', async () => {
    const m = await registerMember(t, { mobile_pre: '66', mobile: '812345673' });
    const stranger = freshIp();
    for (let i = 0; i < 10; i++) {
      const spelling = [m.user.user_name, m.email, '812345673'][i % 3]!;
      expect((await login(spelling, `wrong-${i}`, stranger, '66')).body.code).toBe(ResponseCode.loginFailed);
    }
    // The right password by any of them is refused unchecked, as a wrong one (no spelling has reached the limit itself, so none says "locked").
    for (const account of [m.email, m.email.toUpperCase(), '812345673', m.user.user_name]) {
      expect((await login(account, m.password, stranger, '66')).body.code).toBe(ResponseCode.loginFailed);
    }
    expect((await login(m.email, m.password, freshIp(), '66')).body.code).toBe(200);
  });

  it('a stranger’s 10 wrong passwords lock the stranger out, not the member: the right password from another address signs in', async () => {
    const m = await registerMember(t);
    const stranger = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(m.user.user_name, `wrong-${i}`, stranger)).body.code).toBe(ResponseCode.loginFailed);
    expect((await login(m.user.user_name, m.password, stranger)).body.code).toBe(ResponseCode.loginLocked);
    expect((await login(m.user.user_name, m.password, freshIp())).body.code).toBe(200);
    // The member's sign-in forgives nothing of the stranger's: that address stays locked.
    expect((await login(m.user.user_name, m.password, stranger)).body.code).toBe(ResponseCode.loginLocked);
  });

  it('an unknown account locks after as many failures as a real one, and answers other addresses as a real one does', async () => {
    const stranger = freshIp();
    for (let i = 0; i < 10; i++) expect((await login('nobody-here-77', `wrong-${i}`, stranger)).body.code).toBe(ResponseCode.loginFailed);
    expect((await login('Nobody-Here-77', 'again', stranger)).body.code).toBe(ResponseCode.loginLocked);
    expect((await login('nobody-here-77', 'again', freshIp())).body.code).toBe(ResponseCode.loginFailed);
  });

  it('guesses spread over many addresses lock the account for everyone at the account-wide figure', async () => {
    const m = await registerMember(t);
    const key = `user:${m.user.id}`;
    // Most of the distributed guess stands in as rows, each from its own address; the last ones go through the door.
    const spread = ACCOUNT_WIDE_FAILURES - 5;
    await t.db.insertInto('login_failures').values(Array.from({ length: spread }, (_, i) => ({ account: key, typed: m.user.user_name, ip: `198.51.${Math.floor(i / 200)}.${i % 200}` }))).execute();
    for (let i = 0; i < 4; i++) expect((await login(m.user.user_name, `wrong-${i}`, freshIp())).body.code).toBe(ResponseCode.loginFailed);
    // One short of the figure the member still signs in.
    expect((await login(m.user.user_name, m.password, freshIp())).body.code).toBe(200);
    expect((await login(m.user.user_name, 'wrong-last', freshIp())).body.code).toBe(ResponseCode.loginFailed);
    expect((await login(m.user.user_name, m.password, freshIp())).body).toMatchObject({ code: ResponseCode.loginLocked, msg: 'Too many failed attempts, please try again in 15 minutes' });
    // Typed as its e-mail, which the guess never typed, the account is refused unchecked, as a wrong password.
    expect((await login(m.email, m.password, freshIp())).body).toMatchObject({ code: ResponseCode.loginFailed, msg: 'Incorrect account or password' });
    // An unknown name locks at the same figure, with the same answer.
    await t.db.insertInto('login_failures').values(Array.from({ length: ACCOUNT_WIDE_FAILURES }, (_, i) => ({ account: 'name:nobody-spread-9', typed: 'nobody-spread-9', ip: `198.52.${Math.floor(i / 200)}.${i % 200}` }))).execute();
    expect((await login('nobody-spread-9', 'any', freshIp())).body).toMatchObject({ code: ResponseCode.loginLocked, msg: 'Too many failed attempts, please try again in 15 minutes' });
  });
});

describe('session families and the idle limit', () => {
  it('refreshing with a token that was already refreshed ends every token of that login', async () => {
    const m = await registerMember(t);
    const other = await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() });
    const second = (await call(t, 'POST', '/user/no_auth/tokenRefresh', { token: m.token })).body.data as string;
    const third = (await call(t, 'POST', '/user/no_auth/tokenRefresh', { token: second })).body.data as string;
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: third })).body.code).toBe(200);

    // The thief replays the first token: refused, and the member's newest token ends with it.
    expect((await call(t, 'POST', '/user/no_auth/tokenRefresh', { token: m.token })).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: third })).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await call(t, 'POST', '/user/no_auth/tokenRefresh', { token: third })).body.code).toBe(ResponseCode.tokenInvalid);
    // A login on another device is another family and carries on.
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: other.body.data.token })).body.code).toBe(200);
  });

  it('a rotated token outlives housekeeping while it could still be replayed', async () => {
    const m = await registerMember(t);
    const second = (await call(t, 'POST', '/user/no_auth/tokenRefresh', { token: m.token })).body.data as string;
    // Rotated ten days ago, still within its 30 days: housekeeping keeps it.
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await t.db.updateTable('sessions').set({ revoked_at: tenDaysAgo, rotated_at: tenDaysAgo }).where('user_id', '=', m.user.id).where('rotated_at', 'is not', null).execute();
    await purgeStaleRows(t.db);
    expect((await call(t, 'POST', '/user/no_auth/tokenRefresh', { token: m.token })).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: second })).body.code).toBe(ResponseCode.tokenInvalid);
  });

  it('two refreshes racing with one token: one wins, and the family ends', async () => {
    const m = await registerMember(t);
    const [a, b] = await Promise.all([call(t, 'POST', '/user/no_auth/tokenRefresh', { token: m.token }), call(t, 'POST', '/user/no_auth/tokenRefresh', { token: m.token })]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([200, ResponseCode.tokenInvalid]);
    const winner = (a.body.code === 200 ? a : b).body.data as string;
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: winner })).body.code).toBe(ResponseCode.tokenInvalid);
  });

  it('a session unused for 7 days stops working, and cannot be refreshed', async () => {
    const m = await registerMember(t);
    const fresh = (await call(t, 'POST', '/user/no_auth/tokenRefresh', { token: m.token })).body.data as string;
    const idle = await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() });
    await t.db.updateTable('sessions').set({ last_used_at: new Date(Date.now() - 7 * 86_400_000 - 60_000) }).where('user_id', '=', m.user.id).execute();
    await t.changesHeard();
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: fresh })).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await call(t, 'POST', '/user/no_auth/tokenRefresh', { token: idle.body.data.token })).body.code).toBe(ResponseCode.tokenInvalid);
  });

  it('use keeps a session alive, recorded at most every few minutes', async () => {
    const m = await registerMember(t);
    const lastUse = async () => (await t.db.selectFrom('sessions').select('last_used_at').where('user_id', '=', m.user.id).executeTakeFirstOrThrow()).last_used_at.getTime();
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000);
    await t.db.updateTable('sessions').set({ last_used_at: sixDaysAgo }).where('user_id', '=', m.user.id).execute();
    await t.changesHeard();
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.code).toBe(200);
    const recorded = await lastUse();
    expect(recorded).toBeGreaterThan(Date.now() - 60_000);
    // Within minutes of the last record, a request writes nothing.
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.code).toBe(200);
    expect(await lastUse()).toBe(recorded);
  });

  it('the idle limit is configurable', async () => {
    const short = await buildTestApp({ SESSION_IDLE_DAYS: '1' });
    try {
      await seedDemo(short);
      const m = await registerMember(short);
      await short.db.updateTable('sessions').set({ last_used_at: new Date(Date.now() - 2 * 86_400_000) }).where('user_id', '=', m.user.id).execute();
      await short.changesHeard();
      expect((await call(short, 'GET', '/user/info/index', undefined, { token: m.token })).body.code).toBe(ResponseCode.tokenInvalid);
    } finally {
      await short.close();
    }
  });
});

describe('authenticator secrets at rest', () => {
  it('the stored secret is sealed, not the base32 secret, and still checks codes', async () => {
    const m = await registerMember(t);
    const { secret } = (await call(t, 'POST', '/user/google_authenticator/createCode', {}, { token: m.token })).body.data as { secret: string };
    const pending = await t.db.selectFrom('users').select('totp_pending_secret').where('id', '=', m.user.id).executeTakeFirstOrThrow();
    expect(pending.totp_pending_secret).not.toContain(secret);
    await call(t, 'POST', '/user/google_authenticator/save', { code: await codeAt(secret, -1), current_password: m.password }, { token: m.token });
    const row = await t.db.selectFrom('users').select(['totp_secret', 'totp_pending_secret']).where('id', '=', m.user.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).toBeTruthy();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_secret).toMatch(/^s1\./);
    expect((await call(t, 'POST', '/user/google_authenticator/check', { code: await codeAt(secret) }, { token: m.token })).body.code).toBe(200);
  });

  it('a secret stored plain before encryption still works, and is sealed at the next start', async () => {
    const m = await registerMember(t);
    const secret = await bindAuthenticator(m);
    await t.db.updateTable('users').set({ totp_secret: secret }).where('id', '=', m.user.id).execute();
    expect((await call(t, 'POST', '/user/google_authenticator/check', { code: await codeAt(secret) }, { token: m.token })).body.code).toBe(200);
    // Read once: sealed on the way.
    const afterUse = await t.db.selectFrom('users').select('totp_secret').where('id', '=', m.user.id).executeTakeFirstOrThrow();
    expect(afterUse.totp_secret).toMatch(/^s1\./);

    const restarted = await buildTestApp();
    try {
      // A row written before encryption, then the shop starts again on the same database.
      await restarted.db.insertInto('users').values({ user_name: 'legacy01', password_hash: 'x', totp_secret: secret }).execute();
      const { buildApp } = await import('../../../app.js');
      const again = await buildApp(restarted.deps);
      await again.ready();
      await again.close();
      const row = await restarted.db.selectFrom('users').select('totp_secret').where('user_name', '=', 'legacy01').executeTakeFirstOrThrow();
      expect(row.totp_secret).toMatch(/^s1\./);
      expect(row.totp_secret).not.toContain(secret);
    } finally {
      await restarted.close();
    }
  });
});
