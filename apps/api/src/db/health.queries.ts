import { sql } from 'kysely';
import type { Executor } from './database.js';

/** The smallest round trip to the database: resolves when it answers. */
export const pingDatabase = (db: Executor) => sql`select 1`.execute(db);
