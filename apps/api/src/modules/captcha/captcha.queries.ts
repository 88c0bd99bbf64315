import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import { hashToken } from '../../lib/tokens.js';
import type { Tx } from '../../lib/transaction.js';

export const findSetting = (db: Executor, key: string) =>
  db.selectFrom('account_settings').select('value').where('key', '=', key).executeTakeFirst();

export const upsertSetting = (db: Executor, key: string, value: string, by: string) =>
  db
    .insertInto('account_settings')
    .values({ key, value, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_by: by, updated_at: new Date() }))
    .execute();

/** Who changed the captcha card last, and when (the version the card names when it saves). */
export const findCaptchaStamp = (db: Executor) => db.selectFrom('captcha_settings').select(['updated_by', 'updated_at']).executeTakeFirstOrThrow();

/** The captcha card's version, held until the transaction ends (a save checks the version its page read under it). */
export const lockCaptchaStampForUpdate = (tx: Tx) => tx.selectFrom('captcha_settings').select(['updated_by', 'updated_at']).forUpdate().executeTakeFirstOrThrow();

/** Moves the captcha card's version forward (any change of its mode or bypass, from the console or the command line). */
export const stampCaptchaSettings = (db: Executor, by: string) => db.updateTable('captcha_settings').set({ updated_by: by, updated_at: nextUpdatedAt }).execute();

/** Holds a place among the failures for a guess being checked until `pendingUntil` (a member's sign-in with what was `typed`); the row's id. */
export const insertPendingLoginFailure = async (db: Executor, account: string, ip: string, pendingUntil: Date, typed?: string): Promise<number> =>
  (await db.insertInto('login_failures').values({ account: account.toLowerCase(), ip, pending_until: pendingUntil, typed: typed ?? null }).returning('id').executeTakeFirstOrThrow()).id;

/** The guess was wrong: its held place becomes a failure. */
export const settleLoginFailure = (db: Executor, id: number) => db.updateTable('login_failures').set({ pending_until: null }).where('id', '=', id).execute();

/**
 * Failed logins in the window: for the account from this address, for the account from all
 * addresses, and for the address at any account; with `typed`, also for the member sign-in
 * identifier as typed (at whatever key) from this address and from all addresses; and apart, the
 * places held by guesses still being checked (a held place past its time counts as a failure).
 */
export async function countLoginFailures(db: Executor, account: string | undefined, ip: string, sinceMs: number, ipKeys?: string | readonly string[], typed?: string) {
  const since = new Date(Date.now() - sinceMs);
  const acc = account?.toLowerCase() ?? '';
  // No identifier typed: nothing matches (the column is null on every other kind of failure too).
  const ofTyped = typed === undefined ? sql`false` : sql`typed = ${typed}`;
  // The address's count takes in the keys starting with `ipKeys` (one of them) only, when given.
  const prefixes = typeof ipKeys === 'string' ? [ipKeys] : (ipKeys ?? ['']);
  const ofIp = sql`ip = ${ip} and (${sql.join(prefixes.map((p) => sql`starts_with(account, ${p})`), sql` or `)})`;
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) filter (where account = ${acc} and ip = ${ip} and not coalesce(pending_until > now(), false))::int`.as('by_pair'),
      sql<number>`count(*) filter (where ${ofIp} and not coalesce(pending_until > now(), false))::int`.as('by_ip'),
      sql<number>`count(*) filter (where account = ${acc} and not coalesce(pending_until > now(), false))::int`.as('by_account'),
      sql<number>`count(*) filter (where account = ${acc} and ip = ${ip} and pending_until > now())::int`.as('pending_by_pair'),
      sql<number>`count(*) filter (where ${ofIp} and pending_until > now())::int`.as('pending_by_ip'),
      sql<number>`count(*) filter (where account = ${acc} and pending_until > now())::int`.as('pending_by_account'),
      sql<number>`count(*) filter (where ${ofTyped} and ip = ${ip} and not coalesce(pending_until > now(), false))::int`.as('by_typed_pair'),
      sql<number>`count(*) filter (where ${ofTyped} and not coalesce(pending_until > now(), false))::int`.as('by_typed'),
      sql<number>`count(*) filter (where ${ofTyped} and ip = ${ip} and pending_until > now())::int`.as('pending_by_typed_pair'),
      sql<number>`count(*) filter (where ${ofTyped} and pending_until > now())::int`.as('pending_by_typed'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('ip', '=', ip), eb('account', '=', acc), ...(typed === undefined ? [] : [eb('typed', '=', typed)])]))
    .executeTakeFirstOrThrow();
  return {
    byPair: row.by_pair,
    byIp: row.by_ip,
    byAccount: row.by_account,
    byTypedPair: row.by_typed_pair,
    byTyped: row.by_typed,
    pendingByPair: row.pending_by_pair,
    pendingByIp: row.pending_by_ip,
    pendingByAccount: row.pending_by_account,
    pendingByTypedPair: row.pending_by_typed_pair,
    pendingByTyped: row.pending_by_typed,
  };
}

/** When the address's decided failures in the window happened (at keys starting with `ipKeys`, when given), oldest first. */
export async function findAddressFailureTimes(db: Executor, ip: string, sinceMs: number, ipKeys?: string): Promise<Date[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('ip', '=', ip)
    .where('created_at', '>', new Date(Date.now() - sinceMs))
    .where((eb) => eb.or([eb('pending_until', 'is', null), eb('pending_until', '<=', sql<Date>`now()`)]))
    .$if(ipKeys !== undefined, (qb) => qb.where(sql<boolean>`starts_with(account, ${ipKeys})`))
    .orderBy('created_at')
    .execute();
  return rows.map((r) => new Date(r.created_at));
}

/**
 * Queues behind every other attempt on the same account and from the same address (until `tx` ends),
 * so their count-then-insert steps run one at a time: the account's lock first, then the address's.
 */
export async function lockLoginAttempts(tx: Tx, account: string, ip: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('login-failures:account'), hashtext(${account.toLowerCase()}))`.execute(tx);
  await sql`select pg_advisory_xact_lock(hashtext('login-failures:ip'), hashtext(${ip}))`.execute(tx);
}

export const deleteLoginFailure = (db: Executor, id: number) => db.deleteFrom('login_failures').where('id', '=', id).execute();

/** Forgives the account's failures (places still held by guesses being checked stay theirs to decide). */
export const clearLoginFailures = (db: Executor, account: string) =>
  db
    .deleteFrom('login_failures')
    .where('account', '=', account.toLowerCase())
    .where((eb) => eb.or([eb('pending_until', 'is', null), eb('pending_until', '<=', new Date())]))
    .execute();

/** Forgives the account's failures from one address (places still held by guesses being checked stay theirs to decide). */
export const clearLoginFailuresFrom = (db: Executor, account: string, ip: string) =>
  db
    .deleteFrom('login_failures')
    .where('account', '=', account.toLowerCase())
    .where('ip', '=', ip)
    .where((eb) => eb.or([eb('pending_until', 'is', null), eb('pending_until', '<=', new Date())]))
    .execute();

export const insertChallenge = (db: Executor, c: { id: string; x: number; y: number; ip: string; expiresAt: Date }) =>
  db.insertInto('captcha_challenges').values({ id: c.id, x: c.x, y: c.y, ip: c.ip, expires_at: c.expiresAt, used_at: null }).execute();

/**
 * Takes a challenge for its one answer (right or wrong): marks it used and returns it with how long
 * ago it was issued by the database's clock, or nothing if gone, used or expired.
 */
export const takeChallenge = (db: Executor, id: string) =>
  db
    .updateTable('captcha_challenges')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['x', 'y', sql<number>`(extract(epoch from clock_timestamp() - created_at) * 1000)::float8`.as('issued_ms_ago')])
    .executeTakeFirst();

export const insertCaptchaToken = (db: Executor, token: string, expiresAt: Date) =>
  db.insertInto('captcha_tokens').values({ token_hash: hashToken(token), expires_at: expiresAt, used_at: null }).execute();

/** Uses a captcha token once; true when it was valid. */
export async function useCaptchaToken(db: Executor, token: string): Promise<boolean> {
  const r = await db
    .updateTable('captcha_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
