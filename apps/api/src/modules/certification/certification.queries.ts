import type { Executor } from '../../db/database.js';
import type { CertificationsTable } from './certification.table.js';
import type { Insertable, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

export const findLatestCertification = (db: Executor, userId: number) =>
  db.selectFrom('certifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** A record by id, only if it is the member's own. */
export const findOwnCertification = (db: Executor, userId: number, id: number) =>
  db.selectFrom('certifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const insertCertification = (db: Executor, row: Insertable<CertificationsTable>) =>
  db.insertInto('certifications').values(row).returningAll().executeTakeFirstOrThrow();

export const lockCertificationForUpdate = (db: Transaction<DB>, id: number) =>
  db.selectFrom('certifications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
