import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../db/database.js';

type StoredEvent = { provider: string; eventId: string; type: string; payload: unknown };

/** The insert of an event unless its (provider, event id) is stored, answering its id. */
const eventInsert = (db: Executor, e: StoredEvent) =>
  db
    .insertInto('webhook_events')
    .values({ provider: e.provider, event_id: e.eventId, type: e.type, payload: JSON.stringify(e.payload ?? null), processed_at: sql<Date>`now()` as never })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id');

/**
 * Stores an event once per (provider, event id), as processed: it is applied in the same transaction,
 * whose time `now()` is, and a failure leaves nothing stored. Answers its id, or undefined when it was
 * stored before.
 */
export const insertEventIfNew = (db: Executor, e: StoredEvent) => eventInsert(db, e).executeTakeFirst();

/**
 * Stores an event as `insertEventIfNew` does and, in the same statement, runs `target` (a locking
 * read of the row the event is about): answers whether the event is new and the row read, if any.
 */
export const insertEventIfNewWithTarget = async (db: Executor, e: StoredEvent, target: SelectQueryBuilder<any, any, unknown>) => {
  const { webhook_event_id: stored, webhook_target_found: found, ...row } = (
    await sql<{ webhook_event_id: number | null; webhook_target_found: boolean | null }>`
      with e as (${eventInsert(db, e)})
      select (select id from e) as webhook_event_id, t.* from (values (1)) as one (x) left join (select true as webhook_target_found, r.* from (${target}) as r) as t on true`.execute(db)
  ).rows[0]!;
  return { isNew: stored !== null, row: found ? (row as unknown) : undefined };
};

/** Counts one more delivery of an event already stored. */
export const countRedelivery = (db: Executor, provider: string, eventId: string) =>
  db
    .updateTable('webhook_events')
    .set((eb) => ({ deliveries: eb('deliveries', '+', 1), last_delivery_at: sql<Date>`now()` as never }))
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .execute();

