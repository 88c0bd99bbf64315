import { ResponseCode } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { findAccount } from '../members/identity.js';
import { clearLoginFailures, countLoginFailures, insertLoginFailure } from './captcha.queries.js';

/** Failed logins for one account (or from one address) in 15 minutes before logins wait. */
export const MAX_LOGIN_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * What failures are counted against: the account itself once the typed identifier names one, so
 * its user name, e-mail and mobile share one count; an unknown identifier by its text, so unknown
 * accounts lock the same way and answer the same.
 */
export const failureKey = (account: { id: number } | undefined, typed: string): string =>
  account ? `user:${account.id}` : `name:${typed.trim().toLowerCase()}`;

/**
 * Throws "too many failed attempts" when the account (or the address) reached the limit; else answers
 * how many of the account's failures count now (for `clearFailures`).
 */
export async function assertNotLocked(db: Executor, key: string, ip: string): Promise<number> {
  const failures = await countLoginFailures(db, key, ip, LOGIN_FAILURE_WINDOW_MS);
  if (failures.byAccount >= MAX_LOGIN_FAILURES || failures.byIp >= MAX_LOGIN_FAILURES * 3) {
    throw new AppError(ResponseCode.loginLocked, { minutes: LOGIN_FAILURE_WINDOW_MS / 60_000 });
  }
  return failures.byAccount;
}

/** Counts one failed proof of identity (wrong password or authenticator code) against the account. */
export const recordFailure = (db: Executor, key: string, ip: string) => insertLoginFailure(db, key, ip);

/**
 * A successful login forgives the account's earlier failures: `counted` is what `assertNotLocked`
 * answered, and none counted writes nothing (older ones count no more and are swept within a day).
 */
export const clearFailures = async (db: Executor, key: string, counted: number): Promise<void> => {
  if (counted > 0) await clearLoginFailures(db, key);
};

/** The key login failures of a typed identifier count under (the account's, when it names one). */
export async function loginFailureKey(db: Executor, typed: string, mobilePre?: string): Promise<string> {
  const user = await findAccount(db, typed, mobilePre);
  return failureKey(user && user.status !== 'closed' ? user : undefined, typed);
}
