import type { Executor } from '../../db/database.js';
import type { CertificationsTable } from './certification.table.js';
import type { Insertable, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

export const findLatestCertification = (db: Executor, userId: number) =>
  db.selectFrom('certifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** A record by id, only if it is the member's own. */
export const findOwnCertification = (db: Executor, userId: number, id: number) =>
  db.selectFrom('certifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** Another account's request under review or approved for this document (type and key), if any. */
export const findDocumentHolder = (db: Executor, documentType: string, key: string, exceptUserId: number) =>
  db
    .selectFrom('certifications')
    .select(['id', 'user_id', 'status'])
    .where('document_type', '=', documentType)
    .where('document_key', '=', key)
    .where('status', 'in', ['pending', 'approved'])
    .where('user_id', '<>', exceptUserId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** Another account's approved request for this document, if any. */
export const findApprovedDocumentHolder = (db: Executor, documentType: string, key: string, exceptUserId: number) =>
  db
    .selectFrom('certifications')
    .select(['id', 'user_id'])
    .where('document_type', '=', documentType)
    .where('document_key', '=', key)
    .where('status', '=', 'approved')
    .where('user_id', '<>', exceptUserId)
    .limit(1)
    .executeTakeFirst();

export const insertCertification = (db: Executor, row: Insertable<CertificationsTable>) =>
  db.insertInto('certifications').values(row).returningAll().executeTakeFirstOrThrow();

export const lockCertificationForUpdate = (db: Transaction<DB>, id: number) =>
  db.selectFrom('certifications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const setCertificationDecision = (db: Executor, id: number, d: { status: 'approved' | 'rejected'; reason: string | null; reviewedBy: string; at: Date }) =>
  db.updateTable('certifications').set({ status: d.status, reason: d.reason, reviewed_by: d.reviewedBy, reviewed_at: d.at }).where('id', '=', id).execute();

/** Requests waiting for an operator, oldest first, with the member's user name. */
export const findPendingCertifications = (db: Executor) =>
  db
    .selectFrom('certifications')
    .innerJoin('users', 'users.id', 'certifications.user_id')
    .select(['certifications.id', 'users.user_name', 'certifications.kind', 'certifications.country', 'certifications.document_type', 'certifications.surname', 'certifications.given_name', 'certifications.created_at'])
    .where('certifications.status', '=', 'pending')
    .orderBy('certifications.id')
    .execute();
