import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { hashToken } from '../../lib/tokens.js';

export const findSetting = (db: Executor, key: string) =>
  db.selectFrom('account_settings').select('value').where('key', '=', key).executeTakeFirst();

export const upsertSetting = (db: Executor, key: string, value: string, by: string) =>
  db
    .insertInto('account_settings')
    .values({ key, value, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_by: by, updated_at: new Date() }))
    .execute();

export const insertLoginFailure = (db: Executor, account: string, ip: string) =>
  db.insertInto('login_failures').values({ account: account.toLowerCase(), ip }).execute();

/** Failed logins in the window, for the account and for the address. */
export async function countLoginFailures(db: Executor, account: string | undefined, ip: string, sinceMs: number) {
  const since = new Date(Date.now() - sinceMs);
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) filter (where ip = ${ip})::int`.as('by_ip'),
      sql<number>`count(*) filter (where account = ${account?.toLowerCase() ?? ''})::int`.as('by_account'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('ip', '=', ip), eb('account', '=', account?.toLowerCase() ?? '')]))
    .executeTakeFirstOrThrow();
  return { byIp: row.by_ip, byAccount: row.by_account };
}

export const clearLoginFailures = (db: Executor, account: string) =>
  db.deleteFrom('login_failures').where('account', '=', account.toLowerCase()).execute();

export const insertChallenge = (db: Executor, c: { id: string; x: number; y: number; ip: string; expiresAt: Date }) =>
  db.insertInto('captcha_challenges').values({ id: c.id, x: c.x, y: c.y, ip: c.ip, expires_at: c.expiresAt, used_at: null }).execute();

/** Takes a challenge for its one answer: marks it used and returns it, or nothing if gone, used or expired. */
export const takeChallenge = (db: Executor, id: string) =>
  db
    .updateTable('captcha_challenges')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['x', 'y'])
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
