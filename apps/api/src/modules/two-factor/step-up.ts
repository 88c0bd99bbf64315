import { ResponseCode } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { UserRow } from '../members/members.table.js';
import { checkBoundCode } from './totp.js';
import { findUserById } from '../members/members.queries.js';
import { checkPassword } from '../members/identity.js';
import { assertNotLocked, failureKey, guessUnderLockout } from '../captcha/lockout.js';

/** What a member types to prove it is them (the wire's step-up fields). */
export interface StepUpProof {
  /** The current login password (when no authenticator is bound). */
  current_password?: string;
  /** A code of the bound authenticator (once one is bound, it is the proof). */
  google_code?: string;
}

/**
 * The step-up check before a change that could take over an account or its money (e-mail, mobile,
 * authenticator, pay password, bank cards): a bearer token alone never passes it. With an
 * authenticator bound its code is needed, otherwise the current login password. Wrong answers count
 * toward the account's login lockout, so a stolen session cannot guess the password here either.
 * Returns the member's row as it is now.
 */
export async function requireStepUp(deps: { db: Database; secrets: SecretBox }, who: { userId: number; ip: string }, proof: StepUpProof): Promise<UserRow> {
  const { db, secrets } = deps;
  const user = await findUserById(db, who.userId);
  if (!user) throw new AppError(ResponseCode.userNotFound);
  const key = failureKey(user, user.user_name);
  await assertNotLocked(db, key, who.ip);
  if (user.totp_secret) {
    if (!proof.google_code) throw new AppError(ResponseCode.twoFactorRequired);
    const code = proof.google_code;
    await guessUnderLockout(db, key, who.ip, ResponseCode.twoFactorInvalid, () => checkBoundCode(db, secrets, user.id, code));
    return (await findUserById(db, user.id))!;
  }
  const typed = proof.current_password;
  if (!typed) throw new ValidationError([{ field: 'current_password', key: 'validation.required', params: { field: 'current_password' } }]);
  await guessUnderLockout(db, key, who.ip, ResponseCode.wrongPassword, async () => {
    if (!(await checkPassword(user.password_hash, typed))) throw new AppError(ResponseCode.wrongPassword);
  });
  return user;
}
