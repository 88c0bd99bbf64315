import { ResponseCode, type ResponseCodeValue } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { clearLoginFailuresFrom, countLoginFailures, deleteLoginFailure, findAddressFailureTimes, insertPendingLoginFailure, lockLoginAttempts, settleLoginFailure } from './captcha.queries.js';

/** Failed guesses from one address at one account in 15 minutes before that address waits for it. */
export const MAX_LOGIN_FAILURES = 10;
/** Failed guesses from one address at any accounts in 15 minutes before that address waits for all. */
export const MAX_ADDRESS_FAILURES = MAX_LOGIN_FAILURES * 3;
/**
 * Failed guesses at one account from all addresses together before everyone waits for it: high
 * enough that one stranger (or a handful) cannot keep the owner out, low enough to stop a guess
 * spread over many addresses (docs/decisions/2026-11-29-lockout-per-address.md).
 */
export const ACCOUNT_WIDE_FAILURES = 100;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** When a secret's failures lock: per address at one key, at the key from all addresses, and per address at any keys. */
export interface LockoutLimits {
  perAddress: number;
  accountWide: number;
  /** Failures from one address at any keys (those starting with `addressKeys`, when given) before that address waits for all of them. */
  addressWide: number;
  addressKeys?: string;
}

/** Secrets anyone may guess (the login password, and what shares its count): one address locks only itself out. */
export const OPEN_TO_STRANGERS: LockoutLimits = { perAddress: MAX_LOGIN_FAILURES, accountWide: ACCOUNT_WIDE_FAILURES, addressWide: MAX_ADDRESS_FAILURES };
/** What every operator password key starts with (`operatorPasswordFailureKey`). */
const OPERATOR_PASSWORD_KEYS = 'operator:';
/**
 * Operators' passwords: one address locks only itself out, and no count from all addresses locks the
 * name: the console has no slider to slow a stranger, who could otherwise keep an owner out with a
 * hundred requests, while a password guessed from many addresses still meets the authenticator's
 * own lock (10 wrong codes from anywhere). The address's own count takes in operator names only: a
 * stranger failing member logins behind the operators' address (an office, a carrier's NAT) must not
 * lock the console.
 */
export const PER_ADDRESS_ONLY: LockoutLimits = { perAddress: MAX_LOGIN_FAILURES, accountWide: Number.POSITIVE_INFINITY, addressWide: MAX_ADDRESS_FAILURES, addressKeys: OPERATOR_PASSWORD_KEYS };
/**
 * Secrets only the member's own session (or an operator past the password) can guess: pay password,
 * coupon codes, authenticator codes. One count whatever the address, and no count of the address's
 * other failures: a stranger's wrong logins from the same address must not stop a member paying.
 */
export const MEMBER_ONLY: LockoutLimits = { perAddress: MAX_LOGIN_FAILURES, accountWide: MAX_LOGIN_FAILURES, addressWide: Number.POSITIVE_INFINITY };

/**
 * What failures are counted against: the account itself once the typed identifier names one, so
 * its user name, e-mail and mobile share one count; an unknown identifier by its text, so unknown
 * accounts lock the same way and answer the same.
 */
export const failureKey = (account: { id: number } | undefined, typed: string): string =>
  account ? `user:${account.id}` : `name:${typedIdentifier(typed)}`;

/** A member's sign-in identifier as its failures record it (`typed`), normalised as `failureKey` normalises it. */
export const typedIdentifier = (typed: string): string => typed.trim().toLowerCase();

/** What the keys of member sign-in failures (`failureKey`) start with: the slider counts these only, never pay passwords, coupon or authenticator codes. */
export const SIGN_IN_KEYS: readonly string[] = ['user:', 'name:'];

/**
 * The key a member's authenticator codes checked from the member's own session count under: one
 * strict count (`MEMBER_ONLY`) whatever the address, apart from the login's, so a stolen session gets
 * 10 guesses in 15 minutes, not the login's account-wide figure.
 */
export const totpFailureKey = (userId: number): string => `totp:${userId}`;

/** The key an operator's authenticator codes at console sign-in count under (`MEMBER_ONLY`: only someone holding the password gets there). */
export const operatorTotpFailureKey = (operatorId: number): string => `operator-totp:${operatorId}`;
/** The key an operator's password guesses count under: the name as typed, so unknown names lock and answer the same. */
export const operatorPasswordFailureKey = (typed: string): string => `${OPERATOR_PASSWORD_KEYS}${typed.trim().toLowerCase()}`;

const locked = () => new AppError(ResponseCode.loginLocked, { minutes: LOGIN_FAILURE_WINDOW_MS / 60_000 });
type FailureCounts = { byPair: number; byAccount: number; byIp: number; byTypedPair: number; byTyped: number };
const isLocked = (f: FailureCounts, limits: LockoutLimits): boolean => f.byPair >= limits.perAddress || f.byIp >= limits.addressWide || f.byAccount >= limits.accountWide;
/**
 * What a member's sign-in shows as locked: the identifier as typed at its limits (from this address,
 * from all) or the address at its own, never the account behind it, so a known and an unknown
 * identifier lock alike (docs/decisions/2026-11-29-lockout-per-address.md, 2026-11-30).
 */
const isTypedLocked = (f: FailureCounts, limits: LockoutLimits): boolean => f.byTypedPair >= limits.perAddress || f.byIp >= limits.addressWide || f.byTyped >= limits.accountWide;
const withPending = (f: Awaited<ReturnType<typeof countLoginFailures>>): FailureCounts => ({
  byPair: f.byPair + f.pendingByPair,
  byAccount: f.byAccount + f.pendingByAccount,
  byIp: f.byIp + f.pendingByIp,
  byTypedPair: f.byTypedPair + f.pendingByTypedPair,
  byTyped: f.byTyped + f.pendingByTyped,
});

/** A member's sign-in guess: the identifier as typed (`typedIdentifier`), and what answers instead of the check when the account is locked through its other names. */
export interface SignInGuess {
  typed: string;
  /** Refuses as a wrong password does (throws its refusal), taking as long, without looking at the account's password. */
  unchecked: () => Promise<never>;
}

/**
 * A member's sign-in before the captcha is judged: throws "too many failed attempts" only when the
 * identifier as typed (or the address) reached its limit; answers `unchecked` when the account it
 * names is locked through its other names (the guess is then refused unchecked, as a wrong password,
 * and judged by the captcha as an unknown identifier would be).
 */
export async function signInLockState(db: Executor, key: string, typed: string, ip: string): Promise<{ unchecked: boolean }> {
  const failures = await countLoginFailures(db, key, ip, LOGIN_FAILURE_WINDOW_MS, undefined, typed);
  if (isTypedLocked(failures, OPEN_TO_STRANGERS)) throw locked();
  return { unchecked: isLocked(failures, OPEN_TO_STRANGERS) };
}

/**
 * Throws "too many failed attempts" when this address reached the limit at the account (or overall),
 * or the account reached its limit from all addresses; else answers how many of this address's
 * failures at the account count now. Only a look, for refusing early (before a missing field or the
 * captcha is judged): a guess itself is checked through `guessUnderLockout`.
 */
export async function assertNotLocked(db: Executor, key: string, ip: string, limits: LockoutLimits = OPEN_TO_STRANGERS): Promise<number> {
  const failures = await countLoginFailures(db, key, ip, LOGIN_FAILURE_WINDOW_MS, limits.addressKeys);
  if (isLocked(failures, limits)) throw locked();
  return failures.byPair;
}

/**
 * Whether the address is locked for its failures at any keys (`addressWide`), and if so in how many
 * whole minutes enough of them leave the window for it to try again; undefined when it is not.
 */
export async function addressLockMinutes(db: Executor, ip: string, limits: LockoutLimits = OPEN_TO_STRANGERS): Promise<number | undefined> {
  if (!Number.isFinite(limits.addressWide)) return undefined;
  const times = await findAddressFailureTimes(db, ip, LOGIN_FAILURE_WINDOW_MS, limits.addressKeys);
  if (times.length < limits.addressWide) return undefined;
  // Free again once all but addressWide - 1 of them are older than the window.
  const freedAt = times[times.length - limits.addressWide]!.getTime() + LOGIN_FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((freedAt - Date.now()) / 60_000));
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
 * counted before it from this address (for `clearFailures`). A member's sign-in (`signIn`) is shown
 * as locked only by what was typed (`isTypedLocked`); when the account's own count is full (through
 * its other names) the place is taken all the same and `signIn.unchecked` answers instead of `guess`,
 * so no more guesses reach the account's password whichever of its names is typed.
 */
export async function guessUnderLockout<T>(
  db: Database,
  key: string,
  ip: string,
  wrong: ResponseCodeValue,
  guess: () => Promise<T>,
  limits: LockoutLimits = OPEN_TO_STRANGERS,
  signIn?: SignInGuess,
): Promise<{ result: T; earlier: number }> {
  const waitUntil = Date.now() + GUESS_WAIT_MS;
  const shownLocked = signIn ? isTypedLocked : isLocked;
  let held: { id: number; earlier: number; unchecked: boolean } | undefined;
  while (!held) {
    held = await withTransaction(db, async (tx) => {
      await lockLoginAttempts(tx, key, ip);
      const f = await countLoginFailures(tx, key, ip, LOGIN_FAILURE_WINDOW_MS, limits.addressKeys, signIn?.typed);
      const all = withPending(f);
      if (shownLocked(f, limits)) throw locked();
      if (shownLocked(all, limits)) return undefined;
      // The account full through its other names (places still held counted in): this guess is refused unchecked, never waited for, so it answers as an unknown identifier's would.
      const unchecked = signIn !== undefined && isLocked(all, limits);
      return { id: await insertPendingLoginFailure(tx, key, ip, new Date(Date.now() + GUESS_HOLD_MS), signIn?.typed), earlier: f.byPair, unchecked };
    });
    if (!held) {
      if (Date.now() > waitUntil) throw locked();
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 40));
    }
  }
  let result: T;
  try {
    result = await (held.unchecked ? signIn!.unchecked() : guess());
  } catch (e) {
    await (e instanceof AppError && e.code === wrong ? settleLoginFailure(db, held.id) : deleteLoginFailure(db, held.id));
    throw e;
  }
  await deleteLoginFailure(db, held.id);
  return { result, earlier: held.earlier };
}

/**
 * A successful proof forgives the earlier failures at the account from the address it came from
 * (a stranger's elsewhere keep their lock): `counted` is what `guessUnderLockout` answered, and none
 * counted writes nothing (older ones count no more and are swept within a day).
 */
export const clearFailures = async (db: Executor, key: string, ip: string, counted: number): Promise<void> => {
  if (counted > 0) await clearLoginFailuresFrom(db, key, ip);
};
