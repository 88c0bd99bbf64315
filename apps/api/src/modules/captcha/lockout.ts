import { ResponseCode, type ResponseCodeValue } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { findAccount } from '../members/identity.js';
import { clearLoginFailures, countLoginFailures, deleteLoginFailure, insertPendingLoginFailure, lockLoginAttempts, settleLoginFailure } from './captcha.queries.js';

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

const locked = () => new AppError(ResponseCode.loginLocked, { minutes: LOGIN_FAILURE_WINDOW_MS / 60_000 });
const isLocked = (failures: { byAccount: number; byIp: number }): boolean => failures.byAccount >= MAX_LOGIN_FAILURES || failures.byIp >= MAX_LOGIN_FAILURES * 3;

/**
 * Throws "too many failed attempts" when the account (or the address) reached the limit; else answers
 * how many of the account's failures count now. Only a look, for refusing early (before a missing
 * field or the captcha is judged): a guess itself is checked through `guessUnderLockout`.
 */
export async function assertNotLocked(db: Executor, key: string, ip: string): Promise<number> {
  const failures = await countLoginFailures(db, key, ip, LOGIN_FAILURE_WINDOW_MS);
  if (isLocked(failures)) throw locked();
  return failures.byAccount;
}

/** How long a guess may hold its place while it is checked (a process that died leaves a failure after it). */
const GUESS_HOLD_MS = 30_000;
/** How long a guess waits for places held by others to be decided before it is refused as locked. */
const GUESS_WAIT_MS = 10_000;

/**
 * One guess at a secret (password, pay password, authenticator code) under the lockout. Its place
 * among the failures is taken before `guess` runs — counted and written while the account's and the
 * address's attempts queue on a lock — so however many guesses arrive at once, no more than the
 * limit ever reach `guess`: when earlier failures and guesses still being checked fill the limit, a
 * guess waits for those to be decided and is then let in, or refused as locked. A guess that throws
 * the `wrong` refusal leaves a failure; one that passes, or stops on anything else (a missing code,
 * a fault), gives its place back. Answers `guess`'s result and how many failures of the account
 * counted before it (for `clearFailures`).
 */
export async function guessUnderLockout<T>(db: Database, key: string, ip: string, wrong: ResponseCodeValue, guess: () => Promise<T>): Promise<{ result: T; earlier: number }> {
  const waitUntil = Date.now() + GUESS_WAIT_MS;
  let held: { id: number; earlier: number } | undefined;
  while (!held) {
    held = await withTransaction(db, async (tx) => {
      await lockLoginAttempts(tx, key, ip);
      const f = await countLoginFailures(tx, key, ip, LOGIN_FAILURE_WINDOW_MS);
      if (isLocked(f)) throw locked();
      if (isLocked({ byAccount: f.byAccount + f.pendingByAccount, byIp: f.byIp + f.pendingByIp })) return undefined;
      return { id: await insertPendingLoginFailure(tx, key, ip, new Date(Date.now() + GUESS_HOLD_MS)), earlier: f.byAccount };
    });
    if (!held) {
      if (Date.now() > waitUntil) throw locked();
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 40));
    }
  }
  let result: T;
  try {
    result = await guess();
  } catch (e) {
    await (e instanceof AppError && e.code === wrong ? settleLoginFailure(db, held.id) : deleteLoginFailure(db, held.id));
    throw e;
  }
  await deleteLoginFailure(db, held.id);
  return { result, earlier: held.earlier };
}

/**
 * A successful proof forgives the account's earlier failures: `counted` is what `guessUnderLockout`
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
