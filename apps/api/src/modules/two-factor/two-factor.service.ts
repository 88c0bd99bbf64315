import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { ResponseCode, type Language } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secrets.js';
import { lockUserForUpdate } from '../members/members.queries.js';
import type { SecurityNotices } from '../members/security-notice.js';
import { requireStepUp, type StepUpProof } from './step-up.js';
import { acceptCode, openStoredSecret, sealBoundSecret, sealPendingSecret } from './totp.js';
import { withTransaction } from '../../lib/transaction.js';

export { checkBoundCode, requireTwoFactorIfBound } from './totp.js';

const ISSUER = 'H5 Shop';

/** A new secret to scan; it is bound only after the member proves it with one code (`bind`). Stored sealed. */
export async function createSecret(db: Database, secrets: SecretBox, userId: number): Promise<{ secret: string; uri: string; qr_code: string }> {
  const user = await db.selectFrom('users').select(['user_name', 'totp_secret']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.totp_secret) throw new AppError(ResponseCode.twoFactorBound);
  const secret = generateSecret();
  await db.updateTable('users').set({ totp_pending_secret: sealPendingSecret(secrets, userId, secret) }).where('id', '=', userId).execute();
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
  who: { userId: number; ip: string; lang: Language },
  input: StepUpProof & { code: string },
): Promise<{ bound: true }> {
  const { db, secrets } = deps;
  const current = await db.selectFrom('users').select('totp_secret').where('id', '=', who.userId).executeTakeFirstOrThrow();
  if (current.totp_secret) throw new AppError(ResponseCode.twoFactorBound);
  const before = await requireStepUp(deps, who, input);
  await withTransaction(db, async (trx) => {
    const user = (await lockUserForUpdate(trx, who.userId))!;
    if (user.totp_secret) throw new AppError(ResponseCode.twoFactorBound);
    if (!user.totp_pending_secret) throw new AppError(ResponseCode.twoFactorNotBound);
    const plain = openStoredSecret(secrets, who.userId, user.totp_pending_secret, 'pending');
    await acceptCode(trx, user, plain, input.code);
    await trx.updateTable('users').set({ totp_secret: sealBoundSecret(secrets, who.userId, plain), totp_pending_secret: null }).where('id', '=', who.userId).execute();
  });
  await deps.notices.send(before, 'twoFactor', who.lang);
  return { bound: true };
}
