import { randomBytes } from 'node:crypto';
import { ResponseCode, walletFeeOf } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import { countMinuteAndDay } from '../../lib/rate-limiter.js';
import type { SecretBox } from '../../lib/secrets.js';
import { findLatestCertification } from '../certification/certification.queries.js';
import { MEMBER_ONLY, assertNotLocked, clearFailures, guessUnderLockout } from '../captcha/lockout.js';
import { checkPassword, maskContact, matchAccounts, type AccountMatch } from '../members/identity.js';
import { findUserById } from '../members/members.queries.js';
import type { UserRow } from '../members/members.table.js';
import { checkOwnBoundCode } from '../two-factor/totp.js';
import { maskName } from '../catalogue/texts.js';
import { minorUnits } from '../rates/rates.service.js';
import { findLimit, findWalletCurrencies, hasEnabledBank } from './wallet.queries.js';
import type { LimitKind, WalletLimitRow } from './wallet.table.js';

// The rules every money movement of the wallet shares: amounts typed by members, the step-up
// before money leaves, who a receiver is, fees and limits.

/** Points and shopping points are counted, not money: ISO 4217's "no currency" code keeps their ledger accounts. */
export const POINTS_CURRENCY = 'XXX';

/** A decimal text typed by the member (`1,234.50`) in minor units of `currency`; more decimals than the currency has is refused. */
export async function parseAmount(db: Executor, text: string, currency: string, field = 'amount'): Promise<number> {
  const exp = await minorUnits(db, currency);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.replace(/,/g, ''));
  const frac = (m?.[2] ?? '').replace(/0+$/, '');
  // The refusal names the currency's own decimals: none for a currency of whole amounts (JPY).
  if (!m || frac.length > exp) {
    throw new ValidationError([exp === 0 ? { field, key: 'wallet.validation.amountWhole', params: { field, currency } } : { field, key: 'wallet.validation.amountDecimals', params: { field, currency, decimals: exp } }]);
  }
  const minor = Number(m[1]) * 10 ** exp + Number((frac + '0'.repeat(exp)).slice(0, exp) || '0');
  if (!Number.isSafeInteger(minor)) throw new AppError(ResponseCode.amountTooLarge);
  if (minor <= 0) throw new AppError(ResponseCode.amountTooSmall);
  return minor;
}

/** Prints minor units for a stored notification's parameters (`12.50 USD`); a refusal names an amount with `Amount`, written in the reader's language. */
export async function printAmount(db: Executor, minor: number, currency: string): Promise<string> {
  const exp = await minorUnits(db, currency);
  const unit = 10 ** exp;
  return `${exp ? `${Math.floor(minor / unit)}.${String(minor % unit).padStart(exp, '0')}` : minor} ${currency}`;
}

/** The wallet's currencies: the settlement currency and those the operator enabled. */
export async function walletCurrencies(db: Executor): Promise<{ settlement: string; enabled: string[] }> {
  const rows = await findWalletCurrencies(db);
  const settlement = rows.find((r) => r.is_settlement)?.currency ?? 'USD';
  return { settlement, enabled: rows.filter((r) => r.enabled).map((r) => r.currency) };
}

export async function requireWalletCurrency(db: Executor, currency: string): Promise<void> {
  if (!(await walletCurrencies(db)).enabled.includes(currency)) throw new AppError(ResponseCode.walletCurrencyDisabled, { currency });
}

/** How a refusal names each way money leaves, when the wallet keeps the currency but that way is not offered in it. */
const NOT_OFFERED: Record<LimitKind, string> = {
  withdraw_bank: 'wallet.code.notOffered.bankWithdrawal',
  withdraw_crypto: 'wallet.code.notOffered.cryptoWithdrawal',
  transfer: 'wallet.code.notOffered.transfer',
};

/**
 * Whether money can leave by `kind` in a currency the wallet keeps (its fee rule is checked apart): a bank withdrawal
 * while an enabled bank exists. Any enabled bank does: a card there may be held in any wallet currency, and one held in
 * its country's own currency the wallet does not keep takes every wallet currency.
 */
export async function kindOffered(db: Executor, kind: LimitKind): Promise<boolean> {
  return kind !== 'withdraw_bank' || hasEnabledBank(db);
}

/**
 * The fee and limits of `kind` in `currency`: a currency the wallet does not keep is refused as such;
 * one it keeps without a row for `kind`, or where `kind` is not offered now (`kindOffered`), is refused
 * as "not offered this way in that currency".
 */
export async function limitOf(db: Executor, currency: string, kind: LimitKind): Promise<WalletLimitRow> {
  await requireWalletCurrency(db, currency);
  const [limit, offered] = await Promise.all([findLimit(db, currency, kind), kindOffered(db, kind)]);
  if (!limit || !offered) throw new AppError(ResponseCode.channelUnavailable, { currency }, { messageKey: NOT_OFFERED[kind] });
  return limit;
}

/** The fee of `amount` under `limit`: the percentage rounded half-up once, plus the fixed part (the contract's one rule, which the console's limits form checks by too). */
export function feeOf(amount: number, limit: Pick<WalletLimitRow, 'fee_bp' | 'fee_fixed'>): number {
  return walletFeeOf(amount, limit);
}

/** Refuses an amount outside a limit's single minimum and maximum. */
export function checkSingleLimit(amount: number, currency: string, limit: Pick<WalletLimitRow, 'min_minor' | 'max_minor'>): void {
  if (amount < limit.min_minor) throw new AppError(ResponseCode.amountBelowMinimum, { min: new Amount(limit.min_minor, currency), currency });
  if (amount > limit.max_minor) throw new AppError(ResponseCode.amountAboveMaximum, { max: new Amount(limit.max_minor, currency), currency });
}

/** What today's count refusal counts, by the limit's kind: "3 withdrawals", "5 transfers". */
const DAILY_COUNT_TEXT: Record<LimitKind, string> = {
  withdraw_bank: 'wallet.code.dailyWithdrawalCount',
  withdraw_crypto: 'wallet.code.dailyWithdrawalCount',
  transfer: 'wallet.code.dailyTransferCount',
};

/** Refuses what would pass today's count or amount (counted while the member's wallet is locked). */
export function checkDailyLimit(today: { count: number; amount: number }, amount: number, currency: string, limit: Pick<WalletLimitRow, 'kind' | 'daily_count' | 'daily_amount'>): void {
  if (today.count + 1 > limit.daily_count) throw new AppError(ResponseCode.dailyCountExceeded, { max: limit.daily_count, count: limit.daily_count }, { messageKey: DAILY_COUNT_TEXT[limit.kind] });
  if (today.amount + amount > limit.daily_amount) throw new AppError(ResponseCode.dailyAmountExceeded, { max: new Amount(limit.daily_amount, currency), currency });
}

/** Midnight UTC today: the day daily limits count in (one day for every member, wherever they are). */
export const startOfToday = (): Date => new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');

/** A business number members quote to support: prefix, UTC date and random digits. */
export const businessNumber = (prefix: string): string =>
  `${prefix}${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${BigInt('0x' + randomBytes(6).toString('hex')).toString().padStart(15, '0').slice(0, 12)}`;

/** The ledger key of a member's request: its Idempotency-Key when it sent one, else a fresh one (the route layer already answers repeats). */
export const requestKey = (actor: Actor, purpose: string, userId: number): string => `${purpose}:${userId}:${actor.idempotencyKey ?? randomBytes(12).toString('hex')}`;

/** What the member types before money leaves the wallet. */
export interface MoneyOutProof {
  pay_password: string;
  google_code?: string;
}

/**
 * The step-up before money leaves a member's wallet: approved real name, the pay password, and
 * the authenticator's code when one is bound. Wrong pay passwords count toward the member's
 * lockout, so a stolen session cannot guess it.
 */
export async function requireMoneyOut(deps: { db: Database; secrets: SecretBox }, actor: Actor, userId: number, proof: MoneyOutProof): Promise<UserRow> {
  const { db } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(ResponseCode.userNotFound);
  const cert = await findLatestCertification(db, userId);
  if (cert?.status !== 'approved') throw new AppError(ResponseCode.realNameRequired);
  await requirePayPassword(deps, actor, user, proof);
  return user;
}

/**
 * The member's pay password (wrong answers count toward the pay lockout, and a right one forgives
 * them) and the authenticator's code once one is bound: the proof before the wallet's value moves.
 */
export async function requirePayPassword(deps: { db: Database; secrets: SecretBox }, actor: Actor, user: UserRow, proof: { pay_password?: string; google_code?: string }): Promise<void> {
  const { db } = deps;
  if (!user.pay_password_hash) throw new AppError(ResponseCode.payPasswordNotSet);
  const key = `pay:${user.id}`;
  const hash = user.pay_password_hash;
  const typed = proof.pay_password;
  if (!typed) {
    // Nothing typed is not a wrong guess: it is not counted, and is refused as the missing field it is (a locked member is told so first).
    await assertNotLocked(db, key, actor.ip, MEMBER_ONLY);
    throw new ValidationError([{ field: 'pay_password', key: 'validation.required', params: { field: 'pay_password' } }]);
  }
  // Each guess takes its place among the failures before the hash is checked, so concurrent guesses cannot pass the limit.
  // Only the member's session reaches this, so one count holds whatever the address (a stolen session cannot spread its guesses).
  const { earlier: failures } = await guessUnderLockout(
    db,
    key,
    actor.ip,
    ResponseCode.payPasswordWrong,
    async () => {
      if (!(await checkPassword(hash, typed))) throw new AppError(ResponseCode.payPasswordWrong);
    },
    MEMBER_ONLY,
  );
  // The authenticator's codes count under the member's own strict key (all addresses together).
  if (user.totp_secret) await checkOwnBoundCode(db, deps.secrets, { userId: user.id, ip: actor.ip }, proof.google_code);
  await clearFailures(db, key, actor.ip, failures);
}

/** The member's approved real name (`surname given_name`), or undefined. */
export async function approvedRealName(db: Executor, userId: number): Promise<{ surname: string; given: string } | undefined> {
  const cert = await findLatestCertification(db, userId);
  return cert?.status === 'approved' ? { surname: cert.surname, given: cert.given_name } : undefined;
}

const normalName = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[\s,.'-]+/g, '');
/** Whether a card holder's name is the member's real name, in either order, ignoring case, spaces and punctuation. */
export function holderMatches(holder: string, real: { surname: string; given: string }): boolean {
  const h = normalName(holder);
  return h === normalName(real.surname + real.given) || h === normalName(real.given + real.surname);
}

/**
 * The member a transfer or gift goes to, and which of their identifiers was typed: by user name,
 * invitation code or mobile (with its country code, or the national number of any country). An
 * identifier that names more than one member is refused, asking for one that names one.
 */
export async function findReceiverMatch(db: Executor, account: string): Promise<AccountMatch> {
  const matches = await matchAccounts(db, account, { inviteCode: true, email: false });
  if (matches.length > 1) throw new AppError(ResponseCode.receiverAmbiguous);
  const match = matches[0];
  if (!match || match.user.status !== 'active') throw new AppError(ResponseCode.receiverNotFound);
  return match;
}

/** The most receivers one member looks up in a minute, and in a day (docs/decisions/2026-11-30-receiver-lookups.md). */
export const RECEIVER_LOOKUPS_PER_MINUTE = 30;
export const RECEIVER_LOOKUPS_PER_DAY = 200;
/**
 * Counts one receiver look-up (preview, transfer or gift) against the member's limits, whatever
 * address it comes from: trying phone numbers or codes one after another to learn who holds them
 * stops after a few.
 */
export const countReceiverLookup = (limiter: AppDeps['limiter'], memberId: number) =>
  countMinuteAndDay(limiter, `receiver-lookup:member:${memberId}`, { perMinute: RECEIVER_LOOKUPS_PER_MINUTE, perDay: RECEIVER_LOOKUPS_PER_DAY, code: ResponseCode.receiverLookupLimit, dailyMessageKey: 'wallet.code.receiverLookupDailyLimit' });

/** The member a transfer or gift goes to (`findReceiverMatch`). */
export const findReceiver = async (db: Executor, account: string): Promise<UserRow> => (await findReceiverMatch(db, account)).user;

/**
 * The receiver as the sender checks them before sending: their masked name, and which identifier
 * matched, masked. Never the login name: a phone number or code typed must not reveal it.
 */
export function receiverPreview({ user, matchedBy }: AccountMatch) {
  const matched =
    matchedBy === 'mobile' ? `+${user.mobile_pre} ${maskContact(user.mobile ?? '')}` : matchedBy === 'invite_code' ? maskContact(user.invite_code ?? '') : maskContact(user.user_name);
  return { masked_name: maskedMember(user), matched_by: matchedBy === 'email' ? ('user_name' as const) : matchedBy, matched };
}

/** How another member is shown: the nickname or user name, masked. */
export const maskedMember = (u: { user_name: string; nickname?: string | null }): string => maskName(u.nickname || u.user_name);

/** An account number shown as its last four characters. */
export const maskAccount = (n: string): string => `**** ${n.slice(-4)}`;

