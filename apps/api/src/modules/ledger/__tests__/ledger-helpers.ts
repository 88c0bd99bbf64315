import type { Database } from '../../../db/database.js';
import { systemActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { ResponseCode } from '@shop/contract';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/errors.js';
import { post, type Posted } from '../ledger.service.js';
import type { Asset } from '../ledger.table.js';

let seq = 0;

/** Members as rows only (the ledger needs their ids, nothing else). */
export async function makeMembers(db: Database, n: number): Promise<number[]> {
  const tag = `${process.pid}${Date.now().toString(36)}${(seq++).toString(36)}`;
  const rows = await db
    .insertInto('users')
    .values(Array.from({ length: n }, (_, i) => ({ user_name: `ledger${tag}_${i}`, password_hash: 'not-used' })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Money in from a test gateway, as a recharge would bring it. */
export async function fund(db: Database, memberId: number, amount: number, currency = 'USD', asset: 'cash' | 'points' | 'shopping_points' = 'cash'): Promise<number> {
  const { entryId } = await withTransaction(db, (tx) =>
    post(tx, {
      kind: 'recharge',
      reference: { type: 'test-recharge', id: memberId },
      idempotencyKey: `test-fund:${memberId}:${asset}:${currency}:${seq++}:${Math.random()}`,
      actor: systemActor('test'),
      postings: [
        { account: { system: 'gateway_clearing', gateway: 'test', asset, currency }, amount: -amount },
        { account: { member: memberId, asset, currency }, amount },
      ],
    }),
  );
  return entryId;
}

/** Every promise settled: how many were fulfilled and the rejections. */
export async function settle<T>(work: Array<Promise<T>>): Promise<{ ok: T[]; failed: unknown[] }> {
  const results = await Promise.allSettled(work);
  return {
    ok: results.filter((r): r is PromiseFulfilledResult<Awaited<T>> => r.status === 'fulfilled').map((r) => r.value),
    failed: results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason),
  };
}

/**
 * One member's value to another in one entry, as the wallet's transfer posts it (without its limits
 * and step-up): the ledger's own guarantees under load. The same key from the same sender moves it once.
 */
export async function transferBetweenMembers(
  db: Database,
  actor: Actor,
  input: { from: number; to: number; amount: number; currency: string; asset?: Asset; idempotencyKey: string },
): Promise<Posted> {
  if (input.from === input.to) throw new AppError(ResponseCode.badRequest);
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AppError(ResponseCode.amountTooSmall);
  const asset = input.asset ?? 'cash';
  return withTransaction(db, (tx) =>
    post(tx, {
      kind: 'transfer',
      reference: { type: 'transfer', id: input.idempotencyKey },
      idempotencyKey: `transfer:${input.from}:${input.idempotencyKey}`,
      actor,
      postings: [
        { account: { member: input.from, asset, currency: input.currency }, amount: -input.amount },
        { account: { member: input.to, asset, currency: input.currency }, amount: input.amount },
      ],
    }),
  );
}
