import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/** Sends `payload` to the sessions listening on `channel` (at once outside a transaction, at its commit inside one). */
export const notifyChannel = (db: Executor, channel: string, payload: string) => sql`select pg_notify(${channel}, ${payload})`.execute(db);

/** The names of the other serving processes' listening connections on this database: `name`, or `name:<mark>` for a process with Redis. */
export async function peerListenerNames(db: Executor, name: string, own: string): Promise<string[]> {
  const { rows } = await sql<{ n: string }>`select application_name as n from pg_stat_activity
    where datname = current_database() and (application_name = ${name} or application_name like ${name + ':%'}) and application_name <> ${own}`.execute(db);
  return rows.map((r) => r.n);
}
