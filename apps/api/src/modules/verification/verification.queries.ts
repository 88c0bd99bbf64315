import type { Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/** The newest code asked for under a request key and purpose (for the one-a-minute wait). */
export const findLatestRequest = (db: Executor, requestedAs: string, purpose: string) =>
  db.selectFrom('verification_codes').select('created_at').where('requested_as', '=', requestedAs).where('purpose', '=', purpose).orderBy('id', 'desc').limit(1).executeTakeFirst();

const newestOpenCode = (db: Executor, destination: string, purpose: string) =>
  db
    .selectFrom('verification_codes')
    .selectAll()
    .where('destination', '=', destination)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1);

/** The newest unused code for the destination and purpose (a look: nothing locked). */
export const findOpenCode = (db: Executor, destination: string, purpose: string) => newestOpenCode(db, destination, purpose).executeTakeFirst();

/** Of these destinations, the one whose unused code of the purpose was sent last (none: undefined). */
export const findDestinationOfNewestOpenCode = async (db: Executor, destinations: string[], purpose: string) =>
  (await db.selectFrom('verification_codes').select('destination').where('destination', 'in', destinations).where('purpose', '=', purpose).where('consumed_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirst())?.destination;

/** The newest unused code for the destination and purpose, locked for checking. */
export const lockOpenCodeForUpdate = (db: Transaction<DB>, destination: string, purpose: string) => newestOpenCode(db, destination, purpose).forUpdate().executeTakeFirst();

/** Codes asked for under a request key since a moment, whatever their purpose. */
export async function countRequestsSince(db: Executor, requestedAs: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('requested_as', '=', requestedAs)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A new code makes the older ones of the same destination and purpose void. */
export const voidOpenCodes = (db: Executor, destination: string, purpose: string) =>
  db.updateTable('verification_codes').set({ consumed_at: new Date() }).where('destination', '=', destination).where('purpose', '=', purpose).where('consumed_at', 'is', null).execute();

export const insertCode = (
  db: Executor,
  c: { purpose: string; destination: string; channel: 'email' | 'sms'; requested_as: string; code_hash: Buffer; salt: Buffer; ip: string; expires_at: Date },
) => db.insertInto('verification_codes').values({ ...c, consumed_at: null }).returning('id').executeTakeFirstOrThrow();

export const deleteCode = (db: Executor, id: number) => db.deleteFrom('verification_codes').where('id', '=', id).execute();

export const listOutbox = (db: Executor, recipient: string | undefined, limit: number) => {
  let q = db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(limit);
  if (recipient) q = q.where('recipient', '=', recipient);
  return q.execute();
};

export const setCodeAttempts = (db: Executor, id: number, attempts: number) => db.updateTable('verification_codes').set({ attempts }).where('id', '=', id).execute();

export const markCodeConsumed = (db: Executor, id: number) => db.updateTable('verification_codes').set({ consumed_at: new Date() }).where('id', '=', id).execute();

/** One more wrong try on the newest unused code of the destination and purpose. */
export const addTryToOpenCode = (db: Executor, destination: string, purpose: string) =>
  db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) => eb.selectFrom('verification_codes').select('id').where('destination', '=', destination).where('purpose', '=', purpose).where('consumed_at', 'is', null).orderBy('id', 'desc').limit(1))
    .execute();
