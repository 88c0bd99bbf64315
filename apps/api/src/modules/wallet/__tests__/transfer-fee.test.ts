import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, usdOf, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// The transfer fee an owner sets in Money settings is charged: the sender pays the amount and the
// fee, the receiver gets the amount, the fee goes to the shop's fee account in the same entry.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  // USD transfers at 2.5 % + 0.33, as an owner set them.
  // Saved from the row as read (its version), as the console does.
  const row = await t.db.selectFrom('wallet_limits').select('updated_at').where('currency', '=', 'USD').where('kind', '=', 'transfer').executeTakeFirst();
  const res = await call(t, 'POST', '/admin/api/wallet/limits', {
    headers: owner.headers,
    body: { currency: 'USD', kind: 'transfer', fee_bp: 250, fee_fixed: 33, min: 100, max: 500_000, daily_count: 1000, daily_amount: 100_000_000, base_updated_at: row?.updated_at.toISOString(), reason: 'transfer fee' },
  });
  expect(res.body.code, res.body.msg).toBe(200);
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Member = Awaited<ReturnType<typeof walletMember>>;
const transfer = (from: Member, to: Member, amount: string) => call(t, 'POST', '/user/transfer/create', { headers: from.keyed(), body: { account: to.userName, amount, currency: 'USD', pay_password: PAY_PASSWORD } });
const postingsOf = (entryId: number) =>
  t.db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['a.member_id', 'a.system_code', 'p.amount'])
    .where('p.entry_id', '=', entryId)
    .orderBy('p.amount')
    .execute();

describe('the transfer fee', () => {
  it('is charged to the sender beside the amount and goes to the fee account; the receiver gets the amount and sees no fee', async () => {
    const a = await walletMember(t, { usd: 20_000 });
    const b = await walletMember(t);
    // 2.5 % of 100.00 is 2.50, plus 0.33.
    const quote = await call(t, 'GET', '/attractive/currency/withdrawRatio?method=transfer&currency=USD&amount=100', { headers: a.headers });
    expect(quote.body.data.quote).toEqual({ amount: 10_000, fee: 283, total: 10_283 });
    const sent = await transfer(a, b, '100');
    expect(sent.body.code, sent.body.msg).toBe(200);
    expect(sent.body.data).toMatchObject({ direction: 'out', amount: 10_000, fee: 283 });
    expect(await usdOf(t, a)).toEqual({ currency: 'USD', available: 20_000 - 10_283, frozen: 0 });
    expect(await usdOf(t, b)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });

    const row = await t.db.selectFrom('transfers').select(['entry_id', 'fee']).where('id', '=', sent.body.data.id).executeTakeFirstOrThrow();
    expect(row.fee).toBe(283);
    expect(await postingsOf(row.entry_id)).toEqual([
      { member_id: a.userId, system_code: null, amount: -10_283 },
      { member_id: null, system_code: 'fees', amount: 283 },
      { member_id: b.userId, system_code: null, amount: 10_000 },
    ]);

    // The sender's record shows the fee; the receiver's shows none.
    expect((await call(t, 'GET', '/user/transfer/list', { headers: a.headers })).body.data.list[0]).toMatchObject({ direction: 'out', amount: 10_000, fee: 283 });
    expect((await call(t, 'GET', `/user/transfer/info?id=${sent.body.data.id}`, { headers: a.headers })).body.data.transfer).toMatchObject({ fee: 283 });
    expect((await call(t, 'GET', '/user/transfer/list', { headers: b.headers })).body.data.list[0]).toMatchObject({ direction: 'in', amount: 10_000, fee: 0 });
    expect((await call(t, 'GET', `/user/transfer/info?id=${sent.body.data.id}`, { headers: b.headers })).body.data.transfer).toMatchObject({ direction: 'in', fee: 0 });
  });

  it('the balance must cover the amount and the fee: an amount the balance holds without its fee is refused, nothing moves', async () => {
    const a = await walletMember(t, { usd: 10_000 });
    const b = await walletMember(t);
    expect((await transfer(a, b, '100')).body.code).toBe(ResponseCode.insufficientBalance);
    expect(await usdOf(t, a)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await usdOf(t, b)).toEqual({ currency: 'USD', available: 0, frozen: 0 });
    expect(await t.db.selectFrom('transfers').select('id').where('from_user_id', '=', a.userId).execute()).toEqual([]);
  });

  it('parallel transfers with a fee never overdraw, round after round', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await walletMember(t);
      const b = await walletMember(t);
      await fund(t.db, a.userId, 5_000, 'USD');
      // Each 10.00 costs 10.58 with its fee: four fit in 50.00 (42.32), a fifth does not.
      const results = await Promise.all(Array.from({ length: 8 }, () => transfer(a, b, '10')));
      const codes = results.map((r) => r.body.code);
      expect({ round, ok: codes.filter((c) => c === 200).length }).toEqual({ round, ok: 4 });
      expect(codes.filter((c) => c !== 200).every((c) => c === ResponseCode.insufficientBalance)).toBe(true);
      expect(await usdOf(t, a)).toEqual({ currency: 'USD', available: 5_000 - 4 * 1_058, frozen: 0 });
      expect(await usdOf(t, b)).toEqual({ currency: 'USD', available: 4_000, frozen: 0 });
    }
  }, 120_000);
});
