import type { Kysely } from 'kysely';

// A sale area's rate was a number typed once by the demo seed and never updated, shown to members as
// today's. Its rate is now the rates module's (the ECB feed or an operator's, with its date), so the
// column goes: nothing reads it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sale_areas').dropColumn('rate').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
