import { ResponseCode } from '@shop/contract';
import type { IsolationLevel, Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { failedByPreparation } from '../db/database.js';
import { AppError } from './errors.js';

/** Work that must run only once the transaction's data is durable (cache invalidation, pub/sub, notifications). */
export type AfterCommitHook = () => void | Promise<void>;

/**
 * A use case's transaction: a Kysely `Transaction<DB>` that also collects `afterCommit` hooks.
 * Functions that lock rows take a `Transaction<DB>`, which this is.
 */
export type Tx = Transaction<DB> & {
  /** Runs `fn` after a successful commit; never for a rolled-back (or retried) attempt. */
  afterCommit(fn: AfterCommitHook): void;
  /** The isolation level the outermost `withTransaction` opened. */
  readonly isolationLevel: IsolationLevel;
  /** The handle the transaction was opened on: what a module keeps per database is keyed by it. */
  readonly database: Kysely<DB>;
};

export interface TransactionOptions {
  /** Default `read committed` (PostgreSQL's). Joining an open transaction with another level is a programming error. */
  isolation?: IsolationLevel;
  /** Attempts in all when PostgreSQL reports a serialization failure (40001) or a deadlock (40P01). Default 5. */
  maxAttempts?: number;
  /** Told about a failing afterCommit hook; the commit stands and the other hooks still run. Default: console.error. */
  onHookError?: (error: unknown) => void;
  /** Told before each retry (tests and logs). */
  onRetry?: (info: { attempt: number; code: string; delayMs: number }) => void;
}

/** SQLSTATEs after which the whole transaction can simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

const HOOKS = Symbol('afterCommitHooks');

type TxInternals = Tx & { [HOOKS]: AfterCommitHook[] };

/** The SQLSTATE of a database error, if it is one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** True for a transaction opened by `withTransaction` (one that can take afterCommit hooks). */
export function isTx(db: Kysely<DB>): db is Tx {
  return db.isTransaction && Array.isArray((db as unknown as Partial<TxInternals>)[HOOKS]);
}

// Full jitter on an exponential ceiling: concurrent losers spread out instead of colliding again.
const backoffMs = (attempt: number) => Math.floor(Math.random() * Math.min(200, 10 * 2 ** attempt));

/**
 * Runs `work` in one transaction and returns its result. A serialization failure or deadlock
 * re-runs the whole callback (bounded, with jitter); hooks of a failed attempt are discarded.
 * Called with a `Tx` it joins that transaction (no new one, no retry of its own: the outermost
 * call retries everything). Called with a plain Kysely transaction it refuses, since nothing would
 * run its afterCommit hooks.
 */
export async function withTransaction<T>(db: Kysely<DB>, work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (db.isTransaction) {
    if (!isTx(db)) throw new Error('withTransaction was given a transaction it did not open; pass the Tx of the outer withTransaction');
    if (options.isolation && options.isolation !== db.isolationLevel) {
      throw new Error(`cannot join a ${db.isolationLevel} transaction as ${options.isolation}`);
    }
    return work(db);
  }
  const isolation = options.isolation ?? 'read committed';
  const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
  for (let attempt = 1; ; attempt++) {
    let hooks: AfterCommitHook[] = [];
    try {
      let builder = db.transaction();
      if (isolation !== 'read committed') builder = builder.setIsolationLevel(isolation);
      const result = await builder.execute(async (trx) => {
        hooks = [];
        const tx = Object.defineProperties(trx, {
          [HOOKS]: { value: hooks },
          isolationLevel: { value: isolation },
          database: { value: db },
          afterCommit: { value: (fn: AfterCommitHook) => void hooks.push(fn) },
        }) as TxInternals;
        return work(tx);
      });
      await runHooks(hooks, options.onHookError);
      return result;
    } catch (error) {
      const code = sqlState(error);
      if (!code || !(RETRYABLE.has(code) || failedByPreparation(error))) throw error;
      if (attempt >= maxAttempts) {
        // Still conflicting after every attempt: a clear "try again" rather than a 500.
        throw new AppError(ResponseCode.serviceUnavailable, undefined, { httpStatus: 503 });
      }
      const delayMs = backoffMs(attempt);
      options.onRetry?.({ attempt, code, delayMs });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

async function runHooks(hooks: AfterCommitHook[], onError: TransactionOptions['onHookError']): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      (onError ?? ((e: unknown) => console.error('afterCommit hook failed', e)))(error);
    }
  }
}
