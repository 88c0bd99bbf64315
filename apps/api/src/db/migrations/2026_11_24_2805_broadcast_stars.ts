import { sql, type Kysely } from 'kysely';

// A message to members can be sent to a segment by star rank (0: members without a star).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_broadcasts').addColumn('stars', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_broadcasts').dropColumn('stars').execute();
}
