import { ResponseCode, type PushDevice } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import * as q from './devices.queries.js';

/** Registers the phone's push token (the native shell's `pushToken` answer) for the member's current login; a member keeps the last `PHONES_KEPT` phones. */
export async function registerPushDevice(db: Executor, actor: Actor, device: PushDevice): Promise<{ registered: true }> {
  const userId = memberIdOf(actor);
  const session = actor.sessionId === undefined ? undefined : await q.findSessionFamily(db, actor.sessionId, userId);
  if (!session) throw new AppError(ResponseCode.loginRequired);
  await q.upsertPushDevice(db, userId, session.family_id, device);
  await q.trimPushDevices(db, userId);
  return { registered: true };
}

/** The member's phones a push message may reach now (for member messages). */
export const reachablePushDevices = (db: Executor, userId: number) => q.findReachablePushDevices(db, userId);
