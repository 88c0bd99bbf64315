import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, registerMember, seedDemo } from './account-helpers.js';

// The login lockout must not tell a stranger which e-mail belongs to a user name: after locking an
// account by its user name from one address, its e-mail and an e-mail nobody holds answer alike, try
// after try (docs/decisions/2026-11-29-lockout-per-address.md, 2026-11-30).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const setMode = (value: string) =>
  t.db.insertInto('account_settings').values({ key: 'captcha_mode', value, updated_by: 'test' }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
const defaultMode = () => t.db.deleteFrom('account_settings').where('key', '=', 'captcha_mode').execute();

/** A minute passes for the address: its per-minute call limits (not the lockout) start afresh. */
async function aMinuteLater(ip: string) {
  for (const url of ['/user/no_auth/login', '/captcha/challenge', '/captcha/verify']) await t.deps.limiter.reset(`route:${url}:${ip}`);
}

/** Plays the member at the slider: fetches a puzzle, reads the gap from the picture, drags at a human pace. */
async function solveSlider(ip: string): Promise<string> {
  const { id } = (await call(t, 'GET', '/captcha/challenge', undefined, { ip })).body.data as { id: string };
  const { x } = await t.db.selectFrom('captcha_challenges').select('x').where('id', '=', id).executeTakeFirstOrThrow();
  await t.db.updateTable('captcha_challenges').set({ created_at: new Date(Date.now() - 950) }).where('id', '=', id).execute();
  const res = await call(t, 'POST', '/captcha/verify', { id, x, duration_ms: 900, trail: [0, 3, 10, 24, 40, x / 2, x - 4, x] }, { ip });
  return res.body.data.captcha_token as string;
}

type Answer = { code: number; msg: string };

/** Twelve sign-ins typing `account`, the 5th with `fifthPassword` (the member's right one, for the member's e-mail); what each answered. */
async function twelveTries(ip: string, account: string, fifthPassword: string, o: { slider?: boolean } = {}): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < 12; i++) {
    await aMinuteLater(ip);
    const captcha_token = o.slider ? await solveSlider(ip) : undefined;
    const res = await call(t, 'POST', '/user/no_auth/login', { account, password: i === 4 ? fifthPassword : `wrong-${i}`, captcha_token }, { ip });
    answers.push({ code: res.body.code, msg: res.body.msg });
  }
  return answers;
}

const wrong = { code: ResponseCode.loginFailed, msg: 'Incorrect account or password' };
const tooMany = { code: ResponseCode.loginLocked, msg: 'Too many failed attempts, please try again in 15 minutes' };
const expected = [...Array<Answer>(10).fill(wrong), tooMany, tooMany];

/** Locks the member's sign-in by user name from `ip`: ten wrong passwords, then "too many failed attempts". */
async function lockByUserName(ip: string, userName: string, o: { slider?: boolean } = {}) {
  for (let i = 0; i < 10; i++) {
    await aMinuteLater(ip);
    const captcha_token = o.slider ? await solveSlider(ip) : undefined;
    expect((await call(t, 'POST', '/user/no_auth/login', { account: userName, password: `bad-${i}`, captcha_token }, { ip })).body).toMatchObject(wrong);
  }
  expect((await call(t, 'POST', '/user/no_auth/login', { account: userName, password: 'bad-again' }, { ip })).body).toMatchObject(tooMany);
}

describe('the login lockout does not link a user name to its e-mail', () => {
  it('after a lock by user name, the member’s e-mail answers like an unknown e-mail, try after try; the right password does not get in; elsewhere the member signs in', async () => {
    await setMode('off');
    try {
      const m = await registerMember(t);
      const ip = freshIp();
      await lockByUserName(ip, m.user.user_name);

      const byEmail = await twelveTries(ip, m.email, m.password);
      const unknown = await twelveTries(ip, `nobody-${m.user.id}@example.com`, m.password);
      expect(byEmail).toEqual(expected);
      expect(unknown).toEqual(byEmail);
      // Switching names gave no more password checks: the right password typed as the e-mail (the 5th try) was refused, and is still.
      await aMinuteLater(ip);
      expect((await call(t, 'POST', '/user/no_auth/login', { account: m.email, password: m.password }, { ip })).body).toMatchObject(tooMany);
      expect((await call(t, 'POST', '/user/no_auth/login', { account: ` ${m.email.toUpperCase()} `, password: m.password }, { ip })).body).toMatchObject(tooMany);

      // From another address the member signs in at once, by e-mail or user name.
      expect((await call(t, 'POST', '/user/no_auth/login', { account: m.email, password: m.password }, { ip: freshIp() })).body.code).toBe(200);
      expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body.code).toBe(200);
    } finally {
      await defaultMode();
    }
  }, 120_000);

  it('locked for everyone by a guess from many addresses, the account’s e-mail still answers like an unknown e-mail from a new address', async () => {
    await setMode('off');
    try {
      const m = await registerMember(t);
      // A hundred wrong passwords by user name from ten addresses lock the account everywhere.
      for (let a = 0; a < 10; a++) {
        const ip = freshIp();
        for (let i = 0; i < 10; i++) expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: `bad-${a}-${i}` }, { ip })).body).toMatchObject(wrong);
      }
      expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() })).body).toMatchObject(tooMany);

      const ip = freshIp();
      const byEmail = await twelveTries(ip, m.email, m.password);
      const unknown = await twelveTries(ip, `nobody-${m.user.id}@example.com`, m.password);
      expect(byEmail).toEqual(expected);
      expect(unknown).toEqual(byEmail);
    } finally {
      await defaultMode();
    }
  }, 120_000);

  it('with the slider after failures (the default), the e-mail and an unknown e-mail still answer alike, with and without the slider', async () => {
    await defaultMode();
    const m = await registerMember(t);
    const ip = freshIp();
    await lockByUserName(ip, m.user.user_name, { slider: true });

    // Without the slider both are asked for it (and nothing is counted).
    await aMinuteLater(ip);
    const emailNoSlider = await call(t, 'POST', '/user/no_auth/login', { account: m.email, password: m.password }, { ip });
    const unknownNoSlider = await call(t, 'POST', '/user/no_auth/login', { account: `nobody-${m.user.id}@example.com`, password: m.password }, { ip });
    expect(emailNoSlider.body).toMatchObject({ code: ResponseCode.captchaRequired, msg: 'Please complete the human verification first' });
    expect(unknownNoSlider.body).toEqual(emailNoSlider.body);

    const byEmail = await twelveTries(ip, m.email, m.password, { slider: true });
    const unknown = await twelveTries(ip, `nobody-${m.user.id}@example.com`, m.password, { slider: true });
    expect(byEmail).toEqual(expected);
    expect(unknown).toEqual(byEmail);

    // Elsewhere the member is asked for the slider (the e-mail itself saw failures) and signs in.
    const elsewhere = freshIp();
    const home = await call(t, 'POST', '/user/no_auth/login', { account: m.email, password: m.password, captcha_token: await solveSlider(elsewhere) }, { ip: elsewhere });
    expect(home.body.code).toBe(200);
  }, 120_000);

  it('after 3 wrong passwords by user name, a fresh address asking about the member’s e-mail and about an unknown e-mail gets the same slider answer and the same login answer', async () => {
    await defaultMode();
    const m = await registerMember(t);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      await aMinuteLater(ip);
      expect((await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: `bad-${i}` }, { ip })).body).toMatchObject(wrong);
    }
    // The user name itself asks for the slider, from anywhere.
    expect((await call(t, 'GET', `/user/openJY?account=${encodeURIComponent(m.user.user_name)}`, undefined, { ip: freshIp() })).body.data).toBe(1);

    /** From a fresh address: is the slider needed for `account`, and what a sign-in with a wrong password answers. */
    const ask = async (account: string) => {
      const fresh = freshIp();
      const slider = (await call(t, 'GET', `/user/openJY?account=${encodeURIComponent(account)}`, undefined, { ip: fresh })).body;
      const login = (await call(t, 'POST', '/user/no_auth/login', { account, password: 'not-the-password' }, { ip: fresh })).body;
      return { slider: { code: slider.code, data: slider.data }, login: { code: login.code, msg: login.msg } };
    };
    const byEmail = await ask(m.email);
    const unknown = await ask(`nobody-${m.user.id}@example.com`);
    expect(unknown).toEqual({ slider: { code: 200, data: 0 }, login: wrong });
    expect(byEmail).toEqual(unknown);
  }, 60_000);
});
