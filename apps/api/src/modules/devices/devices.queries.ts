import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { PushDevice } from '@shop/contract/account';

/** The login (session family) a session belongs to, if the session is the member's own. */
export const findSessionFamily = (db: Executor, sessionId: number, userId: number) =>
  db.selectFrom('sessions').select('family_id').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();

/** Registers the phone for this member and login; a token registered before (by anyone) moves here. */
export const upsertPushDevice = (db: Executor, userId: number, familyId: string, device: PushDevice) =>
  db
    .insertInto('push_devices')
    .values({ token: device.token, user_id: userId, session_family_id: familyId, platform: device.platform, provider: device.provider })
    .onConflict((oc) => oc.column('token').doUpdateSet({ user_id: userId, session_family_id: familyId, platform: device.platform, provider: device.provider, updated_at: sql`now()` }))
    .execute();

/** How many phones a member keeps registered: the ones registered or seen last. */
export const PHONES_KEPT = 10;

/** Forgets the member's phones beyond the `PHONES_KEPT` registered or seen last. */
export const trimPushDevices = (db: Executor, userId: number) =>
  db
    .deleteFrom('push_devices')
    .where('user_id', '=', userId)
    .where('token', 'not in', (eb) => eb.selectFrom('push_devices').select('token').where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('token').limit(PHONES_KEPT))
    .execute();

/**
 * The member's phones a push message may go to now: those whose registering login still has a
 * session in use (not signed out, not expired, not replaced by a refresh).
 */
export const findReachablePushDevices = (db: Executor, userId: number) =>
  db
    .selectFrom('push_devices as d')
    .select(['d.token', 'd.platform', 'd.provider'])
    .where('d.user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sessions as s')
          .select(sql`1`.as('one'))
          .whereRef('s.family_id', '=', 'd.session_family_id')
          .where('s.revoked_at', 'is', null)
          .where('s.rotated_at', 'is', null)
          .where('s.expires_at', '>', sql<Date>`now()`),
      ),
    )
    .orderBy('d.updated_at', 'desc')
    .execute();
