import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Removes rows that no longer mean anything: expired codes, puzzles, tokens, old login failures,
 * sessions long ended, and old development mail. Answers how many rows each table lost. Run hourly
 * by the `housekeeping` job.
 */
export async function purgeStaleRows(db: Database): Promise<Record<string, number>> {
  const ago = (interval: string) => sql<Date>`now() - ${interval}::interval`;
  const counts: Record<string, number> = {};
  const run = async (table: string, query: Promise<{ numDeletedRows: bigint }>) => {
    counts[table] = Number((await query).numDeletedRows);
  };
  await run('verification_codes', db.deleteFrom('verification_codes').where('expires_at', '<', ago('1 day')).executeTakeFirst());
  await run('captcha_challenges', db.deleteFrom('captcha_challenges').where('expires_at', '<', ago('1 hour')).executeTakeFirst());
  await run('captcha_tokens', db.deleteFrom('captcha_tokens').where('expires_at', '<', ago('1 hour')).executeTakeFirst());
  await run('login_failures', db.deleteFrom('login_failures').where('created_at', '<', ago('1 day')).executeTakeFirst());
  await run('upload_tokens', db.deleteFrom('upload_tokens').where('expires_at', '<', ago('1 day')).executeTakeFirst());
  await run('outbox_messages', db.deleteFrom('outbox_messages').where('created_at', '<', ago('7 days')).executeTakeFirst());
  await run(
    'sessions',
    db
      .deleteFrom('sessions')
      // A rotated token is kept until it would have expired: replaying it must still end its family.
      .where((eb) => eb.or([eb('expires_at', '<', ago('7 days')), eb.and([eb('revoked_at', '<', ago('7 days')), eb('rotated_at', 'is', null)])]))
      .executeTakeFirst(),
  );
  return counts;
}
