import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import { providerActor } from '../lib/actor.js';
import { withTransaction } from '../lib/transaction.js';
import type { WebhookEvent, WebhookProvider } from './provider.js';

/**
 * Stores a verified event once per (provider, event id) and applies it in the same transaction.
 * Answers `duplicate` for an event already applied (its delivery is only counted), `accepted` for a
 * new one; a failure of `apply` rolls everything back (nothing stored) and is thrown.
 */
export async function receiveWebhookEvent(deps: AppDeps, provider: WebhookProvider, event: WebhookEvent, ip: string): Promise<'accepted' | 'duplicate'> {
  return withTransaction(deps.db, async (tx) => {
    // A concurrent delivery of the same event waits here for the first one's transaction.
    const inserted = await tx
      .insertInto('webhook_events')
      .values({ provider: provider.name, event_id: event.eventId, type: event.type, payload: JSON.stringify(event.payload ?? null) })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      await tx
        .updateTable('webhook_events')
        .set((eb) => ({ deliveries: eb('deliveries', '+', 1), last_delivery_at: sql<Date>`now()` as never }))
        .where('provider', '=', provider.name)
        .where('event_id', '=', event.eventId)
        .execute();
      return 'duplicate';
    }
    await provider.apply(tx, event, { deps, actor: providerActor(provider.name, event.eventId, ip) });
    await tx.updateTable('webhook_events').set({ processed_at: sql<Date>`now()` as never }).where('id', '=', inserted.id).execute();
    return 'accepted';
  });
}
