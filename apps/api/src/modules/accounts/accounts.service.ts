import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import {
  ResponseCode,
  isEmail,
  maskContact,
  userNameField,
  type RegisterBody,
  type RegisterInternationalBody,
  type SessionData,
  type User,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import type { SecretBox } from '../../lib/secrets.js';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { newToken } from '../../lib/tokens.js';
import { withTransaction } from '../../lib/transaction.js';
import type { UserRow } from '../members/members.table.js';
import { ensureCaptcha } from '../captcha/captcha.service.js';
import { clearLoginFailures } from '../captcha/captcha.queries.js';
import { checkOwnBoundCode, requireTwoFactorIfBound } from '../two-factor/totp.js';
import { consumeCode, contactWithOpenCode, spendCodeTry, standInCodeDestination, verifyCode } from '../verification/verification.service.js';
import * as q from '../members/members.queries.js';
import { storedUploadPath, uploadKeyOf } from '../uploads/file-addresses.js';
import { findOwnUpload, markUploadPublic, markUploadsPrivateWhenUnused } from '../uploads/uploads.queries.js';
import { toUserData } from './user-data.js';
import { houseCodeHook, isHouseCode } from './house-code.js';
import {
  checkedPhone,
  checkPassword,
  contactsOf,
  emailDestination,
  findAccount,
  hashPassword,
  matchAccounts,
  passwordsMustMatch,
  phoneDestination,
  primaryDestination,
  requireUncommonPassword,
} from '../members/identity.js';
import { OPEN_TO_STRANGERS, assertNotLocked, clearFailures, failureKey, guessUnderLockout, signInLockState, typedIdentifier } from '../captcha/lockout.js';
import type { SecurityNotices } from '../members/security-notice.js';
import { requireStepUp, type StepUpProof } from '../two-factor/step-up.js';

export { MAX_LOGIN_FAILURES } from '../captcha/lockout.js';

/** What the security calls need beyond the database: the sealed-secrets key and the change notices. */
export interface SecurityDeps {
  db: Database;
  secrets: SecretBox;
  notices: SecurityNotices;
}

async function openSession(db: Executor, config: AppDeps['config'], user: UserRow, actor: Actor): Promise<SessionData> {
  const token = newToken();
  // A login starts a new family of tokens (the database gives it its id).
  const session = await q.insertSession(db, {
    userId: user.id,
    token,
    expiresAt: new Date(Date.now() + config.SESSION_TTL_DAYS * 86_400_000),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return { token, expires_at: new Date(session.expires_at).toISOString(), user: await toUserData(db, user) };
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/**
 * An 8-character invitation code without look-alike characters, never the shop's house code
 * (`besides`), never all digits (it could be someone's phone number).
 */
export function newInviteCode(besides?: string): string {
  for (;;) {
    const code = Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)]).join('');
    if (code !== besides?.toUpperCase() && !/^\d+$/.test(code)) return code;
  }
}

/** A new invitation code that is no member's user name nor code either (the database refuses one that is). */
async function freshInviteCode(db: Executor, house?: string): Promise<string> {
  for (;;) {
    const code = newInviteCode(house);
    if (!(await q.findUserHoldingIdentifier(db, code))) return code;
  }
}

/**
 * Registers a member: the invitation code names the referrer (the shop's house code names none: the
 * member joins at the top of the sponsor tree), the e-mail proves itself with the
 * `register` code, the phone (if given) must be valid for its country code. Logs the member in.
 * Nothing proves the phone, so it is kept unconfirmed: it names nobody and blocks nobody until a code
 * sent to it confirms it (`changeContact`), and whether another member holds it is never told here.
 * Whether the user name or e-mail is taken is told only after the e-mailed code is right, so only
 * the owner of that e-mail learns it (and each such answer costs the code one of its tries).
 */
export async function registerMember(deps: Pick<AppDeps, 'db' | 'config'>, actor: Actor, input: RegisterBody | RegisterInternationalBody): Promise<SessionData> {
  const { db, config } = deps;
  await ensureCaptcha(db, { ip: actor.ip, account: input.user_name, token: input.captcha_token });
  if (input.mobile && !input.mobile_pre) throw new ValidationError([{ field: 'mobile_pre', key: 'validation.required', params: { field: 'mobile_pre' } }]);
  const phone = input.mobile && input.mobile_pre ? checkedPhone(input.mobile_pre, input.mobile) : undefined;
  if ('country' in input) {
    // International registration is for members outside mainland China, with a phone of their country.
    if (input.country === 'CN' || !isSupportedCountry(input.country)) throw new ValidationError([{ field: 'country', key: 'validation.invalid', params: { field: 'country' } }]);
    if (getCountryCallingCode(input.country) !== phone?.mobile_pre) throw new ValidationError([{ field: 'mobile', key: 'validation.mobile', params: { field: 'mobile' } }]);
  }
  await requireUncommonPassword(input.password, [input.user_name, input.email]);
  const referrer = await q.findUserByInviteCode(db, input.invite_code);
  // Without a member's code the shop's own code lets the first members (and those with no sponsor) in.
  if (!referrer && !(await isHouseCode(db, input.invite_code))) throw new AppError(ResponseCode.inviteCodeInvalid);

  const codeOf = { purpose: 'register' as const, destination: emailDestination(input.email) };
  await verifyCode(db, { ...codeOf, code: input.code, consume: false, ip: actor.ip });
  // A user name is never another member's invitation code: one typed identifier names one member.
  const taken = (await q.findUserHoldingIdentifier(db, input.user_name))
    ? ResponseCode.userNameTaken
    : (await q.findUserByEmail(db, input.email))
      ? ResponseCode.emailTaken
      : undefined;
  if (taken) {
    await spendCodeTry(db, codeOf);
    throw new AppError(taken);
  }
  const passwordHash = await hashPassword(input.password);
  return withTransaction(db, async (trx) => {
    // Used up with the account it creates: a failed insert leaves the code usable.
    await consumeCode(trx, { ...codeOf, code: input.code });
    let user: UserRow | undefined;
    const house = await houseCodeHook.houseCode(trx);
    // A generated invitation code that is taken already is skipped without failing the transaction.
    for (let attempt = 0; !user; attempt++) {
      if (attempt > 5) throw new Error('no free invitation code after 6 tries');
      try {
        user = await q.insertUserWithFreshInviteCode(trx, {
          user_name: input.user_name,
          nickname: input.nickname,
          email: input.email.trim(),
          // Proved by nothing yet: shown to the member, named by no lookup (docs/decisions/2026-11-30-registration-phone-unconfirmed.md).
          unverified_mobile_pre: phone?.mobile_pre ?? null,
          unverified_mobile: phone?.mobile ?? null,
          password_hash: passwordHash,
          invite_code: await freshInviteCode(trx, house),
          referrer_id: referrer?.id ?? null,
          country: 'country' in input ? input.country : (phone?.country ?? null),
        });
      } catch (e) {
        const constraint = (e as { constraint?: string }).constraint;
        if (constraint === 'users_user_name_key' || constraint === 'users_user_name_invite_code') throw new AppError(ResponseCode.userNameTaken);
        if (constraint === 'users_email_key') throw new AppError(ResponseCode.emailTaken);
        throw e;
      }
    }
    return openSession(trx, config, user, actor);
  });
}

/**
 * Logs in by user name, e-mail or mobile. An unknown account and a wrong password get the same
 * answer (and take as long); a banned account is told so only after the right password. Where old
 * accounts share the typed identifier (a user name that is another's phone number, a number held in
 * two countries), the password tells them apart; nobody is logged in to an account they did not prove.
 */
export async function loginMember(deps: Pick<AppDeps, 'db' | 'config'>, actor: Actor, input: { account: string; password: string; mobile_pre?: string; captcha_token?: string }): Promise<SessionData> {
  const { db, config } = deps;
  const candidates = (await matchAccounts(db, input.account, { mobilePre: input.mobile_pre })).map((m) => m.user);
  // Failures count against the account, whichever of its names was typed (against the typed name when it names several).
  const key = failureKey(candidates.length === 1 ? candidates[0] : undefined, input.account);
  // "Locked" follows what was typed; an account locked through its other names answers as an unknown identifier (2026-11-29-lockout-per-address.md).
  const typed = typedIdentifier(input.account);
  await signInLockState(db, key, typed, actor.ip);
  // The slider too: the address's failures and the typed text's, never the account's through its other names, locked or not (2026-11-30).
  await ensureCaptcha(db, { ip: actor.ip, typed, token: input.captcha_token });
  const refuseUnchecked = async (): Promise<never> => {
    await accountsWithPassword([], input.password);
    throw new AppError(ResponseCode.loginFailed);
  };
  // The guess takes its place among the failures before the hash is checked: concurrent guesses cannot pass the limit.
  const { result: usable, earlier: failures } = await guessUnderLockout(
    db,
    key,
    actor.ip,
    ResponseCode.loginFailed,
    async () => {
      const proven = await accountsWithPassword(candidates, input.password);
      if (proven.length > 1) throw new AppError(ResponseCode.accountAmbiguous);
      if (!proven[0]) throw new AppError(ResponseCode.loginFailed);
      return proven[0];
    },
    OPEN_TO_STRANGERS,
    { typed, unchecked: refuseUnchecked },
  );
  if (usable.status === 'banned') throw new AppError(ResponseCode.accountBanned);
  await clearFailures(db, key, actor.ip, failures);
  // The session opens only while the password just proven is still the member's: a change or reset
  // that committed meanwhile refuses it, and one under way (its sessions already ended) is waited for.
  return withTransaction(db, async (trx) => {
    const now = await q.lockUserPasswordForShare(trx, usable.id);
    if (!now || now.password_hash !== usable.password_hash || now.status !== usable.status) throw new AppError(ResponseCode.loginFailed);
    return openSession(trx, config, usable, actor);
  });
}

/** The candidates whose password this is (with none, a made-up hash is checked, so the answer takes as long). */
async function accountsWithPassword(candidates: UserRow[], password: string): Promise<UserRow[]> {
  if (!candidates.length) return (await checkPassword(undefined, password), []);
  const right = await Promise.all(candidates.map((u) => checkPassword(u.password_hash, password)));
  return candidates.filter((_, i) => right[i]);
}

/**
 * A new token for a live one; the old token stops working at once. Refreshing with a token that was
 * already refreshed means two holders have it (one of them a thief): every token of its family ends.
 */
export async function refreshSession(deps: Pick<AppDeps, 'db' | 'config'>, actor: Actor, input: { token: string }): Promise<string> {
  const { db, config } = deps;
  const session = await q.findSessionByToken(db, input.token);
  if (!session) throw new AppError(ResponseCode.tokenInvalid);
  if (session.rotated_at) {
    await q.revokeFamily(db, session.family_id);
    throw new AppError(ResponseCode.tokenInvalid);
  }
  const now = Date.now();
  const idle = new Date(session.last_used_at).getTime() <= now - config.SESSION_IDLE_DAYS * 86_400_000;
  if (session.revoked_at || new Date(session.expires_at).getTime() <= now || idle) throw new AppError(ResponseCode.tokenInvalid);
  const token = await withTransaction(db, async (trx) => {
    // The member's row under a shared lock first: a password change or reset (which updates it, then
    // ends every session) has either committed, and ended this session, or waits to end the new one.
    const user = await q.lockUserForShare(trx, session.user_id);
    // Two refreshes racing with the same token: only one wins; the other is a reuse.
    if ((await q.rotateSession(trx, session.id)) !== 1) return undefined;
    if (!user || user.status !== 'active') throw new AppError(ResponseCode.tokenInvalid);
    const fresh = newToken();
    await q.insertSession(trx, { userId: user.id, token: fresh, familyId: session.family_id, expiresAt: new Date(now + config.SESSION_TTL_DAYS * 86_400_000), ip: actor.ip, userAgent: actor.userAgent });
    return fresh;
  });
  if (token === undefined) {
    await q.revokeFamily(db, session.family_id);
    throw new AppError(ResponseCode.tokenInvalid);
  }
  return token;
}

/** Ends the session the request came with, only that one. */
export async function logout(db: Executor, actor: Actor): Promise<{ ok: true }> {
  memberIdOf(actor);
  if (actor.sessionId !== undefined) await q.revokeSession(db, actor.sessionId);
  return { ok: true };
}

/** The inviter behind an invitation code, shown masked on the registration form. */
export async function findInviter(db: Executor, _actor: Actor, input: { invite_code: string }): Promise<{ nickname: string; user_name: string }> {
  const user = await q.findUserByInviteCode(db, input.invite_code);
  // The house code is the shop's: it is good, and there is no member behind it to show.
  if (!user && (await isHouseCode(db, input.invite_code))) return { nickname: '', user_name: '' };
  if (!user) throw new AppError(ResponseCode.inviteCodeInvalid);
  return { nickname: user.nickname, user_name: maskContact(user.user_name) };
}

/**
 * Resets a forgotten password with the code sent to the account's e-mail (or phone), and the
 * authenticator's code when one is bound; every session ends. An unknown account is checked against
 * the stand-in code its request stored, so every answer (no code asked, wrong code, too many tries)
 * is the one a real account would get.
 */
export async function resetForgottenPassword(deps: Pick<SecurityDeps, 'db' | 'secrets' | 'notices'>, actor: Actor, input: { account: string; code: string; password: string; password_confirm: string; google_code?: string }): Promise<{ ok: true }> {
  const { db } = deps;
  passwordsMustMatch(input.password, input.password_confirm);
  await requireUncommonPassword(input.password);
  const user = await findAccount(db, input.account);
  // The code went to the e-mail or the phone the member asked it for (`sendWithUsername`: the e-mail, else the phone).
  const to = user && user.status === 'active' ? await contactWithOpenCode(db, 'forget', contactsOf(user)) : undefined;
  if (user && to && user.totp_secret) await requireTotpForReset(deps, actor, user, { ...input, destination: to.address });
  // An unknown account: its stand-in code, wherever the request for it stored it (a phone typed with or without its country code too).
  await checkResetCode(db, actor.ip, to?.address ?? (await standInCodeDestination(db, 'forget', input.account)), input.code);
  // A stand-in code is never sent, so this is not reached in practice.
  if (!user || !to) throw new AppError(ResponseCode.codeExpired);
  const hash = await hashPassword(input.password);
  await withTransaction(db, async (trx) => {
    await consumeCode(trx, { purpose: 'forget', destination: to.address, code: input.code });
    await q.updateUser(trx, user.id, { password_hash: hash, password_changed_at: new Date() });
    await q.revokeAllSessions(trx, user.id);
    // The account is proven by the code: its failed logins are forgiven, as a right password forgives them.
    await clearLoginFailures(trx, failureKey(user, input.account));
  });
  await deps.notices.send(user, 'password', actor.lang);
  return { ok: true };
}

/** Checks a reset code: a wrong code and no code at all answer alike, since whether a code is outstanding says whether someone asked for the account. */
const checkResetCode = (db: Database, ip: string, destination: string, code: string) =>
  verifyCode(db, { purpose: 'forget', destination, code, consume: false, ip }).catch((e: unknown) => {
    throw e instanceof AppError && e.code === ResponseCode.codeInvalid ? new AppError(ResponseCode.codeExpired) : e;
  });

/**
 * With an authenticator bound, a reset needs its code too. Only someone holding the right e-mailed
 * code gets this far, so a stranger never learns whether an account has one; wrong codes count
 * toward the account's lockout.
 */
async function requireTotpForReset(deps: Pick<SecurityDeps, 'db' | 'secrets'>, actor: Actor, user: UserRow, input: { account: string; code: string; google_code?: string; destination: string }): Promise<void> {
  const { db } = deps;
  await checkResetCode(db, actor.ip, input.destination, input.code);
  await assertNotLocked(db, failureKey(user, input.account), actor.ip);
  // Wrong codes count under the member's one strict key, for every address together, as in a session:
  // whoever holds the e-mailed code cannot spread guesses at the authenticator over many addresses.
  await checkOwnBoundCode(db, deps.secrets, { userId: user.id, ip: actor.ip }, input.google_code);
}

/** The logged-in member as the app sees them. */
export async function getProfile(db: Executor, actor: Actor): Promise<User> {
  const user = await q.findUserById(db, memberIdOf(actor));
  if (!user) throw new AppError(ResponseCode.userNotFound);
  return toUserData(db, user);
}

/**
 * Changes the nickname and avatar; the avatar must be an image the member uploaded here. It is kept by
 * its path here whatever host it was sent with, and the replaced one is made private again when nothing
 * else public shows it.
 */
export async function saveProfile(db: Database, actor: Actor, input: { nickname?: string; avatar?: string }): Promise<User> {
  const userId = memberIdOf(actor);
  let key: string | undefined;
  if (input.avatar !== undefined) {
    key = uploadKeyOf(input.avatar);
    const own = key ? await findOwnUpload(db, userId, key, 'image') : undefined;
    if (!key || !own) throw new ValidationError([{ field: 'avatar', key: 'validation.invalid', params: { field: 'avatar' } }]);
  }
  const user = await withTransaction(db, async (tx) => {
    const before = key === undefined ? undefined : await q.lockUserForUpdate(tx, userId);
    // An avatar is shown to others: its file becomes public, kept by its lasting address here.
    if (key !== undefined) await markUploadPublic(tx, userId, key);
    const after = await q.updateUser(tx, userId, { ...(input.nickname !== undefined ? { nickname: input.nickname } : {}), ...(key !== undefined ? { avatar: storedUploadPath(key) } : {}) });
    const replaced = before?.avatar ? uploadKeyOf(before.avatar) : undefined;
    if (replaced && replaced !== key) await markUploadsPrivateWhenUnused(tx, userId, [replaced]);
    return after;
  });
  return toUserData(db, user);
}

/** The member's invitation link and its QR code. */
export async function shareInfo(deps: Pick<AppDeps, 'db' | 'config'>, actor: Actor): Promise<{ invite_code: string; share_url: string; qr_code: string }> {
  const { db, config } = deps;
  const userId = memberIdOf(actor);
  let user = (await q.findUserById(db, userId))!;
  if (!user.invite_code) user = await q.updateUser(db, userId, { invite_code: await freshInviteCode(db, await houseCodeHook.houseCode(db)) });
  const share_url = `${publicBaseUrl(config)}/h5/#/pages/login/reg/reg?shareCode=${encodeURIComponent(user.invite_code!)}`;
  return { invite_code: user.invite_code!, share_url, qr_code: await QRCode.toDataURL(share_url, { margin: 1, width: 240 }) };
}

/**
 * Whether a user name, e-mail or phone may be used to register, judged by its form only: anyone may
 * call this, so it never looks at other members' accounts (registration tells a taken one after the
 * e-mailed code is right).
 */
export function isAccountAvailable(input: { user_name?: string; email?: string; mobile_pre?: string; mobile?: string }): { available: boolean } {
  if (input.user_name && !userNameField.safeParse(input.user_name).success) return { available: false };
  if (input.email && !isEmail(input.email)) return { available: false };
  if (input.mobile) {
    try {
      checkedPhone(input.mobile_pre ?? '', input.mobile);
    } catch {
      return { available: false };
    }
  }
  return { available: true };
}

/** Changes the login password: the old one, a matching confirmation, the authenticator once bound; every session ends, and the member is told. */
export async function changePassword(deps: Pick<SecurityDeps, 'db' | 'secrets' | 'notices'>, actor: Actor, input: { old_password: string; password: string; password_confirm: string; google_code?: string }): Promise<{ ok: true }> {
  const { db } = deps;
  const userId = memberIdOf(actor);
  passwordsMustMatch(input.password, input.password_confirm);
  const user = (await q.findUserById(db, userId))!;
  // A wrong current password here counts like a failed login: a stolen session cannot guess it.
  const key = failureKey(user, user.user_name);
  await guessUnderLockout(db, key, actor.ip, ResponseCode.wrongPassword, async () => {
    if (!(await checkPassword(user.password_hash, input.old_password))) throw new AppError(ResponseCode.wrongPassword);
  });
  await requireUncommonPassword(input.password, [user.user_name, user.email]);
  await requireTwoFactorIfBound(db, deps.secrets, user, actor.ip, input.google_code);
  const hash = await hashPassword(input.password);
  await withTransaction(db, async (trx) => {
    await q.updateUser(trx, userId, { password_hash: hash, password_changed_at: new Date() });
    await q.revokeAllSessions(trx, userId);
  });
  await deps.notices.send(user, 'password', actor.lang);
  return { ok: true };
}

/**
 * Sets or changes the 6-digit pay password: the step-up check (login password, or the authenticator
 * once bound), the e-mailed code; the member is told of the change. No real name is needed: paying
 * one's own order from one's own balance needs only this password, while what moves money to
 * others or out (transfers, withdrawals, bank cards) asks for the real name itself.
 */
export async function setPayPassword(deps: SecurityDeps, actor: Actor, input: StepUpProof & { password: string; password_confirm: string; code: string }): Promise<{ ok: true }> {
  const { db } = deps;
  const userId = memberIdOf(actor);
  passwordsMustMatch(input.password, input.password_confirm);
  const user = await requireStepUp(deps, { userId, ip: actor.ip }, input);
  const to = primaryDestination(user);
  if (!to) throw new AppError(ResponseCode.noContact);
  await verifyCode(db, { purpose: 'pay_password', destination: to.address, code: input.code, consume: false });
  const hash = await hashPassword(input.password);
  await withTransaction(db, async (trx) => {
    await consumeCode(trx, { purpose: 'pay_password', destination: to.address, code: input.code });
    await q.updateUser(trx, userId, { pay_password_hash: hash });
  });
  await deps.notices.send(user, 'payPassword', actor.lang);
  return { ok: true };
}

/**
 * Binds or changes the e-mail or mobile: the step-up check (login password, or the authenticator
 * once bound), then the code sent to the new contact; the old contact is told of the change. A phone
 * proved here replaces the member's unconfirmed one and clears anyone else's unconfirmed copy of it.
 * Every other device is signed out: a login the member does not know of cannot outlast the change.
 */
export async function changeContact(deps: SecurityDeps, actor: Actor, input: StepUpProof & { email?: string; mobile_pre?: string; mobile?: string; code: string }): Promise<User> {
  const { db } = deps;
  const userId = memberIdOf(actor);
  const phone = input.email ? undefined : checkedPhone(input.mobile_pre!, input.mobile!);
  const before = await requireStepUp(deps, { userId, ip: actor.ip }, input);
  // The code first: only whoever holds the contact may learn that another account uses it.
  if (input.email) {
    const email = input.email.trim();
    const code = { purpose: 'bind' as const, destination: emailDestination(input.email), code: input.code };
    await verifyCode(db, { ...code, consume: false, ip: actor.ip });
    const owner = await q.findUserByEmail(db, input.email);
    if (owner && owner.id !== userId) throw new AppError(ResponseCode.emailTaken);
    const after = await withTransaction(db, async (trx) => {
      await consumeCode(trx, code);
      await q.revokeOtherSessions(trx, userId, actor.sessionId);
      return q.updateUser(trx, userId, { email });
    });
    await deps.notices.send(before, 'email', actor.lang, { to: email });
    return toUserData(db, after);
  }
  const code = { purpose: 'bind' as const, destination: phoneDestination(phone!.mobile_pre, phone!.mobile), code: input.code };
  await verifyCode(db, { ...code, consume: false, ip: actor.ip });
  const owner = await q.findUserByMobile(db, phone!.mobile_pre, phone!.mobile);
  if (owner && owner.id !== userId) throw new AppError(ResponseCode.mobileTaken);
  const after = await withTransaction(db, async (trx) => {
    await consumeCode(trx, code);
    await q.clearUnverifiedPhone(trx, phone!.mobile_pre, phone!.mobile, userId);
    await q.revokeOtherSessions(trx, userId, actor.sessionId);
    return q.updateUser(trx, userId, { mobile_pre: phone!.mobile_pre, mobile: phone!.mobile, unverified_mobile_pre: null, unverified_mobile: null }).catch((e: unknown) => {
      // Another member proved the same number a moment earlier.
      throw (e as { constraint?: string }).constraint === 'users_mobile_key' ? new AppError(ResponseCode.mobileTaken) : e;
    });
  });
  await deps.notices.send(before, 'mobile', actor.lang, { to: phone!.e164 });
  return toUserData(db, after);
}
