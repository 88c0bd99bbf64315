import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { call as callAs } from '../../catalogue/__tests__/helpers.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

/** Fetches a puzzle and reads where its gap is, as the member's eyes would from the picture. */
async function puzzle(ip: string) {
  const challenge = await call(t, 'GET', '/captcha/challenge', undefined, { ip });
  const { id } = challenge.body.data as { id: string };
  const { x } = await t.db.selectFrom('captcha_challenges').select('x').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, x };
}

/** Lets `ms` pass since the puzzle was shown, as the member's hand takes that long to drag. */
const takeTime = (id: string, ms: number) =>
  t.db.updateTable('captcha_challenges').set({ created_at: new Date(Date.now() - ms) }).where('id', '=', id).execute();

const humanTrail = (x: number, dx = 0) => [0, 3, 10, 24, 40, x / 2, x - 4, x + dx];

/** Plays the member: fetches a puzzle and drops the piece at `dx` from the gap after `ms`. */
async function solve(ip: string, dx = 0, ms = 900) {
  const { id, x } = await puzzle(ip);
  await takeTime(id, ms + 50);
  return call(t, 'POST', '/captcha/verify', { id, x: x + dx, duration_ms: ms, trail: humanTrail(x, dx) }, { ip });
}

const setMode = (value: string) =>
  t.db.insertInto('account_settings').values({ key: 'captcha_mode', value, updated_by: 'test' }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();

describe('the slider captcha', () => {
  it('serves a puzzle: a background with a gap and a piece, as PNG pictures', async () => {
    const res = await call(t, 'GET', '/captcha/challenge', undefined, { ip: freshIp() });
    const c = res.body.data;
    expect(c).toMatchObject({ width: 300, height: 150, piece_size: 44 });
    const bg = await sharp(Buffer.from(c.background.split(',')[1], 'base64')).metadata();
    const piece = await sharp(Buffer.from(c.piece.split(',')[1], 'base64')).metadata();
    expect([bg.format, bg.width, bg.height]).toEqual(['png', 300, 150]);
    expect([piece.format, piece.width, piece.height]).toEqual(['png', 44, 44]);
    expect(JSON.stringify(c)).not.toMatch(/"x":/);
  });

  it('accepts a drop near the gap at a human pace, and refuses far, instant or robotic drags', async () => {
    const ip = freshIp();
    expect((await solve(ip, 3)).body.data.captcha_token).toBeTruthy();
    expect((await solve(ip, 15)).body).toMatchObject({ code: ResponseCode.captchaFailed, msg: 'Verification Failed' });
    expect((await solve(ip, 0, 40)).body.code).toBe(ResponseCode.captchaFailed);
    const { id, x } = await puzzle(ip);
    await takeTime(id, 950);
    const even = Array.from({ length: 10 }, (_, i) => (x / 9) * i);
    expect((await call(t, 'POST', '/captcha/verify', { id, x, duration_ms: 900, trail: even }, { ip })).body.code).toBe(ResponseCode.captchaFailed);
  });

  it('refuses a drop that carries no drag trail, or too short a one', async () => {
    const ip = freshIp();
    for (const trail of [undefined, [], [0, 40, 90]]) {
      const { id, x } = await puzzle(ip);
      await takeTime(id, 950);
      const res = await call(t, 'POST', '/captcha/verify', { id, x, duration_ms: 900, ...(trail ? { trail } : {}) }, { ip });
      expect(res.body, JSON.stringify(trail)).toMatchObject({ code: ResponseCode.captchaFailed, msg: 'Verification Failed', data: null });
    }
    // The same drop with its drag passes.
    expect((await solve(ip)).body.data.captcha_token).toBeTruthy();
  });

  it('judges the pace by its own clock: a drop right after the puzzle was shown fails, whatever duration it claims', async () => {
    const ip = freshIp();
    const { id, x } = await puzzle(ip);
    expect((await call(t, 'POST', '/captcha/verify', { id, x, duration_ms: 900, trail: humanTrail(x) }, { ip })).body.code).toBe(ResponseCode.captchaFailed);
    // Claiming a longer drag than the time since the puzzle was shown fails too.
    const second = await puzzle(ip);
    await takeTime(second.id, 400);
    expect((await call(t, 'POST', '/captcha/verify', { id: second.id, x: second.x, duration_ms: 5_000, trail: humanTrail(second.x) }, { ip })).body.code).toBe(ResponseCode.captchaFailed);
  });

  it('allows one answer per puzzle: a wrong drop burns it', async () => {
    const ip = freshIp();
    const { id, x } = await puzzle(ip);
    await takeTime(id, 950);
    expect((await call(t, 'POST', '/captcha/verify', { id, x: x + 30, duration_ms: 900, trail: humanTrail(x, 30) }, { ip })).body.code).toBe(ResponseCode.captchaFailed);
    expect((await call(t, 'POST', '/captcha/verify', { id, x, duration_ms: 900, trail: humanTrail(x) }, { ip })).body.code).toBe(ResponseCode.captchaFailed);
  });

  it('is asked for after 3 failed logins from an address; login then needs a one-time token', async () => {
    const m = await registerMember(t);
    const ip = freshIp();
    expect((await call(t, 'GET', '/user/openJY', undefined, { ip })).body.data).toBe(0);
    for (let i = 0; i < 3; i++) await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: 'bad-' + i }, { ip });
    expect((await call(t, 'GET', '/user/openJY', undefined, { ip })).body.data).toBe(1);
    // From elsewhere the name those failures typed needs it too; the member's e-mail, never typed, answers as an unknown e-mail does.
    expect((await call(t, 'GET', `/user/openJY?account=${m.user.user_name}`, undefined, { ip: freshIp() })).body.data).toBe(1);
    expect((await call(t, 'GET', `/user/openJY?account=${encodeURIComponent(m.email)}`, undefined, { ip: freshIp() })).body.data).toBe(0);
    expect((await call(t, 'GET', `/user/openJY?account=${encodeURIComponent(`nobody-${m.user.id}@example.com`)}`, undefined, { ip: freshIp() })).body.data).toBe(0);

    const without = await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip });
    expect(without.body).toMatchObject({ code: ResponseCode.captchaRequired, msg: 'Please complete the human verification first' });
    const token = (await solve(ip)).body.data.captcha_token as string;
    const typo = await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: 'typo', captcha_token: token }, { ip });
    expect(typo.body.code).toBe(ResponseCode.loginFailed);
    // The token was used by that try: it is not accepted again.
    const reuse = await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password, captcha_token: token }, { ip });
    expect(reuse.body.code).toBe(ResponseCode.captchaFailed);
    const fresh = (await solve(ip)).body.data.captcha_token as string;
    const ok = await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password, captcha_token: fresh }, { ip });
    expect(ok.body.code).toBe(200);
  });

  it('counts only sign-in failures: a member’s wrong pay passwords do not make others at the address solve it, wrong logins still do', async () => {
    const payer = await walletMember(t);
    const other = await registerMember(t);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const wrong = await callAs(t, 'POST', '/user/transfer/create', { headers: payer.headers, ip, body: { account: other.user.user_name, amount: '1', currency: 'USD', pay_password: `00000${i}` } });
      expect(wrong.body.code).toBe(ResponseCode.payPasswordWrong);
    }
    expect((await call(t, 'GET', '/user/openJY', undefined, { ip })).body.data).toBe(0);
    expect((await call(t, 'GET', `/user/openJY?account=${other.user.user_name}`, undefined, { ip })).body.data).toBe(0);
    const login = await call(t, 'POST', '/user/no_auth/login', { account: other.user.user_name, password: other.password }, { ip });
    expect(login.body.code, login.body.msg).toBe(200);

    for (let i = 0; i < 3; i++) await call(t, 'POST', '/user/no_auth/login', { account: 'nobody-here', password: 'bad-' + i }, { ip });
    expect((await call(t, 'GET', '/user/openJY', undefined, { ip })).body.data).toBe(1);
    expect((await call(t, 'POST', '/user/no_auth/login', { account: other.user.user_name, password: other.password }, { ip })).body.code).toBe(ResponseCode.captchaRequired);
  });

  it('when the operator turns it on, everyone needs it to log in, register and get a code', async () => {
    await setMode('always');
    try {
      const ip = freshIp();
      expect((await call(t, 'GET', '/user/openJY', undefined, { ip })).body.data).toBe(1);
      expect((await call(t, 'GET', '/attractive/page/captchaConfig')).body.data).toMatchObject({ mode: 'always', bypass_allowed: false, timeout_ms: 10_000 });
      const code = await call(t, 'POST', '/user/send_code', { type: 'register', email: 'captcha@example.com' }, { ip });
      expect(code.body.code).toBe(ResponseCode.captchaRequired);
      const token = (await solve(ip)).body.data.captcha_token;
      expect((await call(t, 'POST', '/user/send_code', { type: 'register', email: 'captcha@example.com', captcha_token: token }, { ip })).body.code).toBe(200);
      const reg = await call(t, 'POST', '/user/no_auth/register', { user_name: 'captcha01', nickname: 'C', password: 'Lantern-Orbit-42', email: 'captcha@example.com', invite_code: 'DEMO2026', code: '000000' }, { ip });
      expect(reg.body.code).toBe(ResponseCode.captchaRequired);
    } finally {
      await setMode('auto');
    }
    await setMode('off');
    try {
      const ip = freshIp();
      for (let i = 0; i < 4; i++) await call(t, 'POST', '/user/no_auth/login', { account: 'someone', password: 'bad-' + i }, { ip });
      expect((await call(t, 'GET', '/user/openJY', undefined, { ip })).body.data).toBe(0);
    } finally {
      await setMode('auto');
    }
  });
});
