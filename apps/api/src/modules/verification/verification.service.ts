import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  ResponseCode,
  isEmail,
  maskContact,
  type CodePurpose,
  type EndpointBody,
  type Language,
  type checkCode,
  type sendCode,
  type sendCodeByUserName,
  type sendCodeToAccount,
  type sendCodeToMember,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { limitKeyOf } from '../../lib/client-network.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import type { Messaging } from '../../providers/messaging.js';
import { ensureCaptcha } from '../captcha/captcha.service.js';
import { MAX_ADDRESS_FAILURES, addressLockMinutes, assertNotLocked, guessUnderLockout, type LockoutLimits } from '../captcha/lockout.js';
import { checkedPhone, emailDestination, findAccount, phoneDestination, phonesTyped, primaryDestination, type Destination } from '../members/identity.js';
import { findUserByEmail, findUserById, findUserByMobile } from '../members/members.queries.js';
import * as q from './verification.queries.js';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_MS = 60_000;
/** Wrong tries one client address gets at a code anyone may check; all tries at a member's own code. */
export const MAX_WRONG_TRIES = 5;
/**
 * Wrong tries at a code anyone may check (registration, binding, a forgotten password, login) from
 * all addresses together before it is void: one stranger's 5 never use up the member's tries, and
 * 20 guesses at 6 digits stay harmless (docs/decisions/2026-11-29-lockout-per-address.md).
 */
export const CODE_WIDE_WRONG_TRIES = 20;
/** The limits a code checked without a session counts under: 5 per address, 20 from all addresses. */
export const ANONYMOUS_CODE_CHECKS: LockoutLimits = { perAddress: MAX_WRONG_TRIES, accountWide: CODE_WIDE_WRONG_TRIES, addressWide: MAX_ADDRESS_FAILURES };
/** Codes one request key (what was typed, or a signed-in member) may be sent per hour. */
export const PER_DESTINATION_PER_HOUR = 5;
/** Codes one client address may request per hour. */
export const PER_IP_PER_HOUR = 20;
/** Codes the whole shop sends per minute: a brake on abuse of the mail and SMS bill. */
export const GLOBAL_PER_MINUTE = 600;
const DAY_MS = 86_400_000;

/**
 * Codes for a signed-in member's own change (the pay password, the login password, closing the
 * account): only `/user/send_code_with_token` sends or checks them. The calls without a session
 * refuse them before anything is looked up or written, so a stranger can neither replace nor use
 * up a member's open code, and the refusal is the same for every account.
 */
const MEMBER_ONLY_PURPOSES: readonly CodePurpose[] = ['pay_password', 'password', 'cancel'];

/** How many wrong tries void a code: a member's own code 5, a code anyone may check 20 (5 per address). */
const wrongTriesAllowed = (purpose: CodePurpose): number => (MEMBER_ONLY_PURPOSES.includes(purpose) ? MAX_WRONG_TRIES : CODE_WIDE_WRONG_TRIES);

/** The key one code's wrong tries count under in the lockout, per address and from all addresses. */
export const codeGuessKey = (codeId: number): string => `code:${codeId}`;

const hashCode = (salt: Buffer, code: string) => createHash('sha256').update(salt).update(code).digest();

/** The configured daily caps (rolling 24 hours) on codes to one e-mail and to one phone. */
export interface DailyCodeCaps {
  CODES_PER_EMAIL_PER_DAY: number;
  CODES_PER_PHONE_PER_DAY: number;
}

/** What a code request answers: the destination masked, when another may be asked, how long it lasts. */
export interface CodeSent {
  to: string;
  resend_in: number;
  expires_in: number;
}

export const codeSentAnswer = (to: string): CodeSent => ({ to: maskContact(to), resend_in: RESEND_AFTER_MS / 1000, expires_in: CODE_TTL_MS / 1000 });

/**
 * The key under which a code request about an account that may not exist is counted (and its stand-in
 * code stored): an e-mail is its own key; any other identifier (a user name, a number without its
 * country code) gets a key no real destination can take. A request is counted under what was typed,
 * never the account it resolves to, so unknown accounts keep the same cooldown and limits as real ones.
 */
export const accountRequestKey = (identifier: string): string => {
  const v = identifier.trim().toLowerCase();
  return v.includes('@') ? v : `account:${v}`;
};

/**
 * Where the stand-in code of an account nobody has (or nobody open) was stored, for a check of it by
 * what was typed: a request by name (`sendWithUsername`) stored it under `accountRequestKey`, a request
 * for a typed phone (`send_code`, `sendCodeV4`) under the phone itself. A phone may be typed with `+`
 * and its country code or as the national number alone, as `matchAccounts` reads it; of those keys the
 * one whose open code was asked last, else the request key. So the check finds the stand-in code just
 * as a member's is found (`contactWithOpenCode`), and a wrong guess is counted, and locks out, alike.
 */
export async function standInCodeDestination(db: Executor, purpose: CodePurpose, typed: string): Promise<string> {
  const key = accountRequestKey(typed);
  const phones = phonesTyped(typed);
  if (!phones.length) return key;
  return (await q.findDestinationOfNewestOpenCode(db, [key, ...phones], purpose)) ?? key;
}

/**
 * The key a signed-in member's own requests count under: apart from every key a stranger can type,
 * so strangers asking codes for the member's account or contacts never use up what the member needs.
 */
export const memberRequestKey = (memberId: number): string => `member:${memberId}`;

/** A stored code that is ready to be delivered. */
export interface ReservedCode {
  id: number;
  code: string;
}

/**
 * Checks the limits for a code to `address` and stores a fresh 6-digit code (secure random), voiding
 * older ones of the same purpose: at most one code a minute per purpose, 5 an hour and the daily cap
 * per request key, 20 an hour per client address, 600 a minute shop-wide. The request key
 * (`requestedAs`, by default the address) is what the request named: what a caller without a session
 * typed, or the signed-in member (`memberRequestKey`), so strangers cannot use up the member's
 * codes, and a request by name answers alike whether or not it names a real account. `lookup` marks a
 * request named by an account identifier, which gets the lower daily cap whatever the account's
 * channel, so the answer never depends on whether the account exists or how it is reached.
 */
export async function reserveCode(
  deps: Pick<AppDeps, 'db' | 'limiter'> & { config: DailyCodeCaps },
  req: { purpose: CodePurpose; address: string; channel: 'email' | 'sms'; ip: string; requestedAs?: string; lookup?: boolean },
): Promise<ReservedCode> {
  const { db, limiter, config } = deps;
  const { address } = req;
  const requestedAs = req.requestedAs ?? address;
  const latest = await q.findLatestRequest(db, requestedAs, req.purpose);
  if (latest) {
    const waitMs = new Date(latest.created_at).getTime() + RESEND_AFTER_MS - Date.now();
    if (waitMs > 0) throw new AppError(ResponseCode.codeTooSoon, { seconds: Math.ceil(waitMs / 1000) }, { data: { resend_in: Math.ceil(waitMs / 1000) } });
  }
  if ((await q.countRequestsSince(db, requestedAs, new Date(Date.now() - 3_600_000))) >= PER_DESTINATION_PER_HOUR) throw new AppError(ResponseCode.codeLimit);
  const dailyCap = req.lookup
    ? Math.min(config.CODES_PER_EMAIL_PER_DAY, config.CODES_PER_PHONE_PER_DAY)
    : req.channel === 'email' ? config.CODES_PER_EMAIL_PER_DAY : config.CODES_PER_PHONE_PER_DAY;
  if ((await q.countRequestsSince(db, requestedAs, new Date(Date.now() - DAY_MS))) >= dailyCap) throw new AppError(ResponseCode.codeLimit);
  if (!(await limiter.hit(`code:ip:${limitKeyOf(req.ip)}`, PER_IP_PER_HOUR, 3_600_000)).allowed) throw new AppError(ResponseCode.codeLimit);
  if (!(await limiter.hit('code:global', GLOBAL_PER_MINUTE, 60_000)).allowed) throw new AppError(ResponseCode.codeLimit);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16);
  const { id } = await withTransaction(db, async (trx) => {
    await q.voidOpenCodes(trx, address, req.purpose);
    return q.insertCode(trx, {
      purpose: req.purpose,
      destination: address,
      channel: req.channel,
      requested_as: requestedAs,
      code_hash: hashCode(salt, code),
      salt,
      ip: req.ip,
      expires_at: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  return { id, code };
}

/** Sends a reserved code; when nothing could be delivered the code is removed (the member may ask again at once) and `messageNotSent` thrown. */
export async function deliverCode(deps: Pick<AppDeps, 'db' | 'i18n'>, messaging: Messaging, reserved: ReservedCode, to: Destination, lang: Language): Promise<void> {
  const minutes = CODE_TTL_MS / 60_000;
  const text = deps.i18n.t(lang, 'account.message.codeText', { code: reserved.code, minutes });
  try {
    if (to.channel === 'email') await messaging.mail.send({ to: to.address, subject: deps.i18n.t(lang, 'account.message.codeSubject'), text });
    else await messaging.sms.send({ to: to.address, text });
  } catch {
    await q.deleteCode(deps.db, reserved.id);
    throw new AppError(ResponseCode.messageNotSent);
  }
}

// Deliveries that run after the answer; the shop (and a test) can wait for them to finish.
const inFlight = new Set<Promise<void>>();

/**
 * Delivers a reserved code after the answer has gone, so how long the mail or SMS provider takes
 * never shows in the answer; a failure is logged (the code is removed), not told to the caller.
 */
export function deliverCodeLater(deps: Pick<AppDeps, 'db' | 'i18n'>, messaging: Messaging, reserved: ReservedCode, to: Destination, lang: Language, onError: (e: unknown) => void): void {
  const p: Promise<void> = deliverCode(deps, messaging, reserved, to, lang)
    .catch(onError)
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}

/** Resolves once every delivery started by `deliverCodeLater` has finished or failed. */
export async function settleDeliveries(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

/** Sends a fresh code to a destination, within the limits of `reserveCode` (counted under `requestedAs`, by default the destination). */
export async function issueCode(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'i18n'> & { config: DailyCodeCaps },
  messaging: Messaging,
  req: { purpose: CodePurpose; to: Destination; ip: string; lang: Language; requestedAs?: string },
): Promise<CodeSent> {
  const reserved = await reserveCode(deps, { purpose: req.purpose, address: req.to.address, channel: req.to.channel, ip: req.ip, requestedAs: req.requestedAs });
  await deliverCode(deps, messaging, reserved, req.to, req.lang);
  return codeSentAnswer(req.to.address);
}

/**
 * Checks a code: it must be the newest one sent for the destination and purpose, within 10 minutes,
 * and not void from wrong tries. A member's own code (pay password, password, closing: only checked
 * in the member's session) is void at its 5th wrong try. A code anyone may check needs the client
 * address (`ip`): each address gets 5 wrong tries at it (then that address is told "too many wrong
 * attempts") and the code is void for everyone at 20, so a stranger cannot use up the tries the
 * member needs. With `consume` a right code is used up. Runs in transactions of its own, so a wrong
 * try is counted whatever happens next; the change a code authorizes uses it up with `consumeCode`
 * in its own transaction.
 */
export async function verifyCode(
  db: Database,
  req: { purpose: CodePurpose; destination: string; code: string; consume: boolean; ip?: string },
): Promise<void> {
  if (db.isTransaction) throw new Error('verifyCode counts wrong tries in a transaction of its own: call consumeCode inside the change');
  if (MEMBER_ONLY_PURPOSES.includes(req.purpose)) return checkCodeRow(db, req);
  if (!req.ip) throw new Error(`a ${req.purpose} code may be checked by anyone: its wrong tries count per client address, pass the ip`);
  await checkCodeFromAddress(db, { ...req, ip: req.ip });
}

/** One check of a code anyone may check, under the lockout of that code for the client address. */
async function checkCodeFromAddress(db: Database, req: { purpose: CodePurpose; destination: string; code: string; consume: boolean; ip: string }): Promise<void> {
  const open = await q.findOpenCode(db, req.destination, req.purpose);
  if (!open || new Date(open.expires_at).getTime() <= Date.now()) throw new AppError(ResponseCode.codeExpired);
  const key = codeGuessKey(open.id);
  try {
    await guessUnderLockout(db, key, req.ip, ResponseCode.codeInvalid, () => checkCodeRow(db, req), ANONYMOUS_CODE_CHECKS);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    // The lockout's refusal, or this address's last wrong try: the code's own "too many wrong attempts",
    // unless the address is locked for its failures at any keys (a new code would not help: it waits).
    if (e.code === ResponseCode.loginLocked || (e.code === ResponseCode.codeInvalid && (await addressUsedUp(db, key, req.ip)))) {
      const minutes = await addressLockMinutes(db, req.ip, ANONYMOUS_CODE_CHECKS);
      throw minutes === undefined ? new AppError(ResponseCode.codeLocked) : new AppError(ResponseCode.codeAddressLocked, { minutes });
    }
    throw e;
  }
}

/** Whether this address has no wrong tries left at the code. */
const addressUsedUp = (db: Database, key: string, ip: string): Promise<boolean> =>
  assertNotLocked(db, key, ip, ANONYMOUS_CODE_CHECKS).then(
    () => false,
    (e: unknown) => {
      if (e instanceof AppError && e.code === ResponseCode.loginLocked) return true;
      throw e;
    },
  );

/**
 * Of an account's contacts, the one its newest unused code of `purpose` was sent to (a password reset
 * asked for by e-mail or by phone: `send_code` and `sendCodeV4` send it to the contact typed), else the first.
 */
export async function contactWithOpenCode(db: Executor, purpose: CodePurpose, contacts: Destination[]): Promise<Destination | undefined> {
  if (contacts.length < 2) return contacts[0];
  const newest = await q.findDestinationOfNewestOpenCode(db, contacts.map((c) => c.address), purpose);
  return contacts.find((c) => c.address === newest) ?? contacts[0];
}

/** Checks the newest open code under its row lock, counting a wrong try on it (void at the purpose's limit). */
async function checkCodeRow(db: Database, req: { purpose: CodePurpose; destination: string; code: string; consume: boolean }): Promise<void> {
  const allowed = wrongTriesAllowed(req.purpose);
  const outcome = await withTransaction(db, async (trx) => {
    const row = await q.lockOpenCodeForUpdate(trx, req.destination, req.purpose);
    if (!row || new Date(row.expires_at).getTime() <= Date.now()) return ResponseCode.codeExpired;
    if (row.attempts >= allowed) return ResponseCode.codeLocked;
    const given = hashCode(row.salt, req.code);
    if (!timingSafeEqual(given, row.code_hash)) {
      const attempts = row.attempts + 1;
      await q.setCodeAttempts(trx, row.id, attempts);
      return attempts >= allowed ? ResponseCode.codeLocked : ResponseCode.codeInvalid;
    }
    if (req.consume) await q.markCodeConsumed(trx, row.id);
    return ResponseCode.ok;
  });
  if (outcome !== ResponseCode.ok) throw new AppError(outcome);
}

/**
 * Uses up a code inside the transaction of the change it authorizes (after `verifyCode` checked it
 * and counted any wrong try): if the change rolls back, the code stays usable; of two requests
 * with one code, only one gets it. Throws `codeExpired` when the code is no longer the open one.
 */
export async function consumeCode(tx: Tx, req: { purpose: CodePurpose; destination: string; code: string }): Promise<void> {
  const row = await q.lockOpenCodeForUpdate(tx, req.destination, req.purpose);
  const usable = row && new Date(row.expires_at).getTime() > Date.now() && row.attempts < wrongTriesAllowed(req.purpose) && timingSafeEqual(hashCode(row.salt, req.code), row.code_hash);
  if (!usable) throw new AppError(ResponseCode.codeExpired);
  await q.markCodeConsumed(tx, row.id);
}

/**
 * Counts one try against the open code without using it up: an answer that a right code unlocked
 * (a taken user name at registration) costs a try, so one code cannot probe names without end.
 */
export async function spendCodeTry(db: Executor, req: { purpose: CodePurpose; destination: string }): Promise<void> {
  await q.addTryToOpenCode(db, req.destination, req.purpose);
}

// ---------------------------------------------------------------- the code calls

/** What the code calls need: limits, messages and providers, and where a failed later delivery is reported. */
export type CodeDeps = Pick<AppDeps, 'db' | 'limiter' | 'i18n' | 'providers'> & { config: DailyCodeCaps; onDeliveryError: (error: unknown) => void };

/** Codes that prove a new contact (registration, binding): sent whether or not a member already uses it. */
const NEW_CONTACT: readonly CodePurpose[] = ['register', 'bind'];

/** Refuses a purpose the calls without a session do not serve. */
function requireOpenPurpose(purpose: CodePurpose): void {
  if (MEMBER_ONLY_PURPOSES.includes(purpose)) throw new AppError(ResponseCode.codeNeedsSignIn);
}

/**
 * A code about an account named by the caller. A known, open account gets its code; an unknown one
 * gets the same limits, the same stored row (a code nobody knows) and the same answer, and nothing is
 * sent. Either way the limits count under `key`, what was typed, never the account's own contact.
 */
async function issueForAccount(deps: CodeDeps, actor: Actor, req: { purpose: CodePurpose; identifier: string; key: string; to: Destination | undefined; lookup: boolean }): Promise<CodeSent> {
  const address = req.to?.address ?? req.key;
  const channel = req.to?.channel ?? (address.startsWith('+') ? 'sms' : 'email');
  const reserved = await reserveCode(deps, { purpose: req.purpose, address, channel, ip: actor.ip, requestedAs: req.key, lookup: req.lookup });
  if (req.to) deliverCodeLater(deps, deps.providers, reserved, req.to, actor.lang, deps.onDeliveryError);
  return codeSentAnswer(req.identifier);
}

/**
 * The destination typed in a request: one e-mail address, or a phone valid for its country code.
 * An e-mail is checked again here, where what a code is sent to is built (`field`: the field it was
 * typed in): a list of addresses or a display name would reach every address a mailer finds in it.
 */
function destinationOf(v: { email?: string; mobile_pre?: string; mobile?: string }, field = 'email'): Destination {
  if (v.email) {
    const address = emailDestination(v.email);
    if (!isEmail(address)) throw new ValidationError([{ field, key: 'validation.email', params: { field } }]);
    return { channel: 'email', address };
  }
  if (v.mobile && v.mobile_pre) {
    const p = checkedPhone(v.mobile_pre, v.mobile);
    return { channel: 'sms', address: phoneDestination(p.mobile_pre, p.mobile) };
  }
  throw new ValidationError([{ field: 'email', key: 'account.validation.destination', params: { field: 'email' } }]);
}

/** A code to a contact typed in the request: new contacts always get theirs, account contacts only when a member uses them. */
async function issueToContact(deps: CodeDeps, actor: Actor, purpose: CodePurpose, to: Destination): Promise<CodeSent> {
  if (NEW_CONTACT.includes(purpose)) return issueCode(deps, deps.providers, { purpose, to, ip: actor.ip, lang: actor.lang });
  const phone = to.channel === 'sms' ? parsePhoneNumberFromString(to.address) : undefined;
  const owner = phone ? await findUserByMobile(deps.db, phone.countryCallingCode, String(phone.nationalNumber)) : await findUserByEmail(deps.db, to.address);
  const usable = owner && owner.status === 'active' ? to : undefined;
  return issueForAccount(deps, actor, { purpose, identifier: to.address, key: to.address, to: usable, lookup: false });
}

/** `/user/send_code`: a code to the e-mail or phone typed in the request. */
export async function sendCodeToContact(deps: CodeDeps, actor: Actor, input: EndpointBody<typeof sendCode>): Promise<CodeSent> {
  requireOpenPurpose(input.type);
  const to = destinationOf(input);
  await ensureCaptcha(deps.db, { ip: actor.ip, account: input.email ?? input.mobile, token: input.captcha_token });
  return issueToContact(deps, actor, input.type, to);
}

/** `/user/sendCodeV4`: a code to an account's e-mail or phone, typed as the account. */
export async function sendCodeToAccountContact(deps: CodeDeps, actor: Actor, input: EndpointBody<typeof sendCodeToAccount>): Promise<CodeSent> {
  requireOpenPurpose(input.type);
  const contact = input.account.includes('@') ? { email: input.account } : { mobile_pre: input.mobile_pre, mobile: input.account };
  if (!contact.email && !input.mobile_pre) throw new ValidationError([{ field: 'mobile_pre', key: 'validation.required', params: { field: 'mobile_pre' } }]);
  const to = destinationOf(contact, 'account');
  await ensureCaptcha(deps.db, { ip: actor.ip, account: input.account, token: input.captcha_token });
  return issueToContact(deps, actor, input.type, to);
}

/** `/user/sendWithUsername`: a code to the contact of the account a user name (or e-mail, or phone) names. */
export async function sendCodeToUserName(deps: CodeDeps, actor: Actor, input: EndpointBody<typeof sendCodeByUserName>): Promise<CodeSent> {
  requireOpenPurpose(input.type);
  await ensureCaptcha(deps.db, { ip: actor.ip, account: input.user_name, token: input.captcha_token });
  const user = await findAccount(deps.db, input.user_name);
  const to = user && user.status === 'active' ? primaryDestination(user) : undefined;
  // The answer names what was typed, masked: the account's own e-mail would tell that it exists.
  return issueForAccount(deps, actor, { purpose: input.type, identifier: input.user_name, key: accountRequestKey(input.user_name), to, lookup: true });
}

/** `/user/send_code_with_token`: a code to the logged-in member's own e-mail or phone, counted under the member (strangers' requests never use it up). */
export async function sendCodeToOwnContact(deps: CodeDeps, actor: Actor, input: EndpointBody<typeof sendCodeToMember>): Promise<CodeSent> {
  const user = await findUserById(deps.db, memberIdOf(actor));
  const to: Destination | undefined =
    input.channel === 'email'
      ? user?.email ? { channel: 'email', address: emailDestination(user.email) } : undefined
      : user?.mobile && user.mobile_pre ? { channel: 'sms', address: phoneDestination(user.mobile_pre, user.mobile) } : undefined;
  if (!to) throw new AppError(ResponseCode.noContact);
  return issueCode(deps, deps.providers, { purpose: input.type, to, ip: actor.ip, lang: actor.lang, requestedAs: memberRequestKey(user!.id) });
}

/** `/user/checkCode`: whether a code is right, without using it up (a wrong one counts as a try). */
export async function checkCodeOnly(db: Database, actor: Actor, input: EndpointBody<typeof checkCode>): Promise<{ ok: true }> {
  requireOpenPurpose(input.type);
  await verifyCode(db, { purpose: input.type, destination: destinationOf(input).address, code: input.code, consume: false, ip: actor.ip });
  return { ok: true };
}

/** What the development providers "sent", newest first (development and tests only: it lists every member's codes). */
export async function outboxMessages(db: Executor, input: { to?: string; limit: number }) {
  const recipient = input.to ? (input.to.includes('@') ? input.to.toLowerCase() : input.to.startsWith('+') ? input.to : `+${input.to}`) : undefined;
  const rows = await q.listOutbox(db, recipient, input.limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    body: r.body,
    code: /\b(\d{6})\b/.exec(r.body)?.[1] ?? null,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
