import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf, createDatabase, type Database } from '../database.js';
import { openTestDatabase } from '../../test/test-database.js';
import { withTransaction } from '../../lib/transaction.js';

// Statements with parameters are prepared once per connection. A migration that changes a table
// under them (a running shop during a rolling release) must not turn into errors for members.

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  await sql`create table prep_probe (id int primary key, name text not null)`.execute(db);
  await sql`insert into prep_probe values (1, 'one'), (2, 'two')`.execute(db);
  await sql`create table prep_keys (kind text not null, k int not null)`.execute(db);
  await sql`create unique index prep_keys_member on prep_keys (k) where kind = 'member'`.execute(db);
});
afterAll(() => close());

const read = (exec: Database, id: number) => exec.selectFrom('prep_probe' as never).selectAll().where('id' as never, '=', id as never).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;

describe('prepared statements', () => {
  it('are prepared once per connection and answer as plain statements do', async () => {
    for (let i = 0; i < 5; i++) expect(await read(db, 1)).toEqual({ id: 1, name: 'one' });
    const prepared = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like '%prep_probe%'`.execute(db);
    // Seen from the connection that ran this count: at most the one statement, never one per call.
    expect(prepared.rows[0]!.n).toBeLessThanOrEqual(1);
  });

  it('go unnamed through a transaction pooler (DATABASE_POOLER=transaction), with the same answers', async () => {
    const pooled = createDatabase(connectionOf(db).url, 2, { pooled: true });
    try {
      for (let i = 0; i < 3; i++) expect(await read(pooled, 2)).toEqual({ id: 2, name: 'two' });
      const named = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(pooled);
      expect(named.rows[0]!.n).toBe(0);
    } finally {
      await pooled.destroy();
    }
  });

  it('a table changed under them (a column added by a migration) answers its new columns, alone or in a transaction', async () => {
    // Prepare the statement on every connection of the pool.
    await Promise.all(Array.from({ length: 20 }, (_, i) => read(db, 1 + (i % 2))));
    await sql`alter table prep_probe add column note text not null default 'new'`.execute(db);
    await Promise.all(Array.from({ length: 20 }, async (_, i) => expect(await read(db, 1 + (i % 2))).toMatchObject({ note: 'new' })));
    await sql`alter table prep_probe add column rank int not null default 7`.execute(db);
    const inTransactions = await Promise.all(Array.from({ length: 10 }, () => withTransaction(db, (tx) => read(tx as unknown as Database, 2))));
    for (const row of inTransactions) expect(row).toEqual({ id: 2, name: 'two', note: 'new', rank: 7 });
  });

  it('an insert whose conflict target is a partial index with a parameter in its predicate keeps working, alone or in a transaction', async () => {
    // Planned without the parameter's value (a prepared statement's generic plan, after five
    // executions), PostgreSQL cannot find the index such a statement names.
    const insert = (exec: Database, k: number) =>
      sql`insert into prep_keys (kind, k) values ('member', ${k}) on conflict (k) where kind = ${'member'} do nothing`.execute(exec);
    for (let i = 0; i < 20; i++) await insert(db, i % 4);
    for (let i = 0; i < 20; i++) await withTransaction(db, (tx) => insert(tx as unknown as Database, 10 + (i % 4)));
    const rows = (await sql<{ n: number }>`select count(*)::int as n from prep_keys`.execute(db)).rows[0]!.n;
    expect(rows).toBe(8);
  });

  it('a connection keeps at most 400 of them, and none for a statement with many parameters', async () => {
    const kept = await withTransaction(db, async (tx) => {
      const exec = tx as unknown as Database;
      const count = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like ${'%prep_cap%'}`.execute(exec)).rows[0]!.n;
      // 70 parameters: a list whose length follows its input.
      const many = Array.from({ length: 70 }, (_, i) => i);
      await sql`select ${sql.join(many)} as prep_cap_many`.execute(exec);
      expect(await count()).toBe(0);
      for (let i = 0; i < 420; i++) await sql`select ${i}::int as ${sql.ref(`prep_cap_${i}`)}`.execute(exec);
      return count();
    });
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(400);
  });
});
