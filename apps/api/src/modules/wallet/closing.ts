import type { Transaction } from 'kysely';
import type { ClosingBalances, ClosingMoneyKind } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { findMemberPendingHolds, lockMemberAccountsForUpdate, memberBalancesQuery } from '../ledger/ledger.queries.js';
import { post } from '../ledger/ledger.service.js';
import type { Asset } from '../ledger/ledger.table.js';
import { sumRechargesUnderReview } from './wallet.queries.js';

// Closing an account weighs what is in it: money the member owns (their balance, gift-card value,
// rewards, amounts held for withdrawals or payments under way, top-ups paid and under review) keeps
// it open until it is withdrawn or spent; points and shopping points are given up at closing, posted
// out to the shop's `forfeited` account so the ledger stays true.

/** The assets that are the member's money (points and shopping points are not). */
const MONEY_ASSETS: ReadonlySet<Asset> = new Set<Asset>(['cash', 'gift_card', 'rewards']);

/** What of the member's money and points is in the account now, from their ledger accounts as read (`accounts`). */
async function weigh(db: Executor, userId: number, accounts: ReadonlyArray<{ asset: string; currency: string; balance: number | string }>): Promise<ClosingBalances> {
  const [holds, recharges] = await Promise.all([findMemberPendingHolds(db, userId), sumRechargesUnderReview(db, userId)]);
  const money: ClosingBalances['money'] = [];
  const add = (kind: ClosingMoneyKind, currency: string, amount: number) => {
    if (amount <= 0) return;
    const same = money.find((m) => m.kind === kind && m.currency === currency);
    if (same) same.amount += amount;
    else money.push({ kind, currency, amount });
  };
  for (const a of accounts) if (MONEY_ASSETS.has(a.asset as Asset)) add(a.asset as ClosingMoneyKind, a.currency, Number(a.balance));
  for (const h of holds) if (MONEY_ASSETS.has(h.asset)) add(h.reference_type === 'withdrawal' ? 'withdrawal' : 'held', h.currency, Number(h.amount));
  for (const r of recharges) add('recharge', r.currency, Number(r.amount));
  const points = (asset: Asset) => accounts.filter((a) => a.asset === asset).reduce((sum, a) => sum + Number(a.balance), 0);
  return { money, forfeited: { points: points('points'), shopping_points: points('shopping_points') } };
}

/** The member's money (which keeps the account open) and the points closing it gives up, as they are now. */
export async function closingBalances(db: Executor, userId: number): Promise<ClosingBalances> {
  return weigh(db, userId, await memberBalancesQuery(db, userId).execute());
}

/**
 * At the moment of closing, with the member's accounts locked (nothing arrives or leaves until the
 * closing commits): what is in the account; when no money is left, the points and shopping points are
 * posted out to the `forfeited` account in one entry. The caller refuses to close when money is left.
 */
export async function forfeitOnClosing(trx: Transaction<DB>, actor: Actor, input: { userId: number; cancellationId: number }): Promise<ClosingBalances> {
  const accounts = await lockMemberAccountsForUpdate(trx, input.userId);
  const left = await weigh(trx, input.userId, accounts);
  if (left.money.length) return left;
  const postings = accounts
    .filter((a) => (a.asset === 'points' || a.asset === 'shopping_points') && Number(a.balance) > 0)
    .flatMap((a) => [
      { account: { id: a.id }, amount: -Number(a.balance), currency: a.currency },
      { account: { system: 'forfeited' as const, asset: a.asset, currency: a.currency }, amount: Number(a.balance) },
    ]);
  if (postings.length) {
    await post(trx, {
      kind: 'account.close.forfeit',
      reference: { type: 'cancellation', id: input.cancellationId },
      idempotencyKey: `cancellation:${input.cancellationId}:forfeit`,
      actor,
      postings,
    });
  }
  return left;
}
