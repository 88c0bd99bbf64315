import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf, createDatabase, TEST_DATABASE_LIMITS, type Database } from '../database.js';
import { openTestDatabase } from '../../test/test-database.js';
import { countingProxy } from '../../test/statement-counter.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';

// A transaction's `begin` is sent with its first statement, in one exchange with the server. What
// the shop relies on: the statement runs inside the transaction (undone by a rollback, under the
// isolation level asked for), an error in it fails the transaction as any error would, and the
// connection goes back to the pool clean.

let db: Database;
let close: () => Promise<void>;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
beforeAll(async () => {
  const opened = await openTestDatabase();
  close = opened.close;
  await sql`create table opening_probe (id int primary key)`.execute(opened.db);
  proxy = await countingProxy(new URL(opened.url));
  // One connection: every transaction below runs on the connection the one before it used.
  db = createDatabase(proxy.url, 1, TEST_DATABASE_LIMITS);
});
afterAll(async () => {
  await db?.destroy();
  proxy?.close();
  await close?.();
});

const ids = async () => (await sql<{ id: number }>`select id from opening_probe order by id`.execute(db)).rows.map((r) => r.id);
const insert = (tx: Tx, id: number) => sql`insert into opening_probe (id) values (${id})`.execute(tx);
/** The exchanges (round trips) `work` made with the server. */
async function exchangesOf(work: () => Promise<unknown>): Promise<number> {
  const before = proxy.exchanges();
  await work();
  return proxy.exchanges() - before;
}

describe('a transaction’s opening', () => {
  it('travels with the first statement: a transaction of two statements takes three exchanges, not four', async () => {
    const exchanges = await exchangesOf(() =>
      withTransaction(db, async (tx) => {
        await insert(tx, 1);
        await sql`select count(*) from opening_probe where id = ${1}`.execute(tx);
      }),
    );
    expect(exchanges).toBe(3);
    expect(await ids()).toEqual([1]);
  });

  it('puts the first statement inside the transaction: a rollback undoes it', async () => {
    await expect(
      withTransaction(db, async (tx) => {
        await insert(tx, 2);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A first statement without values goes after the opening too.
    await expect(
      withTransaction(db, async (tx) => {
        await sql`insert into opening_probe (id) values (3)`.execute(tx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual([1]);
  });

  it('keeps the isolation level it was opened with', async () => {
    const level = await withTransaction(db, async (tx) => (await sql<{ level: string }>`select current_setting(${'transaction_isolation'}) as level`.execute(tx)).rows[0]!.level, { isolation: 'serializable' });
    expect(level).toBe('serializable');
  });

  it('fails the transaction when its first statement fails, and the connection serves the next one clean', async () => {
    await expect(withTransaction(db, (tx) => insert(tx, 1))).rejects.toMatchObject({ code: '23505' });
    const status = await withTransaction(db, async (tx) => {
      await insert(tx, 4);
      return (await sql<{ n: number }>`select count(*)::int as n from opening_probe where id = ${4}`.execute(tx)).rows[0]!.n;
    });
    expect(status).toBe(1);
    // Outside a transaction again: a statement alone is committed by itself.
    await sql`insert into opening_probe (id) values (${5})`.execute(db);
    expect(await ids()).toEqual([1, 4, 5]);
  });

  it('goes first, on its own, before a statement sent in another form than Kysely’s (a query object)', async () => {
    const client = await connectionOf(db).pool.connect();
    try {
      await client.query('begin', []);
      await client.query({ text: 'insert into opening_probe (id) values (7)' });
      await client.query('rollback', []);
    } finally {
      client.release();
    }
    expect(await ids()).not.toContain(7);
  });

  it('is never sent for a transaction that ends before any statement', async () => {
    expect(await exchangesOf(() => withTransaction(db, async () => 'nothing to do'))).toBe(0);
    await expect(withTransaction(db, async () => Promise.reject(new Error('refused before any statement')))).rejects.toThrow('refused before any statement');
    // The next statement alone is not swallowed into a transaction left waiting.
    await sql`insert into opening_probe (id) values (${6})`.execute(db);
    const other = createDatabase(proxy.url, 1, TEST_DATABASE_LIMITS);
    try {
      expect((await sql<{ n: number }>`select count(*)::int as n from opening_probe where id = ${6}`.execute(other)).rows[0]!.n).toBe(1);
    } finally {
      await other.destroy();
    }
  });
});
