import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

const ago = (interval: string) => sql<Date>`now() - ${interval}::interval`;
const deleted = async (query: Promise<{ numDeletedRows: bigint }>) => Number((await query).numDeletedRows);

/** Each deletes the rows of one table that no longer mean anything and answers how many went. */
export const deleteStale = {
  verification_codes: (db: Executor) => deleted(db.deleteFrom('verification_codes').where('expires_at', '<', ago('1 day')).executeTakeFirst()),
  captcha_challenges: (db: Executor) => deleted(db.deleteFrom('captcha_challenges').where('expires_at', '<', ago('1 hour')).executeTakeFirst()),
  captcha_tokens: (db: Executor) => deleted(db.deleteFrom('captcha_tokens').where('expires_at', '<', ago('1 hour')).executeTakeFirst()),
  login_failures: (db: Executor) => deleted(db.deleteFrom('login_failures').where('created_at', '<', ago('1 day')).executeTakeFirst()),
  upload_tokens: (db: Executor) => deleted(db.deleteFrom('upload_tokens').where('expires_at', '<', ago('1 day')).executeTakeFirst()),
  outbox_messages: (db: Executor) => deleted(db.deleteFrom('outbox_messages').where('created_at', '<', ago('7 days')).executeTakeFirst()),
  sessions: (db: Executor) =>
    deleted(
      db
        .deleteFrom('sessions')
        // A rotated token is kept until it would have expired: replaying it must still end its family.
        .where((eb) => eb.or([eb('expires_at', '<', ago('7 days')), eb.and([eb('revoked_at', '<', ago('7 days')), eb('rotated_at', 'is', null)])]))
        .executeTakeFirst(),
    ),
};
