import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/** Sends `payload` to the sessions listening on `channel` (at once outside a transaction, at its commit inside one). */
export const notifyChannel = (db: Executor, channel: string, payload: string) => sql`select pg_notify(${channel}, ${payload})`.execute(db);
