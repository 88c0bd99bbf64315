import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { ResponseCode } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database } from '../../db/database.js';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secrets.js';
import { findUserById, lockUserForUpdate, setUserTotp } from '../members/members.queries.js';
import type { SecurityNotices } from '../members/security-notice.js';
import { requireStepUp, type StepUpProof } from './step-up.js';
import { acceptCode, checkOwnBoundCode, openStoredSecret, sealBoundSecret, sealPendingSecret } from './totp.js';
import { withTransaction } from '../../lib/transaction.js';

export { checkBoundCode, requireTwoFactorIfBound } from './totp.js';

const ISSUER = 'H5 Shop';

/** A new secret to scan; it is bound only after the member proves it with one code (`bind`). Stored sealed. */
export async function createSecret(deps: Pick<AppDeps, 'db' | 'secrets'>, actor: Actor): Promise<{ secret: string; uri: string; qr_code: string }> {
  const userId = memberIdOf(actor);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(ResponseCode.userNotFound);
  if (user.totp_secret) throw new AppError(ResponseCode.twoFactorBound);
  const secret = generateSecret();
  await setUserTotp(deps.db, userId, { totp_pending_secret: sealPendingSecret(deps.secrets, userId, secret) });
  const uri = generateURI({ issuer: ISSUER, label: user.user_name, secret });
  return { secret, uri, qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/**
 * Binds the secret shown by `createSecret` after one valid code, once the member passed the step-up
 * check (the login password): a stolen session cannot bind an authenticator of its own. The member
 * is told of it at their e-mail (or phone).
 */
export async function bindSecret(
  deps: { db: Database; secrets: SecretBox; notices: SecurityNotices },
  actor: Actor,
  input: StepUpProof & { code: string },
): Promise<{ bound: true }> {
  const { db, secrets } = deps;
  const who = { userId: memberIdOf(actor), ip: actor.ip };
  const current = await findUserById(db, who.userId);
  if (!current) throw new AppError(ResponseCode.userNotFound);
  if (current.totp_secret) throw new AppError(ResponseCode.twoFactorBound);
  const before = await requireStepUp(deps, who, input);
  await withTransaction(db, async (trx) => {
    const user = (await lockUserForUpdate(trx, who.userId))!;
    if (user.totp_secret) throw new AppError(ResponseCode.twoFactorBound);
    if (!user.totp_pending_secret) throw new AppError(ResponseCode.twoFactorNotBound);
    const plain = openStoredSecret(secrets, who.userId, user.totp_pending_secret, 'pending');
    await acceptCode(trx, user, plain, input.code);
    await setUserTotp(trx, who.userId, { totp_secret: sealBoundSecret(secrets, who.userId, plain), totp_pending_secret: null });
  });
  await deps.notices.send(before, 'twoFactor', actor.lang);
  return { bound: true };
}

/** Checks a code of the member's bound authenticator (each code works once; wrong ones count toward the member's strict lockout). */
export async function checkOwnCode(deps: Pick<AppDeps, 'db' | 'secrets'>, actor: Actor, input: { code: string }): Promise<{ ok: true }> {
  await checkOwnBoundCode(deps.db, deps.secrets, { userId: memberIdOf(actor), ip: actor.ip }, input.code);
  return { ok: true };
}
