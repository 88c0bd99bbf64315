import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../../../db/database.js';
import { systemActor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/errors.js';
import { withTransaction } from '../../../lib/transaction.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { balanceOf, ledgerCheck, post, postHold, releaseHold, reserveHold } from '../ledger.service.js';
import { fund, makeMembers, settle, transferBetweenMembers } from './ledger-helpers.js';

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  // One connection per concurrent client.
  ({ db, close } = await openTestDatabase(50));
});
afterAll(() => close());

const actor = systemActor('concurrency-test');
const isCode = (e: unknown, code: number) => e instanceof AppError && e.code === code;

describe('the ledger under concurrent load', () => {
  it('2,000 random transfers among 20 members from 50 clients keep every total exact and never go below zero', async () => {
    const members = await makeMembers(db, 20);
    const START = 5_000;
    for (const m of members) await fund(db, m, START);
    const [a, b] = members as [number, number];

    let accepted = 0;
    let refused = 0;
    let n = 0;
    const client = async (c: number) => {
      for (let i = 0; i < 40; i++) {
        const k = n++;
        // Every client's first transfers are A→B or B→A at the same moment, the rest random pairs.
        let from = members[Math.floor(Math.random() * 20)]!;
        let to = members[Math.floor(Math.random() * 19)]!;
        if (to === from) to = members[19]!;
        if (i < 4) [from, to] = c % 2 ? [a, b] : [b, a];
        const amount = 1 + Math.floor(Math.random() * 2_000);
        try {
          await transferBetweenMembers(db, actor, { from, to, amount, currency: 'USD', idempotencyKey: `t-${k}` });
          accepted++;
        } catch (e) {
          if (!isCode(e, ResponseCode.insufficientBalance)) throw e;
          refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: 50 }, (_, c) => client(c)));

    expect(accepted + refused).toBe(2_000);
    expect(accepted).toBeGreaterThan(500);
    const balances = await Promise.all(members.map((m) => balanceOf(db, m, 'cash', 'USD')));
    expect(balances.reduce((s, x) => s + x, 0)).toBe(20 * START);
    expect(Math.min(...balances)).toBeGreaterThanOrEqual(0);
    const transfers = await db.selectFrom('journal_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'transfer').executeTakeFirstOrThrow();
    expect(Number(transfers.n)).toBe(accepted);
    expect(await ledgerCheck(db)).toEqual([]);
  }, 60_000);

  it('20 parallel spends of 60 from a balance of 100: exactly one succeeds, every round', async () => {
    for (let round = 0; round < 5; round++) {
      const [m] = (await makeMembers(db, 1)) as [number];
      await fund(db, m, 100);
      const spend = (i: number) =>
        withTransaction(db, (tx) =>
          post(tx, {
            kind: 'test.purchase',
            reference: { type: 'test-order', id: `${round}-${i}` },
            idempotencyKey: `spend:${m}:${i}`,
            actor,
            postings: [
              { account: { member: m, asset: 'cash', currency: 'USD' }, amount: -60 },
              { account: { system: 'sales', currency: 'USD' }, amount: 60 },
            ],
          }),
        );
      const { ok, failed } = await settle(Array.from({ length: 20 }, (_, i) => spend(i)));
      expect(ok).toHaveLength(1);
      expect(failed.every((e) => isCode(e, ResponseCode.insufficientBalance))).toBe(true);
      expect(await balanceOf(db, m, 'cash', 'USD')).toBe(40);
    }
    expect(await ledgerCheck(db)).toEqual([]);
  });

  it('a hold approved and released at the same moment has one outcome, every round', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const [m] = (await makeMembers(db, 1)) as [number];
      await fund(db, m, 1_000);
      const hold = await withTransaction(db, (tx) =>
        reserveHold(tx, { account: { member: m, asset: 'cash', currency: 'USD' }, amount: 700, reference: { type: 'withdrawal', id: round }, idempotencyKey: `hold-test:${m}`, actor }),
      );
      expect(await balanceOf(db, m, 'cash', 'USD')).toBe(300);
      const approve = withTransaction(db, (tx) => postHold(tx, hold.id, { to: { system: 'payouts_in_flight', currency: 'USD' }, actor }));
      const release = withTransaction(db, (tx) => releaseHold(tx, hold.id, { actor }));
      const { ok, failed } = await settle<{ status: string }>([approve, release]);
      expect(ok).toHaveLength(1);
      expect(failed).toHaveLength(1);
      expect(isCode(failed[0], ResponseCode.holdSettled)).toBe(true);
      const status = ok[0]!.status;
      outcomes.add(status);
      const row = await db.selectFrom('holds').selectAll().where('id', '=', hold.id).executeTakeFirstOrThrow();
      expect(row.status).toBe(status);
      expect(await balanceOf(db, m, 'cash', 'USD')).toBe(status === 'released' ? 1_000 : 300);
    }
    expect([...outcomes].every((o) => o === 'posted' || o === 'released')).toBe(true);
    expect(await ledgerCheck(db)).toEqual([]);
  });
});
