import { ResponseCode } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { UserRow } from '../members/members.table.js';
import { checkOwnBoundCode } from './totp.js';
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
 * authenticator bound its code is needed (wrong codes count under the member's strict key, 10 for
 * all addresses), otherwise the current login password (wrong ones count toward the account's login
 * lockout, so a stolen session cannot guess it here either).
 * Returns the member's row as it is now.
 */
export async function requireStepUp(deps: { db: Database; secrets: SecretBox }, who: { userId: number; ip: string }, proof: StepUpProof): Promise<UserRow> {
  const { db, secrets } = deps;
  const user = await findUserById(db, who.userId);
  if (!user) throw new AppError(ResponseCode.userNotFound);
  if (user.totp_secret) {
    // The authenticator's codes count under the member's strict key, not the login's (see checkOwnBoundCode).
    await checkOwnBoundCode(db, secrets, who, proof.google_code);
    return (await findUserById(db, user.id))!;
  }
  const key = failureKey(user, user.user_name);
  await assertNotLocked(db, key, who.ip);
  const typed = proof.current_password;
  if (!typed) throw new ValidationError([{ field: 'current_password', key: 'validation.required', params: { field: 'current_password' } }]);
  await guessUnderLockout(db, key, who.ip, ResponseCode.wrongPassword, async () => {
    if (!(await checkPassword(user.password_hash, typed))) throw new AppError(ResponseCode.wrongPassword);
  });
  return user;
}
