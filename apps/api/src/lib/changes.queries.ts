import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/** Sends `payload` to the sessions listening on `channel` (at once outside a transaction, at its commit inside one). */
export const notifyChannel = (db: Executor, channel: string, payload: string) => sql`select pg_notify(${channel}, ${payload})`.execute(db);

/** How many connections named `name` the database has (each serving API process keeps one, `listenForChanges`). */
export async function countNamedConnections(db: Executor, name: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${name}`.execute(db);
  return rows[0]?.n ?? 0;
}
