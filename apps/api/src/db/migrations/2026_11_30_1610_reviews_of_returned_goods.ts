import { sql, type Kysely } from 'kysely';

// A member's review of a line whose every unit came back (a return refunded) is taken off the goods
// page: the review keeps when that happened, so operators see why it is hidden in review moderation
// and the member's own review says so. Null: the member still holds the goods.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table goods_reviews add column returned_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table goods_reviews drop column returned_at`.execute(db);
}
