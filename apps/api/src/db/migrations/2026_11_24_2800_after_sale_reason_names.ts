import { sql, type Kysely } from 'kysely';

// Operators name after-sales reasons in the console: a reason's names per language override the
// shipped text of its code, and a reason of the operator's own needs at least its English name.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('after_sale_reasons').addColumn('names', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('after_sale_reasons').dropColumn('names').execute();
}
