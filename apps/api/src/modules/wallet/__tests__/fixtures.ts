import sharp from 'sharp';
import { expect } from 'vitest';
import { hashPassword } from '../../members/identity.js';
import type { TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { systemActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { post } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

export const PAY_PASSWORD = '246810';

/** A bank-transfer slip the member uploads here: the address /user/upload hands back. */
export async function slipOf(t: TestApp, m: { headers: Record<string, string> }): Promise<string> {
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 200, b: 200 } } }).png().toBuffer();
  const res = await call(t, 'POST', '/user/upload', { headers: m.headers, body: { image: `data:image/png;base64,${image.toString('base64')}` } });
  expect(res.body.code).toBe(200);
  return res.body.data.url as string;
}
let payHash: string | undefined;

/** The company's collection accounts in USD, MYR and CNY, as a shop taking bank transfers has (the channel is offered only in currencies with one). */
export async function withCollectionAccounts(t: TestApp): Promise<void> {
  const account = (currency: string, account_number: string) => ({ currency, bank_name: 'Maybank', account_name: 'Shop Sdn Bhd', account_number, branch: 'Kuala Lumpur', created_by: 'test' });
  await t.db.insertInto('collection_accounts').values([account('USD', '5140-0001'), account('MYR', '5140-0002'), account('CNY', '5140-0003')]).execute();
}

/** A member ready to move money: approved real name (Mei Tan), a pay password, optionally some USD. */
export async function walletMember(t: TestApp, opts: { usd?: number; realName?: boolean; payPassword?: boolean } = {}) {
  const m = await newMember(t);
  const user = await t.db.selectFrom('users').select('user_name').where('id', '=', m.userId).executeTakeFirstOrThrow();
  if (opts.realName !== false) {
    await t.db
      .insertInto('certifications')
      .values({ user_id: m.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `A${m.userId}0000`, surname: 'Tan', given_name: 'Mei', title: null, birthday: null, referral_code: null, status: 'approved', reason: null, reviewed_by: 'test', reviewed_at: new Date() })
      .execute();
  }
  if (opts.payPassword !== false) {
    payHash ??= await hashPassword(PAY_PASSWORD);
    await t.db.updateTable('users').set({ pay_password_hash: payHash }).where('id', '=', m.userId).execute();
  }
  if (opts.usd) await fund(t.db, m.userId, opts.usd, 'USD');
  let n = 0;
  /** Headers with a fresh Idempotency-Key. */
  const keyed = () => ({ ...m.headers, 'idempotency-key': `k-${m.userId}-${n++}-${Math.random().toString(36).slice(2)}` });
  return { ...m, userName: user.user_name, keyed };
}

/** A Maybank id (seeded bank list). */
export async function maybank(t: TestApp) {
  return (await t.db.selectFrom('banks').select('id').where('code', '=', 'MBBEMYKL').executeTakeFirstOrThrow()).id;
}

type WalletMember = Awaited<ReturnType<typeof walletMember>>;

/** The member's USD cash: available and frozen. */
export async function usdOf(t: TestApp, m: { headers: Record<string, string> }) {
  const res = await call(t, 'GET', '/user/wallet/asset', { headers: m.headers });
  return res.body.data.cash.find((c: { currency: string }) => c.currency === 'USD');
}

/** The member's own account number (an account is on one member's card at a time), ending 5678: shown `**** 5678`. */
export const accountNumberOf = (m: { userId: number }) => `5140 ${String(m.userId).padStart(4, '0')} 5678`;

/** Adds a Maybank USD card in the member's real name; its id. */
export async function bankCardOf(t: TestApp, m: WalletMember) {
  const res = await call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body: { bank_id: await maybank(t), holder_name: 'Tan Mei', account_number: accountNumberOf(m), currency: 'USD', pay_password: PAY_PASSWORD } });
  if (res.body.code !== 200) throw new Error(res.body.msg);
  return res.body.data.id as number;
}

/** A member with 100.00 USD who asked to withdraw 30.00 (fee 1.30) to a card: the withdrawal as answered. */
export async function pendingWithdrawal(t: TestApp) {
  const m = await walletMember(t, { usd: 10_000 });
  const card = await bankCardOf(t, m);
  const res = await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { bank_card_id: card, amount: '30', currency: 'USD', pay_password: PAY_PASSWORD } });
  expect(res.body.code, res.body.msg).toBe(200);
  expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 10_000 - 3_130, frozen: 3_130 });
  return { m, w: res.body.data as { id: number; withdraw_no: string } };
}

/** The state of a withdrawal's hold and how many ledger entries released it. */
export async function releasesOf(t: TestApp, withdrawNo: string) {
  const hold = await t.db.selectFrom('holds').select(['id', 'status']).where('reference_type', '=', 'withdrawal').where('reference_id', '=', withdrawNo).executeTakeFirstOrThrow();
  const entries = await t.db.selectFrom('journal_entries').select('id').where('kind', '=', 'hold.release').where('reference_type', '=', 'hold').where('reference_id', '=', String(hold.id)).execute();
  return { status: hold.status, count: entries.length };
}

let rewardSeq = 0;
/** Rewards credited to the member as a commission would be (from the commission expense account). */
export async function rewardMember(t: TestApp, userId: number, amount: number, currency = 'USD') {
  await withTransaction(t.db, (tx) =>
    post(tx, {
      kind: 'test.reward',
      reference: { type: 'test-commission', id: userId },
      idempotencyKey: `test-reward:${userId}:${currency}:${rewardSeq++}:${Math.random()}`,
      actor: systemActor('test'),
      postings: [
        { account: { system: 'commission_expense', asset: 'rewards', currency }, amount: -amount },
        { account: { member: userId, asset: 'rewards', currency }, amount },
      ],
    }),
  );
}

/**
 * Approves a request for value that one operator made, as the second operator the four-eyes rule
 * asks for (a fresh owner unless `approverHeaders` is given); what approving it did.
 */
export async function approveRequest(t: TestApp, requestId: number, approverHeaders?: Record<string, string>) {
  const headers = approverHeaders ?? (await newOperatorSession(t.db, 'owner')).headers;
  const res = await call(t, 'POST', '/admin/api/approvals/decide', { headers, body: { id: requestId, decision: 'approve' } });
  if (res.body.code !== 200) throw new Error(`approve #${requestId}: ${JSON.stringify(res.body)}`);
  return res.body.data.result as Record<string, any>;
}

/** Issues `count` gift cards of `value` minor units to the member through the operator call, approved by a second operator; their ids. */
export async function giftCardsFor(t: TestApp, operatorHeaders: Record<string, string>, userId: number, opts: { value: number; count: number; currency?: string; expiresInDays?: number }) {
  const res = await call(t, 'POST', '/admin/api/wallet/gift-cards/issue', {
    headers: operatorHeaders,
    body: { user_id: userId, currency: opts.currency ?? 'USD', value: opts.value, count: opts.count, expires_at: new Date(Date.now() + (opts.expiresInDays ?? 30) * 86_400_000).toISOString(), reason: 'test cards' },
  });
  if (res.body.code !== 200) throw new Error(res.body.msg);
  return (await approveRequest(t, res.body.data.request.id)).card_ids as number[];
}

export { evmAddressOf, tronAddressOf } from './crypto-addresses.js';
