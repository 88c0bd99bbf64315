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

/** Time limits on every database call: a stalled or lost server becomes an error in seconds, never a hang. */
export interface DatabaseLimits {
  /** Waiting for a free connection of the pool, or for a new one to open. */
  connectMs: number;
  /** The server's limit on one statement; 0 for none (long migrations run by an operator). */
  statementMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { connectMs: 5_000, statementMs: 15_000 };

/**
 * A pg client that never leaves an error unheard and never keeps a connection whose server stopped
 * answering. The pool listens for errors on idle clients only: a connection that dies while a
 * query runs would otherwise throw its 'error' event and end the process.
 */
class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // The query that was running already carries the error to its caller.
    this.on('error', () => {});
  }

  override query(...args: unknown[]): any {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      result.catch((e: unknown) => {
        // The server stopped answering (a stalled host): drop the connection, the pool opens a new one.
        if (e instanceof Error && e.message === 'Query read timeout') (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
    }
    return result;
  }
}

export function createDatabase(url: string, poolSize = 10, limits: Partial<DatabaseLimits> = {}): Database {
  const { connectMs, statementMs } = { ...DEFAULT_DATABASE_LIMITS, ...limits };
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectMs,
    // Sent at connect: the server cancels a statement at its limit, and ends a transaction left open.
    ...(statementMs > 0 ? { statement_timeout: statementMs, query_timeout: statementMs + 5_000 } : {}),
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    Client: GuardedClient,
  });
  // An idle client that loses its server must not bring the process down.
  pool.on('error', () => {});
  // GuardedClient already listens; the job worker (graphile-worker) checks the pool for this too and warns without it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  connections.set(db, { url, pool });
  return db;
}
