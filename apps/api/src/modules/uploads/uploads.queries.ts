import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import { hashToken } from '../../lib/tokens.js';

export const insertUploadToken = (db: Executor, t: { token: string; userId: number; hostId: number; expiresAt: Date }) =>
  db.insertInto('upload_tokens').values({ token_hash: hashToken(t.token), user_id: t.userId, host_id: t.hostId, expires_at: t.expiresAt, used_at: null }).execute();

/** Marks the member's unexpired, unused token used; answers whether one was (conditional: a token works once under any race). */
export async function useUploadTokenOnce(db: Executor, userId: number, token: string): Promise<boolean> {
  const r = await db
    .updateTable('upload_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Serializes one member's uploads until the transaction ends: the daily quota holds when several arrive at once. */
export const lockMemberUploads = (tx: Tx, userId: number) => sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`.execute(tx);

/** How many files, and bytes, the member uploaded in the last 24 hours (by the database's clock, which stamps them). */
export async function uploadedLastDay(db: Executor, userId: number): Promise<{ files: number; bytes: number }> {
  const r = await db
    .selectFrom('uploads')
    .select((eb) => [eb.fn.countAll<string>().as('files'), eb.fn.coalesce(eb.fn.sum<string>('size'), sql<string>`0`).as('bytes')])
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return { files: Number(r.files), bytes: Number(r.bytes) };
}

/** Takes back the row of an upload whose file could not be stored. */
export const deleteUpload = (db: Executor, id: number) => db.deleteFrom('uploads').where('id', '=', id).execute();

export const insertUpload = (db: Executor, u: { user_id: number | null; operator_id?: number; storage_key: string; mime: string; kind: 'image' | 'video'; size: number; original_name: string | null; public: boolean }) =>
  db.insertInto('uploads').values(u).returning('id').executeTakeFirstOrThrow();

/** A stored file by its key, for delivery. */
export const findUploadByKey = (db: Executor, storageKey: string) => db.selectFrom('uploads').select(['mime', 'kind', 'storage_key', 'public']).where('storage_key', '=', storageKey).executeTakeFirst();

/** One of the member's own uploads of a kind, by its key (a profile picture must be the member's own image). */
export const findOwnUpload = (db: Executor, userId: number, storageKey: string, kind: 'image' | 'video') =>
  db.selectFrom('uploads').select('id').where('storage_key', '=', storageKey).where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();

/** Which of these storage keys are the member's own uploads of their kind (key → upload id). */
export const findOwnUploadsByKey = async (db: Executor, userId: number, wanted: Array<{ key: string; kind: 'image' | 'video' }>): Promise<Map<string, number>> => {
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('uploads')
    .select(['id', 'storage_key', 'kind'])
    .where('user_id', '=', userId)
    .where('storage_key', 'in', wanted.map((w) => w.key))
    .execute();
  const kindOf = new Map(wanted.map((w) => [w.key, w.kind]));
  return new Map(rows.filter((r) => kindOf.get(r.storage_key) === r.kind).map((r) => [r.storage_key, Number(r.id)]));
};

/** Which of these ids are the member's own uploads of a kind. */
export const findOwnUploadIds = async (db: Executor, userId: number, ids: number[], kind: 'image' | 'video'): Promise<number[]> =>
  ids.length ? (await db.selectFrom('uploads').select('id').where('id', 'in', ids).where('user_id', '=', userId).where('kind', '=', kind).execute()).map((r) => Number(r.id)) : [];

/** The storage keys of these uploads (id → key). */
export const findUploadKeys = async (db: Executor, ids: number[]): Promise<Map<number, string>> =>
  new Map(ids.length ? (await db.selectFrom('uploads').select(['id', 'storage_key']).where('id', 'in', ids).execute()).map((r) => [Number(r.id), r.storage_key]) : []);

/** The uploads kept under these storage keys: who sent each (an operator or a member) and whether anyone may read it. */
export const findUploadsByKeys = (db: Executor, storageKeys: string[]) =>
  storageKeys.length ? db.selectFrom('uploads').select(['storage_key', 'operator_id', 'public', 'kind']).where('storage_key', 'in', storageKeys).execute() : Promise.resolve([]);

/** Makes one of the member's uploads public (it became an avatar, a review picture or a shop's logo). */
export const markUploadPublic = (db: Executor, userId: number, storageKey: string) =>
  db.updateTable('uploads').set({ public: true }).where('storage_key', '=', storageKey).where('user_id', '=', userId).execute();

/**
 * Makes the member's uploads among these keys private again when nothing public shows them any more
 * (none of the member's reviews on show, their avatar or their shop's logo): their bare address then answers
 * "not found", a signed one still works. The rows are locked first, so a use committed meanwhile
 * (which marks the file public under the same row lock) is seen by the check.
 */
export async function markUploadsPrivateWhenUnused(tx: Tx, userId: number, storageKeys: string[]): Promise<void> {
  if (!storageKeys.length) return;
  await tx.selectFrom('uploads').select('id').where('user_id', '=', userId).where('storage_key', 'in', storageKeys).orderBy('id').forUpdate().execute();
  await sql`update uploads u set public = false
    where u.user_id = ${userId} and u.operator_id is null and u.public and u.storage_key in (${sql.join(storageKeys)})
      and not exists (select 1 from orders o join order_lines l on l.order_id = o.id join goods_reviews r on r.order_line_id = l.id
                      where o.user_id = ${userId} and r.is_visible and r.images @> jsonb_build_array('/uploads/' || u.storage_key))
      and not exists (select 1 from users m where m.id = ${userId} and m.avatar like '%/uploads/' || u.storage_key)
      and not exists (select 1 from member_shops s where s.owner_id = ${userId} and s.logo like '%/uploads/' || u.storage_key)`.execute(tx);
}
