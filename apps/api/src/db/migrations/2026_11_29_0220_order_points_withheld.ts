import { sql, type Kysely } from 'kysely';

// Points an order no longer earns because part of it was refunded before its points were credited
// (a return opened on a shipped order): credited at completion is what it earns less these.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders add column points_withheld bigint not null default 0 check (points_withheld >= 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop column points_withheld`.execute(db);
}
