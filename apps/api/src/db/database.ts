import { createHash } from 'node:crypto';
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
  /**
   * Through a pooler in transaction mode (PgBouncer): statements are sent unnamed (one connection
   * of the server serves many clients, and older poolers do not carry named statements across),
   * and the server's time limits are not sent at connect (poolers refuse them): set them on the
   * role (`alter role … set statement_timeout = …`). The client still gives up on a statement.
   */
  pooled?: boolean;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { connectMs: 5_000, statementMs: 15_000 };

/**
 * Test databases wait longer for a free connection: a race test queues hundreds of transactions on a
 * few connections while the other test worker and the database share two cores, and must see every
 * one of them decided, not turned away as busy. The busy answer itself is proven by the database
 * fault tests, with limits of their own.
 */
export const TEST_DATABASE_LIMITS: Partial<DatabaseLimits> = { connectMs: 60_000 };

/** Bumped when the server refused a stale prepared statement: every connection prepares its statements afresh. */
let statementGeneration = 0;

const MAX_PREPARED_PER_CONNECTION = 400;
const MAX_PREPARED_PARAMETERS = 64;

/**
 * A pg client that never leaves an error unheard and never keeps a connection whose server stopped
 * answering. The pool listens for errors on idle clients only: a connection that dies while a
 * query runs would otherwise throw its 'error' event and end the process.
 */
class GuardedClient extends pg.Client {
  private readonly preparedNames = new Set<string>();
  private readonly prepares: boolean;
  constructor(config?: string | (pg.ClientConfig & { prepare?: boolean })) {
    super(config);
    this.prepares = typeof config !== 'object' || config.prepare !== false;
    // The query that was running already carries the error to its caller.
    this.on('error', () => {});
  }

  /** A transaction's opening statement, held until the transaction's first statement goes with it. */
  private opening: string | undefined;

  /**
   * Kysely's statements (text and values) run prepared, and a transaction's `begin` travels with
   * its first statement: one round trip fewer per transaction, for the server a wake-up fewer.
   * A transaction that ends before any statement was never begun on the server.
   */
  override query(...args: unknown[]): any {
    if (args.length !== 2 || typeof args[0] !== 'string' || !Array.isArray(args[1])) {
      // Another form (a query object, a cursor, a callback): a waiting opening goes first, on its own.
      if (this.opening !== undefined) void (this.guarded([this.opening, []]) as Promise<unknown>).catch(() => {});
      this.opening = undefined;
      return this.guarded(args);
    }
    const [text, values] = args as [string, unknown[]];
    if (this.opening === undefined) {
      if (!values.length && OPENS.test(text) && this.getTransactionStatus() === 'I') {
        this.opening = text;
        return Promise.resolve(answered('BEGIN'));
      }
      return values.length ? this.sent(text, values) : this.guarded(args);
    }
    const opening = this.opening;
    this.opening = undefined;
    if (values.length) return this.sent(text, values, opening);
    const end = ENDS.exec(text);
    if (end) return Promise.resolve(answered(end[1]!.toUpperCase()));
    // A statement without values (a savepoint, a migration's text) is sent alone, after the opening.
    return (this.guarded([opening, []]) as Promise<unknown>).then(() => this.guarded(args));
  }

  /** Drops an opening no statement followed (a connection goes back to the pool clean). */
  forgetOpening(): void {
    this.opening = undefined;
  }

  /** A statement with values, prepared unless it cannot be, with the transaction's opening before it when one waits. */
  private sent(text: string, values: unknown[], opening?: string): Promise<unknown> {
    if (!this.prepares) return this.submitted({ text, values }, opening);
    return this.prepared(text, values, opening);
  }

  /** Sends one statement (after `opening`, in the same write, when given); its answer, or the statement's error. */
  private submitted(config: { name?: string; text: string; values: unknown[] }, opening?: string): Promise<unknown> {
    if (opening === undefined) return this.guarded([config]) as Promise<unknown>;
    const query = new OpenedQuery(opening, config);
    const answer = new Promise((resolve, reject) => {
      query.callback = (e: Error | null, result: unknown) => (e ? reject(e) : resolve(result));
    });
    this.guarded([query]);
    this.dropIfStalled(answer);
    return answer;
  }

  /**
   * A statement with parameters runs as a prepared statement of this connection, named by its text:
   * the server parses and analyses each statement once per connection instead of at every call
   * (a checkout's statements cost the database about half as much). After a migration changes a
   * table under a statement prepared earlier (`select *` gains a column), the server refuses it
   * once ("cached plan must not change result type"): every connection then prepares its
   * statements afresh, a lone statement is sent again, and a transaction is run again by
   * `withTransaction`.
   */
  private prepared(text: string, values: unknown[], opening?: string): Promise<unknown> {
    // The server keeps each prepared statement as long as the connection lives: statements whose
    // text varies with their input (a list of many values, a bulk insert) and any past a few
    // hundred per connection are sent unprepared, so a long-lived connection's memory stays bounded
    // (and such a statement is not named: naming hashes its text).
    if (values.length > MAX_PREPARED_PARAMETERS || unpreparable.has(text)) return this.submitted({ text, values }, opening);
    const name = `s${statementGeneration}_${statementName(text)}`;
    if (!this.preparedNames.has(name) && this.preparedNames.size >= MAX_PREPARED_PER_CONNECTION) return this.submitted({ text, values }, opening);
    this.preparedNames.add(name);
    const inTransaction = opening !== undefined || this.getTransactionStatus() !== 'I';
    const generation = statementGeneration;
    return this.submitted({ name, text, values }, opening).catch((e: unknown) => {
      if (isStalePlan(e)) {
        if (statementGeneration === generation) statementGeneration++;
      } else if (sqlStateOf(e) === '42P10') {
        // Its conflict target is a partial index whose predicate takes a parameter: only a plan
        // made with the value finds it. This statement is sent unprepared from now on.
        unpreparable.add(text);
      } else throw e;
      if (inTransaction) throw Object.assign(e as object, { [PREPARATION_FAILED]: true });
      return this.guarded([text, values]) as Promise<unknown>;
    });
  }

  private guarded(args: unknown[]): any {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) this.dropIfStalled(result);
    return result;
  }

  /** The server stopped answering (a stalled host): the connection is dropped, the pool opens a new one. */
  private dropIfStalled(answer: Promise<unknown>): void {
    answer.catch((e: unknown) => {
      if (e instanceof Error && e.message === 'Query read timeout') (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
  }
}

/** How Kysely opens a transaction, and how it ends one. */
const OPENS = /^\s*(begin|start transaction)\b/i;
const ENDS = /^\s*(commit|rollback)\s*$/i;
/** What the server answers a statement that returns no rows, as node-postgres gives it. */
const answered = (command: string) => ({ command, rowCount: null, rows: [], fields: [] });

type WireConnection = { parse(q: { text: string }): void; bind(b: { values: unknown[] }): void; execute(e: object): void };
const PgQuery = pg.Query as unknown as new (config: object) => { callback?: (e: Error | null, result: unknown) => void; prepare(c: WireConnection): void; handleCommandComplete(msg: unknown, c: WireConnection): void };

/**
 * A statement sent with the transaction's opening before it, in one write and one exchange
 * (the extended protocol's parse, bind and execute of the opening, then the statement's, then one
 * sync): the server runs the opening first, so the statement runs inside the transaction, and an
 * error in either leaves the transaction failed, to be rolled back as any other.
 */
class OpenedQuery extends PgQuery {
  private openingDone = false;
  constructor(
    private readonly opening: string,
    config: object,
  ) {
    super(config);
  }

  override prepare(connection: WireConnection): void {
    connection.parse({ text: this.opening });
    connection.bind({ values: [] });
    connection.execute({});
    super.prepare(connection);
  }

  /** The opening's completion comes first and carries no rows: the statement's own result is the answer. */
  override handleCommandComplete(msg: unknown, connection: WireConnection): void {
    if (!this.openingDone) {
      this.openingDone = true;
      return;
    }
    super.handleCommandComplete(msg, connection);
  }
}

const names = new Map<string, string>();
/** A short name for a statement's text, the same in every connection (remembered for the few hundred statements the shop has). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = createHash('sha1').update(text).digest('base64url');
    if (names.size < 10_000) names.set(text, name);
  }
  return name;
}

const sqlStateOf = (e: unknown): unknown => (e as { code?: unknown } | null)?.code;
/** The server refused a prepared statement whose table changed under it (it would answer other columns). */
const isStalePlan = (e: unknown): boolean => sqlStateOf(e) === '0A000' && /cached plan must not change result type/.test(String((e as Error).message));
/** Statements that work only unprepared (learned when the server refuses one prepared). */
const unpreparable = new Set<string>();
const PREPARATION_FAILED = Symbol('preparationFailed');
/**
 * The error ended a transaction only because one of its statements was prepared (stale after a
 * migration, or needing its parameters' values to be planned): running the transaction again works.
 */
export const failedByPreparation = (e: unknown): boolean => typeof e === 'object' && e !== null && PREPARATION_FAILED in e;

export function createDatabase(url: string, poolSize = 10, limits: Partial<DatabaseLimits> = {}): Database {
  const { connectMs, statementMs, pooled = false } = { ...DEFAULT_DATABASE_LIMITS, ...limits };
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectMs,
    // Sent at connect: the server cancels a statement at its limit, and ends a transaction left open.
    ...(statementMs > 0 ? { query_timeout: statementMs + 5_000, ...(pooled ? {} : { statement_timeout: statementMs }) } : {}),
    ...(pooled ? { prepare: false } : { idle_in_transaction_session_timeout: 60_000 }),
    keepAlive: true,
    Client: GuardedClient,
  });
  // An idle client that loses its server must not bring the process down.
  pool.on('error', () => {});
  // GuardedClient already listens; the job worker (graphile-worker) checks the pool for this too and warns without it.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('release', (_error, client) => (client as unknown as GuardedClient).forgetOpening());
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  connections.set(db, { url, pool });
  return db;
}
