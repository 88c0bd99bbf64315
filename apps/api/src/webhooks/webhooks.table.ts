import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../modules/members/members.table.js';

/** A provider's notification, stored once by (provider, event id) and applied once. */
export interface WebhookEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  payload: ColumnType<unknown, string, string>;
  received_at: Generated<Timestamp>;
  /** When the provider's handler applied it (in the same transaction that stored it). */
  processed_at: Timestamp | null;
  /** How many times the provider delivered it; redeliveries only count up. */
  deliveries: Generated<number>;
  last_delivery_at: Generated<Timestamp>;
}
