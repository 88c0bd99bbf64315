import { sql, type Kysely } from 'kysely';

// An operator's decision on a payment flag: what was decided (refunded, accepted, dismissed) and
// why, beside who and when.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_flags')
    .addColumn('resolution', 'text', (c) => c.check(sql`resolution in ('refunded', 'accepted', 'dismissed')`))
    .addColumn('resolution_reason', 'text')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
