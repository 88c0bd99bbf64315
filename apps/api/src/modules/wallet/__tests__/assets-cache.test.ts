import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForChanges, onChanges } from '../../../lib/changes.js';
import { connectionOf } from '../../../db/database.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { memberWithOrder, useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { PAY_PASSWORD, approveRequest, maybank, slipOf, walletMember, withCollectionAccounts } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';
import { OPS_CLI } from '../../../test/api-processes.js';
import { opsAuthenticators, opsOperators } from '../../../ops/__tests__/ops-operators.js';

// The asset page is answered from memory per member; every change of what it shows must reach the
// member at once: their postings, holds, rates and the wallet's currencies, from any process.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
/** `--code` and the current code of the operator's authenticator (a decision about money needs it). */
let codeOf: (name: string) => Promise<string[]>;
beforeAll(async () => {
  t = await buildTestApp();
  await withCollectionAccounts(t);
  // The console operators the commands run as (`--by`, else the default name).
  await opsOperators(t.db, { olivia: 'owner', bruno: 'owner' });
  codeOf = await opsAuthenticators(t.db, ['olivia', 'bruno']);
  owner = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const asset = async (m: { headers: Headers }, currency = '') => {
  const res = await get(`/user/wallet/asset${currency && `?currency=${currency}`}`, m.headers);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as { total: number; cash: Array<{ currency: string; available: number; frozen: number }> };
};
const cashOf = async (m: { headers: Headers }, currency = 'USD') => (await asset(m)).cash.find((c) => c.currency === currency);

describe('the asset page follows every change at once', () => {
  it('a bank-transfer top-up confirmed by an operator', async () => {
    const m = await walletMember(t);
    expect(await cashOf(m)).toEqual({ currency: 'USD', available: 0, frozen: 0 });
    const r = (await post('/user/recharge/create', { channel: 'bank_transfer', amount: '80.00', currency: 'USD', slip: await slipOf(t, m) }, m.keyed())).body.data;
    expect(await cashOf(m)).toEqual({ currency: 'USD', available: 0, frozen: 0 });
    const asked = await post('/admin/api/wallet/recharges/confirm', { id: r.id, reason: 'slip checked' }, owner.headers);
    expect(await cashOf(m)).toEqual({ currency: 'USD', available: 0, frozen: 0 });
    await approveRequest(t, asked.body.data.request.id);
    expect(await cashOf(m)).toEqual({ currency: 'USD', available: 8_000, frozen: 0 });
    expect((await get('/attractive/UserPageData/assetPage', m.headers)).body.data.total).toBe(8_000);
  });

  it('a transfer, on both members’ pages', async () => {
    const a = await walletMember(t, { usd: 5_000 });
    const b = await walletMember(t);
    expect((await cashOf(a))?.available).toBe(5_000);
    expect((await cashOf(b))?.available).toBe(0);
    const sent = await post('/user/transfer/create', { account: b.userName, amount: '12.34', currency: 'USD', pay_password: PAY_PASSWORD }, a.keyed());
    expect(sent.body.code, sent.body.msg).toBe(200);
    expect((await cashOf(a))?.available).toBe(5_000 - 1_234);
    expect((await cashOf(b))?.available).toBe(1_234);
  });

  it('a withdrawal’s hold freezes the amount and fee; the operator’s rejection gives them back', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const card = (await post('/user/bank_card/create', { bank_id: await maybank(t), holder_name: 'Tan Mei', account_number: '5140 1234 5678', currency: 'USD', pay_password: PAY_PASSWORD }, m.headers)).body.data.id;
    expect(await cashOf(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    const w = (await post('/user/withdraw/create', { bank_card_id: card, amount: '40', currency: 'USD', pay_password: PAY_PASSWORD }, m.keyed())).body.data;
    expect(w.status).toBe('pending');
    expect(await cashOf(m)).toEqual({ currency: 'USD', available: 10_000 - 4_000 - 140, frozen: 4_140 });
    expect((await post('/admin/api/wallet/withdrawals/reject', { id: w.id, reason: 'Card closed' }, owner.headers)).body.code).toBe(200);
    expect(await cashOf(m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
  });

  it('an order paid with the balance', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 4_000 });
    expect((await cashOf(m, 'MYR'))?.available).toBe(0);
    await fund(t.db, m.userId, 5_000, 'MYR');
    expect((await cashOf(m, 'MYR'))?.available).toBe(5_000);
    const paid = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'balance', pay_password: PAY_PASSWORD } });
    expect(paid.body.code, paid.body.msg).toBe(200);
    expect((await cashOf(m, 'MYR'))?.available).toBe(1_000);
  });

  it('an order paid with the balance and a card: frozen while the card is pending, gone (not still frozen) once the card pays', async () => {
    const stripe = useSandboxes(t).stripe as FakeStripe;
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5_000 });
    await fund(t.db, m.userId, 2_000, 'MYR');
    expect(await cashOf(m, 'MYR')).toEqual({ currency: 'MYR', available: 2_000, frozen: 0 });
    const paid = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD } });
    expect(paid.body.data).toMatchObject({ status: 'pending', balance_part: 2_000 });
    expect(await cashOf(m, 'MYR')).toEqual({ currency: 'MYR', available: 0, frozen: 2_000 });
    await stripe.decide(paid.body.data.payment_no, 'pay');
    expect(await cashOf(m, 'MYR')).toEqual({ currency: 'MYR', available: 0, frozen: 0 });
    expect((await asset(m, 'MYR')).total).toBe(0);
  });

  it('a rate set by an operator changes the total shown in another currency', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const before = (await asset(m, 'MYR')).total;
    const set = await post('/admin/api/rates/set', { base: 'USD', quote: 'MYR', rate: '5', reason: 'test' }, owner.headers);
    expect(set.body.code, set.body.msg).toBe(200);
    expect((await asset(m, 'MYR')).total).toBe(before);
    await approveRequest(t, set.body.data.request.id);
    const after = (await asset(m, 'MYR')).total;
    expect(after).toBe(50_000);
    expect(after).not.toBe(before);
  });

  it('a currency the operator offers appears at once, and is gone when withdrawn', async () => {
    const m = await walletMember(t);
    const currencies = async () => (await asset(m)).cash.map((c) => c.currency);
    expect(await currencies()).not.toContain('SGD');
    expect(await runOpsCommand(t.db, ['wallet', 'currency', 'SGD', 'on'], 'olivia')).toBe('SGD offered in the wallet; members pay with their SGD balance (pay method "balance" SGD, added)');
    expect(await currencies()).toContain('SGD');
    await runOpsCommand(t.db, ['wallet', 'currency', 'SGD', 'off', '--reason', 'no SGD collection account'], 'olivia');
    expect(await currencies()).not.toContain('SGD');
    await expect(runOpsCommand(t.db, ['wallet', 'currency', 'USD', 'off'], 'olivia')).rejects.toThrow();
    expect(await currencies()).toContain('USD');
  });

  it('an operator command run in another process (the real script) reaches the running shop through the database', async () => {
    const listening = await listenForChanges(connectionOf(t.db).url);
    try {
      const m = await walletMember(t);
      const r = (await post('/user/recharge/create', { channel: 'bank_transfer', amount: '25.00', currency: 'USD', slip: await slipOf(t, m) }, m.keyed())).body.data;
      expect(await cashOf(m)).toEqual({ currency: 'USD', available: 0, frozen: 0 });
      const heard = new Promise<void>((resolve) => {
        const stop = onChanges((changes, origin) => {
          if (origin === 'remote' && changes.some((c) => c.kind === 'balances' && c.memberIds.includes(m.userId))) resolve(stop());
        });
      });
      const root = path.resolve(import.meta.dirname, '../../../../../..');
      const cli = (operator: string, ...args: string[]) =>
        promisify(execFile)(process.execPath, [...OPS_CLI, ...args], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: t.deps.config.DATABASE_URL, OPERATOR: operator, NODE_ENV: 'test' },
        });
      const asked = await cli('olivia', 'wallet', 'recharge', 'confirm', String(r.id), '--reason', 'slip checked', ...(await codeOf('olivia')));
      await cli('bruno', 'approvals', 'approve', /request #(\d+)/.exec(asked.stdout)![1]!, ...(await codeOf('bruno')));
      await heard;
      expect(await cashOf(m)).toEqual({ currency: 'USD', available: 2_500, frozen: 0 });
    } finally {
      await listening.stop();
    }
  }, 60_000);
});
