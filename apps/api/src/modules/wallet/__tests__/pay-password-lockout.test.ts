import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { MAX_ADDRESS_FAILURES, MAX_LOGIN_FAILURES } from '../../captcha/lockout.js';
import { REPLAYED_HEADER } from '../../../idempotency/idempotency.route.js';
import { PAY_PASSWORD, maybank, walletMember } from './fixtures.js';

// Wrong pay passwords lock the member's money moves after MAX_LOGIN_FAILURES in 15 minutes — also
// when the guesses arrive all at once: no more than the limit are ever checked, the rest are refused
// as locked, and the right password then waits out the lock like everyone else's.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

const GUESSES = 30;

describe('the pay-password lockout under concurrent guesses', () => {
  it('checks at most the limit of 30 simultaneous wrong guesses and refuses the rest as locked, round after round', async () => {
    const bank = await maybank(t);
    for (let round = 0; round < 3; round++) {
      const m = await walletMember(t);
      // One address per round, so the address's own cap never decides the answer.
      const ip = `10.88.${round}.7`;
      const card = (pay_password: string) =>
        call(t, 'POST', '/user/bank_card/create', { headers: m.headers, ip, body: { bank_id: bank, holder_name: 'Tan Mei', account_number: '5140 1234 5678', currency: 'USD', pay_password } });
      const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => card(String(10 + i).padStart(6, '0'))));
      const codes = answers.map((a) => a.body.code);
      const wrong = codes.filter((c) => c === ResponseCode.payPasswordWrong).length;
      const locked = codes.filter((c) => c === ResponseCode.loginLocked).length;
      expect({ round, wrong, locked }).toEqual({ round, wrong: MAX_LOGIN_FAILURES, locked: GUESSES - MAX_LOGIN_FAILURES });
      // The right password is refused too until the window passes, and no card was added.
      const right = await card(PAY_PASSWORD);
      expect(right.body).toMatchObject({ code: ResponseCode.loginLocked, msg: 'Too many failed attempts, please try again in 15 minutes' });
      expect(await t.db.selectFrom('bank_cards').select('id').where('user_id', '=', m.userId).execute()).toEqual([]);
      // Exactly the checked guesses stay as failures; no place is left held.
      const rows = await t.db.selectFrom('login_failures').select('pending_until').where('account', '=', `pay:${m.userId}`).execute();
      expect(rows).toEqual(Array.from({ length: MAX_LOGIN_FAILURES }, () => ({ pending_until: null })));
    }
  }, 120_000);

  it('a right pay password among concurrent wrong ones leaves only the wrong ones counted, and forgives them', async () => {
    const m = await walletMember(t);
    const ip = '10.88.9.7';
    const bank = await maybank(t);
    const card = (pay_password: string, n: number) =>
      call(t, 'POST', '/user/bank_card/create', { headers: m.headers, ip, body: { bank_id: bank, holder_name: 'Tan Mei', account_number: `5140 1234 ${String(5600 + n)}`, currency: 'USD', pay_password } });
    const wrongs = await Promise.all(Array.from({ length: 3 }, (_, i) => card(String(100 + i).padStart(6, '0'), i)));
    expect(wrongs.map((a) => a.body.code)).toEqual([ResponseCode.payPasswordWrong, ResponseCode.payPasswordWrong, ResponseCode.payPasswordWrong]);
    const failures = () => t.db.selectFrom('login_failures').select('id').where('account', '=', `pay:${m.userId}`).execute();
    expect(await failures()).toHaveLength(3);
    const right = await card(PAY_PASSWORD, 9);
    expect(right.body.code, right.body.msg).toBe(200);
    expect(await failures()).toHaveLength(0);
  }, 60_000);

  it('a stranger’s wrong logins from the member’s address (an office, a carrier’s NAT) lock that address’s logins, never the member’s pay password', async () => {
    const m = await walletMember(t);
    const ip = '10.88.20.7';
    const bank = await maybank(t);
    // As many failed logins at other names from this address as lock its logins for every account.
    await t.db.insertInto('login_failures').values(Array.from({ length: MAX_ADDRESS_FAILURES }, (_, i) => ({ account: `name:stranger${i}-${m.userId}`, ip }))).execute();
    expect((await call(t, 'POST', '/user/no_auth/login', { ip, body: { account: `stranger0-${m.userId}`, password: 'Not-The-One-1' } })).body.code).toBe(ResponseCode.loginLocked);
    const card = await call(t, 'POST', '/user/bank_card/create', { headers: m.headers, ip, body: { bank_id: bank, holder_name: 'Tan Mei', account_number: '5140 1234 7700', currency: 'USD', pay_password: PAY_PASSWORD } });
    expect(card.body.code, card.body.msg).toBe(200);
  });

  it('after the lock, a repeat of an earlier wrong transfer (same key, or same body within the double-tap window) gets that request’s saved answer: no password is checked', async () => {
    const m = await walletMember(t, { usd: 5_000 });
    const receiver = await walletMember(t);
    const ip = '10.88.30.7';
    const transfer = async (pay_password: string, key?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/transfer/create',
        remoteAddress: ip,
        headers: { ...m.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { account: receiver.userName, amount: '5', currency: 'USD', pay_password },
      });
      return { code: (res.json() as { code: number }).code, replayed: res.headers[REPLAYED_HEADER] === 'true' };
    };
    const failures = async () => (await t.db.selectFrom('login_failures').select('id').where('account', '=', `pay:${m.userId}`).execute()).length;
    const guesses = Array.from({ length: MAX_LOGIN_FAILURES }, (_, i) => String(300 + i).padStart(6, '0'));
    for (const [i, guess] of guesses.entries()) expect(await transfer(guess, `pay-lock-${m.userId}-${i}`)).toEqual({ code: ResponseCode.payPasswordWrong, replayed: false });
    expect(await transfer('000999')).toEqual({ code: ResponseCode.loginLocked, replayed: false });
    // The 12th answer: a repeat of the 10th, answered from its saved refusal without running the transfer.
    expect(await transfer(guesses.at(-1)!, `pay-lock-${m.userId}-${MAX_LOGIN_FAILURES - 1}`)).toEqual({ code: ResponseCode.payPasswordWrong, replayed: true });
    expect(await transfer('000999')).toEqual({ code: ResponseCode.loginLocked, replayed: true });
    // Nothing was checked or counted by the repeats, and the right password still waits out the lock.
    expect(await failures()).toBe(MAX_LOGIN_FAILURES);
    expect(await transfer(PAY_PASSWORD)).toEqual({ code: ResponseCode.loginLocked, replayed: false });
    expect(await t.db.selectFrom('transfers').select('id').where('from_user_id', '=', m.userId).execute()).toEqual([]);
  }, 60_000);
});
