import type { AppDeps } from '../app-deps.js';
import { providerActor } from '../lib/actor.js';
import { withTransaction } from '../lib/transaction.js';
import type { WebhookEvent, WebhookProvider } from './provider.js';
import * as q from './webhooks.queries.js';

/**
 * Stores a verified event once per (provider, event id) and applies it in the same transaction (so it
 * is stored as processed).
 * Answers `duplicate` for an event already applied (its delivery is only counted), `accepted` for a
 * new one; a failure of `apply` rolls everything back (nothing stored) and is thrown.
 */
export async function receiveWebhookEvent(deps: AppDeps, provider: WebhookProvider, event: WebhookEvent, ip: string): Promise<'accepted' | 'duplicate'> {
  return withTransaction(deps.db, async (tx) => {
    // A concurrent delivery of the same event waits here for the first one's transaction; the row the event is about is locked by the same statement.
    const row = { provider: provider.name, eventId: event.eventId, type: event.type, payload: event.payload };
    const about = provider.target?.(tx, event);
    const stored = about ? await q.insertEventIfNewWithTarget(tx, row, about) : { isNew: !!(await q.insertEventIfNew(tx, row)), row: undefined };
    if (!stored.isNew) {
      await q.countRedelivery(tx, provider.name, event.eventId);
      return 'duplicate';
    }
    await provider.apply(tx, event, { deps, actor: providerActor(provider.name, event.eventId, ip) }, about ? { row: stored.row } : undefined);
    return 'accepted';
  });
}
