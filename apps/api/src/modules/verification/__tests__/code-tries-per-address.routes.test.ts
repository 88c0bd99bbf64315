import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, latestCode, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { codeGuessKey } from '../verification.service.js';
import { MAX_ADDRESS_FAILURES } from '../../captcha/lockout.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const check = (type: string, email: string, code: string, ip: string) => call(t, 'POST', '/user/checkCode', { type, email, code }, { ip });
const reset = (account: string, code: string, ip: string) =>
  call(t, 'POST', '/user/no_auth/forget', { account, code, password: 'Fresh-Harbor-88', password_confirm: 'Fresh-Harbor-88' }, { ip });
const wrongFor = (code: string) => (code === '100000' ? '100001' : '100000');
const openCode = (email: string, purpose: string) =>
  t.db.selectFrom('verification_codes').select(['id', 'attempts']).where('destination', '=', email).where('purpose', '=', purpose).where('consumed_at', 'is', null).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('wrong tries at a code anyone may check count per client address', () => {
  it("a stranger's wrong tries from one address do not use up the member's forgotten-password code", async () => {
    const m = await registerMember(t);
    expect((await call(t, 'POST', '/user/send_code', { type: 'forget', email: m.email }, { ip: freshIp() })).body.code).toBe(200);
    const code = await latestCode(t, m.email);
    const stranger = freshIp();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await check('forget', m.email, wrongFor(code), stranger)).body.code);
    const { codeInvalid, codeLocked } = ResponseCode;
    expect(answers).toEqual([codeInvalid, codeInvalid, codeInvalid, codeInvalid, codeLocked, codeLocked]);
    // The stranger's address is refused for this code even with the right one.
    expect((await check('forget', m.email, code, stranger)).body).toMatchObject({ code: ResponseCode.codeLocked, msg: 'Too many wrong attempts, please get a new verification code' });
    // The member, from another address, still gets through: the check, then the reset itself.
    const home = freshIp();
    expect((await check('forget', m.email, code, home)).body.code).toBe(200);
    expect((await reset(m.user.user_name, code, home)).body.code).toBe(200);
  });

  it('an address locked for its failures at any keys is told to wait, how long, not to get a new code', async () => {
    const m = await registerMember(t);
    expect((await call(t, 'POST', '/user/send_code', { type: 'forget', email: m.email }, { ip: freshIp() })).body.code).toBe(200);
    const code = await latestCode(t, m.email);
    // 30 failures from one network in the last 15 minutes (wrong logins at other accounts), the oldest 10 minutes ago.
    const network = freshIp();
    await t.db.insertInto('login_failures').values(Array.from({ length: MAX_ADDRESS_FAILURES }, (_, i) => ({ account: `name:other${i}-${m.user.id}`, ip: network, created_at: new Date(Date.now() - (i === 0 ? 10 : 1) * 60_000) }))).execute();
    const refused = await check('forget', m.email, code, network);
    expect(refused.body).toMatchObject({ code: ResponseCode.codeAddressLocked, msg: 'Too many attempts from your network. Try again in 5 minutes.' });
    const inThai = await call(t, 'POST', '/user/checkCode', { type: 'forget', email: m.email, code }, { ip: network, lang: 'th' });
    expect(inThai.body).toMatchObject({ code: ResponseCode.codeAddressLocked, msg: 'มีการลองจากเครือข่ายของคุณมากเกินไป โปรดลองอีกครั้งใน 5 นาที' });
    // The code itself was not used up: the member, from another network, gets through with it.
    expect((await check('forget', m.email, code, freshIp())).body.code).toBe(200);
  });

  it('the wrong try that fills the address’s failures tells the address to wait as well', async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/user/send_code', { type: 'forget', email: m.email }, { ip: freshIp() });
    const code = await latestCode(t, m.email);
    const network = freshIp();
    await t.db.insertInto('login_failures').values(Array.from({ length: MAX_ADDRESS_FAILURES - 1 }, (_, i) => ({ account: `name:else${i}-${m.user.id}`, ip: network }))).execute();
    expect((await check('forget', m.email, wrongFor(code), network)).body).toMatchObject({ code: ResponseCode.codeAddressLocked, msg: 'Too many attempts from your network. Try again in 15 minutes.' });
  });

  it("a stranger's wrong resets from one address do not use up the member's code for the reset", async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name }, { ip: freshIp() });
    const code = await latestCode(t, m.email);
    const stranger = freshIp();
    for (let i = 1; i <= 6; i++) expect((await reset(m.user.user_name, wrongFor(code), stranger)).body.code).toBe(i < 5 ? ResponseCode.codeExpired : ResponseCode.codeLocked);
    expect((await reset(m.user.user_name, code, freshIp())).body.code).toBe(200);
  });

  it('5 wrong tries from each of 4 addresses make the code void for everyone', async () => {
    const email = 'tries-spread@example.com';
    await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() });
    const code = await latestCode(t, email);
    for (let a = 0; a < 4; a++) {
      const ip = freshIp();
      for (let i = 1; i <= 5; i++) expect((await check('register', email, wrongFor(code), ip)).body.code).toBe(i < 5 ? ResponseCode.codeInvalid : ResponseCode.codeLocked);
    }
    expect((await openCode(email, 'register')).attempts).toBe(20);
    expect((await check('register', email, code, freshIp())).body.code).toBe(ResponseCode.codeLocked);
  });

  it('counts at most 5 of 20 wrong tries sent at once from one address, and the member still gets through', async () => {
    const email = 'tries-burst@example.com';
    await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() });
    const code = await latestCode(t, email);
    const stranger = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => check('register', email, wrongFor(code), stranger)));
    expect(answers.every((r) => r.body.code === ResponseCode.codeInvalid || r.body.code === ResponseCode.codeLocked)).toBe(true);
    const row = await openCode(email, 'register');
    expect(row.attempts).toBeLessThanOrEqual(5);
    const failures = await t.db.selectFrom('login_failures').select('id').where('account', '=', codeGuessKey(row.id)).execute();
    expect(failures.length).toBeLessThanOrEqual(5);
    expect((await check('register', email, code, freshIp())).body.code).toBe(200);
  });
});
