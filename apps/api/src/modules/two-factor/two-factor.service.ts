import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { ResponseCode } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../members/members.table.js';
import { lockUserForUpdate } from '../accounts/accounts.queries.js';

const ISSUER = 'H5 Shop';
/** One step either side: phones whose clock is up to 30 s off still work. */
const TOLERANCE_SECONDS = 30;

/** A new secret to scan; it is bound only after the member proves it with one code (`bind`). */
export async function createSecret(db: Executor, userId: number): Promise<{ secret: string; uri: string; qr_code: string }> {
  const user = await db.selectFrom('users').select(['user_name', 'totp_secret']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.totp_secret) throw new AppError(ResponseCode.twoFactorBound);
  const secret = generateSecret();
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
  const uri = generateURI({ issuer: ISSUER, label: user.user_name, secret });
  return { secret, uri, qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/**
 * Checks a code against a secret inside a transaction holding the member's row: a code (its time
 * step) that was accepted once is refused after, so an overheard code cannot be replayed.
 */
async function acceptCode(trx: Executor, user: UserRow, secret: string, code: string): Promise<void> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(user.totp_last_step !== null ? { afterTimeStep: user.totp_last_step } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) throw new AppError(ResponseCode.twoFactorInvalid);
  await trx.updateTable('users').set({ totp_last_step: (result as { timeStep: number }).timeStep }).where('id', '=', user.id).execute();
}

/** Binds the secret shown by `createSecret` after one valid code. */
export async function bindSecret(db: Database, userId: number, code: string): Promise<{ bound: true }> {
  await db.transaction().execute(async (trx) => {
    const user = (await lockUserForUpdate(trx, userId))!;
    if (user.totp_secret) throw new AppError(ResponseCode.twoFactorBound);
    if (!user.totp_pending_secret) throw new AppError(ResponseCode.twoFactorNotBound);
    await acceptCode(trx, user, user.totp_pending_secret, code);
    await trx.updateTable('users').set({ totp_secret: user.totp_pending_secret, totp_pending_secret: null }).where('id', '=', userId).execute();
  });
  return { bound: true };
}

/** Verifies a code of the bound authenticator (once per code). */
export async function checkBoundCode(db: Database, userId: number, code: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = (await lockUserForUpdate(trx, userId))!;
    if (!user.totp_secret) throw new AppError(ResponseCode.twoFactorNotBound);
    await acceptCode(trx, user, user.totp_secret, code);
  });
}

/** Security changes need the authenticator's code once it is bound. */
export async function requireTwoFactorIfBound(db: Database, user: Pick<UserRow, 'id' | 'totp_secret'>, code: string | undefined): Promise<void> {
  if (!user.totp_secret) return;
  if (!code) throw new AppError(ResponseCode.twoFactorRequired);
  await checkBoundCode(db, user.id, code);
}
