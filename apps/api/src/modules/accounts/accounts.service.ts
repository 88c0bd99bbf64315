import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import {
  ResponseCode,
  maskContact,
  type RegisterBody,
  type RegisterInternationalBody,
  type SessionData,
  type User,
  type Language,
} from '@shop/contract';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/database.js';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { newToken } from '../../lib/tokens.js';
import type { UserRow } from '../members/members.table.js';
import { clearLoginFailures, countLoginFailures, insertLoginFailure } from '../captcha/captcha.queries.js';
import { ensureCaptcha } from '../captcha/captcha.service.js';
import { requireTwoFactorIfBound } from '../two-factor/two-factor.service.js';
import { verifyCode, type Destination } from '../verification/verification.service.js';
import * as q from './accounts.queries.js';
import { checkedPhone, checkPassword, requireRealName, emailDestination, hashPassword, passwordsMustMatch, phoneDestination, toUserData } from './identity.js';

/** Failed logins for one account (or from one address) in 15 minutes before logins wait. */
export const MAX_LOGIN_FAILURES = 10;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export interface Actor {
  ip: string;
  userAgent?: string;
  lang: Language;
}

/** The account a login or reset names: its user name, e-mail or mobile number. */
export async function findAccount(db: Executor, account: string, mobilePre?: string): Promise<UserRow | undefined> {
  const value = account.trim();
  if (value.includes('@')) return q.findUserByEmail(db, value);
  const byName = await q.findUserByUserName(db, value);
  if (byName) return byName;
  if (/^\+?\d{5,15}$/.test(value)) return q.findUserByMobile(db, mobilePre?.replace(/^\+/, ''), value.replace(/^\+/, ''));
  return undefined;
}

/** Where a member's own codes go: their e-mail, else their phone. */
export function primaryDestination(user: Pick<UserRow, 'email' | 'mobile' | 'mobile_pre'>): Destination | undefined {
  if (user.email) return { channel: 'email', address: emailDestination(user.email) };
  if (user.mobile && user.mobile_pre) return { channel: 'sms', address: phoneDestination(user.mobile_pre, user.mobile) };
  return undefined;
}

async function openSession(db: Executor, config: Config, user: UserRow, actor: Actor): Promise<SessionData> {
  const token = newToken();
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
/** An 8-character invitation code without look-alike characters. */
export const newInviteCode = () => Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)]).join('');

/**
 * Registers a member: the invitation code names the referrer, the e-mail proves itself with the
 * `register` code, the phone (if given) must be valid for its country code. Logs the member in.
 */
export async function registerMember(db: Database, config: Config, actor: Actor, input: RegisterBody | RegisterInternationalBody): Promise<SessionData> {
  await ensureCaptcha(db, { ip: actor.ip, account: input.user_name, token: input.captcha_token });
  if (input.mobile && !input.mobile_pre) throw new ValidationError([{ field: 'mobile_pre', key: 'validation.required', params: { field: 'mobile_pre' } }]);
  const phone = input.mobile && input.mobile_pre ? checkedPhone(input.mobile_pre, input.mobile) : undefined;
  if ('country' in input) {
    // International registration is for members outside mainland China, with a phone of their country.
    if (input.country === 'CN' || !isSupportedCountry(input.country)) throw new ValidationError([{ field: 'country', key: 'validation.invalid', params: { field: 'country' } }]);
    if (getCountryCallingCode(input.country) !== phone?.mobile_pre) throw new ValidationError([{ field: 'mobile', key: 'validation.mobile', params: { field: 'mobile' } }]);
  }
  const referrer = await q.findUserByInviteCode(db, input.invite_code);
  if (!referrer) throw new AppError(ResponseCode.inviteCodeInvalid);
  if (await q.findUserByUserName(db, input.user_name)) throw new AppError(ResponseCode.userNameTaken);
  if (await q.findUserByEmail(db, input.email)) throw new AppError(ResponseCode.emailTaken);
  if (phone && (await q.findUserByMobile(db, phone.mobile_pre, phone.mobile))) throw new AppError(ResponseCode.mobileTaken);

  await verifyCode(db, { purpose: 'register', destination: emailDestination(input.email), code: input.code, consume: true });
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    let user: UserRow | undefined;
    for (let attempt = 0; !user; attempt++) {
      try {
        user = await q.insertUser(trx, {
          user_name: input.user_name,
          nickname: input.nickname,
          email: input.email.trim(),
          mobile_pre: phone?.mobile_pre ?? null,
          mobile: phone?.mobile ?? null,
          password_hash: passwordHash,
          invite_code: newInviteCode(),
          referrer_id: referrer.id,
          country: 'country' in input ? input.country : (phone?.country ?? null),
        });
      } catch (e) {
        const constraint = (e as { constraint?: string }).constraint;
        if (constraint === 'users_user_name_key') throw new AppError(ResponseCode.userNameTaken);
        if (constraint === 'users_email_key') throw new AppError(ResponseCode.emailTaken);
        if (constraint === 'users_mobile_key') throw new AppError(ResponseCode.mobileTaken);
        if (constraint !== 'users_invite_code_key' || attempt > 5) throw e;
      }
    }
    return openSession(trx, config, user, actor);
  });
}

/**
 * Logs in by user name, e-mail or mobile. An unknown account and a wrong password get the same
 * answer (and take as long); a banned account is told so only after the right password.
 */
export async function loginMember(db: Database, config: Config, actor: Actor, input: { account: string; password: string; mobile_pre?: string; captcha_token?: string }): Promise<SessionData> {
  const failures = await countLoginFailures(db, input.account, actor.ip, LOGIN_FAILURE_WINDOW_MS);
  if (failures.byAccount >= MAX_LOGIN_FAILURES || failures.byIp >= MAX_LOGIN_FAILURES * 3) {
    throw new AppError(ResponseCode.loginLocked, { minutes: LOGIN_FAILURE_WINDOW_MS / 60_000 });
  }
  await ensureCaptcha(db, { ip: actor.ip, account: input.account, token: input.captcha_token });
  const user = await findAccount(db, input.account, input.mobile_pre);
  const usable = user && user.status !== 'closed' ? user : undefined;
  if (!(await checkPassword(usable?.password_hash, input.password)) || !usable) {
    await insertLoginFailure(db, input.account, actor.ip);
    throw new AppError(ResponseCode.loginFailed);
  }
  if (usable.status === 'banned') throw new AppError(ResponseCode.accountBanned);
  await clearLoginFailures(db, input.account);
  return openSession(db, config, usable, actor);
}

/** A new token for a live one; the old token stops working at once. */
export async function refreshSession(db: Database, config: Config, actor: Actor, oldToken: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const session = await q.findLiveSession(trx, oldToken);
    if (!session) throw new AppError(ResponseCode.tokenInvalid);
    const revoked = await q.revokeSession(trx, session.id);
    // Two refreshes racing with the same token: only one wins.
    if (Number(revoked.numUpdatedRows) !== 1) throw new AppError(ResponseCode.tokenInvalid);
    const user = await q.findUserById(trx, session.user_id);
    if (!user || user.status !== 'active') throw new AppError(ResponseCode.tokenInvalid);
    const token = newToken();
    await q.insertSession(trx, { userId: user.id, token, expiresAt: new Date(Date.now() + config.SESSION_TTL_DAYS * 86_400_000), ip: actor.ip, userAgent: actor.userAgent });
    return token;
  });
}

/** Ends this session only. */
export async function logout(db: Executor, sessionId: number): Promise<{ ok: true }> {
  await q.revokeSession(db, sessionId);
  return { ok: true };
}

/** The inviter behind an invitation code, shown masked on the registration form. */
export async function findInviter(db: Executor, inviteCode: string): Promise<{ nickname: string; user_name: string }> {
  const user = await q.findUserByInviteCode(db, inviteCode);
  if (!user) throw new AppError(ResponseCode.inviteCodeInvalid);
  return { nickname: user.nickname, user_name: maskContact(user.user_name) };
}

/** Resets a forgotten password with the code sent to the account's e-mail (or phone); every session ends. */
export async function resetForgottenPassword(db: Database, input: { account: string; code: string; password: string; password_confirm: string }): Promise<{ ok: true }> {
  passwordsMustMatch(input.password, input.password_confirm);
  const user = await findAccount(db, input.account);
  const to = user && user.status === 'active' ? primaryDestination(user) : undefined;
  // No account, no code: the same answer as a wrong code.
  if (!user || !to) throw new AppError(ResponseCode.codeExpired);
  await verifyCode(db, { purpose: 'forget', destination: to.address, code: input.code, consume: true });
  const hash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await q.updateUser(trx, user.id, { password_hash: hash, password_changed_at: new Date() });
    await q.revokeAllSessions(trx, user.id);
  });
  return { ok: true };
}

export async function getProfile(db: Executor, userId: number): Promise<User> {
  const user = await q.findUserById(db, userId);
  if (!user) throw new AppError(ResponseCode.userNotFound);
  return toUserData(db, user);
}

/** Changes the nickname and avatar; the avatar must be an image the member uploaded here. */
export async function saveProfile(db: Executor, userId: number, input: { nickname?: string; avatar?: string }): Promise<User> {
  if (input.avatar !== undefined) {
    const key = /^(?:https?:\/\/[^/]+)?\/uploads\/([\w/.-]+)$/.exec(input.avatar)?.[1];
    const own = key
      ? await db.selectFrom('uploads').select('id').where('storage_key', '=', key).where('user_id', '=', userId).where('kind', '=', 'image').executeTakeFirst()
      : undefined;
    if (!own) throw new ValidationError([{ field: 'avatar', key: 'validation.invalid', params: { field: 'avatar' } }]);
  }
  const user = await q.updateUser(db, userId, { ...(input.nickname !== undefined ? { nickname: input.nickname } : {}), ...(input.avatar !== undefined ? { avatar: input.avatar } : {}) });
  return toUserData(db, user);
}

/** The member's invitation link and its QR code. */
export async function shareInfo(db: Executor, config: Config, userId: number): Promise<{ invite_code: string; share_url: string; qr_code: string }> {
  let user = (await q.findUserById(db, userId))!;
  if (!user.invite_code) user = await q.updateUser(db, userId, { invite_code: newInviteCode() });
  const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const share_url = `${base}/h5/#/pages/login/reg/reg?shareCode=${encodeURIComponent(user.invite_code!)}`;
  return { invite_code: user.invite_code!, share_url, qr_code: await QRCode.toDataURL(share_url, { margin: 1, width: 240 }) };
}

/** Whether a user name, e-mail or phone is still free (registration form). */
export async function isAccountAvailable(db: Executor, input: { user_name?: string; email?: string; mobile_pre?: string; mobile?: string }): Promise<{ available: boolean }> {
  if (input.user_name && (await q.findUserByUserName(db, input.user_name))) return { available: false };
  if (input.email && (await q.findUserByEmail(db, input.email))) return { available: false };
  if (input.mobile && (await q.findUserByMobile(db, input.mobile_pre, input.mobile))) return { available: false };
  return { available: true };
}

/** Changes the login password: the old one, a matching confirmation, the authenticator once bound; every session ends. */
export async function changePassword(db: Database, userId: number, input: { old_password: string; password: string; password_confirm: string; google_code?: string }): Promise<{ ok: true }> {
  passwordsMustMatch(input.password, input.password_confirm);
  const user = (await q.findUserById(db, userId))!;
  if (!(await checkPassword(user.password_hash, input.old_password))) throw new AppError(ResponseCode.wrongPassword);
  await requireTwoFactorIfBound(db, user, input.google_code);
  const hash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await q.updateUser(trx, userId, { password_hash: hash, password_changed_at: new Date() });
    await q.revokeAllSessions(trx, userId);
  });
  return { ok: true };
}

/** Sets or changes the 6-digit pay password: real name first, the e-mailed code, the authenticator once bound. */
export async function setPayPassword(db: Database, userId: number, input: { password: string; password_confirm: string; code: string; google_code?: string }): Promise<{ ok: true }> {
  passwordsMustMatch(input.password, input.password_confirm);
  const user = (await q.findUserById(db, userId))!;
  await requireRealName(db, userId);
  await requireTwoFactorIfBound(db, user, input.google_code);
  const to = primaryDestination(user);
  if (!to) throw new AppError(ResponseCode.noContact);
  await verifyCode(db, { purpose: 'pay_password', destination: to.address, code: input.code, consume: true });
  await q.updateUser(db, userId, { pay_password_hash: await hashPassword(input.password) });
  return { ok: true };
}

/** Binds or changes the e-mail or mobile: the code sent to the new contact, the authenticator once bound. */
export async function changeContact(db: Database, userId: number, input: { email?: string; mobile_pre?: string; mobile?: string; code: string; google_code?: string }): Promise<User> {
  const user = (await q.findUserById(db, userId))!;
  await requireTwoFactorIfBound(db, user, input.google_code);
  if (input.email) {
    const owner = await q.findUserByEmail(db, input.email);
    if (owner && owner.id !== userId) throw new AppError(ResponseCode.emailTaken);
    await verifyCode(db, { purpose: 'bind', destination: emailDestination(input.email), code: input.code, consume: true });
    return toUserData(db, await q.updateUser(db, userId, { email: input.email.trim() }));
  }
  const phone = checkedPhone(input.mobile_pre!, input.mobile!);
  const owner = await q.findUserByMobile(db, phone.mobile_pre, phone.mobile);
  if (owner && owner.id !== userId) throw new AppError(ResponseCode.mobileTaken);
  await verifyCode(db, { purpose: 'bind', destination: phoneDestination(phone.mobile_pre, phone.mobile), code: input.code, consume: true });
  return toUserData(db, await q.updateUser(db, userId, { mobile_pre: phone.mobile_pre, mobile: phone.mobile }));
}
