import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { IdempotencyKeysTable } from './idempotency.table.js';

type Caller = { kind: IdempotencyKeysTable['caller_kind']; id: number };

/** `now()` plus a number of milliseconds, computed by the database (one clock for every process). */
export const msFromNow = (ms: number) => sql<Date>`now() + ${`${ms} milliseconds`}::interval`;

/** A key claimed for a request that is about to run. */
export interface FreshKey {
  method: string;
  path: string;
  request_hash: string;
  status: 'in_flight';
  response_status: null;
  response_body: null;
  completed_at: null;
  locked_until: ReturnType<typeof msFromNow>;
  expires_at: ReturnType<typeof msFromNow>;
}

/** Claims the caller's key unless it exists; answers the new row's id, or undefined when it was there. */
export const insertKeyIfAbsent = (db: Executor, caller: Caller, key: string, fresh: FreshKey) =>
  db
    .insertInto('idempotency_keys')
    .values({ caller_kind: caller.kind, caller_id: caller.id, key, ...fresh })
    .onConflict((oc) => oc.columns(['caller_kind', 'caller_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();

/** The caller's key with whether its time is over (`expired`) and whether its run's lock lapsed (`lapsed`), by the database's clock. */
export const findKey = (db: Executor, caller: Caller, key: string) =>
  db
    .selectFrom('idempotency_keys')
    .select(['id', 'request_hash', 'status', 'response_status', 'response_body', sql<boolean>`expires_at <= now()`.as('expired'), sql<boolean>`locked_until <= now()`.as('lapsed')])
    .where('caller_kind', '=', caller.kind)
    .where('caller_id', '=', caller.id)
    .where('key', '=', key)
    .executeTakeFirst();

/** Starts an expired key afresh, if it is still expired and finished or abandoned (conditional: one taker). */
export const retakeExpiredKey = (db: Executor, id: number, fresh: FreshKey) =>
  db
    .updateTable('idempotency_keys')
    .set(fresh)
    .where('id', '=', id)
    .where('expires_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('status', '=', 'done'), eb('locked_until', '<=', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();

/** Takes over a run whose lock lapsed (its process is gone), if still so (conditional: one taker). */
export const retakeLapsedKey = (db: Executor, id: number, lockedUntil: ReturnType<typeof msFromNow>) =>
  db
    .updateTable('idempotency_keys')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('status', '=', 'in_flight')
    .where('locked_until', '<=', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();

export const completeKey = (db: Executor, id: number, status: number, body: string) =>
  db
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_status: status, response_body: body, completed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'in_flight')
    .execute();

export const deleteInFlightKey = (db: Executor, id: number) => db.deleteFrom('idempotency_keys').where('id', '=', id).where('status', '=', 'in_flight').execute();

/** Deletes keys whose time is over and that are finished or abandoned; answers how many. */
export async function deleteExpiredKeys(db: Executor): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<', sql<Date>`now()`)
    .where((eb) => eb.or([eb('status', '=', 'done'), eb('locked_until', '<', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
