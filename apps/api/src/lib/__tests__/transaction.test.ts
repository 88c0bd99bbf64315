import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { openTestDatabase } from '../../test/test-database.js';
import { AppError } from '../errors.js';
import { withTransaction, type Tx } from '../transaction.js';

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  // A scratch table of this test database: two rows that transactions fight over.
  await sql`create table tx_probe (id int primary key, n int not null)`.execute(db);
});
afterAll(() => close());
beforeEach(async () => {
  await sql`truncate tx_probe`.execute(db);
  await sql`insert into tx_probe values (1, 0), (2, 0)`.execute(db);
});

const countRows = async (exec: Database | Tx = db) => Number((await sql<{ c: number }>`select count(*)::int as c from tx_probe`.execute(exec)).rows[0]!.c);

/** Resolves for everyone once `n` parties have arrived. */
function barrier(n: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return () => {
    if (++arrived === n) open();
    return opened;
  };
}

describe('withTransaction', () => {
  it('runs afterCommit hooks only once the data is visible to everyone else, in order', async () => {
    const seen: string[] = [];
    await withTransaction(db, async (tx) => {
      await sql`insert into tx_probe values (3, 0)`.execute(tx);
      tx.afterCommit(async () => void seen.push(`first sees ${await countRows()}`));
      tx.afterCommit(() => void seen.push('second'));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['first sees 3', 'second']);
  });

  it('rolls back on an error and runs no hook', async () => {
    let ran = false;
    await expect(
      withTransaction(db, async (tx) => {
        await sql`insert into tx_probe values (3, 0)`.execute(tx);
        tx.afterCommit(() => void (ran = true));
        throw new AppError(ResponseCode.badRequest);
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(ran).toBe(false);
    expect(await countRows()).toBe(2);
  });

  it('joins an open transaction: the inner writes go when the outer rolls back, hooks wait for the outer commit', async () => {
    const events: string[] = [];
    await expect(
      withTransaction(db, async (outer) => {
        await withTransaction(outer, async (inner) => {
          expect(inner).toBe(outer);
          await sql`insert into tx_probe values (3, 0)`.execute(inner);
          inner.afterCommit(() => void events.push('inner hook'));
        });
        expect(await countRows(outer)).toBe(3);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(events).toEqual([]);
    expect(await countRows()).toBe(2);
  });

  it('refuses to join a transaction it did not open (its hooks would never run)', async () => {
    await expect(db.transaction().execute((trx) => withTransaction(trx, async () => 1))).rejects.toThrow(/did not open/);
  });

  it('retries a serialization failure (40001): both writers succeed, hooks of the failed attempt are dropped', async () => {
    const retries: string[] = [];
    let hooks = 0;
    const bothRead = barrier(2);
    // Write skew: each reads the sum, then writes a row the other's read depended on.
    const writer = (id: number) =>
      withTransaction(
        db,
        async (tx) => {
          const { rows } = await sql<{ s: number }>`select sum(n)::int as s from tx_probe`.execute(tx);
          await bothRead();
          await sql`update tx_probe set n = ${rows[0]!.s + 1} where id = ${id}`.execute(tx);
          tx.afterCommit(() => void hooks++);
        },
        { isolation: 'serializable', onRetry: ({ code }) => void retries.push(code) },
      );
    await Promise.all([writer(1), writer(2)]);
    // At least one writer was retried, only ever for 40001 (PostgreSQL may fail a retried attempt
    // again while the first commit's conflict is still tracked, so the count is not always one).
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(new Set(retries)).toEqual(new Set(['40001']));
    expect(hooks).toBe(2);
    // Serial outcome: the second writer saw the first one's write.
    const { rows } = await sql<{ n: number }>`select n from tx_probe order by n`.execute(db);
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it('retries a deadlock (40P01): both transfers end up applied exactly once', async () => {
    const retries: string[] = [];
    const bothLocked = barrier(2);
    let attempts = 0;
    const transfer = (from: number, to: number) =>
      withTransaction(
        db,
        async (tx) => {
          attempts++;
          await sql`update tx_probe set n = n - 1 where id = ${from}`.execute(tx);
          await bothLocked();
          await sql`update tx_probe set n = n + 1 where id = ${to}`.execute(tx);
        },
        { onRetry: ({ code }) => void retries.push(code) },
      );
    await Promise.all([transfer(1, 2), transfer(2, 1)]);
    // Retried only for the deadlock (on a busy machine a retried attempt may meet the other one again),
    // each attempt beyond the two first a retry.
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(new Set(retries)).toEqual(new Set(['40P01']));
    expect(attempts).toBe(2 + retries.length);
    const { rows } = await sql<{ n: number }>`select n from tx_probe order by id`.execute(db);
    expect(rows.map((r) => r.n)).toEqual([0, 0]);
  });

  it('gives up after the bounded number of attempts with a "try again" code, not a database error', async () => {
    let attempts = 0;
    const failure = await withTransaction(
      db,
      async (tx) => {
        attempts++;
        // A conflict that never goes away: PostgreSQL raises the same SQLSTATE a real one would.
        await sql`do $$ begin raise exception using errcode = '40001'; end $$`.execute(tx);
      },
      { maxAttempts: 3 },
    ).catch((e: unknown) => e);
    expect(attempts).toBe(3);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe(ResponseCode.serviceUnavailable);
  });
});
