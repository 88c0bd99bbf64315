import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ResponseCode, maskContact, type CodePurpose, type Language } from '@shop/contract';
import type { AppDeps } from '../../app.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { Messaging } from '../../providers/messaging.js';
import * as q from './verification.queries.js';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_MS = 60_000;
export const MAX_WRONG_TRIES = 5;
/** Codes one destination may receive per hour. */
export const PER_DESTINATION_PER_HOUR = 5;
/** Codes one client address may request per hour. */
export const PER_IP_PER_HOUR = 20;
/** Codes the whole shop sends per minute: a brake on abuse of the mail and SMS bill. */
export const GLOBAL_PER_MINUTE = 600;

export interface Destination {
  channel: 'email' | 'sms';
  /** Lower-cased e-mail, or E.164 phone. */
  address: string;
}

const hashCode = (salt: Buffer, code: string) => createHash('sha256').update(salt).update(code).digest();

/**
 * Sends a fresh 6-digit code (secure random) for `purpose`, unless the destination got one in the
 * last 60 s or a per-destination, per-address or global limit is reached.
 */
export async function issueCode(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'i18n'>,
  messaging: Messaging,
  req: { purpose: CodePurpose; to: Destination; ip: string; lang: Language },
): Promise<{ to: string; resend_in: number; expires_in: number }> {
  const { db, limiter, i18n } = deps;
  const { address } = req.to;
  const latest = await q.findLatestCode(db, address, req.purpose);
  if (latest) {
    const waitMs = new Date(latest.created_at).getTime() + RESEND_AFTER_MS - Date.now();
    if (waitMs > 0) throw new AppError(ResponseCode.codeTooSoon, { seconds: Math.ceil(waitMs / 1000) }, { data: { resend_in: Math.ceil(waitMs / 1000) } });
  }
  if ((await q.countCodesSince(db, address, new Date(Date.now() - 3_600_000))) >= PER_DESTINATION_PER_HOUR) throw new AppError(ResponseCode.codeLimit);
  if (!(await limiter.hit(`code:ip:${req.ip}`, PER_IP_PER_HOUR, 3_600_000)).allowed) throw new AppError(ResponseCode.codeLimit);
  if (!(await limiter.hit('code:global', GLOBAL_PER_MINUTE, 60_000)).allowed) throw new AppError(ResponseCode.codeLimit);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16);
  const { id } = await db.transaction().execute(async (trx) => {
    await q.voidOpenCodes(trx, address, req.purpose);
    return q.insertCode(trx, {
      purpose: req.purpose,
      destination: address,
      channel: req.to.channel,
      code_hash: hashCode(salt, code),
      salt,
      ip: req.ip,
      expires_at: new Date(Date.now() + CODE_TTL_MS),
    });
  });

  const minutes = CODE_TTL_MS / 60_000;
  const text = i18n.t(req.lang, 'account.message.codeText', { code, minutes });
  try {
    if (req.to.channel === 'email') await messaging.mail.send({ to: address, subject: i18n.t(req.lang, 'account.message.codeSubject'), text });
    else await messaging.sms.send({ to: address, text });
  } catch {
    // Nothing was delivered: the member may ask again at once.
    await q.deleteCode(db, id);
    throw new AppError(ResponseCode.messageNotSent);
  }
  return { to: maskContact(address), resend_in: RESEND_AFTER_MS / 1000, expires_in: CODE_TTL_MS / 1000 };
}

/**
 * Checks a code: it must be the newest one sent for the destination and purpose, within 10 minutes,
 * and fewer than 5 wrong tries must have been made (the 5th wrong try voids it). With `consume`
 * a right code is used up.
 */
export async function verifyCode(
  db: Executor,
  req: { purpose: CodePurpose; destination: string; code: string; consume: boolean },
): Promise<void> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await q.lockOpenCodeForUpdate(trx, req.destination, req.purpose);
    if (!row || new Date(row.expires_at).getTime() <= Date.now()) return ResponseCode.codeExpired;
    if (row.attempts >= MAX_WRONG_TRIES) return ResponseCode.codeLocked;
    const given = hashCode(row.salt, req.code);
    if (!timingSafeEqual(given, row.code_hash)) {
      const attempts = row.attempts + 1;
      await trx.updateTable('verification_codes').set({ attempts }).where('id', '=', row.id).execute();
      return attempts >= MAX_WRONG_TRIES ? ResponseCode.codeLocked : ResponseCode.codeInvalid;
    }
    if (req.consume) await trx.updateTable('verification_codes').set({ consumed_at: new Date() }).where('id', '=', row.id).execute();
    return ResponseCode.ok;
  });
  if (outcome !== ResponseCode.ok) throw new AppError(outcome);
}
