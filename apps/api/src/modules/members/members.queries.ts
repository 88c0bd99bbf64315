import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { announce } from '../../lib/changes.js';
import { hashToken } from '../../lib/tokens.js';
import type { NewUser, UserUpdate } from './members.table.js';

// The member's own rows: users and sessions. Every area that reads or changes a member goes through these.

export const findUserById = (db: Executor, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const lockUserForUpdate = (db: Transaction<DB>, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/**
 * The member's row under a shared lock, for value about to be credited to them: a closing (which locks
 * the row for update first) either committed before and is seen, or waits until the credit commits.
 */
export const lockUserForShare = (db: Transaction<DB>, id: number) =>
  db.selectFrom('users').select(['id', 'status']).where('id', '=', id).forShare().executeTakeFirst();

/** The member's password hash and status under a shared lock: a password change or reset (which updates the row, then ends every session) has committed before this is read, or waits until its transaction ends. */
export const lockUserPasswordForShare = (db: Transaction<DB>, id: number) =>
  db.selectFrom('users').select(['password_hash', 'status']).where('id', '=', id).forShare().executeTakeFirst();

/** Several members' rows under a shared lock, in ascending id order (two such lockers never deadlock): their statuses. */
export const lockUsersForShare = async (db: Transaction<DB>, ids: readonly number[]) =>
  ids.length ? db.selectFrom('users').select(['id', 'status']).where('id', 'in', [...new Set(ids)]).orderBy('id').forShare().execute() : [];

export const findUserByUserName = (db: Executor, userName: string) =>
  db.selectFrom('users').selectAll().where(sql`lower(user_name)`, '=', userName.toLowerCase()).executeTakeFirst();

export const findUserByInviteCode = (db: Executor, code: string) =>
  db.selectFrom('users').selectAll().where(sql`upper(invite_code)`, '=', code.toUpperCase()).where('status', '=', 'active').executeTakeFirst();

/** An open (not closed) account by e-mail. */
export const findUserByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).where('status', '<>', 'closed').executeTakeFirst();

export const findUserByMobile = (db: Executor, mobilePre: string | undefined, mobile: string) => {
  let q = db.selectFrom('users').selectAll().where('mobile', '=', mobile).where('status', '<>', 'closed');
  if (mobilePre) q = q.where('mobile_pre', '=', mobilePre);
  return q.orderBy('id').limit(1).executeTakeFirst();
};

/** The member whose user name or invitation code (in any case, whatever their status) is `value`: a new user name or code must be neither. */
export const findUserHoldingIdentifier = (db: Executor, value: string) =>
  db
    .selectFrom('users')
    .select(['id'])
    .where((eb) => eb.or([eb(sql`lower(user_name)`, '=', value.toLowerCase()), eb(sql`upper(invite_code)`, '=', value.toUpperCase())]))
    .executeTakeFirst();

/**
 * Every open (not closed) member a typed identifier names, with the fields it matched: the user name
 * (any case), the invitation code (any case, when `inviteCode`), the national phone number (of the
 * country `mobile.mobilePre`, else of any country). At most a few rows: callers refuse to guess between them.
 */
export const findUsersByIdentifier = (db: Executor, value: string, fields: { userName: boolean; inviteCode: boolean; mobile?: { number: string; mobilePre?: string } }) => {
  const byUserName = fields.userName ? sql<boolean>`lower(user_name) = ${value.toLowerCase()}` : sql<boolean>`false`;
  // Each branch names its index's condition, so the three together stay index look-ups.
  const byInviteCode = fields.inviteCode ? sql<boolean>`(invite_code is not null and upper(invite_code) = ${value.toUpperCase()})` : sql<boolean>`false`;
  const m = fields.mobile;
  const byMobile = !m
    ? sql<boolean>`false`
    : m.mobilePre
      ? sql<boolean>`(mobile is not null and mobile = ${m.number} and mobile_pre = ${m.mobilePre})`
      : sql<boolean>`(mobile is not null and mobile = ${m.number})`;
  return db
    .selectFrom('users')
    .selectAll()
    .select([byUserName.as('by_user_name'), byInviteCode.as('by_invite_code'), byMobile.as('by_mobile')])
    .where('status', '<>', 'closed')
    .where(sql<boolean>`${byUserName} or ${byInviteCode} or ${byMobile}`)
    .orderBy('id')
    .limit(5)
    .execute();
};

export const insertUser = (db: Executor, user: NewUser) => db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

/**
 * A new member, unless its invitation code is already someone's: then nothing is written and the
 * answer is undefined (the transaction stays usable, so the caller can try another code). Any other
 * taken value (user name, e-mail, mobile) is refused by its unique constraint as usual.
 */
export const insertUserWithFreshInviteCode = (db: Executor, user: NewUser & { invite_code: string }) =>
  db
    .insertInto('users')
    .values(user)
    // The unique index users_invite_code_key: upper(invite_code), where there is one.
    .onConflict((oc) => oc.expression(sql`upper(invite_code)`).where('invite_code', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();

/** Clears every other member's unconfirmed copy of a phone its owner just proved (the copy named nobody; now it would only mislead). */
export const clearUnverifiedPhone = (db: Executor, mobilePre: string, mobile: string, ownerId: number) =>
  db
    .updateTable('users')
    .set({ unverified_mobile_pre: null, unverified_mobile: null, updated_at: new Date() })
    .where('unverified_mobile', '=', mobile)
    .where('unverified_mobile_pre', '=', mobilePre)
    .where('id', '<>', ownerId)
    .execute();

export const updateUser = (db: Executor, id: number, changes: UserUpdate) =>
  db.updateTable('users').set({ ...changes, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** A new session; without `familyId` it starts a family of its own (a login). */
export const insertSession = (db: Executor, s: { userId: number; token: string; expiresAt: Date; familyId?: string; ip?: string; userAgent?: string }) =>
  db
    .insertInto('sessions')
    .values({
      user_id: s.userId,
      token_hash: hashToken(s.token),
      expires_at: s.expiresAt,
      revoked_at: null,
      ip: s.ip ?? null,
      user_agent: s.userAgent?.slice(0, 300) ?? null,
      ...(s.familyId ? { family_id: s.familyId } : {}),
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();

/** A session by its token, live or not (refresh tells a rotated token from an ended one). */
export const findSessionByToken = (db: Executor, token: string) =>
  db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();

/**
 * Tells, once `db`'s transaction commits (at once outside one), that sessions of the members of `rows`
 * ended, so every serving process stops trusting them (`plugins/auth.ts`); answers how many ended.
 */
function sessionsEnded(db: Executor, rows: ReadonlyArray<{ user_id: number }>): number {
  const memberIds = [...new Set(rows.map((r) => r.user_id))];
  if (memberIds.length) announce(db, { kind: 'sessions', memberIds });
  return rows.length;
}

/** Marks a live session as replaced by a refresh (ended, and remembered as rotated); answers 1, or 0 when it had already ended (a refresh racing it won). */
export const rotateSession = async (db: Executor, sessionId: number) => {
  const now = new Date();
  return sessionsEnded(db, await db.updateTable('sessions').set({ revoked_at: now, rotated_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).returning('user_id').execute());
};

/** Ends every session descending from the same login. */
export const revokeFamily = async (db: Executor, familyId: string) =>
  sessionsEnded(db, await db.updateTable('sessions').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).returning('user_id').execute());

export const revokeSession = async (db: Executor, sessionId: number) =>
  sessionsEnded(db, await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).returning('user_id').execute());

/** Ends every session of a member (password change, ban, closing the account, an operator's "sign out everywhere"); answers how many. */
export const revokeAllSessions = async (db: Executor, userId: number) =>
  sessionsEnded(db, await db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).returning('user_id').execute());

/**
 * Ends every session of a member but those of one login (`sessionId`'s family: the device making a
 * change keeps its session and the tokens it refreshes to); answers how many ended.
 */
export const revokeOtherSessions = async (db: Executor, userId: number, sessionId: number | undefined) =>
  sessionsEnded(
    db,
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .$if(sessionId !== undefined, (u) => u.where('family_id', 'is distinct from', (eb) => eb.selectFrom('sessions as own').select('own.family_id').where('own.id', '=', sessionId!)))
      .returning('user_id')
      .execute(),
  );

/** The live-or-not session of a token with whether its member still exists and their status (the request's authentication). */
export const findSessionWithMember = (db: Executor, tokenHash: Buffer) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.user_id', 'sessions.expires_at', 'sessions.revoked_at', 'sessions.last_used_at', 'users.id as user_exists', 'users.status'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Records a session's use unless one was recorded after `notBefore` (conditional: concurrent requests write it once). */
export const touchSession = (db: Executor, sessionId: number, now: Date, notBefore: Date) =>
  db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).where('last_used_at', '<=', notBefore).execute();

/** Changes a member's authenticator columns (sealed secrets, last accepted step) without touching anything else. */
export const setUserTotp = (db: Executor, id: number, changes: Pick<UserUpdate, 'totp_secret' | 'totp_pending_secret' | 'totp_last_step'>) =>
  db.updateTable('users').set(changes).where('id', '=', id).execute();

/** Members with an authenticator secret not sealed under the key `currentPattern` matches (`s1.<key id>.%`). */
export const findUsersWithSecretsNotSealedAs = (db: Executor, currentPattern: string) =>
  db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('totp_secret', 'is not', null), eb('totp_secret', 'not like', currentPattern)]),
        eb.and([eb('totp_pending_secret', 'is not', null), eb('totp_pending_secret', 'not like', currentPattern)]),
      ]),
    )
    .execute();

/**
 * A member by user name or id, as an operator names one. All digits is an id (a user name never is):
 * one past the ids a number holds exactly is nobody's, answered as an unknown member, never sent to the
 * database (a bigint column refuses it, and a rounded one could name another member).
 */
export const findUserByNameOrId = async (db: Executor, who: string) => {
  if (!/^\d+$/.test(who)) return findUserByUserName(db, who);
  const id = Number(who);
  return Number.isSafeInteger(id) ? findUserById(db, id) : undefined;
};

/** Whose invitee the member `memberId` (an expression of the statement) is, as an expression: for a statement of another area. */
export const referrerIdOf = (memberId: RawBuilder<unknown>) => sql<number | null>`(select referrer_id from users where id = ${memberId})`;
