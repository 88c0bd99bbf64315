import { sql, type Kysely } from 'kysely';

// Idempotency keys of value-moving calls, and the store of provider notifications (webhooks).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('caller_kind', 'text', (c) => c.notNull().check(sql`caller_kind in ('member', 'operator', 'system', 'job', 'provider')`))
    .addColumn('caller_id', 'bigint', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('in_flight', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('locked_until', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('idempotency_keys_caller_key', ['caller_kind', 'caller_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_at_idx').on('idempotency_keys').column('expires_at').execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addColumn('deliveries', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_delivery_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('webhook_events_provider_event_key', ['provider', 'event_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
