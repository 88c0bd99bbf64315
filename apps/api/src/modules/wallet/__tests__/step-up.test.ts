import { codeAt } from '../../two-factor/__tests__/authenticator.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { hashPassword } from '../../members/identity.js';
import { PAY_PASSWORD, bankCardOf, usdOf, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// Once a member has bound an authenticator, money leaves the wallet only with its current code:
// without it or with a wrong one the withdrawal or transfer is refused and nothing changes.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const LOGIN_PASSWORD = 'Login2468';

/** A six-digit code that is none of the codes the authenticator accepts now. */
const wrongCode = async (secret: string) => {
  const accepted = new Set([await codeAt(secret, -1), await codeAt(secret), await codeAt(secret, 1)]);
  for (let n = 123_456; ; n++) if (!accepted.has(String(n))) return String(n);
};

/** A member with 100.00 USD, a bank card, and an authenticator bound through the app's own calls; its secret. */
async function boundMember() {
  const m = await walletMember(t, { usd: 10_000 });
  await t.db.updateTable('users').set({ password_hash: await hashPassword(LOGIN_PASSWORD) }).where('id', '=', m.userId).execute();
  const card = await bankCardOf(t, m);
  const created = await post('/user/google_authenticator/createCode', {}, m.headers);
  const { secret } = created.body.data as { secret: string };
  const saved = await post('/user/google_authenticator/save', { code: await codeAt(secret, -1), current_password: LOGIN_PASSWORD }, m.headers);
  expect(saved.body, saved.body.msg).toMatchObject({ code: 200, data: { bound: true } });
  return { m, card, secret };
}

const countRows = async (table: 'withdrawals' | 'transfers', column: 'user_id' | 'from_user_id', userId: number) =>
  (await t.db.selectFrom(table).select('id').where(column, '=', userId).execute()).length;

describe('the authenticator before money leaves', () => {
  it('a withdrawal without the code or with a wrong one is refused and holds nothing; with the current code it is held', async () => {
    const { m, card, secret } = await boundMember();
    const body = { bank_card_id: card, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD };
    const without = await post('/user/withdraw/create', body, m.keyed());
    expect(without.body).toMatchObject({ code: ResponseCode.twoFactorRequired, msg: 'Please enter the Google Authenticator code' });
    const wrong = await post('/user/withdraw/create', { ...body, google_code: await wrongCode(secret) }, m.keyed());
    expect(wrong.body).toMatchObject({ code: ResponseCode.twoFactorInvalid, msg: 'The Google Authenticator code is incorrect or has already been used' });
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await countRows('withdrawals', 'user_id', m.userId)).toBe(0);

    const code = await codeAt(secret);
    const right = await post('/user/withdraw/create', { ...body, google_code: code }, m.keyed());
    expect(right.body.code, right.body.msg).toBe(200);
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 10_000 - 2_120, frozen: 2_120 });
    // The same code a second time is refused: an overheard code cannot move money again.
    expect((await post('/user/withdraw/create', { ...body, google_code: code }, m.keyed())).body.code).toBe(ResponseCode.twoFactorInvalid);
    expect(await countRows('withdrawals', 'user_id', m.userId)).toBe(1);
  });

  it('a transfer without the code or with a wrong one is refused and moves nothing; with the current code it moves', async () => {
    const { m, secret } = await boundMember();
    const receiver = await walletMember(t);
    const body = { account: receiver.userName, amount: '15', currency: 'USD', pay_password: PAY_PASSWORD };
    expect((await post('/user/transfer/create', body, m.keyed())).body.code).toBe(ResponseCode.twoFactorRequired);
    expect((await post('/user/transfer/create', { ...body, google_code: await wrongCode(secret) }, m.keyed())).body.code).toBe(ResponseCode.twoFactorInvalid);
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await countRows('transfers', 'from_user_id', m.userId)).toBe(0);

    const right = await post('/user/transfer/create', { ...body, google_code: await codeAt(secret) }, m.keyed());
    expect(right.body.code, right.body.msg).toBe(200);
    expect((await usdOf(t, m)).available).toBe(10_000 - 1_500);
    expect((await usdOf(t, receiver)).available).toBe(1_500);
  });

  it('the pay password is still checked first: a right code with a wrong pay password moves nothing', async () => {
    const { m, card, secret } = await boundMember();
    const res = await post('/user/withdraw/create', { bank_card_id: card, amount: '20', currency: 'USD', pay_password: '000000', google_code: await codeAt(secret) }, m.keyed());
    expect(res.body.code).toBe(ResponseCode.payPasswordWrong);
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
  });

  it('10 wrong codes on the pay path from 10 addresses lock the code: the right one is then refused and nothing moves', async () => {
    const { m, card, secret } = await boundMember();
    const body = { bank_card_id: card, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD };
    for (let i = 0; i < 10; i++) {
      const res = await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { ...body, google_code: await wrongCode(secret) }, ip: `10.77.${m.userId % 250}.${i + 1}` });
      expect(res.body.code).toBe(ResponseCode.twoFactorInvalid);
    }
    const right = await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { ...body, google_code: await codeAt(secret) }, ip: `10.77.${m.userId % 250}.99` });
    expect(right.body).toMatchObject({ code: ResponseCode.loginLocked, msg: 'Too many failed attempts, please try again in 15 minutes' });
    expect(await countRows('withdrawals', 'user_id', m.userId)).toBe(0);
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
  });

  it('a member without an authenticator is not asked for a code', async () => {
    const m = await walletMember(t, { usd: 5_000 });
    const receiver = await walletMember(t);
    expect((await post('/user/transfer/create', { account: receiver.userName, amount: '5', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())).body.code).toBe(200);
  });
});
