import type { Database } from '../../db/database.js';
import { upsertSetting } from '../captcha/captcha.queries.js';
import { CAPTCHA_MODES, type CaptchaMode } from '../captcha/captcha.service.js';
import { insertOperatorAction, lockUserForUpdate, revokeAllSessions, updateUser } from './accounts.queries.js';

/** Bans or unbans a member; a ban ends every session at once. Recorded with who and when. */
export async function setBanned(db: Database, operator: string, userId: number, banned: boolean, reason?: string) {
  return db.transaction().execute(async (trx) => {
    const user = await lockUserForUpdate(trx, userId);
    if (!user) throw new Error(`member ${userId} does not exist`);
    if (user.status === 'closed') throw new Error(`member ${userId} has closed the account`);
    await updateUser(trx, userId, { status: banned ? 'banned' : 'active' });
    if (banned) await revokeAllSessions(trx, userId);
    await insertOperatorAction(trx, { operator, action: banned ? 'user.ban' : 'user.unban', target_type: 'user', target_id: userId, reason });
    return { id: userId, status: banned ? 'banned' : 'active' };
  });
}

/** Sets the slider captcha mode (off, auto, always) or whether the app may bypass it when it cannot load. */
export async function setCaptchaSetting(db: Database, operator: string, key: 'captcha_mode' | 'captcha_bypass', value: string) {
  if (key === 'captcha_mode' && !CAPTCHA_MODES.includes(value as CaptchaMode)) throw new Error(`captcha mode must be one of ${CAPTCHA_MODES.join(', ')}`);
  if (key === 'captcha_bypass' && !['on', 'off'].includes(value)) throw new Error('captcha bypass must be on or off');
  await db.transaction().execute(async (trx) => {
    await upsertSetting(trx, key, value, operator);
    await insertOperatorAction(trx, { operator, action: `setting.${key}=${value}`, target_type: 'setting', target_id: 0 });
  });
  return { key, value };
}
