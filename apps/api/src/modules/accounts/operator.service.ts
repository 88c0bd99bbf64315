import { ResponseCode } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { withTransaction } from '../../lib/transaction.js';
import { lockCaptchaStampForUpdate, stampCaptchaSettings, upsertSetting } from '../captcha/captcha.queries.js';
import { CAPTCHA_MODES, type CaptchaMode } from '../captcha/captcha.service.js';
import { findUserByNameOrId, lockUserForUpdate, revokeAllSessions, updateUser } from '../members/members.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';

/** Bans or unbans a member; a ban ends every session at once. Recorded with who and when. */
export async function setBanned(db: Database, actor: Actor, input: { userId: number; banned: boolean; reason?: string }) {
  const operator = operatorNameOf(actor);
  const { userId, banned, reason } = input;
  refuseOwnAccount(actor, userId);
  return withTransaction(db, async (trx) => {
    const user = await lockUserForUpdate(trx, userId);
    if (!user) throw notFound('member');
    if (user.status === 'closed') throw new AppError(ResponseCode.memberClosed);
    await updateUser(trx, userId, { status: banned ? 'banned' : 'active' });
    if (banned) await revokeAllSessions(trx, userId);
    await insertOperatorAction(trx, { operator, action: banned ? 'user.ban' : 'user.unban', target_type: 'user', target_id: userId, reason });
    return { id: userId, status: banned ? 'banned' : 'active' };
  });
}

/** Sets the slider captcha mode (off, auto, always) or whether the app may bypass it when it cannot load. */
export async function setCaptchaSetting(db: Database, actor: Actor, input: { key: 'captcha_mode' | 'captcha_bypass'; value: string; reason?: string }) {
  const operator = operatorNameOf(actor);
  const { key, value } = input;
  if (key === 'captcha_mode' && !CAPTCHA_MODES.includes(value as CaptchaMode)) throw new AppError(ResponseCode.settingInvalid, { allowed: CAPTCHA_MODES.join(', ') });
  if (key === 'captcha_bypass' && !['on', 'off'].includes(value)) throw new AppError(ResponseCode.settingInvalid, { allowed: 'on, off' });
  await withTransaction(db, async (trx) => {
    await upsertSetting(trx, key, value, operator);
    // The card's version moves with either of its settings: a card opened before is stale.
    await stampCaptchaSettings(trx, operator);
    const facts = key === 'captcha_mode' ? ({ key, mode: value } as const) : ({ key, on: value === 'on' } as const);
    await insertOperatorAction(trx, { operator, action: `setting.${key}`, target_type: 'setting', target_id: 0, reason: input.reason, facts });
  });
  return { key, value };
}

/**
 * The captcha card saved whole (mode and bypass, each recorded with the reason). It names the version
 * its page read (`base_updated_at`, checked under the card's lock): saved from a copy changed since,
 * it is refused and nothing changes.
 */
export async function setCaptchaCard(db: Database, actor: Actor, input: { mode: CaptchaMode; bypass: boolean; reason: string; base_updated_at?: string }) {
  operatorNameOf(actor);
  await withTransaction(db, async (tx) => {
    assertLoadedVersion((await lockCaptchaStampForUpdate(tx)).updated_at, input.base_updated_at);
    await setCaptchaSetting(tx, actor, { key: 'captcha_mode', value: input.mode, reason: input.reason });
    await setCaptchaSetting(tx, actor, { key: 'captcha_bypass', value: input.bypass ? 'on' : 'off', reason: input.reason });
  });
}

/** The member an operator names by user name or id; an unknown one is "not found", never a crash. */
export async function memberNamed(db: Executor, actor: Actor, input: { who: string }): Promise<{ id: number; user_name: string; status: string }> {
  operatorNameOf(actor);
  const user = input.who.trim() ? await findUserByNameOrId(db, input.who.trim()) : undefined;
  if (!user) throw notFound('member');
  return { id: user.id, user_name: user.user_name, status: user.status };
}
