import { sql, type Kysely } from 'kysely';

// A transfer between members charges the fee the owner set for the kind `transfer` (the sender pays
// it beside the amount, the receiver gets the amount): the transfer keeps the fee it was charged.
// Transfers made before were charged none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('transfers')
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fee >= 0`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
