import { hash, verify } from '@node-rs/argon2';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import phoneMetadata from 'libphonenumber-js/metadata.min.json';
import { ResponseCode, maskContact } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import type { UserRow } from './members.table.js';
import { findUserByEmail, findUsersByIdentifier } from './members.queries.js';

// argon2id (algorithm 2) with the library's OWASP-level defaults.
const ARGON2ID = 2;

/** An argon2id hash of a password (or pay password). */
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID });

// Checking a made-up hash for unknown accounts keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
/** Whether `password` matches `stored`; with no stored hash it still spends the same time and says no. */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

// The list ships with the app (zxcvbn-ts's ranked list of common and breached passwords, about
// 49,000 entries); it is read on first use so that processes that never set a password skip it.
let commonPasswords: Promise<Set<string>> | undefined;
const loadCommonPasswords = () =>
  (commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()))));

/**
 * Refuses a new password that is on the list of common and breached passwords (ignoring case) or is
 * the member's own user name or e-mail. Length is the contract's (8 to 128, never truncated).
 */
export async function requireUncommonPassword(password: string, own: Array<string | null | undefined> = []): Promise<void> {
  const lower = password.toLowerCase();
  const mine = own.some((v) => v && v.trim().toLowerCase() === lower);
  if (mine || (await loadCommonPasswords()).has(lower)) {
    throw new ValidationError([{ field: 'password', key: 'account.validation.passwordCommon', params: { field: 'password' } }]);
  }
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * A phone number checked against its country code: the national number without leading 0,
 * valid for that country (libphonenumber). Throws the spec's "correct phone number" message.
 */
export function checkedPhone(mobilePre: string, mobile: string): { mobile_pre: string; mobile: string; e164: string; country?: string } {
  const pre = mobilePre.replace(/^\+/, '');
  const phone = parsePhoneNumberFromString(`+${pre}${mobile}`);
  if (mobile.startsWith('0') || !phone || !phone.isValid() || phone.countryCallingCode !== pre) {
    throw new ValidationError([{ field: 'mobile', key: 'validation.mobile', params: { field: 'mobile' } }]);
  }
  return { mobile_pre: pre, mobile: String(phone.nationalNumber), e164: phone.number, country: phone.country };
}

/** The verification-code destination of an e-mail or phone. */
/** Where a verification code or a notice goes. */
export interface Destination {
  channel: 'email' | 'sms';
  /** Lower-cased e-mail, or E.164 phone. */
  address: string;
}

export const emailDestination = (email: string) => normalizeEmail(email);
export const phoneDestination = (mobilePre: string, mobile: string) => `+${mobilePre}${mobile}`;

export const passwordsMustMatch = (password: string, confirm: string) => {
  if (password !== confirm) throw new AppError(ResponseCode.passwordMismatch);
};


export { maskContact };

/** Which of a member's identifiers a typed one matched. */
export type IdentifierField = 'email' | 'user_name' | 'invite_code' | 'mobile';
/** A member a typed identifier names, and by which field. */
export interface AccountMatch {
  user: UserRow;
  matchedBy: IdentifierField;
}

/** A phone typed in international form (`+60123456789`), as the members' rows keep it. */
function internationalPhone(value: string): { mobile_pre: string; mobile: string } | undefined {
  if (!/^\+\d{5,17}$/.test(value)) return undefined;
  const phone = parsePhoneNumberFromString(value);
  return phone ? { mobile_pre: phone.countryCallingCode, mobile: String(phone.nationalNumber) } : undefined;
}

/**
 * Every open member a typed identifier names (docs/decisions/2026-11-30-identifiers-name-one-member.md):
 * an e-mail names by e-mail only (unless `email` is false: then nobody); a phone with its country code
 * (`mobilePre` beside digits, or `+` in front) by phone only; anything else by user name, by
 * invitation code when `inviteCode`, and, when all digits, by national number in any country. More
 * than one answer means the identifier is ambiguous: callers never pick one of them silently.
 */
export async function matchAccounts(db: Executor, typed: string, opts: { mobilePre?: string; inviteCode?: boolean; email?: boolean } = {}): Promise<AccountMatch[]> {
  const value = typed.trim();
  if (value.includes('@')) {
    const user = opts.email === false ? undefined : await findUserByEmail(db, value);
    return user ? [{ user, matchedBy: 'email' }] : [];
  }
  const digits = /^\d{5,15}$/.test(value);
  const pre = opts.mobilePre?.replace(/^\+/, '');
  const phone = digits && pre ? { mobile_pre: pre, mobile: value } : value.startsWith('+') ? internationalPhone(value) : undefined;
  const rows = phone
    ? await findUsersByIdentifier(db, value, { userName: false, inviteCode: false, mobile: { number: phone.mobile, mobilePre: phone.mobile_pre } })
    : value.startsWith('+')
      ? []
      : await findUsersByIdentifier(db, value, { userName: true, inviteCode: opts.inviteCode ?? false, mobile: digits ? { number: value } : undefined });
  return rows.map(({ by_user_name, by_invite_code, by_mobile, ...user }) => ({
    user,
    matchedBy: by_user_name ? 'user_name' : by_invite_code ? 'invite_code' : by_mobile ? 'mobile' : 'user_name',
  }));
}

// Every calling code the phone rules know (`1`, `60`, `886`…, and the non-geographic `800`…), read once:
// a national number typed alone may be of any of them.
let callingCodes: string[] | undefined;
const allCallingCodes = (): string[] => (callingCodes ??= [...new Set([...Object.keys(phoneMetadata.country_calling_codes), ...Object.keys(phoneMetadata.nonGeographic)])]);

/**
 * The phones (E.164, as codes are sent to them) a typed identifier may name, read as `matchAccounts`
 * reads it without a country code beside it: a number with `+` in front its one phone; a national
 * number (digits only) that number in every country; anything else none. Calling codes are prefix-free,
 * so each of these is that national number's own phone in one country and never another's.
 */
export function phonesTyped(typed: string): string[] {
  const value = typed.trim();
  if (value.startsWith('+')) {
    const phone = internationalPhone(value);
    return phone ? [phoneDestination(phone.mobile_pre, phone.mobile)] : [];
  }
  return /^\d{5,15}$/.test(value) ? allCallingCodes().map((code) => phoneDestination(code, value)) : [];
}

/** The one account a login or reset names (user name, e-mail or phone); none when nothing or more than one member answers to it. */
export async function findAccount(db: Executor, account: string, mobilePre?: string): Promise<UserRow | undefined> {
  const matches = await matchAccounts(db, account, { mobilePre });
  return matches.length === 1 ? matches[0]!.user : undefined;
}

/** A member's contacts that codes go to: their e-mail, then their (confirmed) phone. */
export function contactsOf(user: Pick<UserRow, 'email' | 'mobile' | 'mobile_pre'>): Destination[] {
  const contacts: Destination[] = [];
  if (user.email) contacts.push({ channel: 'email', address: emailDestination(user.email) });
  if (user.mobile && user.mobile_pre) contacts.push({ channel: 'sms', address: phoneDestination(user.mobile_pre, user.mobile) });
  return contacts;
}

/** Where a member's own codes go: their e-mail, else their phone. */
export const primaryDestination = (user: Pick<UserRow, 'email' | 'mobile' | 'mobile_pre'>): Destination | undefined => contactsOf(user)[0];
