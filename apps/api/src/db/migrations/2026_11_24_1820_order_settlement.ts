import { sql, type Kysely } from 'kysely';

// An order is settled when it is completed and the time to ask for after-sales has passed with no
// case open: its money is final for the shop's purposes from then on (commissions, PV and member
// shops' earnings are earned at that moment). `settles_at` is when the settlement job next looks.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('settles_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('order_settings').addColumn('settle_after_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`settle_after_days between 0 and 365`)).execute();
  await sql`create index orders_settle_due_idx on orders (settles_at) where settled_at is null and settles_at is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
