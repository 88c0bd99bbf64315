import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/**
 * Stores an event once per (provider, event id), as processed: it is applied in the same transaction,
 * whose time `now()` is, and a failure leaves nothing stored. Answers its id, or undefined when it was
 * stored before.
 */
export const insertEventIfNew = (db: Executor, e: { provider: string; eventId: string; type: string; payload: unknown }) =>
  db
    .insertInto('webhook_events')
    .values({ provider: e.provider, event_id: e.eventId, type: e.type, payload: JSON.stringify(e.payload ?? null), processed_at: sql<Date>`now()` as never })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();

/** Counts one more delivery of an event already stored. */
export const countRedelivery = (db: Executor, provider: string, eventId: string) =>
  db
    .updateTable('webhook_events')
    .set((eb) => ({ deliveries: eb('deliveries', '+', 1), last_delivery_at: sql<Date>`now()` as never }))
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .execute();

