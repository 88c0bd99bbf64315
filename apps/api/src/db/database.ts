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

export function createDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server must not bring the process down.
  pool.on('error', () => {});
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
