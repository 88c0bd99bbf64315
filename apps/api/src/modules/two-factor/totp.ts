import { verify } from 'otplib';
import { ResponseCode } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { SecretBox, SecretKeyError } from '../../lib/secrets.js';
import type { UserRow } from '../members/members.table.js';
import { findUsersWithSecretsNotSealedAs, lockUserForUpdate, setUserTotp } from '../members/members.queries.js';
import { withTransaction } from '../../lib/transaction.js';
import { MEMBER_ONLY, assertNotLocked, clearFailures, guessUnderLockout, totpFailureKey } from '../captcha/lockout.js';

/** One step either side: phones whose clock is up to 30 s off still work. */
const TOLERANCE_SECONDS = 30;

// The member's id is sealed in with the secret: a sealed value copied to another row does not open.
const boundContext = (userId: number) => `totp:user:${userId}`;
const pendingContext = (userId: number) => `totp-pending:user:${userId}`;

/** Seals a bound authenticator secret for the member's row. */
export const sealBoundSecret = (secrets: SecretBox, userId: number, plain: string) => secrets.seal(plain, boundContext(userId));
/** Seals a secret shown for scanning but not bound yet. */
export const sealPendingSecret = (secrets: SecretBox, userId: number, plain: string) => secrets.seal(plain, pendingContext(userId));

/** The plain secret of a stored value; rows from before encryption are still plain base32. */
export function openStoredSecret(secrets: SecretBox, userId: number, stored: string, kind: 'bound' | 'pending'): string {
  if (!SecretBox.isSealed(stored)) return stored;
  return secrets.open(stored, kind === 'bound' ? boundContext(userId) : pendingContext(userId));
}

/**
 * Checks a code against a secret inside a transaction holding the member's row: a code (its time
 * step) that was accepted once is refused after, so an overheard code cannot be replayed.
 */
export async function acceptCode(trx: Executor, user: Pick<UserRow, 'id' | 'totp_last_step'>, secret: string, code: string): Promise<void> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(user.totp_last_step !== null ? { afterTimeStep: user.totp_last_step } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) throw new AppError(ResponseCode.twoFactorInvalid);
  await setUserTotp(trx, user.id, { totp_last_step: (result as { timeStep: number }).timeStep });
}

/** Verifies a code of the bound authenticator (once per code); a plain or old-key secret is re-sealed on the way. */
export async function checkBoundCode(db: Database, secrets: SecretBox, userId: number, code: string): Promise<void> {
  await withTransaction(db, async (trx) => {
    const user = (await lockUserForUpdate(trx, userId))!;
    if (!user.totp_secret) throw new AppError(ResponseCode.twoFactorNotBound);
    const plain = openStoredSecret(secrets, userId, user.totp_secret, 'bound');
    if (secrets.needsReseal(user.totp_secret)) {
      await setUserTotp(trx, userId, { totp_secret: sealBoundSecret(secrets, userId, plain) });
    }
    await acceptCode(trx, user, plain, code);
  });
}

/**
 * A code of the bound authenticator typed in the member's own session (step-up, pay proof, the check
 * call): wrong codes count under the member's one strict key for every address together, each guess
 * taking its place before the code is checked; a right one forgives only this address's failures.
 * A missing code is refused (locked first, if the count is full). The forgotten-password reset, made
 * before a session exists, counts here too: its e-mailed code does not buy guesses from many addresses.
 */
export async function checkOwnBoundCode(db: Database, secrets: SecretBox, who: { userId: number; ip: string }, code: string | undefined): Promise<void> {
  const key = totpFailureKey(who.userId);
  if (!code) {
    await assertNotLocked(db, key, who.ip, MEMBER_ONLY);
    throw new AppError(ResponseCode.twoFactorRequired);
  }
  const { earlier } = await guessUnderLockout(db, key, who.ip, ResponseCode.twoFactorInvalid, () => checkBoundCode(db, secrets, who.userId, code), MEMBER_ONLY);
  await clearFailures(db, key, who.ip, earlier);
}

/** Security changes need the authenticator's code once it is bound (counted like every code of the member's session). */
export async function requireTwoFactorIfBound(db: Database, secrets: SecretBox, user: Pick<UserRow, 'id' | 'totp_secret'>, ip: string, code: string | undefined): Promise<void> {
  if (!user.totp_secret) return;
  await checkOwnBoundCode(db, secrets, { userId: user.id, ip }, code);
}

/**
 * Seals every stored authenticator secret that is still plain (rows from before encryption) or
 * sealed under an older key, so SECRETS_PREVIOUS_KEYS can be dropped after one start. Run at start;
 * a value no configured key opens is left as it is and counted, for the operator to be told.
 */
export async function sealStoredTotpSecrets(db: Database, secrets: SecretBox): Promise<{ resealed: number; unreadable: number }> {
  const current = `s1.${secrets.currentKeyId}.%`;
  const rows = await findUsersWithSecretsNotSealedAs(db, current);
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    try {
      await withTransaction(db, async (trx) => {
        // Re-read under the row lock: a member binding at this moment must not be overwritten.
        const user = (await lockUserForUpdate(trx, row.id))!;
        const reseal = (stored: string | null, kind: 'bound' | 'pending') => {
          if (stored === null || !secrets.needsReseal(stored)) return stored;
          const plain = openStoredSecret(secrets, user.id, stored, kind);
          return kind === 'bound' ? sealBoundSecret(secrets, user.id, plain) : sealPendingSecret(secrets, user.id, plain);
        };
        await setUserTotp(trx, user.id, { totp_secret: reseal(user.totp_secret, 'bound'), totp_pending_secret: reseal(user.totp_pending_secret, 'pending') });
      });
      resealed++;
    } catch (e) {
      if (!(e instanceof SecretKeyError)) throw e;
      unreadable++;
    }
  }
  return { resealed, unreadable };
}
