import type { Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import type { OperatorRole } from './operators.table.js';

/** An operator by user name, whatever its case. */
export const findOperatorByName = (db: Executor, userName: string) =>
  db.selectFrom('operators').selectAll().where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase())).executeTakeFirst();

export const findOperatorById = (db: Executor, id: number) => db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();

export const lockOperatorForUpdate = (tx: Transaction<DB>, id: number) => tx.selectFrom('operators').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Locks the active owners in id order (one order, so two owners' changes wait for each other instead of deadlocking); answers their ids. */
export const lockActiveOwnersForUpdate = async (tx: Transaction<DB>): Promise<number[]> =>
  (await tx.selectFrom('operators').select('id').where('role', '=', 'owner').where('status', '=', 'active').orderBy('id').forUpdate().execute()).map((r) => Number(r.id));

/** The ids of the active owners, in id order (without a lock: who could approve an owner's request). */
export const findActiveOwnerIds = async (db: Executor): Promise<number[]> =>
  (await db.selectFrom('operators').select('id').where('role', '=', 'owner').where('status', '=', 'active').orderBy('id').execute()).map((r) => Number(r.id));

/** A new operator without a password, waiting for its one-time setup token. */
export const insertOperator = (db: Executor, o: { userName: string; role: OperatorRole; setupToken: string; setupExpiresAt: Date; createdBy: string; createdById: number | null }) =>
  db
    .insertInto('operators')
    .values({
      user_name: o.userName,
      role: o.role,
      password_hash: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      setup_token_hash: hashToken(o.setupToken),
      setup_expires_at: o.setupExpiresAt,
      created_by: o.createdBy,
      created_by_id: o.createdById,
      access_issued_by: o.createdById,
      last_sign_in_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The active operator whose unexpired setup token this is (the name a new password must not be). */
export const findOperatorBySetupToken = (db: Executor, token: string) =>
  db.selectFrom('operators').select(['id', 'user_name']).where('setup_token_hash', '=', hashToken(token)).where('setup_expires_at', '>', new Date()).where('status', '=', 'active').executeTakeFirst();

/** Sets the password of the active operator whose unexpired setup token this is, and spends the token; answers its id and user name. */
export const setPasswordWithSetupToken = (db: Executor, token: string, passwordHash: string) =>
  db
    .updateTable('operators')
    .set({ password_hash: passwordHash, setup_token_hash: null, setup_expires_at: null })
    .where('setup_token_hash', '=', hashToken(token))
    .where('setup_expires_at', '>', new Date())
    .where('status', '=', 'active')
    .returning(['id', 'user_name'])
    .executeTakeFirst();

/** Changes an operator's authenticator columns (sealed secrets, last accepted step). */
export const setOperatorTotp = (db: Executor, id: number, changes: { totp_secret?: string | null; totp_pending_secret?: string | null; totp_last_step?: number }) =>
  db.updateTable('operators').set(changes).where('id', '=', id).execute();

/** Counts a sign-in and answers what the console shows of the operator. */
export const recordOperatorSignIn = (db: Executor, id: number) =>
  db
    .updateTable('operators')
    .set((eb) => ({ sign_in_count: eb('sign_in_count', '+', 1), last_sign_in_at: new Date() }))
    .where('id', '=', id)
    .returning(['id', 'user_name', 'role', 'totp_secret'])
    .executeTakeFirstOrThrow();

export const insertOperatorSession = (db: Executor, s: { operatorId: number; token: string; expiresAt: Date; needsTotp?: boolean; ip?: string; userAgent?: string }) =>
  db
    .insertInto('operator_sessions')
    .values({ operator_id: s.operatorId, token_hash: hashToken(s.token), expires_at: s.expiresAt, revoked_at: null, needs_totp: s.needsTotp ?? false, ip: s.ip ?? null, user_agent: s.userAgent?.slice(0, 300) ?? null })
    .execute();

/** The operator bound their authenticator: their sessions opened before it may now do what their role allows. */
export const clearSessionsNeedingTotp = (db: Executor, operatorId: number) =>
  db.updateTable('operator_sessions').set({ needs_totp: false }).where('operator_id', '=', operatorId).where('needs_totp', '=', true).execute();

/** A session by its token with its operator's name, role and status. */
export const findOperatorSession = (db: Executor, token: string) =>
  db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select(['operator_sessions.id as session_id', 'operator_sessions.expires_at', 'operator_sessions.last_seen_at', 'operator_sessions.revoked_at', 'operator_sessions.needs_totp', 'operators.id', 'operators.user_name', 'operators.role', 'operators.status', 'operators.member_id'])
    .where('operator_sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();

export const touchOperatorSession = (db: Executor, sessionId: number, at: Date) => db.updateTable('operator_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();

export const revokeOperatorSession = (db: Executor, sessionId: number) =>
  db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();

/** Every operator, newest first, as the console lists them. */
export const findAllOperators = (db: Executor) =>
  db
    .selectFrom('operators')
    .select(['id', 'user_name', 'role', 'status', 'totp_secret', 'password_hash', 'sign_in_count', 'last_sign_in_at', 'created_by', 'created_at', 'member_id'])
    .orderBy('id', 'desc')
    .execute();

/** Changes an operator's role, status or authenticator; answers the row. */
export const updateOperator = (db: Executor, id: number, changes: { role?: OperatorRole; status?: 'active' | 'disabled'; totp_secret?: null; totp_pending_secret?: null; totp_last_step?: null }) =>
  db.updateTable('operators').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/**
 * Sets an operator's sign-in afresh: no password, no authenticator, a new one-time setup link (only
 * its hash kept). The next person to use the link is the one who signs in as this operator; `issuedBy` received it.
 */
export const resetOperatorSignIn = (db: Executor, id: number, setupToken: string, setupExpiresAt: Date, issuedBy: number | null) =>
  db
    .updateTable('operators')
    .set({ password_hash: null, totp_secret: null, totp_pending_secret: null, totp_last_step: null, setup_token_hash: hashToken(setupToken), setup_expires_at: setupExpiresAt, access_issued_by: issuedBy })
    .where('id', '=', id)
    .execute();

/**
 * A new one-time sign-in link for an operator who lost the password or the first link: the password
 * and every older link stop working (only the new link's hash kept); the authenticator stays bound.
 * `issuedBy`: the console operator who receives the link (null: the machine's administrator).
 */
export const voidOperatorPassword = (db: Executor, id: number, setupToken: string, setupExpiresAt: Date, issuedBy: number | null) =>
  db.updateTable('operators').set({ password_hash: null, setup_token_hash: hashToken(setupToken), setup_expires_at: setupExpiresAt, access_issued_by: issuedBy }).where('id', '=', id).execute();

/** Who received each operator's ways in (its first setup link, its latest one), for the four-eyes check. */
export const findAccessIssuers = (db: Executor, ids: number[]) =>
  db.selectFrom('operators').select(['id', 'created_by_id', 'access_issued_by']).where('id', 'in', ids).execute();

/** Ends every open session of an operator; answers how many. */
export const revokeOperatorSessions = async (db: Executor, operatorId: number): Promise<number> =>
  Number((await db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).executeTakeFirst()).numUpdatedRows);

/** Links an operator to the member account the same person holds (or unlinks it with null). */
export const setOperatorMember = (db: Executor, operatorId: number, memberId: number | null) =>
  db.updateTable('operators').set({ member_id: memberId }).where('id', '=', operatorId).returning(['id', 'member_id']).executeTakeFirst();

/** The operator linked to a member account, if any. */
export const findOperatorOfMember = (db: Executor, memberId: number) => db.selectFrom('operators').select(['id', 'user_name']).where('member_id', '=', memberId).executeTakeFirst();
