import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

// int8 (counts, sums, minor units) as JS numbers, refusing values a number cannot hold exactly;
// numeric (exchange rates and other exact decimals) stays a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${v} does not fit a JavaScript number`);
  return n;
});
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v: string) => v);

export type Database = Kysely<DB>;
export type Executor = Kysely<DB> | Transaction<DB>;

// The pool and address behind each handle: the job worker (a library on plain pg) uses the same ones.
const connections = new WeakMap<object, { url: string; pool: pg.Pool }>();

/** The connection string and pool `db` was created with (for the job worker and its schema). */
export function connectionOf(db: Kysely<any>): { url: string; pool: pg.Pool } {
  const found = connections.get(db);
  if (!found) throw new Error('this database handle was not made by createDatabase');
  return found;
}

export function createDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server must not bring the process down.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  connections.set(db, { url, pool });
  return db;
}
